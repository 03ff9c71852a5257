//! The Oware family (Oware, Awari, Ayo, Wari): perft and replayed games against the independent
//! reference (`scripts/oware_reference.py`), the endings of repeated positions and Ayo's stall.

use super::*;
use mancala_lab::families::oware::Oware;

fn position(rules: &str, setup: &str) -> Oware {
    let r: AnyRules = rules.parse().unwrap();
    *<&Oware>::try_from(&r.parse_setup(setup).unwrap()).unwrap()
}

/// The Oware family against an independent plain reading of its rules
/// (`scripts/oware_reference.py`): perft counts, and games replayed to the same final board,
/// captures, side to move and end.
#[test]
fn oware_family_agrees_with_the_reference() {
    let rows = rows("oware_perft.tsv");
    let (mut perfts, mut games) = (0, 0);
    for r in &rows {
        let rules: AnyRules = r[1].parse().unwrap_or_else(|e| panic!("{r:?}: {e}"));
        let start = rules.start();
        match r[0].as_str() {
            "perft" => {
                let depth: u32 = r[2].parse().unwrap();
                assert_eq!(start.perft(depth), r[3].parse::<u64>().unwrap(), "{r:?}");
                if depth <= 4 {
                    assert_eq!(slow_perft(&start, depth), r[3].parse::<u64>().unwrap(), "{r:?}");
                }
                perfts += 1;
            }
            "game" => {
                let mut p = start.clone();
                for (k, c) in r[3].chars().enumerate() {
                    let m = p.parse_move(&c.to_string()).unwrap();
                    p = p.play(m).unwrap_or_else(|e| panic!("{r:?}: move {} ({c}): {}", k + 1, e.reason)).0;
                }
                let AnyPosition::Oware(o) = &p else { panic!("not an Oware position") };
                let pits: Vec<String> = o
                    .row(mancala_lab::engine::Player::South)
                    .into_iter()
                    .chain(o.row(mancala_lab::engine::Player::North))
                    .map(|x| x.to_string())
                    .collect();
                let c = o.captured();
                let got =
                    (pits.join("."), format!("{}.{}", c.south, c.north), p.turn().letter().to_string(), o.is_over());
                assert_eq!(got, (r[4].clone(), r[5].clone(), r[6].clone(), r[7] == "1"), "{r:?}");
                games += 1;
            }
            other => panic!("unknown row kind {other}"),
        }
    }
    assert_eq!((perfts, games), (62, 45), "every row is read");
}

/// The Oware family against a second, independent implementation of its rules with their
/// endings (`scripts/oware_reference.c`, written in C from the rules cards and the papers, not
/// from this code; `data/oware_reference.tsv`): 1,700 pseudo-random games of 17 rule sets, each
/// replayed as a game (the rules' endings applied) to the same last move, ending (repetition,
/// Ayo's stall, a player who cannot move or feed, Oware's majority), score and side to move,
/// every ending of every rule set reached; and perft from the 6-pit starts. (The reference's
/// perft stops a line at a repetition or a stall, as a game does; the engine's perft counts the
/// position's moves: on the small boards, where those endings come within ten moves, the two
/// are different counts and only the games are compared.)
#[test]
fn oware_family_agrees_with_the_c_reference() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/oware_reference.tsv")).unwrap();
    let (mut perfts, mut games) = (0, 0);
    let mut endings = std::collections::BTreeSet::new();
    for r in mancala_lab::data::rows(&text) {
        match r[0] {
            "perft" if r[1].contains("-6-") => {
                let start = r[1].parse::<AnyRules>().unwrap().start();
                assert_eq!(start.perft(r[2].parse().unwrap()), r[3].parse::<u64>().unwrap(), "{r:?}");
                perfts += 1;
            }
            "game" => {
                let mut g = Game::new(r[1].parse::<AnyRules>().unwrap().start());
                let moves: Vec<char> = r[3].chars().collect();
                for (k, c) in moves.iter().enumerate() {
                    assert!(g.position().outcome().is_none(), "{r:?}: over before move {}", k + 1);
                    let m = g.position().parse_move(&c.to_string()).unwrap();
                    g.play(m).unwrap_or_else(|e| panic!("{r:?}: move {} ({c}): {e}", k + 1));
                }
                let AnyPosition::Oware(o) = g.position() else { panic!("not an Oware position") };
                assert!(o.is_over(), "{r:?}: not over");
                let c = o.captured();
                let total = 2 * o.rules().pits() as u32 * o.rules().seeds();
                let ending = if o.repeated() {
                    "repetition"
                } else if o.stalled() {
                    "stall"
                } else if o.board_seeds() > 0 && c.south.max(c.north) * 2 > total && r[1].starts_with("oware") {
                    // (The other endings of Oware give each player his side: the board empties.)
                    "majority"
                } else if o.board_seeds() == 0 && c.south + c.north == total {
                    "empty or no-move"
                } else {
                    "no-move"
                };
                let want_ending = match r[7] {
                    "empty" | "no-move" if ending == "empty or no-move" => ending,
                    e => e,
                };
                let got = (format!("{}.{}", c.south, c.north), g.position().turn().letter().to_string(), ending);
                assert_eq!(got, (r[6].to_string(), r[5].to_string(), want_ending), "{r:?}");
                endings.insert((r[1].split('-').next().unwrap().to_string(), r[7].to_string()));
                games += 1;
            }
            _ => {}
        }
    }
    assert_eq!((perfts, games), (30, 1700), "every row is read");
    // Every ending each rule set can reach (Wari's repetition only on its 2-pit board; no
    // majority outside Oware, no stall outside Ayo).
    for (set, ending) in [
        ("awari", "repetition"),
        ("awari", "no-move"),
        ("awari", "empty"),
        ("oware", "repetition"),
        ("oware", "no-move"),
        ("oware", "majority"),
        ("ayo", "repetition"),
        ("ayo", "stall"),
        ("ayo", "no-move"),
        ("wari", "repetition"),
        ("wari", "no-move"),
        ("wari", "empty"),
    ] {
        assert!(endings.contains(&(set.to_string(), ending.to_string())), "{set}: no game ended by {ending}");
    }
}

/// A game that goes round in circles ends at the first repeated position: Oware and Ayo with
/// each player taking his side's seeds, Awari with the seeds left shared (kept on the board,
/// counted for neither).
#[test]
fn a_repeated_position_ends_the_game() {
    // From the reference's first pseudo-random Oware game, which ends in a cycle of
    // a, b, c, d, e, f moves by both sides.
    let rows: Vec<Vec<&str>> = mancala_lab::data::rows(mancala_lab::data::OWARE_PERFT).collect();
    let line = rows.iter().find(|r| r[0] == "game" && r[1] == "oware-6-4" && r[2] == "1").unwrap()[3];
    for (rules, taken) in [("oware", true), ("awari", false)] {
        let mut g = Game::new(rules.parse::<AnyRules>().unwrap().start());
        let mut played = 0;
        for c in line.chars() {
            let m = g.position().parse_move(&c.to_string()).unwrap();
            if g.play(m).is_err() {
                break;
            }
            played += 1;
        }
        let AnyPosition::Oware(p) = g.position() else { unreachable!() };
        assert!(p.is_over() && p.repeated(), "{rules}: {p:?}");
        assert!(played < line.len(), "{rules}: the cycle is cut short");
        assert_eq!(p.board_seeds() == 0, taken, "{rules}: {p:?}");
        assert!(g.position().status().contains("a position repeated"), "{}", g.position().status());
    }
}

/// Ayo: "if there are so few stones on the board that neither player can ever capture, but
/// both players will always have a legal move, the game is over and each player is awarded
/// the stones on his or her own side" (Broline & Loeb §2). The paper's example has a stone on
/// each side; the record ends the game as soon as such a position is reached.
#[test]
fn ayo_ends_when_no_capture_can_happen_again() {
    // One stone a side, in each player's last pit: they chase each other round the board.
    // Such a setup is over at once.
    let stuck = position("ayo", "0.0.0.0.0.1-0.0.0.0.0.1-23.23-s");
    assert!(stuck.is_over() && stuck.stalled() && !stuck.captures_impossible());
    assert_eq!((stuck.captured().south, stuck.captured().north), (24, 24));
    // A capture is reachable: North's stone in a, South's in f; f makes it 2.
    assert!(!position("ayo", "0.0.0.0.0.1-1.0.0.0.0.0-23.23-s").captures_impossible());
    // A lone stone: the one who sows it across leaves the other a move, who then cannot
    // leave one back, which ends the game otherwise (all the stones to him).
    assert!(!position("ayo", "0.0.0.0.0.1-0.0.0.0.0.0-24.23-s").captures_impossible());
    // The other rule sets have no such ending.
    let awari = position("awari", "0.0.0.0.0.1-0.0.0.0.0.1-23.23-s");
    assert!(!awari.is_over() && !awari.captures_impossible());
    // South's f captures North's a (2 stones); North's b and f are left, no capture can
    // happen again, and North is awarded them: 24 to 24.
    let start = position("ayo", "0.0.0.0.0.1-1.1.0.0.0.1-22.22-s");
    assert!(!start.is_over());
    let mut g = Game::new(AnyPosition::Oware(start));
    g.play(AnyPosition::Oware(start).parse_move("f").unwrap()).unwrap();
    let AnyPosition::Oware(p) = g.position() else { unreachable!() };
    assert!(p.is_over() && p.stalled() && !p.repeated(), "{p:?}");
    assert_eq!((p.captured().south, p.captured().north, p.board_seeds()), (24, 24, 0));
    assert_eq!(
        g.position().status(),
        "Game over (no capture can happen again: each player was awarded the seeds on his side): Draw, 24 to 24 captured."
    );
}

/// Plays a line from a setup of `rules` (the start when `setup` is empty); the game it makes.
fn played(rules: &str, setup: &str, line: &str) -> Game {
    let r: AnyRules = rules.parse().unwrap();
    let start = if setup.is_empty() { r.start() } else { r.parse_setup(setup).unwrap() };
    let mut g = Game::new(start);
    for c in line.chars() {
        let m = g.position().parse_move(&c.to_string()).unwrap();
        g.play(m).unwrap_or_else(|e| panic!("{rules} {line}: {c}: {e}"));
    }
    g
}

/// Ayo ends a repeated position as Oware does: each player takes the seeds on his side (a
/// random game found to go round, 63 moves from the start).
#[test]
fn a_repeated_position_ends_ayo_each_taking_his_side() {
    let line = "cdffbbfaddfefcdfbefdcbeedaabffcbfabcefbbcdcffcdeeffabdcedbecffa";
    let g = played("ayo", "", line);
    let p = <&Oware>::try_from(g.position()).unwrap();
    assert!(p.is_over() && p.repeated() && !p.stalled(), "{p:?}");
    assert_eq!(p.board_seeds(), 0, "each took his side");
    assert_eq!(p.captured().south + p.captured().north, 48);
    assert!(g.position().status().contains("a position repeated: each player took the seeds on his side"));
    // One move short, the game goes on.
    assert!(played("ayo", "", &line[..line.len() - 1]).position().outcome().is_none());
}

/// Wari ends a repeated position with the seeds left counted for nobody: they stay on the
/// board, the captures unchanged (a cycle of 40 moves without capture, found by a search).
#[test]
fn a_repeated_position_ends_wari_the_rest_for_nobody() {
    let (setup, prefix, cycle) =
        ("3.3.3.3.3.2-2.3.2.0.3.1-0.0-s", "caeafeab", "cfdbfcbefadcaecfeabcddbffbcdefaacceefbad");
    let g = played("wari", setup, &format!("{prefix}{cycle}"));
    let p = <&Oware>::try_from(g.position()).unwrap();
    assert!(p.is_over() && p.repeated(), "{p:?}");
    assert_eq!((p.captured().south, p.captured().north), (0, 0), "nobody gets the rest");
    assert_eq!(p.board_seeds(), 28, "every seed stays on the board");
    assert!(g.position().status().contains("a position repeated"), "{}", g.position().status());
    let short = played("wari", setup, &format!("{prefix}{}", &cycle[..cycle.len() - 1]));
    assert!(short.position().outcome().is_none());
}

/// Ayo's stall ("neither player can ever capture, but both will always have a move"): every
/// such position of the boards the rules card names — 2 to 4 pits a side with up to 9 seeds, 6
/// pits with up to 7 — holds 2 or 3 seeds, as the card says.
#[test]
fn ayos_stalled_positions_hold_two_or_three_seeds() {
    use mancala_lab::engine::ByPlayer;
    use mancala_lab::families::oware::{OwareRules, OwareSetup, Ruleset};
    let mut stalled = 0;
    for (pits, most) in [(2usize, 9usize), (3, 9), (4, 9), (6, 7)] {
        let rules = OwareRules::new(Ruleset::Ayo, pits as u32, 0, false).unwrap();
        for k in 0..=most {
            for board in super::databases::boards(2 * pits, k) {
                let row = |r: &[u8]| r.iter().map(|&x| x as u32).collect();
                let setup = OwareSetup {
                    south: row(&board[..pits]),
                    north: row(&board[pits..]),
                    captured: ByPlayer { south: 0, north: 0 },
                    turn: Player::South,
                };
                let p = setup.validate(rules).unwrap();
                if p.stalled() {
                    assert!(matches!(k, 2 | 3), "{rules} {board:?}");
                    stalled += 1;
                }
            }
        }
    }
    assert!(stalled > 0);
}

/// Grand slams illegal (`-gi`): a grand slam is played only when every move left is one, also
/// among the moves that feed an opponent without seeds (found by the C reference: the engine
/// once allowed a feeding grand slam beside a plain feeding move).
#[test]
fn a_feeding_grand_slam_is_refused_where_a_plain_move_feeds() {
    // South's a sows round to leave North 2 and 2, its last seed taking both: a grand slam.
    let gi = position("oware-2-4-gi", "6.1-0.0-0.0-s");
    assert_eq!(gi.legal_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["b"]);
    assert!(gi.grand_slam(0));
    let plain = position("oware-2-4", "6.1-0.0-0.0-s");
    assert_eq!(plain.legal_moves().len(), 2, "Abapa plays it, capturing nothing");
}
