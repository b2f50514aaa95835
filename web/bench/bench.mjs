// Speed in the browser against the native build, on this machine: the workloads of
// web/www/bench-workloads.json (perft and random playouts) natively
// (web/bench/native.rs: the same Rust functions the package calls), in Node and in
// headless Chromium (the speed page web/www/bench.html, its work in a Web Worker,
// through chromedriver), in alternating rounds.
//
//   cargo build --profile measure -p column-checkers-web --example bench_native
//   web/build.sh
//   node web/bench/bench.mjs [--rounds 5] [--no-chromium] [--only "perft emergo 6,..."]
//                            [--pkg pkg] [--vs-pkg pkg-other] [--native target/measure/examples]
//
// What is timed is the processor time of the thread that does the work, read from
// Linux's /proc (/proc/thread-self/schedstat natively and in Node; in Chromium, the
// Web Worker's thread of the renderer, found under chromedriver's process tree): on a
// machine shared with other work the wall time of a run grows with the load, its
// processor time far less. The wall times are printed too. Each workload runs twice a
// round in every environment (the first run warms the WebAssembly compilers' tiers
// up), the second counted; the environments take turns, their order rotating each
// round, and each ratio is the median of the rounds' own ratios (pair by pair).
//
// --vs-pkg DIR adds a second build of the package (web/www/DIR, e.g. built with other
// flags) to compare with --pkg in Node and Chromium.
//
// Prints a Markdown table with the load average before and after.
import { spawn, execFileSync } from "node:child_process";
import { readFile, stat } from "node:fs/promises";
import { readFileSync, readdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join, extname } from "node:path";
import { fileURLToPath } from "node:url";

const www = fileURLToPath(new URL("../www/", import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const rounds = Number(opt("--rounds", 5));
const nativeDir = opt("--native", fileURLToPath(new URL("../../target/measure/examples/", import.meta.url)));
const withChromium = !args.includes("--no-chromium");
const only = opt("--only", null);
const pkgs = [opt("--pkg", "pkg"), opt("--vs-pkg", null)].filter((p) => p);

let workloads = JSON.parse(await readFile(join(www, "bench-workloads.json"), "utf8"));
if (only) workloads = workloads.filter((w) => only.split(",").includes(w.name));
const size = (w) => (w.kind === "perft" ? w.depth : w.games);

/** The processor time of a thread, in milliseconds (Linux), or null. */
function cpuMs(schedstat) {
  try {
    return Number(readFileSync(schedstat, "utf8").split(" ")[0]) / 1e6;
  } catch {
    return null;
  }
}

// --- Node
const node = {};
for (const pkg of pkgs) {
  // one module instance for each package (the URL's query keeps them apart)
  const cc = await import(`${new URL(`../www/${pkg}/column_checkers_web.js`, import.meta.url)}?${pkg}`);
  await cc.default({ module_or_path: await readFile(join(www, pkg, "column_checkers_web_bg.wasm")) });
  node[pkg] = cc;
}
function inNode(pkg, w) {
  const cc = node[pkg];
  let last;
  for (let i = 0; i < 2; i++) {
    const c0 = cpuMs("/proc/thread-self/schedstat");
    const t0 = performance.now();
    const result = w.kind === "perft"
      ? cc.perft(w.ruleset, w.depth, w.options || [])
      : cc.randomPlayouts(w.ruleset, w.games, w.seed || 1, w.options || []).plies;
    const wall = performance.now() - t0;
    const c1 = cpuMs("/proc/thread-self/schedstat");
    last = { wall, cpu: c0 === null ? null : c1 - c0, result };
  }
  return last;
}

// --- native (web/bench/native.rs)
async function native(w) {
  const exe = join(nativeDir, "bench_native");
  await stat(exe);
  const out = JSON.parse(execFileSync(exe, [w.kind, w.ruleset, String(size(w))], { encoding: "utf8" }));
  return { wall: out.wall_ms, cpu: out.cpu_ms, result: out.result };
}

// --- Chromium, through chromedriver
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".json": "application/json" };

/** The Web Worker threads of the processes under `root` (chromedriver): their
 * schedstat files. */
function workerThreads(root) {
  const parent = {};
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const s = readFileSync(`/proc/${d}/stat`, "utf8");
      parent[d] = s.slice(s.lastIndexOf(")") + 2).split(" ")[1];
    } catch {}
  }
  const under = (pid) => {
    for (let p = pid, i = 0; p && p !== "0" && i < 64; p = parent[p], i++) if (p === String(root)) return true;
    return false;
  };
  const out = [];
  for (const pid of Object.keys(parent).filter(under)) {
    let tasks = [];
    try { tasks = readdirSync(`/proc/${pid}/task`); } catch {}
    for (const tid of tasks) {
      try {
        if (readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").startsWith("DedicatedWorker")) out.push(`/proc/${pid}/task/${tid}/schedstat`);
      } catch {}
    }
  }
  return out;
}

async function startChromium() {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/^\/+/, "") || "index.html";
    if (path.includes("..")) { res.writeHead(404); res.end(); return; }
    try {
      const body = await readFile(join(www, path));
      res.writeHead(200, { "Content-Type": TYPES[extname(path)] || "application/octet-stream", "Cache-Control": "no-store" });
      res.end(body);
    } catch { res.writeHead(404); res.end(); }
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const port = 9515 + Math.floor(Math.random() * 400);
  const driver = spawn("chromedriver", [`--port=${port}`], { stdio: "ignore" });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try { if ((await (await fetch(`${base}/status`)).json()).value.ready) break; } catch {}
    if (i > 100) throw new Error("chromedriver did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  const profile = mkdtempSync(join(tmpdir(), "cc-bench-"));
  const caps = { capabilities: { alwaysMatch: { browserName: "chrome", "goog:chromeOptions": {
    binary: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      `--user-data-dir=${profile}`],
  } } } };
  const s = await (await fetch(`${base}/session`, { method: "POST", body: JSON.stringify(caps) })).json();
  const session = `${base}/session/${s.value.sessionId}`;
  const cmd = async (method, path, body) => (await (await fetch(`${session}${path}`, { method, body: body && JSON.stringify(body) })).json()).value;
  await cmd("POST", "/timeouts", { script: 3600e3 });
  const site = `http://127.0.0.1:${server.address().port}`;
  let page = null;
  const open = async (pkg) => {
    if (page === pkg) return;
    await cmd("POST", "/url", { url: `${site}/bench.html?driven&pkg=${encodeURIComponent(pkg)}` });
    page = pkg;
  };
  chromium = {
    version: await cmd("POST", "/execute/sync", { script: "return navigator.userAgent;", args: [] }),
    async run(pkg, w) {
      await open(pkg);
      let last;
      for (let i = 0; i < 2; i++) {
        const threads = workerThreads(driver.pid);
        const before = threads.map(cpuMs);
        const r = await cmd("POST", "/execute/async", {
          script: "const done = arguments[arguments.length - 1]; window.benchRun(arguments[0]).then(done);",
          args: [w],
        });
        if (r.error) throw new Error(`${w.name} in Chromium: ${r.error}`);
        // the worker's thread (one, unless it was started during the run)
        const after = workerThreads(driver.pid);
        const cpu = threads.length === 1 && after.length === 1 ? cpuMs(after[0]) - before[0] : null;
        last = { wall: r.ms, cpu, result: typeof r.result === "number" ? r.result : Number(r.result.match(/(\d+) plies/)[1]) };
      }
      return last;
    },
    async stop() {
      await fetch(session, { method: "DELETE" }).catch(() => {});
      driver.kill();
      server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// --- the rounds
const load = () => loadavg().map((x) => x.toFixed(2)).join(", ");
const loadBefore = load();
let chromium = null;
if (withChromium) await startChromium();
const envs = ["native", ...pkgs.map((p) => `node:${p}`), ...(withChromium ? pkgs.map((p) => `chromium:${p}`) : [])];
const times = Object.fromEntries(workloads.map((w) => [w.name, Object.fromEntries(envs.map((e) => [e, []]))]));
const results = Object.fromEntries(workloads.map((w) => [w.name, {}]));
const loads = [];
for (let r = 0; r < rounds; r++) {
  // rotate the order each round
  const order = envs.slice(r % envs.length).concat(envs.slice(0, r % envs.length));
  for (const w of workloads) {
    for (const env of order) {
      const [where, pkg] = env.split(":");
      const x = where === "native" ? await native(w) : where === "node" ? inNode(pkg, w) : await chromium.run(pkg, w);
      times[w.name][env].push(x);
      // the same leaves, the same plies (the playouts draw the same random numbers)
      results[w.name][env] = x.result;
    }
  }
  loads.push(loadavg()[0]);
  process.stderr.write(`round ${r + 1}/${rounds} done (load ${load()})\n`);
}
if (chromium) await chromium.stop();
for (const w of workloads) {
  const r = results[w.name];
  for (const env of envs) {
    if (r[env] !== r.native) throw new Error(`${w.name}: ${env} gives ${r[env]}, native ${r.native}`);
  }
}

const median = (xs) => { const s = xs.slice().sort((a, b) => a - b); const n = s.length; return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };
const useCpu = envs.every((e) => workloads.every((w) => times[w.name][e].every((x) => x.cpu !== null)));
const key = useCpu ? "cpu" : "wall";
const fmt = (xs) => `${median(xs.map((x) => x[key])).toFixed(0)} (${Math.min(...xs.map((x) => x[key])).toFixed(0)})`;
/** The median of the rounds' own ratios a/b, and in brackets the ratio of the fastest
 * runs (load only ever adds time, so the fastest runs are the least disturbed). */
const fastest = (xs) => Math.min(...xs.map((x) => x[key]));
const ratio = (a, b) => `${median(a.map((x, i) => x[key] / b[i][key])).toFixed(2)}x (${(fastest(a) / fastest(b)).toFixed(2)}x)`;
console.log(`\n${rounds} rounds, load average before ${loadBefore}, after ${load()} (1-minute load after each round: ${loads.map((l) => l.toFixed(1)).join(", ")}); Node ${process.version}${chromium ? `; ${chromium.version.match(/HeadlessChrome\/[\d.]+/)?.[0] || chromium.version}` : ""}`);
console.log(`${useCpu ? "processor time of the working thread" : "wall time"} in ms: median (fastest) of ${rounds}; ratios: median of the rounds' ratios (fastest/fastest)\n`);
const label = (e) => e.replace("node", "Node").replace("chromium", "Chromium").replace(pkgs.length > 1 ? /$/ : /:.*$/, "");
const others = envs.filter((e) => e !== "native");
console.log(`| workload | native | ${others.map((e) => `${label(e)} | ${label(e)}/native`).join(" | ")} |`);
console.log(`|---|---|${others.map(() => "---|---|").join("")}`);
for (const w of workloads) {
  const t = times[w.name];
  console.log(`| ${w.name} | ${fmt(t.native)} | ${others.map((e) => `${fmt(t[e])} | ${ratio(t[e], t.native)}`).join(" | ")} |`);
}
if (useCpu) {
  console.log(`\nwall time in ms, median: ${workloads.map((w) => `${w.name}: ${envs.map((e) => `${label(e)} ${median(times[w.name][e].map((x) => x.wall)).toFixed(0)}`).join(", ")}`).join("; ")}`);
}
