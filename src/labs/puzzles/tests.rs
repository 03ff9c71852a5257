//! The trainer's link, its rule sets against the shipped files, and the choice of puzzles.

use super::*;
use crate::labs::LinkParams;

#[test]
fn the_rule_sets_are_the_shipped_files() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.unwrap().file_name().to_str()?.strip_suffix(".tsv").map(str::to_string))
        .collect();
    files.sort();
    let mut listed: Vec<String> = RULE_SETS.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(files, listed);
}

#[test]
fn links_read_and_write() {
    let (p, faults) = PuzzlesParams::read("id=kalah-6-4-0a1b2c3d&theme=capture&level=hard&rules=awari-6-4");
    assert!(faults.is_empty(), "{faults:?}");
    assert_eq!(p.id.as_deref(), Some("kalah-6-4-0a1b2c3d"));
    assert_eq!((p.theme, p.level, p.rules.as_deref()), (Some(Theme::Capture), Level::Hard, Some("awari-6-4")));
    assert_eq!(PuzzlesParams::read(&p.write()).0, p);
    assert_eq!(PuzzlesParams::default().write(), "");
    // A puzzle's link alone keeps to its game (Next stays in it); "any" beside an id is any.
    let (alone, faults) = PuzzlesParams::read("id=awari-6-4-0a1b2c3d");
    assert!(faults.is_empty(), "{faults:?}");
    assert_eq!(alone.rules.as_deref(), Some("awari-6-4"));
    let any = PuzzlesParams { id: Some("awari-6-4-0a1b2c3d".into()), ..Default::default() };
    assert_eq!(any.write(), "id=awari-6-4-0a1b2c3d&rules=any");
    assert_eq!(PuzzlesParams::read(&any.write()).0, any);
    // Each bad part says what is wrong and keeps the rest.
    let (q, faults) = PuzzlesParams::read("id=chess-1&rules=go&theme=fork&level=9&x=1");
    assert_eq!(q, PuzzlesParams::default());
    assert_eq!(faults.len(), 5, "{faults:?}");
    for (f, says) in faults.iter().zip(["unknown part 'x'", "id=chess-1", "rules=go", "theme=fork", "level=9"]) {
        assert!(f.contains(says), "{f}");
    }
    assert_eq!(rules_of_id("kalah-6-4-e-0a1b2c3d"), Some("kalah-6-4-e"));
    for bad in ["kalah-6-4-0A1B2C3D", "kalah-6-4-0a1b2c3", "kalah-6-4", "", "-", "kalah-9-9-0a1b2c3d"] {
        assert_eq!(rules_of_id(bad), None, "{bad}");
    }
}

/// The Kalah(4,3) file as the page reads it.
fn kalah43() -> Vec<(Puzzle, u32)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles/kalah-4-3.tsv")).unwrap();
    let (puzzles, bad) = read_file(&text);
    assert_eq!(bad, 0);
    puzzles
}

#[test]
fn the_next_puzzle_follows_the_filters() {
    let all = kalah43();
    for pick in 0..50 {
        let (p, r) = next(&all, Some(Theme::Capture), Level::Hard, 1500.0, &[], pick).unwrap();
        assert!(p.themes.contains(&Theme::Capture) && *r > 1700);
        let (_, r) = next(&all, None, Level::Mine, 1000.0, &[], pick).unwrap();
        assert!((800..=1200).contains(r));
    }
    // Those played are left for the others, until none is left.
    let easy: Vec<&(Puzzle, u32)> = all.iter().filter(|(_, r)| *r < 1200).collect();
    let mut done: Vec<String> = easy[1..].iter().map(|(p, _)| p.id()).collect();
    assert_eq!(next(&all, None, Level::Easy, 1500.0, &done, 7).unwrap().0.id(), easy[0].0.id());
    done.push(easy[0].0.id());
    assert!(next(&all, None, Level::Easy, 1500.0, &done, 7).is_some(), "all played: any again");
    assert!(next(&[], None, Level::Any, 1500.0, &[], 0).is_none());
}

#[test]
fn the_puzzle_of_the_day_is_the_same_all_day() {
    assert_eq!(daily_rules("2026-11-30"), daily_rules("2026-11-30"));
    assert_eq!(daily_index("2026-11-30", 100), daily_index("2026-11-30", 100));
    assert!(daily_index("2026-11-30", 7) < 7);
    let days: std::collections::HashSet<(&str, usize)> =
        (1..=28).map(|d| format!("2026-02-{d:02}")).map(|d| (daily_rules(&d), daily_index(&d, 100))).collect();
    assert!(days.len() > 20, "days differ");
}
