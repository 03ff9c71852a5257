//! Browser tests (headless Chromium via wasm-bindgen-test): the board and the play page
//! render, react to clicks and keys, and show a bad link's fault.
#![cfg(target_arch = "wasm32")]

use mancala_lab::families::{AnyMove, AnyRules};
use mancala_lab::web::board::Board;
use mancala_lab::web::play::{PlayPage, PlayProps};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

fn mount() -> web_sys::Element {
    let doc = gloo_document();
    let div = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&div).unwrap();
    div
}

fn gloo_document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

fn click(root: &web_sys::Element, selector: &str) {
    let el = root.query_selector(selector).unwrap().unwrap_or_else(|| panic!("no {selector}"));
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    let ev2 = web_sys::Event::new_with_event_init_dict("click", &init).unwrap();
    el.dispatch_event(&ev2).unwrap();
}

fn attr(root: &web_sys::Element, selector: &str, name: &str) -> String {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no {selector}"))
        .get_attribute(name)
        .unwrap_or_default()
}

#[function_component(Harness)]
fn harness() -> Html {
    let played = use_state(Vec::<String>::new);
    let pos = "kalah-6-4".parse::<AnyRules>().unwrap().start();
    let on_play = {
        let played = played.clone();
        Callback::from(move |m: AnyMove| {
            let mut v = (*played).clone();
            v.push(m.to_string());
            played.set(v);
        })
    };
    html! {
        <>
            <Board position={pos.clone()} shown={pos.cells()} {on_play} />
            <p id="played">{played.join(",")}</p>
        </>
    }
}

#[wasm_bindgen_test]
async fn board_renders_names_and_reacts_to_a_click() {
    let root = mount();
    yew::Renderer::<Harness>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    assert_eq!(attr(&root, "#pit-s-2", "aria-label"), "South c: 4 seeds");
    assert_eq!(attr(&root, "#store-n", "aria-label"), "North store: 0 seeds");
    assert_eq!(attr(&root, "#pit-s-2", "role"), "button");
    assert_eq!(attr(&root, "#pit-n-2", "role"), "img", "North's pits are not playable on South's turn");
    assert_eq!(root.query_selector_all(".pit.legal").unwrap().length(), 6);
    click(&root, "#pit-s-2");
    yew::scheduler::flush().await;
    assert_eq!(root.query_selector("#played").unwrap().unwrap().text_content().unwrap(), "c");
    // A click on a pit that is not legal does nothing.
    click(&root, "#pit-n-0");
    yew::scheduler::flush().await;
    assert_eq!(root.query_selector("#played").unwrap().unwrap().text_content().unwrap(), "c");
}

#[function_component(TchoukHarness)]
fn tchouk_harness() -> Html {
    let pos = "tchoukaillon".parse::<AnyRules>().unwrap().start();
    html! { <Board position={pos.clone()} shown={pos.cells()} /> }
}

#[wasm_bindgen_test]
async fn tchoukaillon_board_offers_only_harvestable_pits() {
    let root = mount();
    yew::Renderer::<TchoukHarness>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    // The winning position for 17 seeds: 1 1 3 2 4 6; pits 1, 3 and 6 hold exactly their number.
    assert_eq!(attr(&root, "#store-s", "aria-label"), "Roumba: 0 seeds");
    assert_eq!(attr(&root, "#pit-s-0", "aria-label"), "Pit 1: 1 seed");
    let legal: Vec<String> = (0..root.query_selector_all(".pit.legal").unwrap().length())
        .map(|i| {
            root.query_selector_all(".pit.legal").unwrap().get(i).unwrap().dyn_into::<web_sys::Element>().unwrap().id()
        })
        .collect();
    assert_eq!(legal, vec!["pit-s-0", "pit-s-2", "pit-s-5"]);
}

fn text(root: &web_sys::Element, selector: &str) -> String {
    root.query_selector(selector).unwrap().unwrap_or_else(|| panic!("no {selector}")).text_content().unwrap_or_default()
}

async fn settle() {
    for _ in 0..3 {
        yew::scheduler::flush().await;
        gloo_timers::future::TimeoutFuture::new(0).await;
    }
}

#[wasm_bindgen_test]
async fn play_page_plays_clicked_moves_and_undoes() {
    let root = mount();
    let props = PlayProps { query: "rules=kalah-6-4".into(), nav: 0 };
    yew::Renderer::<PlayPage>::with_root_and_props(root.clone(), props).render();
    settle().await;
    assert!(text(&root, ".status").contains("South to move"));
    // No animation, so the board shows the result at once.
    let select: web_sys::HtmlSelectElement = root.query_selector(".speed select").unwrap().unwrap().dyn_into().unwrap();
    select.set_value("0");
    select.dispatch_event(&web_sys::Event::new("change").unwrap()).unwrap();
    settle().await;
    click(&root, "#pit-s-2");
    settle().await;
    assert!(text(&root, ".status").contains("South plays c"), "{}", text(&root, ".status"));
    assert!(text(&root, ".status").contains("moves again"));
    assert_eq!(attr(&root, "#store-s", "aria-label"), "South store: 1 seed");
    assert_eq!(attr(&root, "#pit-s-2", "aria-label"), "South c: 0 seeds");
    // Keyboard: Enter on a focused legal pit plays it.
    let pit = root.query_selector("#pit-s-5").unwrap().unwrap();
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("Enter");
    init.set_bubbles(true);
    pit.dispatch_event(&web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap()).unwrap();
    settle().await;
    assert!(text(&root, ".status").contains("South plays f"), "{}", text(&root, ".status"));
    assert!(text(&root, ".status").contains("North to move"));
    click(&root, "button.undo");
    settle().await;
    assert!(text(&root, ".status").contains("South plays c"));
    assert_eq!(root.query_selector_all(".move-list .ply").unwrap().length(), 3);
}

#[wasm_bindgen_test]
async fn play_page_explains_a_bad_link_and_stays_usable() {
    let root = mount();
    let props = PlayProps { query: "rules=kalah-6-4&moves=cfx".into(), nav: 0 };
    yew::Renderer::<PlayPage>::with_root_and_props(root.clone(), props).render();
    settle().await;
    let msg = text(&root, ".link-error");
    assert!(msg.contains("moves") && msg.contains("move 3"), "{msg}");
    // The valid part of the game is shown and playable.
    assert_eq!(root.query_selector_all(".move-list .ply").unwrap().length(), 3);
    assert!(root.query_selector_all(".pit.legal").unwrap().length() > 0);
}

/// Entry point of the worker spawned below: the app's own worker code, loaded from this test
/// bundle (the test runner serves it as `wasm-bindgen-test.js`).
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn mancala_test_worker_start() {
    mancala_lab::web::worker::browser::start();
}

#[wasm_bindgen_test]
async fn a_spawned_worker_answers_a_search_request() {
    use std::cell::RefCell;
    use std::rc::Rc;
    use wasm_bindgen::closure::Closure;

    let href = web_sys::window().unwrap().location().href().unwrap();
    let url = |file: &str| web_sys::Url::new_with_base(file, &href).unwrap().href();
    let script = format!(
        "import init, {{ mancala_test_worker_start }} from '{}'; await init('{}'); mancala_test_worker_start();",
        url("./wasm-bindgen-test.js"),
        url("./wasm-bindgen-test_bg.wasm")
    );
    let parts = js_sys::Array::of1(&script.into());
    let bag = web_sys::BlobPropertyBag::new();
    bag.set_type("text/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &bag).unwrap();
    let opts = web_sys::WorkerOptions::new();
    opts.set_type(web_sys::WorkerType::Module);
    let worker =
        web_sys::Worker::new_with_options(&web_sys::Url::create_object_url_with_blob(&blob).unwrap(), &opts).unwrap();
    let replies: Rc<RefCell<Vec<String>>> = Rc::default();
    let sink = replies.clone();
    let onmessage = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
        sink.borrow_mut().push(e.data().as_string().unwrap_or_default());
    });
    worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    // Wait (bounded, so a broken worker fails the test instead of hanging it) for a reply.
    async fn wait_for(replies: &Rc<RefCell<Vec<String>>>, kind: &str) -> String {
        for _ in 0..1500 {
            if let Some(r) = replies.borrow().iter().find(|r| r.contains(kind)) {
                return r.clone();
            }
            gloo_timers::future::TimeoutFuture::new(20).await;
        }
        panic!("no {kind} reply; got {:?}", replies.borrow());
    }
    wait_for(&replies, "\"ready\"").await;
    worker
        .post_message(&r#"{"id":5,"task":{"kind":"solve","rules":"kalah-4-3","setup":"3.3.3.3-3.3.3.3-0.0-s","memory_mib":64,"time_ms":0}}"#.into())
        .unwrap();
    let done = wait_for(&replies, "\"done\"").await;
    let reply: mancala_lab::web::worker::Reply = serde_json::from_str(&done).unwrap();
    let mancala_lab::web::worker::Reply::Done { id: 5, analysis: Some(a), .. } = reply else { panic!("{done}") };
    assert_eq!(a.value.number(), 6, "Kalah(4,3) is +6 for the first player (Irving et al. 2000)");
    assert!(a.exact);
    worker.terminate();
}

#[wasm_bindgen_test]
fn figures_group_their_digits_by_threes() {
    use mancala_lab::web::group;
    let cases = [(0, "0"), (7, "7"), (999, "999"), (1000, "1,000"), (93_757, "93,757"), (141_159_240, "141,159,240")];
    for (x, s) in cases {
        assert_eq!(group(x), s);
    }
    assert_eq!(group(u128::MAX).replace(',', ""), u128::MAX.to_string());
}

#[wasm_bindgen_test]
async fn hanoi_lab_plays_by_clicks_and_steps_an_algorithm() {
    use mancala_lab::labs::Linked;
    use mancala_lab::web::labs::hanoi::{Page, Props};
    let root = mount();
    yew::Renderer::<Page>::with_root_and_props(root.clone(), Props { params: Linked::read("n=4") }).render();
    settle().await;
    assert!(text(&root, ".ply").contains("0 moves"));
    // Pot 1 can only go right: one click plays it.
    click(&root, "#pit-s-0");
    settle().await;
    assert!(text(&root, ".ply").contains("1 move"), "{}", text(&root, ".ply"));
    assert!(text(&root, ".ply-words").contains("pot 1 sows its 1 seed to the right, the last into pot 2"));
    click(&root, "button.recursive");
    settle().await;
    click(&root, "button.end");
    settle().await;
    assert!(text(&root, ".ply").contains("move 4 of 4"));
    assert!(text(&root, ".puzzle-state").contains("Solved: all 4 seeds are in the last pot, in 4 moves"));
}

#[wasm_bindgen_test]
async fn tchoukaillon_lab_shows_figures_4_and_5_and_a_bad_link() {
    use mancala_lab::labs::Linked;
    use mancala_lab::web::labs::tchoukaillon::{Page, Props};
    let root = mount();
    yew::Renderer::<Page>::with_root_and_props(root.clone(), Props { params: Linked::read("s=-1") }).render();
    settle().await;
    assert!(text(&root, ".error").contains("s=-1 is not a number of seeds"));
    assert_eq!(root.query_selector_all(".figure-4-table tbody tr").unwrap().length(), 25);
    assert!(root.query_selector_all(".figure-5-table tbody tr").unwrap().length() >= 40);
    // s = 9 is watched: step once, then to the end.
    click(&root, ".strategy button.step");
    settle().await;
    assert!(text(&root, ".strategy .ply").contains("harvest 1 of 9"));
    click(&root, ".strategy button.end");
    settle().await;
    assert!(text(&root, ".strategy .ply-words").contains("Every seed is in the Roumba: 9 harvests"));
}
