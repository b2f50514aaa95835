#!/usr/bin/env bash
# Builds the browser package web/www/pkg: the .wasm, its JavaScript module and its
# TypeScript declarations (wasm-bindgen --target web: for a plain
# <script type="module">, a Web Worker, Node, or any bundler that resolves
# `new URL("…_bg.wasm", import.meta.url)`), and a package.json for npm and bundlers.
#
#   web/build.sh [cargo build arguments, e.g. --features solver]
#
# Needs the wasm32-unknown-unknown target (`rustup target add wasm32-unknown-unknown`)
# and wasm-bindgen-cli of the version of the wasm-bindgen crate in Cargo.lock
# (`cargo install wasm-bindgen-cli --version 0.2.130`). CARGO_TARGET_DIR is honoured.
#
# When binaryen's wasm-opt is on the PATH (Debian and Ubuntu: `apt install binaryen`),
# the .wasm goes through `wasm-opt -O3` before wasm-bindgen binds it: 1 to 8 % faster
# (web/README.md, "Speed"). WASM_OPT=0 skips it (the CI does: its tests do not need
# it); WASM_OPT=1 requires it. It runs before wasm-bindgen because older wasm-opt
# releases (Debian bookworm's 108) break the externref table that wasm-bindgen adds.
set -euo pipefail
cd "$(dirname "$0")/.."
target_dir="${CARGO_TARGET_DIR:-target}"
# the `measure` profile (Cargo.toml): thin LTO and one codegen unit, as the benchmarks
cargo build -p column-checkers-web --lib --profile measure --target wasm32-unknown-unknown "$@"
wasm="$target_dir/wasm32-unknown-unknown/measure/column_checkers_web.wasm"
if [ "${WASM_OPT:-}" = 1 ] || { [ "${WASM_OPT:-}" != 0 ] && command -v wasm-opt >/dev/null 2>&1; }; then
  # the features of Rust's wasm32-unknown-unknown target (rustc --print cfg)
  opt_dir="$target_dir/wasm32-unknown-unknown/measure/wasm-opt"
  mkdir -p "$opt_dir"
  wasm-opt -O3 --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
    --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue \
    "$wasm" -o "$opt_dir/column_checkers_web.wasm"
  wasm="$opt_dir/column_checkers_web.wasm"
fi
out=web/www/pkg
rm -rf "$out"
wasm-bindgen --target web --out-dir "$out" --remove-producers-section "$wasm"
version="$(sed -n 's/^version = "\(.*\)"/\1/p' web/Cargo.toml | head -n 1)"
cat > "$out/package.json" <<JSON
{
  "name": "column-checkers-web",
  "version": "$version",
  "description": "column-checkers in the browser: the rules of Emergo, Lasca, Bashni, Dameo, the draughts games and more, in WebAssembly",
  "license": "MIT OR Apache-2.0",
  "type": "module",
  "main": "column_checkers_web.js",
  "module": "column_checkers_web.js",
  "types": "column_checkers_web.d.ts",
  "files": ["column_checkers_web.js", "column_checkers_web.d.ts", "column_checkers_web_bg.wasm", "column_checkers_web_bg.wasm.d.ts"],
  "sideEffects": false
}
JSON
ls -l "$out"
