// Runs one workload of the speed page and answers its time. The package is ./pkg, or
// the directory named by ?pkg= in this worker's URL (to compare two builds of it).
const asked = new URL(self.location.href).searchParams.get("pkg") || "pkg";
const pkg = /^[\w-]+$/.test(asked) ? asked : "pkg";
const ready = import(`./${pkg}/column_checkers_web.js`).then(async (cc) => {
  await cc.default();
  return cc;
});

self.onmessage = async (e) => {
  const w = e.data;
  try {
    const { perft, randomPlayouts } = await ready;
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
