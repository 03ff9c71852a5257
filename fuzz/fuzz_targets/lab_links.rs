//! libFuzzer target: src/fuzzing.rs's `lab_links`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_lab::fuzzing::lab_links(data));
