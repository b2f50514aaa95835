/** A side: White moves first in every ruleset. */
export type Color = "white" | "black";

/** A ruleset of the crate and the options it takes. */
export interface RulesetInfo {
  /** The name to pass to `new Game(name)`: `emergo`, `lasca`, `international`, ... */
  name: string;
  /** One line about the ruleset. */
  about: string;
  /** Its options (most rulesets have none). */
  options: RulesetOption[];
}

/** An option of a ruleset, e.g. Lasca's `--roundabout`. */
export interface RulesetOption {
  /** The flag, with its dashes: pass it (with or without them) in `options`. */
  flag: string;
  /** What it changes, in one line. */
  about: string;
}

/** The kind of a move, in the games' own terms. */
export type MoveKind = "entry" | "shadowpiece" | "step" | "line advance" | "phalanx move" | "capture";

/** A legal move of the position. */
export interface LegalMove {
  /** The move in the ruleset's notation: `d6`, `g6xe6xc6`, `32-28`, `e5-e7`. */
  text: string;
  /** The squares a person clicks to enter it: the origin (none for an entry), then every landing. */
  clicks: string[];
  /** What kind of move it is. */
  kind: MoveKind;
  /** The men (or pieces) it captures. */
  captures: number;
  /** The squares of the men it takes, in the order they are taken. */
  taken: string[];
  /** Whether it crowns a man (king, officer). */
  crowns: boolean;
}

/** What a click did. */
export interface ClickResult {
  /** The move played when the clicks named a whole legal move, else `null`. */
  played: string | null;
  /** The clicks of the move being entered (empty once a move is played). */
  clicks: string[];
  /** The squares that may be clicked next: highlight them. */
  next: string[];
}

/**
 * Why a game ended: by the rules (a side with nothing left or no legal move,
 * threefold repetition, Epaminondas' crossing, a federation's move counts) or by the
 * players (`agreement`: a draw agreed, `resignation`).
 */
export type EndReason = "no pieces" | "no legal move" | "repetition" | "goal" | "king moves" | "endgame moves" | "agreement" | "resignation";

/** How a game ended. */
export interface Outcome {
  /** The winner, or `null` for a draw. */
  winner: Color | null;
  /** Why it ended. */
  reason: EndReason;
  /** Whether the players ended it (`agreeDraw`, `resign`) rather than the rules: `undo` withdraws such an end. */
  declared: boolean;
  /** `1-0`, `0-1` or `1/2-1/2`. */
  result: string;
  /** In words: `1-0 White wins: nothing left to play`, `1/2-1/2 draw: draw agreed`. */
  text: string;
}

/** The computer's answer to a draw offer (`computerAcceptsDraw`). */
export interface DrawAnswer {
  /** Whether it accepts: unless its search counts it at least a man ahead (`score` 1 or more). */
  accepts: boolean;
  /** Its search's score for the side it plays, in men (men it commands and men in hand, plus position); about 10 000 for a forced win. */
  score: number;
  /** When the search sees a forced end: the plies to it, positive when the side it plays wins, negative when it loses; else `null`. */
  winIn: number | null;
  /** The deepest iteration completed, in plies. */
  depth: number;
  /** The positions searched. */
  nodes: number;
}

/** The last move played: what to mark on the board. */
export interface LastMove {
  /** The move in the ruleset's notation. */
  text: string;
  /** Its squares: the origin (none for an entry) and every landing. */
  squares: string[];
  /** The squares of the men it took. */
  taken: string[];
}

/** A column (a pile of men) on the board. */
export interface Column {
  /** The square it stands on. */
  square: string;
  /** Its men from the bottom up: `w`, `b` for men, `W`, `B` for kings or officers. */
  men: string;
  /** Whose it is (the top man's colour). */
  owner: Color | null;
}

/** The computer's move (`computerMove`), with what its search saw. */
export interface ComputerMove {
  /** The move in the ruleset's notation (not played: pass it to `play`). */
  move: string;
  /** Its score for the side to move, in men (a man is 1; position counts in hundredths); about 10 000 for a forced win. */
  score: number;
  /** When the search sees a forced end: the plies to it, positive when the side to move wins, negative when it loses; else `null`. */
  winIn: number | null;
  /** The best line it sees, the move first, as the game's record writes moves (`g6xc6`). */
  pv: string[];
  /** The deepest iteration completed, in plies. */
  depth: number;
  /** The positions searched. */
  nodes: number;
}

/** A level of play of the computer in a ruleset (`levels(ruleset)`). */
export interface LevelInfo {
  /** Its number, 1 to 10: pass it to `computerMoveAt`. */
  level: number;
  /** Its name: `beginner`, `novice`, `learner`, ... `master`. */
  name: string;
  /** What it scored in the ladder's games in this ruleset, as a person is shown it (`scores 70 % against level 2 (20 games)`; level 1 against random moves); `null` where the ruleset has not been measured. */
  measured: string | null;
  /** That score, from 0 to 1; `null` where not measured. */
  score: number | null;
}

/** How to draw the board. */
export interface SvgOptions {
  /** Black's side at the bottom. */
  flip?: boolean;
  /** The width of one cell in pixels (default 56). */
  cell?: number;
  /** The side to move and the men in hand written under the board (default true). */
  status?: boolean;
}

/** Everything a page draws, in one object. */
export interface GameState {
  ruleset: string;
  options: string[];
  /** The side to move. */
  turn: Color;
  /** The side to move in the start position. */
  startTurn: Color;
  outcome: Outcome | null;
  /** The position text (read back by `new Game(ruleset, options, text)`). */
  position: string;
  /** The position as a PDN FEN, when FEN can say it (single men, nothing in hand). */
  fen: string | null;
  /** The game record as PDN. */
  pdn: string;
  /** The moves played, as the crate writes them (`g6xe6xc6`). */
  moves: string[];
  /** The moves played as the PDN record writes them: a capture by its first and last
   * square where that names it alone (`g6xc6`). */
  recordMoves: string[];
  last: LastMove | null;
  /** The clicks of the move being entered. */
  clicks: string[];
  /** The squares that may be clicked next. */
  next: string[];
  /** Men in hand (Emergo; 0 elsewhere). */
  inHand: { white: number; black: number };
  /**
   * How to read the board's labels of tall columns, which run from the top man down
   * (`3w5b`) while the position text lists a column from the bottom up; `null` while
   * no column is taller than one man.
   */
  columnLegend: string | null;
}

/** What a run of random playouts did. */
export interface PlayoutStats {
  games: number;
  /** Plies played in all. */
  plies: number;
  /** Games that ended before the ply limit. */
  ended: number;
}
