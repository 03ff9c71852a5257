//! libFuzzer target: src/fuzzing.rs's `worker_messages`.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_lab::fuzzing::worker_messages(data));
