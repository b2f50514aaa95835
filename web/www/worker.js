// The computer, off the page's thread: the page posts the game (ruleset, options,
// position text, depth) and what it wants, and gets the answer back, so it never
// freezes while the search runs:
// - kind "move": the computer's move (`computerMove`);
// - kind "draw": whether the computer, playing `side`, accepts a draw offered now
//   (`computerAcceptsDraw`: it does unless its search counts it a man ahead).
import init, { Game } from "./pkg/column_checkers_web.js";

const ready = init();

self.onmessage = async (e) => {
  const { id, kind, ruleset, options, position, depth, side } = e.data;
  try {
    await ready;
    const game = new Game(ruleset, options, position);
    const t0 = performance.now();
    let answer;
    if (kind === "draw") {
      const a = game.computerAcceptsDraw(side, depth);
      answer = { accepts: !!(a && a.accepts), score: a && a.score, nodes: a && a.nodes };
    } else {
      const choice = game.computerMove(depth);
      answer = { move: choice && choice.move, score: choice && choice.score, nodes: choice && choice.nodes };
    }
    const ms = performance.now() - t0;
    game.free();
    self.postMessage({ id, ms, ...answer });
  } catch (err) {
    self.postMessage({ id, error: String((err && err.message) || err) });
  }
};
