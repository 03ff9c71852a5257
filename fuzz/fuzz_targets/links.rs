//! libFuzzer target: src/fuzzing.rs's `links`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_lab::fuzzing::links(data));
