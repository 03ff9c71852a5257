//! The worker's messages and request handling, natively.

use super::databases::{EndgameReply, EndgameTask};
use super::*;
use crate::engine::Value;
use crate::labs::ayo::{Determined, DeterminedTask};
use crate::labs::bench::BenchTask;
use crate::labs::dakon::{DakonAnswer, DakonGoal, DakonTask};
use crate::labs::dooley::{DooleyAnswer, DooleyTask};
use crate::labs::erickson::{EricksonAnswer, EricksonTask};
use crate::labs::hanoi::{HanoiTask, Minima, MAX_HANOI_PAGE};
use crate::labs::tchoukaillon::{TchoukaillonAnswer, TchoukaillonTask, FIRST_PITS, MAX_S_OF_N_PAGE, OCCUPANCY_POINTS};
use crate::labs::{LabReply, LabSays, LabTask};

/// The replies of `worker` to one message's text, with a clock that advances a millisecond a
/// call.
fn run_on(worker: &mut Worker, text: &str) -> Vec<Reply> {
    let t = std::cell::Cell::new(0.0);
    let now = || {
        t.set(t.get() + 1.0);
        t.get()
    };
    let mut replies = vec![];
    worker.handle(text, &now, &mut |r| replies.push(r));
    replies
}

/// The replies of a fresh worker to one message's text.
fn run(text: &str) -> Vec<Reply> {
    run_on(&mut Worker::default(), text)
}

#[test]
fn messages_round_trip_as_json() {
    let tasks = [
        Task::Analyze {
            rules: "kalah-4-3".into(),
            setup: "3.3.3.3-3.3.3.3-0.0-s".into(),
            max_depth: 3,
            time_ms: 0,
            table_mib: 1,
            endgame: false,
        },
        Task::Lab(LabTask::Bench(BenchTask {})),
        Task::Lab(LabTask::Dooley(DooleyTask { rules: "kalah-6-1-e".into() })),
        Task::Lab(LabTask::Dakon(DakonTask::Survey { n: 4 })),
        Task::Lab(LabTask::Dakon(DakonTask::Search { n: 4, goal: DakonGoal::MinLaps, max_boards: 10 })),
        Task::Lab(LabTask::Dakon(DakonTask::Prove { n: 3, bound: 5 })),
        Task::Lab(LabTask::Erickson(EricksonTask::Tables)),
        Task::Lab(LabTask::Erickson(EricksonTask::Search { max_seeds: 5, max_pots: 4, max_seeds_long: 6 })),
        Task::Lab(LabTask::Erickson(EricksonTask::Octal { code: ".37".into(), n: 1000 })),
        Task::Lab(LabTask::Erickson(EricksonTask::Value { rules: "sowing".into(), row: "312".into(), limit: None })),
    ];
    for task in tasks {
        let text = serde_json::to_string(&Request { id: 3, task: task.clone() }).unwrap();
        assert_eq!(serde_json::from_str::<Request>(&text).unwrap().task, task, "{text}");
    }
    let text =
        serde_json::to_string(&Request { id: 1, task: Task::Lab(LabTask::Dakon(DakonTask::Survey { n: 4 })) }).unwrap();
    assert_eq!(text, r#"{"id":1,"task":{"kind":"lab","lab":"dakon","dakon":"survey","n":4}}"#);
}

/// The Erickson lab's tasks answer through the worker's messages: a row's value and its
/// options, .37's P-positions, a small Table 3 search, and bad input as an error.
#[test]
fn erickson_tasks_answer() {
    let last = |task: EricksonTask| {
        let text = serde_json::to_string(&Request { id: 7, task: Task::Lab(LabTask::Erickson(task)) }).unwrap();
        run(&text).pop().unwrap()
    };
    let Reply::Lab { reply: LabReply::Erickson(LabSays::Answer(EricksonAnswer::Value { value })), .. } =
        last(EricksonTask::Value { rules: "sowing".into(), row: "312".into(), limit: None })
    else {
        panic!("a value")
    };
    assert_eq!((value.ascii.as_str(), value.outcome), ("{0|-2}", 'N'));
    assert_eq!(value.left.iter().map(|o| (o.row.as_str(), o.wins)).collect::<Vec<_>>(), [("303", true)]);
    let Reply::Lab { reply: LabReply::Erickson(LabSays::Answer(EricksonAnswer::Octal { summary })), .. } =
        last(EricksonTask::Octal { code: ".37".into(), n: 1000 })
    else {
        panic!("a summary")
    };
    assert_eq!(summary.p_positions, [0, 3, 11, 19, 29, 45, 71, 97, 123, 149, 175, 313, 407]);
    assert!(summary.officers_agree && summary.officers_checked_to == 1000);
    let Reply::Lab { reply: LabReply::Erickson(LabSays::Answer(EricksonAnswer::Search { search })), .. } =
        last(EricksonTask::Search { max_seeds: 5, max_pots: 5, max_seeds_long: 7 })
    else {
        panic!("a search")
    };
    assert_eq!(search.simplest[3].fewest_seeds.as_deref(), Some("1112"));
    for bad in [
        EricksonTask::Value { rules: "sowing".into(), row: "3q2".into(), limit: None },
        EricksonTask::Value { rules: "kalah".into(), row: "312".into(), limit: None },
        EricksonTask::Octal { code: ".9".into(), n: 10 },
        EricksonTask::Octal { code: ".37".into(), n: usize::MAX },
        EricksonTask::Search { max_seeds: 99, max_pots: 3, max_seeds_long: 3 },
    ] {
        assert!(matches!(last(bad.clone()), Reply::Error { id: Some(7), .. }), "{bad:?}");
    }
    // A valuation that starts by itself stops at its limit, saying so.
    let limited =
        EricksonTask::Value { rules: "atomic".into(), row: "99999999999999999999999".into(), limit: Some(1000) };
    match last(limited) {
        Reply::Error { id: Some(7), message } => assert_eq!(message, "more than 1000 rows follow this one"),
        other => panic!("{other:?}"),
    }
}

/// The browser's build, with a map standing in for IndexedDB: the same [`BuildJob`] steps as
/// the native worker's, a layer stored as it is built, and a second worker (a reload) loading
/// those layers instead of building them, to the same databases.
#[test]
fn a_build_job_stores_its_layers_and_a_later_one_loads_them() {
    use super::databases::{BuildJob, Held};
    let t = std::cell::Cell::new(0.0);
    let now = || {
        t.set(t.get() + 1.0);
        t.get()
    };
    let mut cache = std::collections::BTreeMap::new();
    let build = |held: &mut Held, cache: &mut std::collections::BTreeMap<usize, Vec<u8>>, seeds: usize| {
        let mut job = BuildJob::start(held, "awari", seeds, false, now()).unwrap();
        while let Some(k) = job.next_cached(held) {
            let Some(bytes) = cache.get(&k) else { break };
            assert!(job.push_cached(held, bytes));
        }
        job.cached_loaded(now());
        let mut progress = 0;
        while let Some((k, bytes)) =
            job.step(held, &now, &mut |r, _| progress += usize::from(matches!(r, EndgameReply::Progress { .. })))
        {
            cache.insert(k, bytes);
        }
        job.finish(held, now()).0
    };
    let mut first = Held::default();
    let EndgameReply::Built { seeds: Some(6), layers, cached: 0, bytes, .. } = build(&mut first, &mut cache, 6) else {
        panic!("built")
    };
    assert_eq!((layers.len(), cache.len()), (7, 7));
    // A reload: everything cached, nothing built; then two layers more, built on the cached ones.
    let mut second = Held::default();
    let EndgameReply::Built { seeds: Some(6), layers, cached: 7, bytes: again, .. } = build(&mut second, &mut cache, 6)
    else {
        panic!("loaded")
    };
    assert_eq!((layers.len(), again), (0, bytes));
    let EndgameReply::Built { seeds: Some(8), layers, cached: 0, .. } = build(&mut second, &mut cache, 8) else {
        panic!("grown")
    };
    assert_eq!(layers.iter().map(|l| (l.seeds, l.positions, l.won)).collect::<Vec<_>>()[1], (8, 75582, 37767));
    // The databases loaded and grown value positions as the ones built in one go.
    let mut whole = Held::default();
    build(&mut whole, &mut std::collections::BTreeMap::new(), 8);
    for setup in ["1.0.0.2.0.1-0.1.1.0.2.0-20.20-s", "0.0.3.0.0.1-2.0.0.1.0.1-19.21-n"] {
        assert!(matches!(whole.query("awari", setup), Ok(EndgameReply::Values { .. })), "{setup}");
        assert_eq!(second.query("awari", setup), whole.query("awari", setup), "{setup}");
    }
}

#[test]
fn endgame_databases_are_built_and_queried_in_the_worker() {
    let worker = std::cell::RefCell::new(Worker::default());
    let ask = |task: EndgameTask| {
        let text = serde_json::to_string(&Request { id: 9, task: Task::Endgame(task) }).unwrap();
        run_on(&mut worker.borrow_mut(), &text).pop().unwrap()
    };
    let query = |setup: &str| ask(EndgameTask::Query { rules: "awari".into(), setup: setup.into() });
    // Nothing built yet: outside.
    let Reply::Endgame { reply: EndgameReply::Outside { seeds: None, on_board: 8, .. }, .. } =
        query("1.0.0.2.0.1-0.1.1.0.2.0-20.20-s")
    else {
        panic!("outside")
    };
    let built = ask(EndgameTask::Build { rules: "awari".into(), seeds: 8, cache_only: false });
    let Reply::Endgame { reply: EndgameReply::Built { seeds: Some(8), layers, .. }, .. } = built else {
        panic!("{built:?}")
    };
    // The layers' counts are those of the data file.
    assert_eq!((layers.len(), layers[8].positions, layers[8].won), (9, 75582, 37767));
    let Reply::Endgame { reply: EndgameReply::Values { value, moves, line, .. }, .. } =
        query("1.0.0.2.0.1-0.1.1.0.2.0-20.20-s")
    else {
        panic!("values")
    };
    // The same values as the CLI's solve (see the README's example).
    assert_eq!(value, 0);
    assert_eq!(
        moves.iter().map(|m| (m.mv.to_string(), m.value)).collect::<Vec<_>>(),
        [("a".into(), 0), ("d".into(), -4), ("f".into(), -8)]
    );
    assert_eq!(line.first().map(|m| m.to_string()).as_deref(), Some("a"));
    // Too many seeds on the board, bad rules, another family, sizes the page refuses.
    assert!(matches!(
        query("4.4.4.4.4.4-4.4.4.4.4.4-0.0-s"),
        Reply::Endgame { reply: EndgameReply::Outside { on_board: 48, seeds: Some(8), .. }, .. }
    ));
    for bad in [
        EndgameTask::Query { rules: "kalah".into(), setup: "".into() },
        EndgameTask::Query { rules: "awari".into(), setup: "1.2-3".into() },
        EndgameTask::Build { rules: "awari".into(), seeds: 19, cache_only: false },
        EndgameTask::Build { rules: "awari".into(), seeds: usize::MAX, cache_only: false },
        EndgameTask::Build { rules: "dakon".into(), seeds: 3, cache_only: false },
    ] {
        assert!(matches!(ask(bad.clone()), Reply::Error { id: Some(9), .. }), "{bad:?}");
    }
    // An analysis asking for the databases values their positions exactly: proven at once
    // here; without them, the search of 6 moves proves nothing.
    let analyze = |endgame: bool| {
        let task = Task::Analyze {
            rules: "awari".into(),
            setup: "1.0.0.2.0.1-0.1.1.0.2.0-20.20-s".into(),
            max_depth: 6,
            time_ms: 0,
            table_mib: 1,
            endgame,
        };
        match run_on(&mut worker.borrow_mut(), &serde_json::to_string(&Request { id: 4, task }).unwrap()).pop().unwrap()
        {
            Reply::Done { analysis: Some(a), .. } => a,
            r => panic!("{r:?}"),
        }
    };
    let a = analyze(true);
    assert!(a.exact);
    assert_eq!(
        a.moves.iter().map(|m| (m.mv.to_string(), m.value.number())).collect::<Vec<_>>(),
        [("a".into(), 0), ("d".into(), -4), ("f".into(), -8)]
    );
    assert!(!analyze(false).exact);
}

#[test]
fn determined_ayo_positions_are_checked_in_the_worker() {
    let ask = |max_pits: usize| {
        let text =
            serde_json::to_string(&Request { id: 7, task: Task::Lab(LabTask::Ayo(DeterminedTask { max_pits })) })
                .unwrap();
        run(&text).pop().unwrap()
    };
    let Reply::Lab { reply: LabReply::Ayo(LabSays::Answer(Determined { boards })), .. } = ask(6) else {
        panic!("boards")
    };
    assert_eq!(boards.last().map(|b| (b.pits, b.largest, b.bijection_holds)), Some((6, 21, true)));
    for bad in [0, 1, 8, usize::MAX] {
        assert!(matches!(ask(bad), Reply::Error { id: Some(7), .. }), "{bad}");
    }
}

#[test]
fn tchoukaillon_positions_and_s_of_n_in_the_worker() {
    let ask = |task: TchoukaillonTask| {
        let text = serde_json::to_string(&Request { id: 9, task: Task::Lab(LabTask::Tchoukaillon(task)) }).unwrap();
        run(&text).pop().unwrap()
    };
    // 10^12 seeds: about 1.8 million pits, the first thousand sent, the picture drawn.
    let Reply::Lab {
        reply: LabReply::Tchoukaillon(LabSays::Answer(TchoukaillonAnswer::Position { position, occupancy, .. })),
        ..
    } = ask(TchoukaillonTask::Position { seeds: 1_000_000_000_000 })
    else {
        panic!("a position")
    };
    assert_eq!(position.pits.len(), FIRST_PITS);
    assert!(!position.complete);
    assert_eq!(position.highest, 1_772_452);
    let o = occupancy.unwrap();
    assert!((o.ratio - 2.0 / core::f64::consts::PI).abs() < 1e-3, "{}", o.ratio);
    assert!(o.points.len() as u64 <= OCCUPANCY_POINTS + 1);
    // The paper's Figure 7, whole; past 2^50 pits' walk, no picture.
    let Reply::Lab {
        reply: LabReply::Tchoukaillon(LabSays::Answer(TchoukaillonAnswer::Position { position, occupancy, .. })),
        ..
    } = ask(TchoukaillonTask::Position { seeds: 1_925_280 })
    else {
        panic!("a position")
    };
    assert!(position.complete && occupancy.is_some_and(|o| o.every_pit));
    assert_eq!(position.pits.iter().sum::<u64>(), 1_925_280);
    let Reply::Lab {
        reply: LabReply::Tchoukaillon(LabSays::Answer(TchoukaillonAnswer::Position { occupancy, .. })),
        ..
    } = ask(TchoukaillonTask::Position { seeds: u64::MAX })
    else {
        panic!("a position")
    };
    assert!(occupancy.is_none());
    let Reply::Lab {
        reply: LabReply::Tchoukaillon(LabSays::Answer(TchoukaillonAnswer::SOfN { s, checks, .. })), ..
    } = ask(TchoukaillonTask::SOfN { n: 2000 })
    else {
        panic!("s(n)")
    };
    assert_eq!(s.len(), 2000);
    assert_eq!(&s[..10], &[1, 2, 4, 6, 10, 12, 18, 22, 30, 34]);
    assert_eq!(checks.len(), 3);
    assert!(checks.iter().all(|c| c.differs_at.is_none() && c.upto >= 1000), "{checks:?}");
    for n in [0, MAX_S_OF_N_PAGE + 1] {
        assert!(matches!(ask(TchoukaillonTask::SOfN { n }), Reply::Error { id: Some(9), .. }), "{n}");
    }
    let Reply::Lab {
        reply: LabReply::Tchoukaillon(LabSays::Answer(TchoukaillonAnswer::TchoukaMap { entries })), ..
    } = ask(TchoukaillonTask::TchoukaMap { max_pits: 4, max_seeds: 3 })
    else {
        panic!("a map")
    };
    assert_eq!(entries.len(), 12);
    let ruma = entries.iter().find(|e| (e.pits, e.seeds) == (4, 2)).unwrap();
    assert!(ruma.solvable && ruma.line.len() == 6, "{ruma:?}");
    for (p, s) in [(0, 1), (13, 1), (4, 0), (4, 21)] {
        let bad = ask(TchoukaillonTask::TchoukaMap { max_pits: p, max_seeds: s });
        assert!(matches!(bad, Reply::Error { id: Some(9), .. }), "{p} {s}");
    }
}

#[test]
fn hanoi_minima_in_the_worker() {
    let text =
        serde_json::to_string(&Request { id: 4, task: Task::Lab(LabTask::Hanoi(HanoiTask { max_n: 10 })) }).unwrap();
    let replies = run(&text);
    assert_eq!(replies.len(), 10, "one reply an n");
    let Some(Reply::Lab { reply: LabReply::Hanoi(LabSays::Answer(Minima { both, right })), .. }) = replies.last()
    else {
        panic!("{replies:?}")
    };
    let minima: Vec<Option<u64>> = both.iter().map(|m| m.moves).collect();
    assert_eq!(minima, [0, 1, 3, 4, 7, 8, 10, 12, 14, 15].map(Some));
    assert_eq!(right[2].moves, None, "1 1 1 cannot be solved rightwards");
    assert!(!right[2].cut);
    for bad in [0, MAX_HANOI_PAGE + 1] {
        let text = serde_json::to_string(&Request { id: 4, task: Task::Lab(LabTask::Hanoi(HanoiTask { max_n: bad })) })
            .unwrap();
        assert!(matches!(run(&text).pop(), Some(Reply::Error { id: Some(4), .. })), "{bad}");
    }
}

#[test]
fn analyze_answers_with_typed_moves_and_values() {
    let replies = run(
        r#"{"id":7,"task":{"kind":"analyze","rules":"kalah-4-3","setup":"3.3.3.3-3.3.3.3-0.0-s","max_depth":200,"time_ms":0,"table_mib":8}}"#,
    );
    let Some(Reply::Done { id: 7, analysis: Some(a), .. }) = replies.last() else { panic!("{replies:?}") };
    assert_eq!(a.value, Value::Margin(6), "Kalah(4,3) is +6 for the first player (Irving et al. 2000)");
    let b = "kalah-4-3".parse::<crate::families::AnyRules>().unwrap().start().parse_move("b").unwrap();
    assert_eq!(a.moves[0].mv, b);
    assert!(a.exact);
}

#[test]
fn bad_messages_get_an_error_not_a_panic() {
    for (text, id, part) in [
        ("not json", None, "unreadable request"),
        (
            r#"{"id":4,"task":{"kind":"analyze","rules":"kalah-99-4","setup":"","max_depth":3,"time_ms":0,"table_mib":8}}"#,
            Some(4),
            "rules",
        ),
        (
            r#"{"id":5,"task":{"kind":"solve","rules":"dakon-4","setup":"4.4.4.4-4.4.4.4-0.0-s","memory_mib":64,"time_ms":0}}"#,
            Some(5),
            "exact solver is for Kalah",
        ),
        (
            r#"{"id":6,"task":{"kind":"solve","rules":"kalah-4-3","setup":"3.3.3.3-3.3.3.3-0.0-s","memory_mib":64,"time_ms":0,"moves":[{"Dakon":1}]}}"#,
            Some(6),
            "not a move of the exact solver's Kalah",
        ),
        (r#"{"id":8,"task":{"kind":"lab","lab":"dakon","dakon":"survey","n":40}}"#, Some(8), "cannot be surveyed"),
        (r#"{"id":9,"task":{"kind":"lab","lab":"nope"}}"#, Some(9), "unreadable request"),
    ] {
        let replies = run(text);
        let Some(Reply::Error { id: got, message }) = replies.last() else { panic!("{text}: {replies:?}") };
        assert_eq!(*got, id, "{text}");
        assert!(message.contains(part), "{text}: {message}");
    }
}

#[test]
fn labs_answer_through_their_own_replies() {
    let replies = run(r#"{"id":11,"task":{"kind":"lab","lab":"dakon","dakon":"survey","n":4}}"#);
    let Some(Reply::Lab { id: 11, reply: LabReply::Dakon(LabSays::Answer(DakonAnswer::Survey { survey })), .. }) =
        replies.last()
    else {
        panic!("{replies:?}")
    };
    // The paper's Dakon-4 figures: 7 winning openings (seed 001).
    assert_eq!(survey.counts.winning(), 7);
    let replies = run(r#"{"id":12,"task":{"kind":"lab","lab":"dooley","rules":"kalah-3-1-e"}}"#);
    let Some(Reply::Lab { reply: LabReply::Dooley(LabSays::Answer(DooleyAnswer { study, analysis })), .. }) =
        replies.last()
    else {
        panic!("{replies:?}")
    };
    assert_eq!(study.rules, "kalah-3-1-e");
    assert!(!analysis.moves.is_empty());
}
