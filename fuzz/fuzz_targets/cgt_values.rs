//! libFuzzer target: src/fuzzing.rs's `cgt_values`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_lab::fuzzing::cgt_values(data));
