//! Fuzz target: see `column_checkers_testkit::harness::move_text`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(finding) = column_checkers_testkit::harness::move_text(data) {
        panic!("{finding}");
    }
});
