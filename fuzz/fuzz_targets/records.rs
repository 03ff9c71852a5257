//! libFuzzer target: src/fuzzing.rs's `records`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_lab::fuzzing::records(data));
