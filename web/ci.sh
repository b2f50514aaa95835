#!/usr/bin/env bash
# CI of the browser side (web/): the crate built for wasm32-unknown-unknown, the
# browser package, its tests under Node and the page in headless Chromium. `.ci/run`
# calls it; it also runs alone, from a clean clone, as root on Debian bookworm:
#
#   web/ci.sh
#
# The toolchain: `rustup target add` cannot download on these machines, so std is
# built for the target from Debian's Rust 1.96 (`rustc-web`, with its std sources:
# -Zbuild-std), linked with rustup's rust-lld. wasm-bindgen-cli is built from
# crates.io at the version web/Cargo.toml pins for the wasm-bindgen crate (the CLI and
# the crate must agree exactly), into target/ci-tools: nothing comes from an earlier
# run. Cold from a clean clone on 2 cores: 17 min wall at load 6.5-7.3, 11 min of CPU
# (web/README.md, "Tests").
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n==> web: %s (%ds)\n' "$*" "$SECONDS"; }
SECONDS=0
export DEBIAN_FRONTEND=noninteractive
APT="apt-get install -y -o DPkg::Lock::Timeout=600 --no-install-recommends"

step "toolchain: Debian's rustc-web and std sources, a wasm linker, Chromium, Node"
rustc_web_ok() {
  dpkg --compare-versions "$(dpkg-query -W -f='${Version}' rustc-web 2>/dev/null || echo 0)" ge 1.96 &&
    [ -f /usr/lib/rustlib/src/rust/library/Cargo.lock ]
}
need=()
rustc_web_ok || need+=(rustc-web cargo-web rust-web-src libstd-rust-web-dev)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
command -v node >/dev/null 2>&1 || need+=(nodejs)
if [ ${#need[@]} -gt 0 ]; then
  # rustc-web 1.96 is in bookworm-security: stale lists show only bookworm's 1.85
  apt-get update
  $APT "${need[@]}"
fi
rustc_web_ok || { echo "rustc-web >= 1.96 with rust-web-src is needed for the wasm32 build" >&2; exit 1; }
RUST_LLD="$(rustc --print sysroot)/lib/rustlib/x86_64-unknown-linux-gnu/bin/rust-lld"
if [ ! -x "$RUST_LLD" ]; then
  command -v wasm-ld-22 >/dev/null 2>&1 || $APT lld-22
  RUST_LLD=/usr/bin/wasm-ld-22
fi
/usr/bin/rustc --version
node --version
chromium --version 2>/dev/null
chromedriver --version

step "wasm-bindgen-cli at the version web/Cargo.toml pins"
WB_VER="$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' web/Cargo.toml)"
LOCKED="$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/,""); print; exit}' Cargo.lock)"
if [ -z "$WB_VER" ] || [ "$WB_VER" != "$LOCKED" ]; then
  echo "web/Cargo.toml pins wasm-bindgen '$WB_VER', Cargo.lock has '$LOCKED': they must agree" >&2
  exit 1
fi
TOOLS="$PWD/target/ci-tools"
if ! "$TOOLS/bin/wasm-bindgen" --version 2>/dev/null | grep -qx "wasm-bindgen $WB_VER"; then
  # --debug: a shorter build, and binding a .wasm stays quick. Not --locked: the
  # CLI's own lockfile names a webpki-roots release that crates.io no longer offers
  env -u RUSTC -u RUSTC_BOOTSTRAP -u CARGO_TARGET_DIR \
    cargo install --debug --root "$TOOLS" wasm-bindgen-cli --version "$WB_VER"
fi
export PATH="$TOOLS/bin:$PATH"
wasm-bindgen --version

# the wasm commands only: everything else stays on rustup's toolchain
wasm() {
  RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1 \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$RUST_LLD" CARGO_TARGET_DIR=target/wasm "$@"
}
WASM_STD="-Zbuild-std=std,panic_abort"

step "wasm32: the crate with svg, serde, minimax and solver; the bindings with the endgame solver"
# one build of the crate with every feature that makes sense in a browser (rayon's
# threads and the test rig are left out), and the bindings' solveOneOnOne with it
wasm cargo build --release --target wasm32-unknown-unknown $WASM_STD -p column-checkers-web \
  --features solver,column-checkers/serde,column-checkers/minimax
rm -rf target/wasm/pkg-solver
wasm-bindgen --target web --out-dir target/wasm/pkg-solver \
  target/wasm/wasm32-unknown-unknown/release/column_checkers_web.wasm

step "wasm32, no_std: the library type-checked with core and alloc only (nothing from std slips in)"
wasm env CARGO_TARGET_DIR=target/wasm-nostd cargo check --release --target wasm32-unknown-unknown \
  -Zbuild-std=core,alloc -p column-checkers --no-default-features --features svg,serde,solver
rm -rf target/wasm-nostd

step "wasm32: Emergo's one-on-one endgame table solved in WebAssembly equals the native one"
CC_SOLVER_TEST=1 CC_SOLVER_PKG="$PWD/target/wasm/pkg-solver" node --test web/tests/solver.test.mjs

step "wasm32: the page's package web/www/pkg (web/build.sh)"
# WASM_OPT=0: no wasm-opt pass even where binaryen is installed (the tests do not need
# the speed; web/README.md, "Speed")
WASM_OPT=0 wasm web/build.sh $WASM_STD

step "the JavaScript API under Node (node --test web/tests/)"
node --test web/tests/

step "the page in headless Chromium through WebDriver (tests/web_browser.rs)"
# the game server example beside the test binary; --all-features: the build
# `cargo test --all-features` of .ci/run uses afterwards
cargo build --all-features --example web
cargo test --all-features --test web_browser -- --include-ignored

step "done"
