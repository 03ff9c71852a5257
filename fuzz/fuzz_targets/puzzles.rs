//! libFuzzer target: src/fuzzing.rs's `puzzles`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_lab::fuzzing::puzzles(data));
