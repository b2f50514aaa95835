// Runs one workload of the speed page and answers its time.
import init, { perft, randomPlayouts } from "./pkg/column_checkers_web.js";

const ready = init();

self.onmessage = async (e) => {
  await ready;
  const w = e.data;
  try {
    const t0 = performance.now();
    let result, units, unit;
    if (w.kind === "perft") {
      result = perft(w.ruleset, w.depth, w.options || []);
      units = result;
      unit = "leaves";
    } else {
      const p = randomPlayouts(w.ruleset, w.games, w.seed || 1, w.options || []);
      result = `${p.games} games, ${p.plies} plies`;
      units = p.games;
      unit = "games";
    }
    const ms = performance.now() - t0;
    self.postMessage({ name: w.name, result, ms, units, unit });
  } catch (err) {
    self.postMessage({ name: w.name, error: String(err.message || err) });
  }
};
