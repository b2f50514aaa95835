//! Text formats: [game records](#game-records) ([`Record`]) in [PDN](#pdn)
//! ([`read_games`], [`write_record`]) with PDN's [FEN](#fen) positions
//! ([`position_from_fen`], [`fen_of`]), and behind features SVG pictures (`text::svg`,
//! feature `svg`) and serde support (`text::serde`, feature `serde`), every one of them
//! through the text forms. The position
//! text of every ruleset is its position type's `Display` and `FromStr`, its moves'
//! notation their `Display` and [`Position::parse_move`](crate::Position::parse_move);
//! the helpers the rulesets write and read them with are in
//! [`custom`](crate::custom). The formats' errors are in [`error`](crate::error).
//!
//! # Game records
//!
//! Game records: the tags, moves, comments, variations and result of one game, and
//! their replay with every move checked ([`Record::replay`]). The record is what PDN
//! (Portable Draughts Notation, the draughts form of PGN) says of a game:
//! [PDN](#pdn) reads records from PDN text (`text.parse::<Record>()`,
//! or files of many games) and writes them (`Display`).
//!
//! The moves are in the game's own notation, for any ruleset. The start position is
//! the `FEN` tag (PDN's FEN, or the ruleset's own position text) or a `Position` tag,
//! else the game's start. Which ruleset a record's `GameType` or `Variant` tag names
//! is the [`Ruleset`](crate::Ruleset)'s to say ([`Ruleset::of_record`](crate::Ruleset::of_record)).
//!
//! A [`Game`](crate::Game) holds the moves; the tags and comments stay in the record. A record of a
//! game is [`Record::of_game`]; tags and comments are set on it
//! ([`Record::set_tag`], [`Record::add_comment`]).
//!
//! ```
//! use column_checkers::text::{Record, ResultCheck};
//! use column_checkers::{Emergo, Position};
//!
//! let text = r#"[Variant "emergo"]
//! [White "Freeling"]
//! 1. d6 d8 2. e4 {the centre is free now} g6 3. f4 g7 4. b6 d7 5. f6 g6xe6xc6 *"#;
//! let record: Record = text.parse().unwrap();
//! assert_eq!(record.tag("White"), Some("Freeling"));
//! assert_eq!(record.moves[2].comments, ["the centre is free now"]);
//! let replay = record.replay::<Emergo>().unwrap();
//! assert_eq!(replay.game.moves().len(), 10);
//! assert_eq!(replay.result_check, ResultCheck::Unfinished);
//!
//! // an illegal move is reported with its number, side, line and column
//! let bad: Record = "1. d6 d8 2. e5 e5".parse().unwrap();
//! let err = bad.replay::<Emergo>().unwrap_err();
//! assert_eq!((err.number, err.side), (2, column_checkers::Color::Black));
//! assert_eq!((err.line, err.column), (1, 16));
//! assert!(err.to_string().starts_with("line 1, column 16: move 2... e5 (Black): e5 is not a legal move here"));
//! ```
//!
//! # PDN
//!
//! PDN, Portable Draughts Notation (version 3.0, the draughts form of PGN): reading
//! files of many games into [`Record`]s (and one game with `text.parse::<Record>()`)
//! and writing records ([`write_record`], `record.to_string()`).
//!
//! ## What is read
//! A file is a sequence of games; each game is tags, then movetext, then a game
//! terminator. Following the standard's reading grammar:
//!
//! - **Tags** `[Name "value"]`, several on a line or one per line; the value is a
//!   string of any Unicode with `\"` and `\\` escapes.
//! - **Comments** `{...}` anywhere in the movetext (a `{` inside one is an error: PDN
//!   comments do not nest), `; ...` to the end of the line, and **line comments**: a
//!   line starting with `%` is skipped.
//! - **Move numbers** `1.`, `1...` (Black's move), `01.`, glued to the move or not;
//!   `1. ... 7-12` is read as `1... 7-12`.
//! - **Moves** in the game's notation: numeric (`32-28`, `28x19`, `28x19x10`) or
//!   algebraic (`c3-d4`, `d4:b6`, `a3b4`); padded numbers as older files write them
//!   (`1- 6`, `47x 9`, `01-06`) are read as `1-6`, `47x9`. A **strength mark** right
//!   after a move (`!`, `?`, `!?`, `(!?!!!)`) and **NAGs** (`$1`) are kept.
//! - **Variations** `( ... )` after a move: other moves in its place, nested to
//!   [`MAX_VARIATION_DEPTH`] levels.
//! - **Game terminators**: `1-0`, `0-1`, `1/2-1/2`, international draughts' `2-0`,
//!   `0-2`, `1-1`, the double forfeit `0-0`, and `*`. A game ends with one of them
//!   (the last game of a text may end without).
//!
//! Errors name the game (1-based), the line and the column; reading goes on with the
//! next game (at the next line starting with `[` after the bad game's movetext), so
//! one bad game does not hide the others.
//!
//! ## What is refused
//! What the standard's reading grammar refuses is refused: a malformed tag, a token
//! that is neither a move, a move number nor a result (a lone `.`), a game without a
//! terminator before the next game's tags ([`PdnErrorKind::NoTerminator`](crate::error::PdnErrorKind::NoTerminator): its moves
//! may have been cut off), a result of another format (the Delfts `4-6`,
//! [`PdnErrorKind::NotPdnResult`](crate::error::PdnErrorKind::NotPdnResult), where the `Result` tag says it; without the tag,
//! the last token of a record with no terminator written as a score and not a legal
//! move is refused by the replay,
//! [`ReplayErrorKind::NotPdnResult`](crate::error::ReplayErrorKind::NotPdnResult)).
//! The reader cannot tell what such a file meant, so it does not guess. The slips of a person writing moves (a move number, a capture
//! mark, a variation at the wrong place) are the replay's to forgive, where the
//! rules leave one reading ([`Strictness`],
//! [`Record::replay_with`]).
//!
//! ## Results and their reasons
//! The result is the game terminator and the `Result` tag. Why the game ended is the
//! `Termination` tag (PDN takes it from PGN): a game the players ended by a
//! resignation or an agreed draw is written with `[Termination "normal"]`, PGN's
//! value, and a comment in words after the last move, and read back so
//! ([`Record::declared_end`]).
//!
//! Not read: setup commands `/FEN "..."/` in the movetext (an error), unknown moves
//! `-`.
//!
//! ## Rulesets: `GameType` and `Variant`
//! PDN's `GameType` tag numbers the game ([`GAME_TYPES`] lists the standard's
//! numbers: 20 international, 25 Russian, 26 Brazilian draughts, ...); only the number
//! counts, the attributes after it (`"20,W,10,10,N2,0"`) are not read
//! ([`Record::game_type`]). The crate's other rulesets are named by a `Variant` tag.
//! Which ruleset a record's tags name, and which tag names a ruleset, is the
//! [`Ruleset`](crate::Ruleset)'s to say ([`Ruleset::of_record`](crate::Ruleset::of_record),
//! [`record_of_game`](crate::any::record_of_game)), since it has the list of rulesets.
//!
//! ## Start positions
//! The `FEN` tag holds PDN's FEN (see [FEN](#fen)) for the draughts
//! games and for Stapeldammen positions of single men. For the column games, whose
//! positions FEN cannot say, the crate writes the ruleset's own position text in the
//! `FEN` tag (`[FEN "c5:b,d6:b,e5:b,f4:wwww,g4:w,h4:bb w 0/0"]` in Emergo) and reads
//! either form there; a `Position` tag is read as the ruleset's text as well.
//!
//! ## Writing
//! [`write_record`] (and [`Record`]'s `Display`) writes tags, a blank line, then the
//! movetext in lines of at most 80 characters: every White move numbered, a Black move
//! numbered `N...` when it opens the game or a variation or follows a comment or a
//! variation, comments as `{ text }`, variations in parentheses, then the result as
//! the game terminator (as PGN and the standard's reading grammar have it; the strict
//! PDN 3.0 writing grammar would end every game with `*` and keep the result in the
//! `Result` tag alone, which the game writer sets too). Moves follow the writing
//! restrictions: no spaces or leading zeros, the ruleset's capture separator, a capture
//! by its first and last square unless that is ambiguous.
//! International draughts' records get its result tokens (`2-0`). A comment cannot
//! hold `{` or `}` (PDN has no escape for them): they are written as `(` and `)`; tag
//! values are written on one line, line breaks as spaces.
//!
//! ```
//! use column_checkers::text::read_games;
//!
//! let file = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n\
//!             [Event \"2\"]\n1.33-29 { padded } 20- 24 *\n";
//! let games: Vec<_> = read_games(file).into_iter().map(Result::unwrap).collect();
//! assert_eq!(games.len(), 2);
//! assert_eq!(games[0].game_type(), Some(Ok(20)));
//! assert_eq!(games[1].moves[1].text, "20-24");
//! ```
//!
//! # FEN
//!
//! PDN's FEN: the position tag of draughts records, `[FEN "W:W31-50:B1-20"]`.
//!
//! The text is the side to move (`W`, `B`, or `?` when unknown), then for each colour a
//! `:` and the colour's letter followed by its pieces, comma-separated: a square, or a
//! range of numbered squares `31-50`, each with a `K` in front for kings
//! (`W:W31,K5:BK46,1-3`). A final `.` is allowed. Squares are numbers or algebraic
//! names (`W:Wa1,c1:Bb8`).
//!
//! The numbers and names come from the board's geometry, not from a table per game:
//! the squares are numbered from the top row (Black's side) down, left to right
//! within each row — the FMJD numbering of the 10x10 board (`1` = b10, `46` = a1),
//! and on 8x8 boards `1` = b8 ... `32` = g1 (White's men start on 21–32, as in the
//! standard's Russian collection). An algebraic name is the file letter and rank
//! number of the board's grid (`a1` bottom left).
//!
//! FEN has one piece per square: it says the positions of the draughts games and
//! the positions of the column games where every column is one man (Stapeldammen's
//! start, for one). [`write_fen`] gives `None` for the others (a column of more
//! than one man, men in hand); the records of this crate then carry the ruleset's
//! own position text in the `FEN` tag (see [PDN](#pdn)).
//!
//! ```
//! use column_checkers::text::{position_from_fen, fen_of};
//! use column_checkers::{InternationalDraughts, Position};
//!
//! let (start, _) = position_from_fen::<InternationalDraughts>("W:W31-50:B1-20").unwrap();
//! assert_eq!(start, InternationalDraughts::start());
//! assert_eq!(fen_of(&start).unwrap(), "W:W31-50:B1-20");
//! let (p, _) = position_from_fen::<InternationalDraughts>("B:W28,K3:B23").unwrap();
//! assert_eq!(p, "3:W,23:b,28:w b".parse().unwrap());
//! assert_eq!(fen_of(&p).unwrap(), "B:WK3,28:B23");
//! ```

pub(crate) mod fen;
pub(crate) mod notation;
pub(crate) mod pdn;
pub(crate) mod position_text;
pub(crate) mod record;

pub use fen::{
    fen_number, fen_numbering, fen_of, fen_position_text, looks_like_fen, position_from_fen,
    read_fen, read_position_or_fen, write_fen, Fen, MAX_FEN_LEN,
};
pub use pdn::{game_type_name, read_games, write_record, GAME_TYPES, MAX_RECORD_LEN};
pub use record::{
    Forgiven, Record, RecordMove, RecordResult, Replay, ReplayWarning, ResultCheck, Strictness,
    Variation, MAX_LOOK_AHEAD, MAX_VARIATION_DEPTH,
};
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde;
#[cfg(feature = "svg")]
#[cfg_attr(docsrs, doc(cfg(feature = "svg")))]
pub mod svg;
