// The computer's move, off the page's thread: the page posts the game (ruleset,
// options, position text, depth) and gets the move back, so it never freezes while
// the search runs.
import init, { Game } from "./pkg/column_checkers_web.js";

const ready = init();

self.onmessage = async (e) => {
  const { id, ruleset, options, position, depth } = e.data;
  try {
    await ready;
    const game = new Game(ruleset, options, position);
    const t0 = performance.now();
    const choice = game.computerMove(depth);
    const ms = performance.now() - t0;
    game.free();
    self.postMessage({ id, ms, move: choice && choice.move, score: choice && choice.score, nodes: choice && choice.nodes });
  } catch (err) {
    self.postMessage({ id, error: String((err && err.message) || err) });
  }
};
