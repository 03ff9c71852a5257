//! libFuzzer target: src/fuzzing.rs's `setups_and_moves`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_lab::fuzzing::setups_and_moves(data));
