//! Notation and links: presets, percent-decoding, bad links' messages.

use super::*;

#[test]
fn presets_parse_to_their_ids() {
    for (alias, id) in AnyRules::aliases() {
        let r: AnyRules = alias.parse().unwrap();
        assert_eq!(r.to_string(), *id);
    }
    let k: Kalah = match "kalah-6-4".parse::<AnyRules>().unwrap().start() {
        AnyPosition::Kalah(k) => k,
        _ => panic!(),
    };
    assert_eq!(k.rules(), KalahRules::standard(6, 4).unwrap());
}

/// Links are percent-decoded before they are read, and a fault quotes the decoded text
/// (defect 5 of issue 15: `C%20F` failed with "'%' is not a pit letter").
#[test]
fn links_are_percent_decoded() {
    let g: Game = "rules=kalah-6-4&moves=C%20F".parse().unwrap();
    assert_eq!(g.moves().len(), 2);
    assert_eq!(g.to_string(), "rules=kalah-6-4&moves=cf");
    let (_, e) = Game::from_query_lenient("rules=%3Cscript%3E");
    let e = e.unwrap();
    assert_eq!(e.part(), "rules");
    assert!(e.to_string().contains("unknown rules '<script>'"), "{e}");
    let (g, e) = Game::from_query_lenient("rules=kalah-6-4&moves=c&ply=12345678901234567890");
    let msg = e.unwrap().message(&g);
    assert!(msg.contains("ply 12345678901234567890 is past the end of the game's line (1 move)"), "{msg}");
    assert!(msg.ends_with("showing the last position"), "{msg}");
    // A lone or broken escape stays as it is.
    assert_eq!(mancala_lab::notation::percent_decode("50%"), "50%");
    assert_eq!(mancala_lab::notation::percent_decode("%zz%4"), "%zz%4");
    assert_eq!(mancala_lab::notation::percent_decode("%C3%A9"), "é");
}

/// The CLI's message for a bad link names the fault without what the page would show.
#[test]
fn link_errors_say_the_fault_and_what_is_shown() {
    let (g, e) = Game::from_query_lenient("rules=kalah-6-4&moves=cfz");
    let e = e.unwrap();
    assert_eq!(e.to_string(), "moves: move 3 'z' is not a pit: this board's pits are a to f");
    assert_eq!(
        e.message(&g),
        "moves: move 3 'z' is not a pit: this board's pits are a to f; showing the game up to move 2"
    );
    let (g, e) = Game::from_query_lenient("rules=kalah-6-4&moves=cc");
    let e = e.unwrap();
    assert_eq!(e.part(), "moves");
    assert_eq!(
        e.message(&g),
        "moves: move 2 (c) is illegal: pit c is empty; the moves are valid up to move 1; showing the game up to move 1"
    );
}

/// Text quoted from a link shows its control and bidirectional characters, so that a
/// right-to-left override cannot reverse the message around it.
#[test]
fn quoted_link_text_shows_control_characters() {
    let (g, e) = Game::from_query_lenient("rules=kalah%E2%80%AE-6-4%0A");
    let msg = e.unwrap().message(&g);
    assert!(msg.contains("unknown rules 'kalah<U+202E>-6-4<U+000A>'"), "{msg}");
    assert!(!msg.contains('\u{202E}'));
}
