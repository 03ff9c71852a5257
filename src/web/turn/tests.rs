//! The turn controller against the page's actions: every user action, in every state of the
//! computer, leaves a game that goes on.

use proptest::prelude::*;

use super::*;

fn game(link: &str) -> Game {
    link.parse().expect("a valid link")
}

const FREE: View = View { previewing: false, animating: false };

/// The page as far as turns go: the game, the controller and the view, with the computer's
/// workers answering when asked.
struct Page {
    game: Game,
    turn: Turn,
    view: View,
    next_id: u32,
}

impl Page {
    fn new(link: &str) -> Page {
        Page { game: game(link), turn: Turn::default(), view: FREE, next_id: 0 }
    }

    /// What the page's effect does after each render: asks for a wanted move.
    fn ask(&mut self) -> Option<u32> {
        let due = self.turn.wanted(&self.game)?;
        self.next_id += 1;
        self.turn.thinking(&self.game, due, self.next_id);
        Some(self.next_id)
    }

    /// The computer's worker answers the request in flight with the first legal move.
    fn answer(&mut self) -> bool {
        let Some(Job::Thinking { due, .. }) = self.turn.job.clone() else { return false };
        let mv = self.game.last().legal_moves()[0];
        self.turn.answer(&self.game, due, mv, None);
        true
    }

    /// The controller settles, and the page plays the move it hands over.
    fn settle(&mut self) -> Option<Played> {
        let played = self.turn.settle(&self.game, self.view)?;
        self.game.play(played.mv).expect("a chosen move is legal at the end of the line");
        Some(played)
    }

    /// The promise: a job is always for the turn at the end of the line.
    fn check(&self) {
        if let Some(j) = &self.turn.job {
            assert_eq!(Some(j.due()), Due::of(&self.game).as_ref(), "a job for another turn");
        }
    }
}

#[test]
fn a_computer_to_move_at_the_end_is_due_and_a_person_is_not() {
    let g = game("rules=kalah-6-4&moves=a&north=easy");
    let due = Due::of(&g).expect("North, the computer, is to move");
    assert_eq!((due.side, due.who, due.node), (Player::North, Opponent::Easy, 1));
    assert_eq!(Due::of(&game("rules=kalah-6-4&moves=a")), None, "two people");
    // At an earlier ply the turn is still the end's.
    let mut g = game("rules=kalah-6-4&moves=a&north=easy");
    g.goto(0);
    assert_eq!(Due::of(&g).map(|d| d.node), Some(1));
    assert_eq!(Turn::default().status(&g), Status::Person);
}

#[test]
fn a_move_chosen_while_an_earlier_ply_is_shown_waits_for_the_end() {
    let mut page = Page::new("rules=kalah-6-4&moves=a&north=easy");
    page.ask().expect("asked");
    page.game.goto(0); // Undo while the computer thinks
    assert!(page.answer());
    assert_eq!(page.settle(), None, "held back at ply 0");
    assert_eq!(page.turn.held(&page.game, FREE), Some(Player::North));
    page.game.goto(1); // Redo
    let played = page.settle().expect("played at the end");
    assert_eq!(played.side, Player::North);
    assert_eq!(page.game.moves().len(), 2);
}

#[test]
fn a_preview_or_an_animation_holds_the_move_and_its_end_plays_it() {
    for view in [View { previewing: true, animating: false }, View { previewing: false, animating: true }] {
        let mut page = Page::new("rules=kalah-6-4&moves=a&north=easy");
        page.ask();
        page.view = view;
        page.answer();
        assert_eq!(page.settle(), None);
        page.view = FREE;
        assert!(page.settle().is_some(), "played once {view:?} ends");
    }
}

#[test]
fn a_new_end_of_the_line_drops_the_job_and_is_asked_for_again() {
    let mut page = Page::new("rules=kalah-6-4&moves=a&north=easy");
    page.ask();
    // A person plays another first move at the start: a side line whose end is North's again.
    page.game.goto(0);
    let b = page.game.position().legal_moves()[1];
    page.game.play(b).unwrap();
    page.settle();
    assert_eq!(page.turn.job, None, "the old turn's job is dropped");
    assert!(page.turn.wanted(&page.game).is_some(), "the new end is asked for");
    // An answer for the old turn is ignored.
    let old = Due::of(&game("rules=kalah-6-4&moves=a&north=easy")).unwrap();
    let mv = game("rules=kalah-6-4&moves=a").position().legal_moves()[0];
    page.turn.answer(&page.game, old, mv, None);
    assert_eq!(page.turn.job, None);
}

#[test]
fn switching_a_player_drops_or_asks() {
    let mut page = Page::new("rules=kalah-6-4&moves=a&north=easy");
    page.ask();
    page.game.set_player(Player::North, Opponent::Human);
    page.settle();
    assert_eq!(page.turn.job, None);
    assert_eq!(page.turn.wanted(&page.game), None, "a person to move: nothing asked");
    // Back to a computer, at another level: asked again, though the position is the same.
    page.game.set_player(Player::North, Opponent::Expert);
    page.settle();
    assert_eq!(page.turn.wanted(&page.game).map(|d| d.who), Some(Opponent::Expert));
}

#[test]
fn an_illegal_or_late_answer_is_ignored() {
    let mut page = Page::new("rules=kalah-6-4&moves=a&north=easy");
    page.ask();
    let due = Due::of(&page.game).unwrap();
    // A move of another game (a Tchoukaillon pit): never legal here.
    let foreign = game("rules=tchoukaillon").position().legal_moves()[0];
    page.turn.answer(&page.game, due, foreign, None);
    assert!(matches!(page.turn.job, Some(Job::Thinking { .. })), "still thinking");
}

#[test]
fn the_refusal_names_the_computer_and_the_way_out() {
    let g = game("rules=kalah-6-4&moves=a&north=easy");
    let t = Turn::default();
    assert_eq!(t.status(&g), Status::ComputerToMove { side: Player::North, who: Opponent::Easy });
    assert_eq!(
        t.refusal(&g).unwrap(),
        "North (the computer) is to move: this click is not played; play once it has moved (or make North a person in Players)."
    );
    let mut g = game("rules=kalah-6-4&moves=ab&north=easy");
    g.goto(1);
    assert_eq!(t.status(&g), Status::ComputerEarlier { side: Player::North });
    assert!(t.refusal(&g).unwrap().starts_with("North is played by the computer"));
    g.goto(2);
    assert_eq!(t.refusal(&g), None, "South, a person, to move");
}

#[test]
fn two_computers_play_a_game_to_its_end() {
    let mut page = Page::new("rules=kalah-4-3&south=random&north=easy");
    for _ in 0..500 {
        page.ask();
        page.answer();
        page.settle();
        page.check();
        if page.game.last().outcome().is_some() {
            return;
        }
    }
    panic!("the game did not end");
}

/// A user action on the page, in any state of the computer.
#[derive(Clone, Debug)]
enum Act {
    /// A person plays the `i`-th legal move at the ply on screen, if a person is to move there.
    Play(usize),
    /// Show ply `k` (Undo, Redo, a step, the move list).
    Goto(usize),
    /// Switch a side's player.
    Player(bool, usize),
    /// Start or end a preview.
    Preview(bool),
    /// An animation starts or ends.
    Animate(bool),
    /// The computer's worker answers.
    Answer,
    /// New game.
    NewGame,
}

fn act() -> impl Strategy<Value = Act> {
    prop_oneof![
        3 => (0usize..6).prop_map(Act::Play),
        2 => (0usize..12).prop_map(Act::Goto),
        1 => (any::<bool>(), 0usize..Opponent::ALL.len()).prop_map(|(s, o)| Act::Player(s, o)),
        1 => any::<bool>().prop_map(Act::Preview),
        1 => any::<bool>().prop_map(Act::Animate),
        3 => Just(Act::Answer),
        1 => Just(Act::NewGame),
    ]
}

proptest! {
    /// Any sequence of actions keeps the promise, and from wherever it stops, a view back at
    /// the end with nothing previewed lets the game go on to a person's turn or its end.
    #[test]
    fn every_action_in_every_state_leaves_a_game_that_goes_on(acts in prop::collection::vec(act(), 0..60)) {
        let mut page = Page::new("rules=kalah-4-3&north=easy");
        for a in acts {
            match a {
                Act::Play(i) => {
                    if page.turn.status(&page.game) == Status::Person {
                        let moves = page.game.position().legal_moves();
                        if !moves.is_empty() {
                            page.game.play(moves[i % moves.len()]).unwrap();
                        }
                    }
                }
                Act::Goto(k) => page.game.goto(k),
                Act::Player(south, o) => {
                    let side = if south { Player::South } else { Player::North };
                    page.game.set_player(side, Opponent::ALL[o]);
                }
                Act::Preview(on) => page.view.previewing = on,
                Act::Animate(on) => page.view.animating = on,
                Act::Answer => {
                    page.answer();
                }
                Act::NewGame => {
                    let players = *page.game.players();
                    page.game = game("rules=kalah-4-3");
                    page.game.set_player(Player::South, players.south);
                    page.game.set_player(Player::North, players.north);
                }
            }
            page.settle();
            page.check();
            page.ask();
            page.check();
        }
        // The game goes on: back at the end, the computer moves until a person is to move.
        page.view = FREE;
        let n = page.game.moves().len();
        page.game.goto(n);
        for _ in 0..200 {
            page.settle();
            if Due::of(&page.game).is_none() {
                return Ok(());
            }
            page.ask();
            prop_assert!(page.answer(), "a computer to move with no request choosing its move");
        }
        prop_assert!(false, "the computer did not reach a person's turn or the end");
    }
}
