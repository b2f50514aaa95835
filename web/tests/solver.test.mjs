// The crate's `solver` on a 32-bit target: Emergo's one-on-one endgame table solved in
// WebAssembly gives the native table's figures and file bytes (tests/solver.rs checks
// the same size and CRC-32 natively, where the bits are stored in u64 words; wasm32
// stores them in u32 words).
//
//   web/build.sh --features solver && CC_SOLVER_TEST=1 node --test web/tests/solver.test.mjs
//
// Skipped unless CC_SOLVER_TEST is set (the page's package is built without it). The
// package is web/www/pkg, or the directory CC_SOLVER_PKG names (web/ci.sh binds the
// solver's build apart from the page's).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

test("the one-on-one table solved in WebAssembly is the native one", { skip: !process.env.CC_SOLVER_TEST && "CC_SOLVER_TEST is not set" }, async () => {
  const pkg = process.env.CC_SOLVER_PKG
    ? pathToFileURL(process.env.CC_SOLVER_PKG.replace(/\/?$/, "/"))
    : new URL("../www/pkg/", import.meta.url);
  const cc = await import(new URL("column_checkers_web.js", pkg));
  await cc.default({ module_or_path: await readFile(new URL("column_checkers_web_bg.wasm", pkg)) });
  assert.equal(typeof cc.solveOneOnOne, "function", "the package was built with --features solver");
  const t0 = performance.now();
  const t = cc.solveOneOnOne();
  console.log(`one-on-one solved in ${Math.round(performance.now() - t0)} ms`);
  assert.deepEqual([t.wins, t.losses, t.draws], [235680, 236640, 0]);
  assert.equal(t.start, "win in 79 plies");
  // the whole file's size and CRC-32, as tests/solver.rs finds them natively
  assert.equal(t.bytes.length, 590449);
  assert.equal(crc32(t.bytes), 0x2144df1c);
  // and the checksum the file carries in its last four bytes, little-endian
  const n = t.bytes.length;
  const stored = (t.bytes[n - 4] | (t.bytes[n - 3] << 8) | (t.bytes[n - 2] << 16) | (t.bytes[n - 1] << 24)) >>> 0;
  assert.equal(stored, t.crc);
  assert.equal(crc32(t.bytes.subarray(0, n - 4)), t.crc);
});

/** CRC-32 (IEEE), as the table files use it. */
function crc32(bytes) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return ~c >>> 0;
}
