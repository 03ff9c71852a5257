//! libFuzzer target: the CLI's arguments (src/cli/mod.rs's `fuzz_args`), split at NUL bytes.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_lab::cli::fuzz_args(data));
