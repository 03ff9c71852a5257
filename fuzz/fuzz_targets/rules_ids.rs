//! libFuzzer target: src/fuzzing.rs's `rules_ids`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_lab::fuzzing::rules_ids(data));
