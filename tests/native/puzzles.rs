//! The shipped puzzles (`data/puzzles/*.tsv`, made by `scripts/puzzles.sh`): every line proven
//! again by its family's exact source, the files' promises kept (at least 1,500 puzzles over at
//! least 10 rule sets, each file's ratings spread, its header the command that made it), and
//! each read back as the page reads it.

use std::path::PathBuf;

use mancala_lab::puzzles::{self, Puzzle, FULL_SCALE, MOST, RATINGS};

/// The shipped files, by name.
fn files() -> Vec<PathBuf> {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tsv"))
        .collect();
    files.sort();
    files
}

/// The file's puzzles as the page reads them (no oracle), with their ratings.
fn read(text: &str) -> Vec<(Puzzle, u32)> {
    text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')).map(|l| Puzzle::parse(l).unwrap()).collect()
}

#[test]
fn the_shipped_files_keep_their_promises() {
    let script = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/puzzles.sh")).unwrap();
    let mut total = 0;
    let files = files();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let name = f.file_stem().unwrap().to_str().unwrap();
        let rated = read(&text);
        // Tchuka Ruma's small game holds 5 puzzles in all; every other file, 11 or more.
        assert!(rated.len() >= if name == "tchouka-4-2" { 5 } else { 11 }, "{name}: {} puzzles", rated.len());
        assert!(rated.iter().all(|(p, _)| p.start.rules().to_string() == name), "{name}: one rules a file");
        let ratings: Vec<u32> = rated.iter().map(|r| r.1).collect();
        // From the lowest rating to the top the hardest puzzle's difficulty sets (a file of
        // easy puzzles is not rated up to hard).
        let hardest = rated.iter().map(|r| r.0.difficulty()).max().unwrap();
        let reach = f64::from(hardest.clamp(0, FULL_SCALE)) / f64::from(FULL_SCALE);
        let top = (f64::from(RATINGS.0) + f64::from(RATINGS.1 - RATINGS.0) * reach) / 10.0;
        let top = top.round() as u32 * 10;
        assert_eq!((ratings.iter().min(), ratings.iter().max()), (Some(&RATINGS.0), Some(&top)), "{name}");
        assert!(name != "tchoukaillon" || top < 1500, "{name}: its easy puzzles rated up to {top}");
        // The header says what made the file, and the script makes it so.
        let made = text.lines().nth(1).unwrap();
        let command = made.strip_prefix("# made by: mancala-lab puzzles generate ").unwrap();
        assert!(command.starts_with(&format!("{name} ")), "{name}: {made}");
        assert!(script.contains(&format!("\"{name} ")), "{name}: not in scripts/puzzles.sh");
        total += rated.len();
    }
    assert!(files.len() >= 23 && total >= 2100, "{total} puzzles over {} rule sets", files.len());
    // Kalah(6,4)'s start with the opening book's positions that are puzzles.
    let rules: mancala_lab::families::AnyRules = "kalah-6-4".parse().unwrap();
    let book = mancala_lab::families::book::shipped(&rules).unwrap();
    let text = std::fs::read_to_string(files.iter().find(|f| f.ends_with("kalah-6-4.tsv")).unwrap()).unwrap();
    let from_book =
        read(&text).iter().filter(|(p, _)| mancala_lab::families::book::lookup(book, &p.start).is_some()).count();
    assert!(from_book >= 5, "{from_book} puzzles from the book");
}

/// Every shipped line proven again (`mancala-lab puzzles verify` on each file), the files
/// taken in turn by two threads.
#[test]
#[ignore = "minutes: make test-release"]
fn every_shipped_puzzle_is_proven_again() {
    let files = files();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let prove = || {
        while let Some(f) = files.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) {
            let text = std::fs::read_to_string(f).unwrap();
            let rated = read(&text);
            let rules = rated[0].0.start.rules();
            let seeds = rules
                .endgame_databases(0)
                .map_or(0, |db| rated.iter().filter_map(|(p, _)| db.seeds_on_board(&p.start)).max().unwrap_or(0));
            let mut oracle = puzzles::oracle_for(&rules, seeds, &mut |_| {}).unwrap();
            match puzzles::verify_file(oracle.as_mut(), &text, MOST, &mut |_| {}) {
                Ok(proven) => assert_eq!(proven.len(), rated.len()),
                Err(e) => panic!("{}: {}", f.display(), e.join("\n")),
            }
        }
    };
    std::thread::scope(|s| {
        let t = s.spawn(prove);
        prove();
        t.join().unwrap();
    });
}
