//! The rules that tell the family's games apart, each on a position made to show it.

use crate::engine::{IllegalMove, Player, Position};
use crate::families::{AnyPosition, AnyRules};

fn position(rules: &str, setup: &str) -> super::Oware {
    let r: AnyRules = rules.parse().unwrap();
    match r.parse_setup(setup).unwrap() {
        AnyPosition::Oware(p) => p,
        _ => unreachable!(),
    }
}

fn mv(c: char) -> super::OwareMove {
    super::OwareMove(c as u8 - b'a')
}

/// South's f (2 seeds) would capture North's last two seeds: a grand slam.
const SLAM: &str = "1.0.0.0.0.2-1.1.0.0.0.0-0.0-s";

#[test]
fn a_grand_slam_captures_nothing_in_oware() {
    let p = position("oware", SLAM);
    assert!(p.grand_slam(5));
    let (q, _) = p.play(mv('f')).unwrap();
    assert_eq!((q.row(Player::North), q.captured().south), (vec![2, 2, 0, 0, 0, 0], 0));
}

#[test]
fn a_grand_slam_is_refused_where_the_rules_say() {
    for (rules, says) in [
        ("oware-6-4-gi", "grand slam: f would capture every seed of North, which these rules forbid"),
        ("awari", "f would leave North without a move, and another move leaves one"),
        ("ayo", "f would leave North without a move, and another move leaves one"),
    ] {
        let p = position(rules, SLAM);
        let e = p.play(mv('f')).unwrap_err();
        assert_eq!(e.reason.to_string(), says, "{rules}");
        assert_eq!(p.legal_moves(), vec![mv('a')], "{rules}");
    }
    // With no other move, the slam is played: Oware (-gi) captures nothing, Awari captures.
    let only = "0.0.0.0.0.2-1.1.0.0.0.0-0.0-s";
    let (q, _) = position("oware-6-4-gi", only).play(mv('f')).unwrap();
    assert_eq!(q.captured().south, 0);
    let (q, _) = position("awari", only).play(mv('f')).unwrap();
    // Awari: four captured; North has no seed, so the game ends (nothing is left to award).
    assert_eq!((q.captured().south, q.is_over()), (4, true));
}

#[test]
fn ayo_awards_the_seeds_left_when_no_move_leaves_the_opponent_one() {
    // Ayo: South's only move captures all of North's seeds: the game is over at once and South,
    // to move, is awarded every seed left.
    let p = position("ayo", "0.0.0.0.0.2-1.1.0.0.0.0-0.0-s");
    assert!(p.is_over());
    assert_eq!(p.captured().south, 4);
    assert_eq!(p.outcome(), Some(crate::engine::Outcome::Win(Player::South)));
}

#[test]
fn an_opponent_without_seeds_must_be_fed_in_oware() {
    let p = position("oware", "1.0.0.0.0.1-0.0.0.0.0.0-0.0-s");
    assert_eq!(p.legal_moves(), vec![mv('f')]);
    assert_eq!(p.play(mv('a')).unwrap_err().reason, IllegalMove::MustFeed { mv: "a".into(), opponent: Player::North });
    // Nobody can feed North: the game ends, each player taking the seeds on his side.
    let p = position("oware", "1.0.0.0.0.0-0.0.0.0.0.0-5.6-s");
    assert!(p.is_over());
    assert_eq!((p.captured().south, p.captured().north), (6, 6));
}

#[test]
fn oware_ends_when_a_player_has_more_than_half() {
    let p = position("oware", "1.0.0.0.0.0-1.0.0.0.0.0-25.21-n");
    assert!(p.is_over());
    assert_eq!(p.outcome(), Some(crate::engine::Outcome::Win(Player::South)));
}

#[test]
fn wari_sows_the_pit_itself_and_passes_when_a_player_cannot_move() {
    // South cannot move (no pit of two): North moves again.
    let p = position("wari", "1.0.0.0.0.0-0.0.0.0.0.3-0.0-s");
    assert_eq!(p.turn(), Player::North);
    // North's f (3 seeds): f itself, then South's a and b; b then holds 1, a 2: no capture
    // at b (1), so nothing.
    let (q, _) = p.play(mv('f')).unwrap();
    assert_eq!((q.row(Player::South), q.row(Player::North)), (vec![2, 1, 0, 0, 0, 0], vec![0, 0, 0, 0, 0, 1]));
    // A pit of one seed is not sown.
    let p = position("wari", "2.1.0.0.0.0-0.0.0.0.0.2-0.0-s");
    assert!(matches!(p.play(mv('b')).unwrap_err().reason, IllegalMove::TooFewSeeds { holds: 1, needs: 2, .. }));
    // South's a: a gets 1, b gets 1 -> b holds 2: captured, and a (1) is not.
    let (q, _) = p.play(mv('a')).unwrap();
    assert_eq!((q.row(Player::South)[..2].to_vec(), q.captured().south), (vec![1, 0], 2));
}

#[test]
fn a_big_pit_skips_itself_on_every_lap() {
    // 12 seeds from South's a on 6 + 6 pits: 11 pits get one, the 12th goes to b (a is skipped).
    let p = position("oware", "12.0.0.0.0.0-1.1.1.1.1.1-0.0-s");
    let (q, _) = p.play(mv('a')).unwrap();
    assert_eq!(q.row(Player::South), vec![0, 2, 1, 1, 1, 1]);
    assert_eq!(q.row(Player::North), vec![2, 2, 2, 2, 2, 2]);
}
