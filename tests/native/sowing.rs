//! Conway's Sowing: the paper's worked examples.

use super::*;

/// Conway's Sowing: every worked example of the paper's §2 (data/sowing_moves.tsv), the moves
/// of each position and the positions they lead to.
#[test]
fn sowing_moves_of_the_paper() {
    let mut checked = 0;
    for r in rows("sowing_moves.tsv") {
        let rules: AnyRules = r[0].parse().unwrap();
        let p = rules.parse_setup(&r[1]).unwrap_or_else(|e| panic!("{}: {e}", r[1]));
        let mut after: Vec<String> = p
            .legal_moves()
            .into_iter()
            .map(|m| p.play(m).unwrap().0.to_string().split('-').next().unwrap().to_string())
            .collect();
        after.sort();
        let want: Vec<String> = if r[2] == "-" { vec![] } else { r[2].split(' ').map(String::from).collect() };
        assert_eq!(after, want, "{} {} ({})", r[0], r[1], r[3]);
        if want.is_empty() {
            assert!(
                matches!(p.outcome(), Some(Outcome::Win(w)) if w != p.turn()),
                "{}: the player to move loses",
                r[1]
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 10, "every row of the table was checked");
}

/// The default hash seed of a row game is FNV-1a of its key: the published vector for "a",
/// and every registered row game's key gives its own.
#[test]
fn the_default_hash_seed_is_fnv_1a_of_the_key() {
    use mancala_lab::families::row::hash_seed;
    assert_eq!(hash_seed(""), 0xCBF2_9CE4_8422_2325);
    assert_eq!(hash_seed("a"), 0xAF63_DC4C_8601_EC8C);
    let keys: Vec<&str> = mancala_lab::families::FamilyId::ALL.iter().map(|f| f.key()).collect();
    let mut seeds: Vec<u64> = keys.iter().map(|k| hash_seed(k)).collect();
    seeds.sort_unstable();
    seeds.dedup();
    assert_eq!(seeds.len(), keys.len(), "{keys:?}");
}
