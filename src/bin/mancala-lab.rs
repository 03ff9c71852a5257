//! The native command-line tool: the same engine, notation and values as the web page.
fn main() {
    std::process::exit(mancala_lab::cli::main());
}
