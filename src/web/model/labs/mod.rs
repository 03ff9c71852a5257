//! The labs' pages' view models, a module a page (`web::labs::<lab>` draws what its module
//! here computes): the sentences, table rows and buttons' states of a lab's page, computed
//! from the lab's inputs, progress and answer by pure functions tested natively.

pub mod dakon;
pub mod erickson;
pub mod hanoi;
pub mod puzzles;
pub mod questions;
pub mod solved_kalah;
