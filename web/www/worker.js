// The computer, off the page's thread: the page posts the game (ruleset, options,
// position text), the time to think per move (`ms`) and what it wants, and gets the
// answer back, so it never freezes while the search runs. The page keeps two: one
// plays the computer's moves, the other finds hints and the analysis line.
// - kind "move": the computer's move: at the `level` given (1 to 10, its chance from
//   `seed`: `computerMoveAt`), else at full strength (`computerMove`: hints and the
//   analysis): the move, its score in men, `winIn` when it sees a forced end, the best
//   line, the depth reached, the nodes;
// - kind "draw": whether the computer, playing `side`, accepts a draw offered now
//   (`computerAcceptsDraw`: it does unless its search counts it a man ahead).
import init, { Game } from "./pkg/column_checkers_web.js";

const ready = init();

self.onmessage = async (e) => {
  const { id, kind, ruleset, options, position, ms, side, level, seed } = e.data;
  try {
    await ready;
    const game = new Game(ruleset, options, position);
    const t0 = performance.now();
    let answer;
    if (kind === "draw") {
      const a = game.computerAcceptsDraw(side, ms);
      answer = a ? { ...a } : { accepts: false };
    } else {
      const choice = level === undefined ? game.computerMove(ms) : game.computerMoveAt(level, ms, seed);
      answer = choice ? { ...choice } : { move: null };
    }
    const spent = performance.now() - t0;
    game.free();
    self.postMessage({ ...answer, id, ms: spent });
  } catch (err) {
    self.postMessage({ id, error: String((err && err.message) || err) });
  }
};
