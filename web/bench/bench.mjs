// Speed in the browser against the native build, on this machine: the workloads of
// web/www/bench-workloads.json (perft and random playouts) natively (the crate's
// `perft` and `bench_playouts` examples), in Node and in headless Chromium (the speed
// page web/www/bench.html, through chromedriver), in alternating rounds.
//
//   cargo build --release --example perft --example bench_playouts
//   web/build.sh
//   node web/bench/bench.mjs [--rounds 5] [--native target/release/examples] [--no-chromium] [--only "perft emergo 6,..."]
//
// Prints a Markdown table: the median time of each (and the fastest), and the
// WebAssembly/native ratios, with the load average before and after (the machine may
// be shared: the rounds alternate so that load falls on every column alike). The
// wasm runs are warm: each workload runs twice per round, the second one is counted.
import { spawn, execFileSync } from "node:child_process";
import { readFile, stat } from "node:fs/promises";
import { createServer } from "node:http";
import { loadavg } from "node:os";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, extname } from "node:path";
import { fileURLToPath } from "node:url";

const www = fileURLToPath(new URL("../www/", import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const rounds = Number(opt("--rounds", 5));
const nativeDir = opt("--native", fileURLToPath(new URL("../../target/release/examples/", import.meta.url)));
const withChromium = !args.includes("--no-chromium");
const only = opt("--only", null);

let workloads = JSON.parse(await readFile(join(www, "bench-workloads.json"), "utf8"));
if (only) workloads = workloads.filter((w) => only.split(",").includes(w.name));

// --- Node
const cc = await import(join(www, "pkg", "column_checkers_web.js"));
await cc.default({ module_or_path: await readFile(join(www, "pkg", "column_checkers_web_bg.wasm")) });
function inNode(w) {
  let last;
  for (let i = 0; i < 2; i++) {
    const t0 = performance.now();
    const result = w.kind === "perft"
      ? cc.perft(w.ruleset, w.depth, w.options || [])
      : cc.randomPlayouts(w.ruleset, w.games, w.seed || 1, w.options || []).plies;
    last = { ms: performance.now() - t0, result };
  }
  return last;
}

// --- native
async function native(w) {
  const [example, ...rest] = w.native;
  const exe = join(nativeDir, example);
  await stat(exe);
  const out = execFileSync(exe, rest, { encoding: "utf8" });
  if (w.kind === "perft") {
    // "<depth> <nodes> <seconds> s <nodes/s> nodes/s", one line per depth
    const line = out.trim().split("\n").map((l) => l.trim().split(/\s+/)).find((f) => Number(f[0]) === w.depth);
    return { ms: Number(line[2]) * 1000, result: Number(line[1]) };
  }
  // "<name>: <n> games in <s> s: ... <p> plies/game ..."
  const m = out.match(/games in ([\d.]+) s: .*?, ([\d.]+) plies\/game/);
  return { ms: Number(m[1]) * 1000, result: Math.round(Number(m[2]) * w.games) };
}

// --- Chromium, through chromedriver
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".json": "application/json" };
let chromium = null;
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
  chromium = {
    version: await cmd("POST", "/execute/sync", { script: "return navigator.userAgent;", args: [] }),
    async run(ws) {
      const url = `http://127.0.0.1:${server.address().port}/bench.html?repeat=2&work=${encodeURIComponent(ws.map((w) => w.name).join(","))}`;
      await cmd("POST", "/url", { url });
      for (;;) {
        const done = await cmd("POST", "/execute/sync", { script: "return document.body.dataset.done === '1' ? window.benchResults : null;", args: [] });
        if (done) return done;
        await new Promise((r) => setTimeout(r, 100));
      }
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
if (withChromium) await startChromium();
const times = Object.fromEntries(workloads.map((w) => [w.name, { native: [], node: [], chromium: [] }]));
const results = Object.fromEntries(workloads.map((w) => [w.name, {}]));
const envs = ["native", "node", ...(withChromium ? ["chromium"] : [])];
for (let r = 0; r < rounds; r++) {
  // rotate the order each round
  const order = envs.slice(r % envs.length).concat(envs.slice(0, r % envs.length));
  for (const env of order) {
    if (env === "chromium") {
      const rs = await chromium.run(workloads);
      for (const x of rs) {
        if (x.error) throw new Error(`${x.name} in Chromium: ${x.error}`);
        times[x.name].chromium.push(x.ms);
        results[x.name].chromium = typeof x.result === "number" ? x.result : Number(x.result.match(/(\d+) plies/)[1]);
      }
      continue;
    }
    for (const w of workloads) {
      const x = env === "native" ? await native(w) : inNode(w);
      times[w.name][env].push(x.ms);
      // the same leaves, the same plies (the playouts draw the same random numbers)
      results[w.name][env] = x.result;
    }
  }
  process.stderr.write(`round ${r + 1}/${rounds} done (load ${load()})\n`);
}
if (chromium) await chromium.stop();
for (const w of workloads) {
  const r = results[w.name];
  for (const env of envs) {
    // the native playouts print their plies a game to one decimal
    const slack = w.kind === "perft" ? 0 : 0.05 * w.games;
    if (!(Math.abs(r[env] - r.native) <= slack)) throw new Error(`${w.name}: ${env} gives ${r[env]}, native ${r.native}`);
  }
}

const median = (xs) => { const s = xs.slice().sort((a, b) => a - b); const n = s.length; return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };
const fmt = (xs) => xs.length ? `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)})` : "";
const ratio = (a, b) => a.length && b.length ? (median(a) / median(b)).toFixed(2) + "x" : "";
console.log(`\n${rounds} rounds, load average before ${loadBefore}, after ${load()}; Node ${process.version}${chromium ? `; ${chromium.version}` : ""}\n`);
console.log(`| workload | native ms | Node ms | Node/native | Chromium ms | Chromium/native |`);
console.log(`|---|---|---|---|---|---|`);
for (const w of workloads) {
  const t = times[w.name];
  console.log(`| ${w.name} | ${fmt(t.native)} | ${fmt(t.node)} | ${ratio(t.node, t.native)} | ${fmt(t.chromium)} | ${ratio(t.chromium, t.native)} |`);
}
console.log(`\nmedian (fastest) of ${rounds} runs`);
