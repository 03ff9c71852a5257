//! The play page: the board with the analysis beside it on wide screens, and one component a
//! panel (move list, analysis, players, share, new game, editor, rules card). The game lives in
//! [`game::use_game`]'s reducer, the worker behind `use_search`.

mod analysis;
mod databases;
mod editor;
pub mod game;
mod game_value;
mod line;
mod moves;
mod new_game;
mod panels;
pub(crate) use panels::{bind_input, input_value, select_value, textarea_value};

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use super::board::Board;
use super::client::{use_search, Purpose, SearchHandle};
use super::route::Route;
use super::worker::Task;
use crate::engine::Cell;
use crate::families::{AnyMove, AnyPosition};
use crate::notation::Game;
use crate::web::turn::{Due, Job, Status};
use game::{use_game, Action, GameHandle, Opponent};

/// Time the perfect computer player may spend solving a position.
const PERFECT_TIME_MS: u64 = 60_000;

/// Properties of [`PlayPage`].
#[derive(Properties, PartialEq, Clone)]
pub struct PlayProps {
    /// The link's query (`rules=...&moves=...`).
    pub query: AttrValue,
    /// Changes on every navigation, so opening the same link again reloads it.
    pub nav: u32,
}

/// The link to a game, as the page's full address.
pub fn game_href(game: &Game) -> String {
    let base = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_default();
    format!("{base}{}", Route::play(game))
}

/// A search of `p` with the family's search, for the computer, hints or analysis; with
/// `endgame`, the positions the endgame databases cached in this browser cover are valued
/// exactly (families that have them).
pub(crate) fn analyze_task(p: &AnyPosition, max_depth: u32, time_ms: u64, table_mib: usize, endgame: bool) -> Task {
    Task::Analyze { rules: p.rules().to_string(), setup: p.to_string(), max_depth, time_ms, table_mib, endgame }
}

/// The computer's fallback move when there is no exact answer: the best move of a 3 s search
/// (the endgame databases at its leaves).
fn three_second_search(search: &SearchHandle, p: &AnyPosition) -> u32 {
    search.start(analyze_task(p, 200, 3000, 64, true), Purpose::Computer)
}

/// Move `k` (1-based) of the game in words.
pub(crate) fn describe_move(game: &Game, k: usize) -> String {
    let before = game.position_at(k - 1);
    let mv = game.moves()[k - 1];
    match game.trace(k) {
        Some(t) => before.describe_move(mv, t, game.position_at(k)),
        None => format!("{} plays {mv}", before.turn()),
    }
}

/// What the computer is doing while it thinks, with the time so far (and the most it may take,
/// for the perfect player's proof).
fn thinking(p: &AnyPosition, who: Opponent, elapsed_ms: f64) -> String {
    let s = (elapsed_ms / 1000.0).floor();
    let name = p.player_name(p.turn());
    match (who, who.limits()) {
        // Short, so that it fits the status line's slot on a phone; the players' panel says
        // what each level does.
        (Opponent::Perfect, _) if p.rules().has_exact_solver() => {
            format!(" {name} (computer) is proving its move: {s:.0} s, at most {} s…", PERFECT_TIME_MS / 1000)
        }
        (_, Some((_, ms, _))) if ms > 0 => format!(" {name} (computer) is thinking: {s:.0} s of {} s…", ms / 1000),
        _ => format!(" {name} (computer) is thinking…"),
    }
}

/// The search's target for a position: its rules and setup.
pub(crate) fn target(p: &AnyPosition) -> (String, String) {
    (p.rules().to_string(), p.to_string())
}

/// The play page.
#[function_component(PlayPage)]
pub fn play_page(props: &PlayProps) -> Html {
    let game = use_game(&props.query);
    // The user's searches (Hint, Analyze, Solve, Stop) and the computer's run on workers of
    // their own: neither ever stops the other.
    let search = use_search();
    let computer = use_search();

    // A new link (navigation) replaces the game, unless it is the game already shown.
    {
        let game = game.clone();
        use_effect_with((props.query.clone(), props.nav), move |(q, _)| {
            let (g, e) = Game::from_query_lenient(q);
            if &g != game.game() {
                game.dispatch(Action::Load(g, e));
            } else {
                // The same game (a link mended to what was shown): its banner follows the link.
                game.dispatch(Action::Relink(e.map(|e| e.message(&g))));
            }
        });
    }

    // The URL is the record of the game: keep it in step. A move replaces the history's entry
    // (Back leaves the page, not a move); a new game (New game, the editor, a record, Back to
    // the game before) is an entry of its own, so Back and Forward go between the games.
    // While a link's fault is said, the address stays the link as it came (the banner is
    // about it, and mending it there clears the banner).
    {
        let hash = Route::play(game.game()).to_string();
        let generation = game.state().generation;
        let faulty = game.state().link_error.is_some();
        let pushed = use_mut_ref(|| generation);
        use_effect_with((hash, generation, faulty), move |(hash, generation, faulty)| {
            let new_game = *pushed.borrow() != *generation;
            *pushed.borrow_mut() = *generation;
            if *faulty {
                return;
            }
            if let Some(w) = web_sys::window() {
                if w.location().hash().ok().as_deref() != Some(hash.as_str()) {
                    if let Ok(h) = w.history() {
                        let _ = if new_game {
                            h.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(hash))
                        } else {
                            h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(hash))
                        };
                    }
                }
            }
        });
    }

    // Sound: a tone a seed shown, and one for a capture once the move's seeds have landed.
    {
        let step = game.state().anim.as_ref().map(|a| (a.ply, a.step));
        use_effect_with(step, |step| {
            if step.is_some() {
                crate::web::prefs::play(crate::web::prefs::Tone::Drop);
            }
        });
        let g = game.game();
        let captures =
            g.trace(g.ply()).is_some_and(|t| t.steps.iter().any(|s| matches!(s, crate::engine::Step::Capture { .. })));
        // Without animation, one tone for the move played (nothing on opening the page).
        let unanimated = game.state().speed.0 == 0;
        let moves = use_mut_ref(|| g.len());
        use_effect_with((g.len(), game.state().anim.is_none()), move |&(len, landed)| {
            let played = len > *moves.borrow();
            *moves.borrow_mut() = len;
            if landed && captures {
                crate::web::prefs::play(crate::web::prefs::Tone::Capture);
            } else if played && unanimated {
                crate::web::prefs::play(crate::web::prefs::Tone::Drop);
            }
        });
    }
    // Animation: one timer per seed.
    {
        let game = game.clone();
        let anim = game.state().anim.clone();
        let ms = game.state().speed.0;
        use_effect_with((anim, ms), move |(anim, ms)| {
            let t = anim.as_ref().map(|_| {
                let game = game.clone();
                Timeout::new(*ms, move || game.dispatch(Action::Tick))
            });
            move || drop(t)
        });
    }

    // The tab's title: the game and where in it ("Kalah(6,4) — move 12 — Mancala Lab").
    {
        let g = game.game();
        let at = match g.ply() {
            0 => "start".to_string(),
            k => format!("move {k}"),
        };
        let title = format!("{} — {at} — Mancala Lab", g.rules().title());
        use_effect_with(title, |t| {
            if let Some(d) = web_sys::window().and_then(|w| w.document()) {
                d.set_title(t);
            }
        });
    }
    use_computer(&game, &computer);
    use_step_keys(&game);

    let st = game.state();
    let g = game.game();
    let pos = g.position().clone();
    let (shown, hand) = st.shown();
    let on_play = {
        let game = game.clone();
        let search = search.clone();
        Callback::from(move |mv| {
            if search.state().running && search.state().purpose == Purpose::Analysis {
                search.stop();
            }
            game.play(mv)
        })
    };
    // A click on a pit that cannot be played says why, under the board: the computer's turn,
    // or the pit.
    let refused = {
        let game = game.clone();
        Callback::from(move |cell: Cell| {
            let g = game.game();
            if let Some(why) = game.state().turn.refusal(g) {
                return game.notice(why);
            }
            let p = g.position();
            let name = p.cell_name(cell);
            let seeds = p.cells().iter().find(|(c, _)| *c == cell).map_or(0, |&(_, n)| n);
            let text = match cell {
                Cell::Pit { owner, .. } if p.layout().two_sided() && owner != p.turn() => {
                    format!("{name} is {}'s pit: {} is to move.", p.player_name(owner), p.player_name(p.turn()))
                }
                _ => match p.cell_note(cell) {
                    Some(n) => format!("{name}: {n}."),
                    None if seeds == 0 => format!("{name} is empty: nothing to sow."),
                    None => format!("{name} has no move now."),
                },
            };
            game.notice(text);
        })
    };
    let status = st.turn.status(g);
    let human_turn = status == Status::Person;
    let (last_move, path) = match (g.ply(), g.trace(g.ply())) {
        (k, Some(t)) if k > 0 => {
            (Some(t.picked().unwrap_or_else(|| g.position_at(k - 1).move_cell(g.moves()[k - 1]))), t.path().collect())
        }
        _ => (None, vec![]),
    };
    // The pits the last move captured (a chain of 2s and 3s), once its sowing is shown.
    let captured: Vec<crate::engine::Cell> = match (g.ply(), g.trace(g.ply()), st.anim.is_none()) {
        (k, Some(t), true) if k > 0 => t
            .steps
            .iter()
            .filter_map(|s| match s {
                crate::engine::Step::Capture { from, .. } => Some(*from),
                _ => None,
            })
            .collect(),
        _ => vec![],
    };
    // Values on the board only from an analysis asked for (not the computer's own search),
    // and only for the position on screen.
    let ss = search.state();
    let endgame_hints = use_state(|| None::<Vec<(Cell, String)>>);
    let on_endgame_values = {
        let endgame_hints = endgame_hints.clone();
        Callback::from(move |v| endgame_hints.set(v))
    };
    let shown_analysis = ss
        .analysis
        .as_ref()
        .filter(|_| ss.purpose == Purpose::Analysis && ss.target == target(&pos) && pos.outcome().is_none());
    let analysis_hints: Vec<(Cell, String)> = shown_analysis
        .map(|a| {
            a.moves
                .iter()
                .filter(|m| pos.legal_moves().contains(&m.mv))
                .map(|m| (pos.move_cell(m.mv), m.value.short()))
                .collect()
        })
        .unwrap_or_default();
    // The databases' proven values, when they cover the position, else the analysis's (whose
    // panel says what its proven values assume).
    let databases = pos.rules().has_databases();
    let (hints, proven_note) = match (&*endgame_hints, databases) {
        (Some(v), true) => (
            v.clone(),
            pos.rules()
                .proven_convention()
                .map(|c| format!("The values on the pits are proven by the endgame databases, assuming {c}.")),
        ),
        _ => (analysis_hints, None),
    };
    // The best move among the hints: the analysis's first, or the databases' highest value.
    let best = match (&*endgame_hints, databases, shown_analysis) {
        (Some(v), true, _) => v
            .iter()
            .filter_map(|(c, h)| Some((*c, h.trim_start_matches('+').parse::<i32>().ok()?)))
            .max_by_key(|&(_, n)| n)
            .map(|(c, _)| c),
        (_, _, Some(a)) => a.moves.first().filter(|m| pos.legal_moves().contains(&m.mv)).map(|m| pos.move_cell(m.mv)),
        _ => None,
    };
    let over = pos.outcome().is_some() && g.ply() == g.moves().len();
    // The board turned round, remembered per rules; the sound, off unless turned on.
    let rules_id = pos.rules().to_string();
    let flipped = use_state(|| crate::web::prefs::flipped(&rules_id));
    {
        let flipped = flipped.clone();
        use_effect_with(rules_id.clone(), move |r| flipped.set(crate::web::prefs::flipped(r)));
    }
    let flip = {
        let (flipped, rules_id) = (flipped.clone(), rules_id.clone());
        Callback::from(move |_: MouseEvent| {
            crate::web::prefs::set_flipped(&rules_id, !*flipped);
            flipped.set(!*flipped);
        })
    };
    let sound = use_state(crate::web::prefs::sound);
    let area = use_node_ref();
    let fit = super::board::use_fit(&area, st.link_error.is_some());
    // A preview stepped (not hovered) while the board is out of sight (a phone, the line far
    // below it) brings the board into view, with the preview's own step buttons above it.
    let slot = use_node_ref();
    {
        let slot = slot.clone();
        let stepped = st.preview.as_ref().filter(|p| !p.hover).map(|p| (p.node, p.k));
        use_effect_with(stepped, move |stepped| {
            if stepped.is_none() {
                return;
            }
            let (Some(el), Some(w)) = (slot.cast::<web_sys::Element>(), web_sys::window()) else { return };
            let r = el.get_bounding_client_rect();
            let height = w.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
            if r.top() < 0.0 || r.top() > height * 0.5 {
                el.scroll_into_view();
            }
        });
    }
    let toggle_sound = {
        let sound = sound.clone();
        Callback::from(move |_: MouseEvent| {
            crate::web::prefs::set_sound(!*sound);
            sound.set(!*sound);
        })
    };
    let dismiss = {
        let game = game.clone();
        Callback::from(move |_: MouseEvent| game.dispatch(Action::Notice(None)))
    };
    // The computer plays at once: its search's best move so far (else a 1 s search's).
    let move_now = {
        let (game, computer) = (game.clone(), computer.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(Job::Thinking { due, .. }) = game.state().turn.job.clone() else { return };
            let p = game.game().last().clone();
            let best = computer
                .state()
                .analysis
                .as_ref()
                .filter(|_| computer.state().target == (due.rules.clone(), due.setup.clone()))
                .and_then(|a| a.moves.first())
                .map(|m| m.mv)
                .filter(|m| p.legal_moves().contains(m));
            computer.stop();
            match best {
                Some(mv) => {
                    let note =
                        format!("{} played {mv} at once: the best move its search had found (Move now).", p.turn());
                    game.dispatch(Action::ComputerMove(due, mv, Some(note)));
                }
                None => {
                    let id = computer.start(analyze_task(&p, 200, 1000, 64, true), Purpose::Computer);
                    game.dispatch(Action::ComputerThinking(due, id));
                }
            }
        })
    };
    let rematch = {
        let game = game.clone();
        Callback::from(move |_: MouseEvent| game.replace(Game::new(game.game().start().clone())))
    };
    // The whole title, also as its tooltip: a phone cuts it to one line.
    let title = pos.rules().title();
    html! {
        <main class="play">
            <nav class="crumbs"><a href={Route::Home.to_string()}>{"Mancala Lab"}</a>{" › "}<h1 class="play-title" title={title.clone()}>{title}</h1></nav>
            if let Some(e) = &st.link_error {
                <div class="link-error" role="alert" tabindex="0">
                    <strong>{"This link has a problem — "}</strong><bdi>{e.clone()}</bdi>
                </div>
            }
            <div class="play-layout">
                <div class="play-main">
                    // The status line and a preview's bar share a slot of fixed height, so that
                    // neither ever moves the board.
                    <div class="status-slot" ref={slot.clone()}>
                        // While the seeds are being sown, only who sows: the move's result (and a
                        // screen reader's announcement of it) once they have landed.
                        <p class="status" aria-live="polite" role="status">
                            if st.anim.is_some() && g.ply() > 0 {
                                { format!("{} sows {}…", g.position_at(g.ply() - 1).player_name(g.position_at(g.ply() - 1).turn()), g.moves()[g.ply() - 1]) }
                            } else {
                                { if g.ply() > 0 { format!("{}. ", describe_move(g, g.ply())) } else { String::new() } }
                                { pos.status() }
                            }
                            if let (Status::ComputerToMove { who, .. }, Some(Job::Thinking { .. })) = (&status, &st.turn.job) {
                                <span class="thinking" aria-live="off">{thinking(&pos, *who, computer.state().elapsed_ms)}</span>
                            }
                            if let Status::ComputerEarlier { side } = status {
                                <span class="held">{format!(" {} (computer) moves at the game's end: End goes there.", pos.player_name(side))}</span>
                            }
                            if let Some(side) = st.turn.held(g, st.view()).filter(|_| !matches!(status, Status::ComputerEarlier { .. })) {
                                <span class="held">{format!(" {} (computer) has its move ready: it plays {}.", g.last().player_name(side),
                                    if st.preview.is_some() { "once the preview is closed" } else { "at the game's end (End)" })}</span>
                            }
                        </p>
                        <PreviewBar game={game.clone()} />
                    </div>
                    <div class={classes!("board-area", st.preview.is_some().then_some("previewing"))} ref={area.clone()}>
                        if let Some(pv) = &st.preview {
                            <Board position={pv.position().clone()} {shown} interactive={false} flipped={*flipped} {fit} />
                        } else {
                            <Board position={pos.clone()} shown={shown} {last_move} {path} {captured} {hand} hints={hints} {best}
                                interactive={human_turn} on_play={on_play.clone()} on_refused={Some(refused.clone())} flipped={*flipped} {fit} />
                        }
                    </div>
                    // Under the board, so that it never moves the board.
                    if over && st.anim.is_none() {
                        <div class="game-over" role="status">
                            <strong>{ pos.status() }</strong>
                            <button class="rematch" onclick={rematch}>{if g.start().family().is_solitaire() { "Play again" } else { "Rematch" }}</button>
                        </div>
                    }
                    if let Some(note) = proven_note {
                        <p class="hints-note">{note}</p>
                    }
                    <panels::Controls game={game.clone()} />
                    <div class="view-controls">
                        // (Not during the short pause of the random player and the book: no search.)
                        if let (Status::ComputerToMove { .. }, Some(Job::Thinking { id: 1.., .. })) = (&status, &st.turn.job) {
                            <button class="move-now" onclick={move_now} title="The computer plays the best move its search has found so far">{"Move now"}</button>
                        }
                        if pos.layout().two_sided() {
                            <button class="flip" onclick={flip} aria-pressed={flipped.to_string()}
                                title="Turn the board round: North's row at the bottom (remembered for these rules)">{"⇅ Flip board"}</button>
                        }
                        <button class="sound" onclick={toggle_sound} aria-pressed={sound.to_string()}
                            title="A tone for each seed sown and for a capture">{ if *sound { "Sound: on" } else { "Sound: off" } }</button>
                    </div>
                    // Under the board, so that a notice never moves it.
                    if let Some(n) = &st.notice {
                        <p class="notice" role="status">{n.clone()}
                            <button class="notice-close" aria-label="Dismiss the notice" title="Dismiss" onclick={dismiss}></button>
                        </p>
                    }
                </div>
                <aside class="play-side">
                    <analysis::AnalysisPanel game={game.clone()} search={search.clone()} />
                    if databases {
                        <databases::DatabasesPanel position={pos.clone()} on_values={on_endgame_values} on_play={on_play.clone()} game={game.clone()} />
                    }
                    if game_value::row_of(&pos).is_some() {
                        <game_value::GameValue position={pos.clone()} game={game.clone()} />
                    }
                    <moves::MoveList game={game.clone()} />
                </aside>
            </div>
            <div class="panels">
                <panels::Players game={game.clone()} />
                <panels::Share game={game.clone()} />
                <new_game::NewGame game={game.clone()} />
                <editor::Editor game={game.clone()} />
                <panels::RulesCard rules={pos.rules()} />
            </div>
        </main>
    }
}

/// The computer's moves: the turn controller ([`crate::web::turn`]) says when a computer's move
/// is wanted; this hook asks the computer's own workers (or pauses, for the random player and
/// the book) and hands the answer back to the controller, which plays it when the view allows.
/// Every way a search can end — an answer, an error, no move — ends in a move.
#[hook]
fn use_computer(game: &GameHandle, computer: &SearchHandle) {
    // Why the pending move is a fallback (a 3 s search instead of a proof), said once it is
    // played.
    let fallback = use_mut_ref(|| None::<String>);
    // The pause before a move without a search; a new one replaces it, and a late one's answer
    // is for a turn that has passed (the controller ignores it).
    let pause = use_mut_ref(|| None::<Timeout>);
    {
        let (game, computer, fallback, pause) = (game.clone(), computer.clone(), fallback.clone(), pause.clone());
        let wanted = game.state().turn.wanted(game.game());
        use_effect_with(wanted, move |wanted| {
            let Some(due) = wanted.clone() else { return };
            *fallback.borrow_mut() = None;
            let p = game.game().last().clone();
            let answer_after_pause = |mv: Option<AnyMove>| {
                let (game, due) = (game.clone(), due.clone());
                Timeout::new(400, move || {
                    let moves = game.game().last().legal_moves();
                    let mv = mv.filter(|m| moves.contains(m)).or_else(|| random_move(&moves));
                    if let Some(mv) = mv {
                        game.dispatch(Action::ComputerMove(due, mv, None));
                    }
                })
            };
            // Proven in this browser before (or shipped): the book's move, without a think.
            let book = (due.who == Opponent::Perfect).then(|| crate::web::book::lookup(&p)).flatten();
            let id = match due.who {
                Opponent::Random => {
                    *pause.borrow_mut() = Some(answer_after_pause(None));
                    0
                }
                Opponent::Perfect if book.is_some() => {
                    *pause.borrow_mut() = Some(answer_after_pause(book.map(|a| a.moves[0].mv)));
                    0
                }
                Opponent::Perfect if p.rules().has_exact_solver() => {
                    let st = game.state();
                    computer.solve(
                        &due.rules,
                        &due.setup,
                        st.memory_mib,
                        PERFECT_TIME_MS,
                        st.workers(),
                        Purpose::Computer,
                    )
                }
                Opponent::Perfect if p.rules().has_databases() => {
                    // The endgame databases prove the moves they reach; short of them, the
                    // move of a 3 s search with the databases at its leaves, said to be so.
                    *fallback.borrow_mut() = Some(
                        "the endgame databases cached in this browser do not reach every line yet (build more in the Endgame databases panel)".into(),
                    );
                    three_second_search(&computer, &p)
                }
                Opponent::Perfect => {
                    *fallback.borrow_mut() = Some("perfect play needs the exact solver, which is for Kalah".into());
                    three_second_search(&computer, &p)
                }
                o => {
                    let (depth, ms, endgame) = o.limits().unwrap_or((2, 0, false));
                    computer.start(analyze_task(&p, depth, ms, 64, endgame), Purpose::Computer)
                }
            };
            game.dispatch(Action::ComputerThinking(due, id));
        });
    }
    // No computer to move at the end of the line: its search stops (the cores go to the
    // user's searches).
    {
        let computer = computer.clone();
        let due = Due::of(game.game()).is_some();
        let running = computer.state().running;
        use_effect_with((due, running), move |&(due, running)| {
            if !due && running {
                computer.stop();
            }
        });
    }
    {
        let game = game.clone();
        let s = computer.state().clone();
        let computer = computer.clone();
        use_effect_with((s.id, s.finished, s.error.clone()), move |_| {
            let Some(Job::Thinking { due, id }) = game.state().turn.job.clone() else { return };
            if id == 0 || id != s.id || (!s.finished && s.error.is_none()) {
                return;
            }
            let p = game.game().last().clone();
            let moves = p.legal_moves();
            let best = s.analysis.as_ref().and_then(|a| a.moves.first()).map(|m| m.mv).filter(|m| moves.contains(m));
            match (best, &s.error) {
                (Some(mv), None) => {
                    let a = s.analysis.as_ref().expect("a best move");
                    // A long proof goes into the book: the next game answers at once.
                    crate::web::book::keep(&p, a, s.elapsed_ms);
                    // A search that saw every line to its end played a proven move.
                    let note = fallback.borrow_mut().take().filter(|_| !a.exact).map(|why| {
                        format!("{} played {mv}, the best move of a 3 s search, not a proven one: {why}.", p.turn())
                    });
                    game.dispatch(Action::ComputerMove(due, mv, note));
                }
                (_, Some(err)) if due.who == Opponent::Perfect && fallback.borrow().is_none() => {
                    // The exact solver gave up: say so, and play a strong move all the same.
                    *fallback.borrow_mut() = Some(err.clone());
                    let id = three_second_search(&computer, &p);
                    game.dispatch(Action::ComputerThinking(due, id));
                }
                _ => {
                    // No search could choose (the worker failed twice, or found no move): a
                    // legal move all the same, said to be at random.
                    let why = s.error.clone().unwrap_or_else(|| "its search found no move".into());
                    if let Some(mv) = random_move(&moves) {
                        let note = format!("{} played {mv} at random: {why}.", p.turn());
                        game.dispatch(Action::ComputerMove(due, mv, Some(note)));
                    }
                }
            }
        });
    }
}

/// One of `moves` at random.
fn random_move(moves: &[AnyMove]) -> Option<AnyMove> {
    (!moves.is_empty()).then(|| moves[(js_sys::Math::random() * moves.len() as f64) as usize % moves.len()])
}

/// ←/→/Home/End step through the line on screen anywhere on the page, ↑/↓ go to the other
/// moves played instead of the one on screen, unless a field has the keys or the board used
/// them (the arrows move between pits). While a line is previewed, ←/→ step the preview and
/// Escape ends it.
#[hook]
fn use_step_keys(game: &GameHandle) {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;
    let game = game.clone();
    use_effect_with((), move |_| {
        let cb = Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
            let typing = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
            if typing || e.default_prevented() || e.alt_key() || e.ctrl_key() || e.meta_key() {
                return;
            }
            let previewing = game.state().preview.is_some();
            let action = match (e.key().as_str(), previewing) {
                ("ArrowLeft", true) => Action::PreviewStep(-1),
                ("ArrowRight", true) => Action::PreviewStep(1),
                ("Escape", true) => Action::EndPreview(false),
                ("ArrowLeft", false) => Action::Step(-1),
                ("ArrowRight", false) => Action::Step(1),
                ("ArrowUp", _) => Action::Sibling(-1),
                ("ArrowDown", _) => Action::Sibling(1),
                ("Home", _) => Action::Goto(0),
                ("End", _) => Action::End,
                _ => return,
            };
            e.prevent_default();
            // A key pressed on a move of the list takes the focus along to the move shown.
            let in_list = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|el| el.closest(".move-list").ok().flatten())
                .is_some();
            game.dispatch(action);
            if in_list {
                Timeout::new(0, || super::board::focus_selector(".move-list button.ply.current")).forget();
            }
        });
        let w = web_sys::window().expect("a window");
        let _ = w.add_event_listener_with_callback("keydown", cb.as_ref().unchecked_ref());
        move || {
            let _ = w.remove_event_listener_with_callback("keydown", cb.as_ref().unchecked_ref());
            drop(cb);
        }
    });
}

/// Above the board while a line is previewed: what is shown, and the ways on.
#[function_component(PreviewBar)]
fn preview_bar(props: &panels::GameProps) -> Html {
    let game = &props.game;
    let st = game.state();
    // The bar keeps its height when there is no preview, so the board never moves.
    let Some(pv) = &st.preview else {
        return html! { <div class="preview-bar empty" aria-hidden="true"></div> };
    };
    let g = game.game();
    let before = if pv.k > 1 { &pv.positions[pv.k - 2] } else { g.position_of(pv.node) };
    let label = before.move_label(pv.moves[pv.k - 1]);
    let act = |a: fn() -> Action| {
        let game = game.clone();
        Callback::from(move |_: MouseEvent| game.dispatch(a()))
    };
    html! {
        <div class="preview-bar" role="status" aria-live="polite">
            // The whole sentence on a wide screen; on a phone, its short form (the buttons
            // must keep their one line in the slot).
            <span class="preview-what"><strong>{"Preview"}</strong>
                <span class="long">{format!(
                    " — not played: after {label}, move {} of {} of the line. {}",
                    pv.k,
                    pv.moves.len(),
                    pv.position().status()
                )}</span>
                <span class="short">{format!(" {label}: {} of {}", pv.k, pv.moves.len())}</span>
            </span>
            <span class="preview-buttons">
                <button class="preview-prev" onclick={act(|| Action::PreviewStep(-1))} aria-label="Previous move of the line" title="←">{"‹"}</button>
                <button class="preview-next" onclick={act(|| Action::PreviewStep(1))} disabled={pv.k == pv.moves.len()} aria-label="Next move of the line" title="→">{"›"}</button>
                <button class="preview-play" onclick={act(|| Action::PlayPreview)} title="Add the line to the game, up to this move">{"Play this line"}</button>
                <button class="preview-end" onclick={act(|| Action::EndPreview(false))} title="Escape" aria-label="Back to the game">{"Back"}</button>
            </span>
        </div>
    }
}
