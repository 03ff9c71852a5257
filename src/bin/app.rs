//! The single-page app.
fn main() {
    mancala_lab::web::start_app();
}
