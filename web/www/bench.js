// The speed page: runs the workloads of bench-workloads.json (or the ones named in
// ?work=a,b; each ?repeat=N times, the last counted) in a Web Worker and lists their
// times; web/bench/bench.mjs reads window.benchResults to compare them with Node and
// the native build.
const $ = (id) => document.getElementById(id);

async function run() {
  document.body.dataset.done = "0";
  $("state").textContent = "running…";
  $("rows").innerHTML = "";
  const all = await (await fetch("bench-workloads.json")).json();
  const repeat = Number(new URLSearchParams(location.search).get("repeat") || 1);
  const wanted = new URLSearchParams(location.search).get("work");
  const work = wanted ? all.filter((w) => wanted.split(",").includes(w.name)) : all;
  const worker = new Worker(new URL("./bench-worker.js", import.meta.url), { type: "module" });
  const results = [];
  for (const w of work) {
    // the last of `repeat` runs (the first ones warm the engine's tiers up)
    let r;
    for (let i = 0; i < repeat; i++) {
      r = await new Promise((resolve) => {
        worker.onmessage = (e) => resolve(e.data);
        worker.postMessage(w);
      });
    }
    results.push(r);
    const tr = document.createElement("tr");
    const rate = r.error ? "" : Math.round(r.units / (r.ms / 1000)).toLocaleString("en") + " " + r.unit + "/s";
    for (const cell of [w.name, r.error || r.result, r.error ? "" : r.ms.toFixed(1), rate]) {
      const td = document.createElement("td");
      td.textContent = cell;
      tr.append(td);
    }
    $("rows").append(tr);
  }
  worker.terminate();
  window.benchResults = results;
  $("state").textContent = `done: ${navigator.userAgent}`;
  document.body.dataset.done = "1";
}

// ?driven: web/bench/bench.mjs runs one workload at a time through
// window.benchRun(workload) (in one worker kept for the whole session, so that its
// thread's processor time can be read from outside), rather than the list at load
const params = new URLSearchParams(location.search);
if (params.has("driven")) {
  const pkg = params.get("pkg") || "pkg";
  const worker = new Worker(new URL(`./bench-worker.js?pkg=${encodeURIComponent(pkg)}`, import.meta.url), { type: "module" });
  window.benchRun = (w) => new Promise((resolve) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.postMessage(w);
  });
  $("state").textContent = "driven by web/bench/bench.mjs";
  document.body.dataset.done = "1";
} else {
  $("run").addEventListener("click", run);
  run();
}
