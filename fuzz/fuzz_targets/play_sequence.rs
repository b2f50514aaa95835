//! Fuzz target: see `column_checkers_testkit::harness::play_sequence`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(finding) = column_checkers_testkit::harness::play_sequence(data) {
        panic!("{finding}");
    }
});
