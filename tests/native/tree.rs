//! A game is a tree: playing from an earlier ply adds a side line and never cuts one; links
//! and records carry the tree, the line and the ply on screen, and the players.

use super::*;
use mancala_lab::notation::{LinkError, Opponent, TreeFault};

fn kalah(moves: &str) -> Game {
    format!("rules=kalah-6-4&moves={moves}").parse().unwrap()
}

fn mv(g: &Game, s: &str) -> AnyMove {
    g.position().parse_move(s).unwrap()
}

#[test]
fn playing_from_an_earlier_ply_adds_a_side_line() {
    // The audit's game: `fabcde`, then back to the start and play `c`.
    let mut g = kalah("fabcde");
    assert_eq!(g.moves().len(), 6);
    g.goto(0);
    let c = mv(&g, "c");
    g.play(c).unwrap();
    assert_eq!(g.moves(), &[c], "the line on screen is the new one");
    assert_eq!(g.len(), 7, "the main line is kept");
    assert_eq!(g.to_string(), "rules=kalah-6-4&moves=f(c)abcde&line=2");
    // Back to the main line: its node is still there, with all its moves.
    let main = g.main_line();
    g.select(*main.last().unwrap());
    assert_eq!(g.moves().len(), 6);
    // Playing the main line's next move from an earlier ply follows it, adding nothing.
    g.goto(2);
    let next = g.moves()[2];
    g.play(next).unwrap();
    assert_eq!((g.ply(), g.len()), (3, 7));
}

#[test]
fn a_move_already_in_the_tree_is_followed_not_added() {
    let mut g = kalah("fa(cd)bcde");
    g.goto(1);
    let c = mv(&g, "c");
    g.play(c).unwrap();
    assert_eq!(g.len(), 8);
    assert_eq!(g.ply(), 2);
    assert_eq!(g.moves().len(), 3, "the side line c d");
}

#[test]
fn side_lines_promote_and_delete() {
    let mut g = kalah("fa(cd)(e)bcde");
    assert_eq!(g.len(), 9);
    let f = g.main_line()[1];
    let side = g.children(f)[1];
    assert_eq!(g.move_of(side).unwrap().to_string(), "c");
    assert!(!g.is_main(side));
    g.select(side);
    g.promote(side);
    assert!(g.is_main(side));
    assert_eq!(g.to_string(), "rules=kalah-6-4&moves=fc(abcde)(e)d&ply=2");
    // Deleting the node on screen shows its parent; the rest of the tree stays.
    let on_screen = g.node();
    g.delete(on_screen);
    assert_eq!(g.to_string(), "rules=kalah-6-4&moves=fa(e)bcde&ply=1");
    assert_eq!(g.len(), 7);
    // The start cannot be deleted.
    g.delete(0);
    assert_eq!(g.len(), 7);
}

#[test]
fn links_reopen_the_same_node() {
    let mut g = kalah("fa(cd)bcde");
    let f = g.main_line()[1];
    let c = g.children(f)[1];
    g.select(c);
    let d = g.line()[3];
    g.select(d);
    g.goto(2);
    g.set_player(mancala_lab::engine::Player::North, Opponent::Hard);
    let text = g.to_string();
    assert_eq!(text, "rules=kalah-6-4&moves=fa(cd)bcde&line=4&ply=2&north=hard");
    let back: Game = text.parse().unwrap();
    assert_eq!(back, g);
    assert_eq!(back.node(), back.line()[2]);
    assert_eq!(back.move_of(back.node()).unwrap().to_string(), "c");
    assert_eq!(*back.players().get(mancala_lab::engine::Player::North), Opponent::Hard);
}

#[test]
fn comments_travel_percent_encoded_and_in_records() {
    let mut g = kalah("fab");
    let a = g.line()[2];
    g.set_comment(a, "a quiet move & {braces} #1");
    assert_eq!(g.comment(a), "a quiet move & (braces) #1");
    let text = g.to_string();
    assert!(text.contains("moves=fa%7Ba%20quiet%20move%20%26%20(braces)%20%231%7Db"), "{text}");
    let back: Game = text.parse().unwrap();
    assert_eq!(back, g);
    let record = g.record();
    assert_eq!(
        record,
        "[Rules \"kalah-6-4\"]\n[South \"human\"]\n[North \"human\"]\n\nf a {a quiet move & (braces) #1} b\n"
    );
    let (r, e) = Game::from_record_lenient(&record);
    assert_eq!(e, None);
    assert_eq!(r, g);
}

#[test]
fn records_round_trip_with_setup_line_ply_and_result() {
    let mut g: Game = "rules=tchoukaillon&setup=1.2.2.4-0&moves=1.2(4)1&ply=1".parse().unwrap();
    g.set_player(mancala_lab::engine::Player::South, Opponent::Easy);
    let record = g.record();
    assert!(record.contains("[Setup \"1.2.2.4-0\"]"), "{record}");
    assert!(record.contains("1 2 (4) 1"), "{record}");
    let (back, e) = Game::from_record_lenient(&record);
    assert_eq!(e, None);
    assert_eq!(back, g);
    // Headers in any case, moves over several lines, an unknown header ignored.
    let text = "[rules \"kalah-6-4\"]\n[Event \"club night\"]\nf a\n(c d)\nb\n";
    let (r, e) = Game::from_record_lenient(text);
    assert_eq!(e, None);
    assert_eq!(r.to_string(), "rules=kalah-6-4&moves=fa(cd)b");
    // A line that is not a header says where it is.
    let (_, e) = Game::from_record_lenient("[Rules kalah]\nf");
    assert_eq!(e, Some(LinkError::Header(1, "[Rules kalah]".into())));
}

#[test]
fn a_records_headers_come_first_and_an_empty_record_is_refused() {
    // A header-shaped line inside a comment is the comment's text, not a header.
    let (g, e) = Game::from_record_lenient("[Rules \"kalah-6-4\"]\n\nc {a note\n[Rules \"awari\"]\nend} f\n");
    assert_eq!(e, None);
    assert_eq!(g.rules().to_string(), "kalah-6-4");
    assert_eq!(g.moves().len(), 2);
    assert_eq!(g.comment(1), "a note [Rules \"awari\"] end");
    // After the moves have begun, a header-shaped line outside a comment is a fault of the moves.
    let (g, e) = Game::from_record_lenient("[Rules \"kalah-6-4\"]\nc\n[Rules \"awari\"]\nf\n");
    assert_eq!(g.rules().to_string(), "kalah-6-4");
    assert!(matches!(e, Some(LinkError::Move { index: 2, .. })), "{e:?}");
    // An empty record (an empty file, or only blank lines) opens nothing.
    for text in ["", "\n\n", "\u{FEFF}", "  \n\t\n"] {
        let (_, e) = Game::from_record_lenient(text);
        assert_eq!(e, Some(LinkError::EmptyRecord), "{text:?}");
        assert_eq!(e.unwrap().to_string(), "record: the record is empty: it has no header [Rules \"...\"] and no move");
    }
    // Headers alone are a game at its start.
    let (g, e) = Game::from_record_lenient("[Rules \"awari\"]\n");
    assert_eq!((e, g.moves().len(), g.rules().to_string()), (None, 0, "awari-6-4".to_string()));
}

#[test]
fn records_read_a_byte_order_mark_and_the_move_lists_numbers() {
    // A file saved with a byte-order mark.
    let (g, e) = Game::from_record_lenient("\u{FEFF}[Rules \"kalah-6-4\"]\n\nf a b\n");
    assert_eq!(e, None);
    assert_eq!(g.to_string(), "rules=kalah-6-4&moves=fab");
    // The move list's numbering, with or without the players' names, and numbers joined.
    for text in ["1. f a 2. b c", "1. South f 2. North a 3. South b c", "1.f a 2.b c", "1... f a b"] {
        let (g, e) = Game::from_record_lenient(text);
        assert_eq!(e, None, "{text}");
        assert!(g.to_string().starts_with("rules=kalah-6-4&moves=fab"), "{text}: {g}");
    }
    // Where a number is a move (Tchoukaillon's pits), it is read as one.
    let (g, e) = Game::from_record_lenient("[Rules \"tchoukaillon\"]\n[Setup \"1.2.2.4-0\"]\n1 2");
    assert_eq!((e, g.moves().len()), (None, 2));
    // A refusal names the characters it cannot show.
    let (_, e) = Game::from_record_lenient("f \u{202E}a");
    let text = e.expect("a fault").message(&g);
    assert!(text.contains("<U+202E>") && !text.contains('\u{202E}'), "{text}");
}

#[test]
fn tree_faults_say_where_and_keep_what_was_read() {
    // The index is the moves read before the fault: an unclosed '(' is reported where it opened.
    let cases: [(&str, TreeFault, usize, usize); 6] = [
        ("(f)", TreeFault::OpenBeforeMove, 0, 0),
        ("fa)b", TreeFault::CloseWithoutOpen, 2, 2),
        ("fa(c", TreeFault::Unclosed, 2, 2),
        ("fa(c(d)b", TreeFault::Unclosed, 2, 2),
        ("fa{oops", TreeFault::CommentUnclosed, 2, 2),
        ("fa}", TreeFault::CloseCommentWithoutOpen, 2, 2),
    ];
    for (moves, fault, index, kept) in cases {
        let (g, e) = Game::from_query_lenient(&format!("rules=kalah-6-4&moves={moves}"));
        assert_eq!(e, Some(LinkError::Tree { index, fault }), "{moves}");
        assert_eq!(g.moves().len(), kept, "{moves}");
        assert!(!e.unwrap().message(&g).is_empty());
    }
    let (_, e) = Game::from_query_lenient("rules=kalah-6-4&moves=fa(c");
    assert_eq!(e.unwrap().to_string(), "moves: a side line '(' after move 2 is not closed; it was read to the end");
    let (_, e) = Game::from_query_lenient("rules=kalah-6-4&moves=fa}");
    assert_eq!(e.unwrap().to_string(), "moves: a '}' after move 2 closes no comment");
    // A record past its limit says so in a record's words.
    let (_, e) = Game::from_record_lenient(&"f".repeat(mancala_lab::notation::MAX_RECORD + 1));
    assert_eq!(e.unwrap().to_string(), "record: the record is 400001 bytes long: at most 400,000");
    let deep = "f".to_string() + &"(a".repeat(70);
    let (_, e) = Game::from_query_lenient(&format!("rules=kalah-6-4&moves={deep}"));
    assert!(matches!(e, Some(LinkError::Tree { fault: TreeFault::TooDeep, .. })), "{e:?}");
    let (g, e) = Game::from_query_lenient("rules=kalah-6-4&moves=fa&line=9");
    assert_eq!(e.unwrap().to_string(), "line: line 9 is not a move of the game (it has 2 moves in all)");
    assert_eq!(g.moves().len(), 2);
    let (g, e) = Game::from_query_lenient("rules=kalah-6-4&moves=fa&south=grandmaster");
    assert_eq!(e.unwrap().message(&g), "south: 'grandmaster' is not a player (human, random, easy, medium, hard, expert or perfect); showing a person playing that side");
    assert_eq!(g.moves().len(), 2);
}

#[test]
fn old_links_read_as_before() {
    let g = kalah("fabcde&ply=3");
    assert_eq!((g.ply(), g.moves().len(), g.len()), (3, 6, 6));
    assert_eq!(g.to_string(), "rules=kalah-6-4&moves=fabcde&ply=3");
    // A family whose moves are joined by dots.
    let s: Game = "rules=sowing&moves=1r.4l".parse().unwrap();
    assert_eq!(s.to_string(), "rules=sowing&moves=1r.4l");
    let mut t = s.clone();
    t.goto(1);
    let other = t.position().legal_moves().into_iter().find(|&m| Some(m) != s.moves().get(1).copied()).unwrap();
    t.play(other).unwrap();
    let text = t.to_string();
    assert!(text.starts_with("rules=sowing&moves=1r.4l(") && text.ends_with(")&line=3"), "{text}");
    assert_eq!(text.parse::<Game>().unwrap(), t);
}
