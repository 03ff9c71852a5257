//! What every fuzz target checks, one function a parser of untrusted text: the coverage-guided
//! targets of `fuzz/` (cargo-fuzz, libFuzzer, `make fuzz`) call these on each input, and
//! `make test` replays their seed corpora (`fuzz/corpus/TARGET/`) through the same functions on
//! the stable toolchain (`tests/native/fuzz_corpus.rs`), so a regression found once fails CI.
//! Each function takes raw bytes (read as UTF-8, lossily: the page and the CLI see text) and
//! panics only where the product would misbehave.
#![doc(hidden)]

use crate::cgt::Games;
use crate::families::{AnyPosition, AnyRules, FamilyId};
use crate::notation::Game;
use crate::web::route::Route;

/// A fuzz target's check.
pub type Check = fn(&[u8]);

/// The fuzz targets by name, each with its check: `fuzz/fuzz_targets/NAME.rs` and
/// `fuzz/corpus/NAME/` (`cli_args` with the `cli` feature: [`crate::cli::fuzz_args`]).
pub fn targets() -> Vec<(&'static str, Check)> {
    let t: Vec<(&'static str, Check)> = vec![
        ("links", links),
        ("lab_links", lab_links),
        ("rules_ids", rules_ids),
        ("setups_and_moves", setups_and_moves),
        ("records", records),
        ("puzzles", puzzles),
        ("cgt_values", cgt_values),
        ("worker_messages", worker_messages),
    ];
    #[cfg(feature = "cli")]
    let t = [t, vec![("cli_args", crate::cli::fuzz_args as Check)]].concat();
    t
}

fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// Every preset of every registered family (`FamilyId::ALL`): a family added to the registry
/// is fuzzed by construction.
pub fn presets() -> Vec<&'static str> {
    FamilyId::ALL.iter().flat_map(|f| f.presets().iter().map(|p| p.id)).collect()
}

/// A link's query (`rules=…&setup=…&moves=…&ply=…`): a game and, if something was wrong, a
/// message; the game's ply within its moves.
pub fn links(data: &[u8]) {
    let (g, e) = Game::from_query_lenient(&text(data));
    assert!(g.ply() <= g.moves().len());
    if let Some(e) = e {
        assert!(!e.message(&g).is_empty());
    }
}

/// Any route of the page (`#/lab/dakon?n=…`, `#/play?…`): parses, and writes itself back.
pub fn lab_links(data: &[u8]) {
    let t = text(data);
    let r: Route = format!("#{t}").parse().expect("every hash is a route (a faulty one says so)");
    let _ = r.to_string();
}

/// A rules id: what parses writes itself back and reads again as itself.
pub fn rules_ids(data: &[u8]) {
    if let Ok(r) = text(data).parse::<AnyRules>() {
        assert_eq!(r.to_string().parse::<AnyRules>().unwrap(), r);
    }
}

/// The first byte picks a preset of any family; the rest, up to a line break, is a setup (what
/// reads back writes canonically and reads again as itself), after it moves (each parses or
/// says why not; legal ones play).
pub fn setups_and_moves(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else { return };
    let ids = presets();
    let rules: AnyRules = ids[pick as usize % ids.len()].parse().unwrap();
    let t = text(rest);
    let (setup, moves) = t.split_once('\n').unwrap_or((&t, ""));
    let start = match rules.parse_setup(setup) {
        Ok(p) => {
            assert_eq!(rules.parse_setup(&p.to_string()).as_ref(), Ok(&p), "{rules} {setup}");
            p
        }
        Err(_) => rules.start(),
    };
    let mut p: AnyPosition = start;
    for token in p.split_moves(moves).into_iter().take(64) {
        if let Ok(m) = p.parse_move(token) {
            if let Ok((next, _)) = p.play(m) {
                p = next;
            }
        }
    }
}

/// A game record (headers, moves, comments, side lines): a game and, if something was wrong,
/// a message; a record read without fault writes a record that reads back as the same game.
pub fn records(data: &[u8]) {
    let (g, e) = Game::from_record_lenient(&text(data));
    assert!(g.ply() <= g.moves().len());
    if e.is_none() {
        assert_eq!(Game::from_record_lenient(&g.record()).0, g);
    }
}

/// A line of a puzzles data file (the trainer reads them): what reads writes itself back the
/// same, and every text of it (the task, each step and each refutation in words) is made
/// without a panic.
pub fn puzzles(data: &[u8]) {
    let t = text(data);
    let line = t.lines().next().unwrap_or_default();
    if let Ok((p, rating)) = crate::puzzles::Puzzle::parse(line) {
        assert_eq!(p.record(rating), line);
        let _ = crate::puzzles::words::task(&p);
        let mut pos = p.start.clone();
        let mut refuted = p.refutations.iter();
        for step in &p.solution.line {
            if step.player {
                for r in refuted.next().expect("a player step's refutations") {
                    assert!(!crate::puzzles::words::refuted(&pos, r, p.solution.goal).is_empty());
                }
            }
            let _ = crate::puzzles::words::line(&pos, &step.moves[..1], p.start.turn());
            pos = pos.play(step.moves[0]).expect("a parsed move is legal").0;
        }
    }
}

/// A short game's value as text (`{1|*}`, `↑*`, `-1/2`): what parses shows as text that parses
/// back to the same game.
pub fn cgt_values(data: &[u8]) {
    let mut t = Games::new();
    let s = text(data);
    if let Ok(g) = t.parse(&s) {
        let shown = t.show(g);
        assert_eq!(t.parse(&shown).ok(), Some(g), "{s} → {shown}");
    }
}

/// A message to the search worker: every message gets an answer, never a panic. Analyses and
/// solves run with their budgets cut to a few milliseconds, depth 6 and 16 MiB (so that no
/// input is slow for being valid); the databases' and the labs' tasks are parsed and answered
/// when they are faulty, their long valid runs left to their own tests.
pub fn worker_messages(data: &[u8]) {
    use crate::web::worker::protocol::{Request, Task};
    let t = text(data);
    let text = match serde_json::from_str::<Request>(&t) {
        Ok(mut req) => {
            match &mut req.task {
                Task::Analyze { max_depth, time_ms, table_mib, .. } => {
                    (*max_depth, *time_ms, *table_mib) =
                        ((*max_depth).min(6), (*time_ms).clamp(1, 20), (*table_mib).min(16));
                }
                Task::Solve { memory_mib, time_ms, .. } => {
                    (*memory_mib, *time_ms) = ((*memory_mib).min(16), (*time_ms).clamp(1, 20));
                }
                Task::Endgame(_) | Task::Lab(_) => return,
            }
            serde_json::to_string(&req).unwrap()
        }
        Err(_) => t.into_owned(),
    };
    let start = std::time::Instant::now();
    let now = move || start.elapsed().as_secs_f64() * 1000.0;
    let mut replies = 0;
    crate::web::worker::handle(&text, &now, &mut |_| replies += 1);
    assert!(replies >= 1, "every message gets an answer: {text}");
}
