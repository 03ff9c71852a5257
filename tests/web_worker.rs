//! The worker's message handling, run inside a real dedicated Web Worker in headless Chromium:
//! a request in JSON gives progress and a final search result, and bad messages get errors.
#![cfg(target_arch = "wasm32")]

use mancala_lab::labs::dakon::DakonAnswer;
use mancala_lab::labs::{LabReply, LabSays};
use mancala_lab::web::worker::{Reply, Worker};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_dedicated_worker);

thread_local! {
    /// The worker's state between requests, as the worker's event loop keeps it.
    static WORKER: std::cell::RefCell<Worker> = std::cell::RefCell::new(Worker::default());
}

fn run(text: &str) -> Vec<Reply> {
    let mut out = vec![];
    let now = || js_sys::Date::now();
    WORKER.with_borrow_mut(|w| w.handle(text, &now, &mut |r| out.push(r)));
    out
}

#[wasm_bindgen_test]
fn search_round_trip_in_a_worker() {
    assert!(js_sys::global().is_instance_of::<web_sys::DedicatedWorkerGlobalScope>());
    let replies = run(
        r#"{"id":7,"task":{"kind":"analyze","rules":"kalah-4-3","setup":"3.3.3.3-3.3.3.3-0.0-s","max_depth":200,"time_ms":0,"table_mib":8}}"#,
    );
    let Some(Reply::Done { id: 7, analysis: Some(a), .. }) = replies.last() else { panic!("{replies:?}") };
    assert!(a.exact);
    assert_eq!(a.value.number(), 6, "Kalah(4,3) is +6 for the first player (Irving et al. 2000)");
    assert_eq!(a.moves[0].mv.to_string(), "b");
    assert!(replies.iter().any(|r| matches!(r, Reply::Progress { id: 7, .. })));
    // The reply survives its JSON trip to the page.
    let text = serde_json::to_string(replies.last().unwrap()).unwrap();
    assert_eq!(&serde_json::from_str::<Reply>(&text).unwrap(), replies.last().unwrap());
}

#[wasm_bindgen_test]
fn bad_messages_get_errors() {
    for (text, want_id, part) in [
        ("not json", None, "unreadable"),
        (r#"{"id":3,"task":{"kind":"fly"}}"#, Some(3), "unreadable"),
        (
            r#"{"id":4,"task":{"kind":"analyze","rules":"kalah-99-4","setup":"","max_depth":3,"time_ms":0,"table_mib":8}}"#,
            Some(4),
            "rules",
        ),
        (
            r#"{"id":5,"task":{"kind":"analyze","rules":"kalah-6-4","setup":"1.2-3","max_depth":3,"time_ms":0,"table_mib":8}}"#,
            Some(5),
            "setup",
        ),
        (
            r#"{"id":6,"task":{"kind":"analyze","rules":"kalah-6-4","setup":"4.4.4.4.4.4-4.4.4.4.4.4-0.0-s","max_depth":3,"time_ms":0,"table_mib":999999}}"#,
            Some(6),
            "table",
        ),
    ] {
        let replies = run(text);
        match &replies[..] {
            [Reply::Error { id, message }] => {
                assert_eq!(*id, want_id, "{text}");
                assert!(message.contains(part), "{text}: {message}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[wasm_bindgen_test]
fn time_limit_stops_a_long_search() {
    let replies = run(
        r#"{"id":9,"task":{"kind":"analyze","rules":"kalah-6-6","setup":"6.6.6.6.6.6-6.6.6.6.6.6-0.0-s","max_depth":200,"time_ms":300,"table_mib":8}}"#,
    );
    let Some(Reply::Done { id: 9, analysis: Some(a), elapsed_ms, .. }) = replies.last() else { panic!("{replies:?}") };
    assert!(!a.exact);
    assert!(a.depth >= 1);
    // Not a timing assertion: the search ended because of the limit, not because it finished.
    assert!(*elapsed_ms >= 300.0);
}

#[wasm_bindgen_test]
fn exact_solve_round_trip_in_a_worker() {
    let replies = run(
        r#"{"id":11,"task":{"kind":"solve","rules":"kalah-4-3","setup":"3.3.3.3-3.3.3.3-0.0-s","memory_mib":64,"time_ms":0}}"#,
    );
    let Some(Reply::Done { id: 11, analysis: Some(a), memory_bytes, .. }) = replies.last() else {
        panic!("{replies:?}")
    };
    assert!(a.exact);
    assert_eq!(a.value.number(), 6, "Kalah(4,3) is +6 for the first player (Irving et al. 2000)");
    assert_eq!(a.moves.len(), 4);
    assert!(a.moves.iter().all(|m| m.exact));
    assert!(*memory_bytes > 0);
    assert!(replies.iter().any(|r| matches!(r, Reply::Window { id: 11, .. })));
    assert!(matches!(replies.first(), Some(Reply::Memory { id: 11, bytes }) if *bytes > 0), "{:?}", replies.first());
    // A solve that cannot finish in time says so.
    let replies = run(
        r#"{"id":12,"task":{"kind":"solve","rules":"kalah-6-6","setup":"6.6.6.6.6.6-6.6.6.6.6.6-0.0-s","memory_mib":64,"time_ms":200}}"#,
    );
    let Some(Reply::Error { id: Some(12), message }) = replies.last() else { panic!("{replies:?}") };
    assert!(message.contains("too large for the time allowed"), "{message}");
}

#[wasm_bindgen_test]
fn one_root_move_at_a_time_as_the_page_shares_them() {
    // Kalah(4,3): b +6, c +2, d -2, a -6 (the solver's own analysis, checked against minimax
    // natively). Each move asked for alone, the second with a guess, on the kept solver.
    let mut values = vec![];
    for (id, mv, guess) in [(21, 1, "null"), (22, 0, "6"), (23, 3, "6"), (24, 2, "6")] {
        let replies = run(&format!(
            r#"{{"id":{id},"task":{{"kind":"solve","rules":"kalah-4-3","setup":"3.3.3.3-3.3.3.3-0.0-s","memory_mib":32,"time_ms":0,"moves":[{{"Kalah":{mv}}}],"guess":{guess}}}}}"#
        ));
        let Some(Reply::Done { analysis: Some(a), .. }) = replies.last() else { panic!("{mv}: {replies:?}") };
        assert_eq!(a.moves.len(), 1, "{mv}");
        assert_eq!(a.best_line[0], a.moves[0].mv);
        values.push((a.moves[0].mv.to_string(), a.moves[0].value.number()));
    }
    assert_eq!(values, [("b".into(), 6), ("a".into(), -6), ("d".into(), -2), ("c".into(), 2)]);
    for (moves, part) in [
        (r#"["z"]"#, "unreadable request"),
        (r#"[{"Kalah":4}]"#, "not legal"),
        (r#"[{"Kalah":200}]"#, "not legal"),
        (r#"[{"Dakon":1}]"#, "a dakon move is not a move of the exact solver's Kalah"),
    ] {
        let replies = run(&format!(
            r#"{{"id":30,"task":{{"kind":"solve","rules":"kalah-4-3","setup":"3.3.3.3-3.3.3.3-0.0-s","memory_mib":32,"time_ms":0,"moves":{moves}}}}}"#
        ));
        let Some(Reply::Error { id: Some(30), message }) = replies.last() else { panic!("{moves}: {replies:?}") };
        assert!(message.contains(part), "{moves}: {message}");
    }
}

#[wasm_bindgen_test]
fn dakon_survey_and_search_in_a_worker() {
    let replies = run(r#"{"id":11,"task":{"kind":"lab","lab":"dakon","dakon":"survey","n":5}}"#);
    let Some(Reply::Lab { id: 11, reply: LabReply::Dakon(LabSays::Answer(DakonAnswer::Survey { survey })), .. }) =
        replies.last()
    else {
        panic!("{replies:?}")
    };
    // The paper's Dakon-5 figures: 1,371 possible sequences (ours: 1,373 turns, 2 winning);
    // shortest 24 moves; maximum capture leaves 4, by 2 openings.
    assert_eq!((survey.counts.total(), survey.counts.winning()), (1373, 2));
    assert_eq!((survey.shortest, survey.fewest_left()), (Some(24), Some((4, 2))));
    let text = serde_json::to_string(replies.last().unwrap()).unwrap();
    assert_eq!(&serde_json::from_str::<Reply>(&text).unwrap(), replies.last().unwrap());

    let replies = run(
        r#"{"id":12,"task":{"kind":"lab","lab":"dakon","dakon":"search","n":4,"goal":"min_laps","max_boards":1000}}"#,
    );
    let Some(Reply::Lab {
        id: 12,
        reply: LabReply::Dakon(LabSays::Answer(DakonAnswer::Found { trials, found: Some(f) })),
        ..
    }) = replies.last()
    else {
        panic!("{replies:?}")
    };
    // Table 3: at most 8 laps a move, 13 moves; every smaller limit searched completely first.
    assert_eq!(trials.len(), 8);
    assert!(trials[..7].iter().all(|t| t.admits == Some(false)));
    assert_eq!((f.line.as_ref().map(Vec::len), f.proven()), (Some(13), true));

    for (text, part) in [
        (r#"{"id":13,"task":{"kind":"lab","lab":"dakon","dakon":"survey","n":9}}"#, "cannot be surveyed here"),
        (
            r#"{"id":14,"task":{"kind":"lab","lab":"dakon","dakon":"search","n":40,"goal":"shortest","max_boards":10}}"#,
            "not handled",
        ),
        (
            r#"{"id":15,"task":{"kind":"lab","lab":"dakon","dakon":"search","n":4,"goal":"longest","max_boards":10}}"#,
            "unreadable",
        ),
    ] {
        match &run(text)[..] {
            [Reply::Error { message, .. }] => assert!(message.contains(part), "{text}: {message}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    // A board limit too small for a proof gives a lower bound, not a wrong answer.
    let replies = run(
        r#"{"id":16,"task":{"kind":"lab","lab":"dakon","dakon":"search","n":6,"goal":"shortest","max_boards":1000}}"#,
    );
    let Some(Reply::Lab { reply: LabReply::Dakon(LabSays::Answer(DakonAnswer::Found { found: Some(f), .. })), .. }) =
        replies.last()
    else {
        panic!("{replies:?}")
    };
    assert!(!f.complete && f.line.is_none() && f.lower_bound < 19);
}

#[wasm_bindgen_test]
fn dakon_depth_first_proof_in_a_worker() {
    // Table 2: Dakon-5's shortest opening has 24 moves: found within 30, and none within 23.
    let replies = run(r#"{"id":17,"task":{"kind":"lab","lab":"dakon","dakon":"prove","n":5,"bound":30}}"#);
    let Some(Reply::Lab { id: 17, reply: LabReply::Dakon(LabSays::Answer(DakonAnswer::Deep { found })), .. }) =
        replies.last()
    else {
        panic!("{replies:?}")
    };
    assert!(found.complete);
    assert_eq!((found.line.as_ref().map(Vec::len), found.lower_bound()), (Some(24), 24));
    let replies = run(r#"{"id":18,"task":{"kind":"lab","lab":"dakon","dakon":"prove","n":5,"bound":23}}"#);
    let Some(Reply::Lab { id: 18, reply: LabReply::Dakon(LabSays::Answer(DakonAnswer::Deep { found })), .. }) =
        replies.last()
    else {
        panic!("{replies:?}")
    };
    assert!(found.complete && found.line.is_none() && found.lower_bound() == 24);
    for (text, part) in [
        (r#"{"id":19,"task":{"kind":"lab","lab":"dakon","dakon":"prove","n":12,"bound":20}}"#, "not handled"),
        (r#"{"id":20,"task":{"kind":"lab","lab":"dakon","dakon":"prove","n":8,"bound":0}}"#, "not handled"),
        (r#"{"id":21,"task":{"kind":"lab","lab":"dakon","dakon":"prove","n":8,"bound":100000}}"#, "not handled"),
        (r#"{"id":22,"task":{"kind":"lab","lab":"dakon","dakon":"prove","n":8}}"#, "unreadable"),
    ] {
        match &run(text)[..] {
            [Reply::Error { message, .. }] => assert!(message.contains(part), "{text}: {message}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[wasm_bindgen_test]
fn endgame_databases_in_a_worker() {
    use mancala_lab::web::worker::databases::EndgameReply;
    let built = run(r#"{"id":11,"task":{"kind":"endgame","endgame":"build","rules":"oware","seeds":6}}"#);
    let Some(Reply::Endgame { reply: EndgameReply::Built { seeds: Some(6), layers, .. }, .. }) = built.last() else {
        panic!("{built:?}")
    };
    assert_eq!(layers[6].positions, 12376);
    let values = run(
        r#"{"id":12,"task":{"kind":"endgame","endgame":"query","rules":"oware","setup":"0.0.0.0.0.2-1.1.1.0.0.0-0.0-s"}}"#,
    );
    let Some(Reply::Endgame { reply: EndgameReply::Values { value, moves, .. }, .. }) = values.last() else {
        panic!("{values:?}")
    };
    // f captures the chain of two 2s (4 seeds); North cannot feed South and keeps his seed.
    assert_eq!(moves.iter().map(|m| (m.mv.to_string(), m.value)).collect::<Vec<_>>(), [("f".to_string(), 3)]);
    assert_eq!(*value, 3);
    // A search asking for the databases stops at the positions they cover: proven at once.
    let replies = run(
        r#"{"id":13,"task":{"kind":"analyze","rules":"oware","setup":"0.0.0.0.0.2-1.1.1.0.0.0-0.0-s","max_depth":4,"time_ms":0,"table_mib":1,"endgame":true}}"#,
    );
    let Some(Reply::Done { id: 13, analysis: Some(a), .. }) = replies.last() else { panic!("{replies:?}") };
    assert!(a.exact);
    // One value per position and convention: after f, South's 4 of the 5 seeds are more than
    // half and the rules end the game 4-0, but the search, its leaves valued by the databases,
    // counts play on to the last seed as they do (North keeps his: 3), the value the query gave.
    assert_eq!(a.value.number(), *value);
    assert_eq!(a.value.number(), 3);
}

#[wasm_bindgen_test]
fn tchoukaillon_hanoi_and_tchouka_in_a_worker() {
    use mancala_lab::labs::hanoi::Minima;
    use mancala_lab::labs::tchoukaillon::TchoukaillonAnswer;
    // 10^12 seeds: 1,772,452 pits, the picture drawn over every pit (wasm's u64/u128 arithmetic).
    let replies =
        run(r#"{"id":21,"task":{"kind":"lab","lab":"tchoukaillon","tchoukaillon":"position","seeds":1000000000000}}"#);
    let Some(Reply::Lab {
        reply: LabReply::Tchoukaillon(LabSays::Answer(TchoukaillonAnswer::Position { position, occupancy, .. })),
        ..
    }) = replies.last()
    else {
        panic!("{replies:?}")
    };
    assert_eq!(position.highest, 1_772_452);
    assert_eq!(&position.pits[..6], &[0, 1, 3, 1, 5, 5]);
    assert!(occupancy.as_ref().is_some_and(|o| (o.ratio - core::f64::consts::FRAC_2_PI).abs() < 1e-3));
    let replies = run(r#"{"id":22,"task":{"kind":"lab","lab":"tchoukaillon","tchoukaillon":"s_of_n","n":100}}"#);
    let Some(Reply::Lab {
        reply: LabReply::Tchoukaillon(LabSays::Answer(TchoukaillonAnswer::SOfN { s, checks, .. })),
        ..
    }) = replies.last()
    else {
        panic!("{replies:?}")
    };
    assert_eq!(s[99], 3234);
    assert!(checks.iter().all(|c| c.differs_at.is_none()));
    let replies = run(r#"{"id":23,"task":{"kind":"lab","lab":"hanoi","max_n":9}}"#);
    let Some(Reply::Lab { reply: LabReply::Hanoi(LabSays::Answer(Minima { both, .. })), .. }) = replies.last() else {
        panic!("{replies:?}")
    };
    assert_eq!(both[8].moves, Some(14));
    let replies = run(
        r#"{"id":24,"task":{"kind":"lab","lab":"tchoukaillon","tchoukaillon":"tchouka_map","max_pits":4,"max_seeds":2}}"#,
    );
    let Some(Reply::Lab {
        reply: LabReply::Tchoukaillon(LabSays::Answer(TchoukaillonAnswer::TchoukaMap { entries })),
        ..
    }) = replies.last()
    else {
        panic!("{replies:?}")
    };
    assert!(entries.iter().any(|e| (e.pits, e.seeds, e.solvable) == (4, 2, true)));
}
