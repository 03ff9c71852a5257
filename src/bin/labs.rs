//! The labs' pages, loaded by the app when a lab is first opened (so that the games' page
//! does not download them).
fn main() {
    mancala_lab::web::start_labs();
}
