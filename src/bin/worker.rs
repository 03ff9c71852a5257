//! The search worker: the same crate's search, run off the page's main thread.
fn main() {
    mancala_lab::web::worker::browser::start();
}
