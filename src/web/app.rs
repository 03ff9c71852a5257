//! The root component: hash routing (so any static host works) and the home page.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::board::Board;
use super::play::PlayPage;
use super::route::{current_hash, Route};
use crate::families::AnyRules;
use crate::labs::LABS;

/// The app.
#[function_component(App)]
pub fn app() -> Html {
    let route = use_state(|| current_hash().parse::<Route>().unwrap_or(Route::Home));
    let nav = use_state(|| 0u32);
    {
        let route = route.clone();
        let nav = nav.clone();
        use_effect_with((), move |_| {
            // The page's path (the hash before its query): a new page opens at its top, while a
            // page that only changes its query (a lab's input, a game's moves) keeps its place.
            let path = |h: &str| h.split('?').next().unwrap_or("").trim_end_matches('/').to_string();
            let mut last = path(&current_hash());
            let cb = Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
                let hash = current_hash();
                route.set(hash.parse::<Route>().unwrap_or(Route::Home));
                nav.set(*nav + 1);
                let now = path(&hash);
                if now != last {
                    if let Some(w) = web_sys::window() {
                        w.scroll_to_with_x_and_y(0.0, 0.0);
                    }
                    last = now;
                }
            });
            let w = web_sys::window().expect("a window");
            let _ = w.add_event_listener_with_callback("hashchange", cb.as_ref().unchecked_ref());
            move || {
                let _ = w.remove_event_listener_with_callback("hashchange", cb.as_ref().unchecked_ref());
                drop(cb);
            }
        });
    }
    // The tab's title says where you are (the play page names the game and the move itself).
    {
        let title = match &*route {
            Route::Home => Some("Mancala Lab".to_string()),
            Route::NotFound(_) => Some("Page not found — Mancala Lab".to_string()),
            Route::Play(_) => None,
            lab => super::labs::lab_title(lab).map(|t| format!("{t} — Mancala Lab")),
        };
        use_effect_with(title, |title| {
            if let (Some(t), Some(d)) = (title, web_sys::window().and_then(|w| w.document())) {
                d.set_title(t);
            }
        });
    }
    let body = match &*route {
        Route::Home => html! { <Home /> },
        Route::Play(q) => html! { <PlayPage query={AttrValue::from(q.clone())} nav={*nav} /> },
        Route::NotFound(p) => html! {
            <main class="not-found">
                <p role="alert">{format!("There is no page '{p}' here. ")}<a href="#/">{"Go to the games"}</a></p>
                <Home />
            </main>
        },
        // A lab's page is drawn by the labs' own code (`labs.js`), loaded on the first lab
        // opened, into the element beside the app's.
        _ => html! { <LabSlot /> },
    };
    html! {
        <>
            <header class="top"><a href="#/" class="brand">{"Mancala Lab"}</a><span class="tag">{"play, study and solve sowing games"}</span><ThemeSwitch /></header>
            {body}
        </>
    }
}

/// Where the labs' code comes from (Trunk builds it beside the app, `data-bin="labs"`; the
/// loader starts it, `static/labs_loader.js`).
const LABS_JS: &str = "./labs.js";
const LABS_LOADER: &str = "./labs_loader.js";

thread_local! {
    /// The labs' code, once asked for: the promise of its start.
    static LABS_CODE: core::cell::RefCell<Option<js_sys::Promise>> = const { core::cell::RefCell::new(None) };
    /// The labs' code has started (a lab opened again draws at once, without a loading line).
    static LABS_STARTED: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
    /// labs.js has run (a second try adds only the loader: the script's bindings exist).
    static LABS_JS_RAN: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Loads the labs' code once: its script, then its wasm, whose start draws the lab of the
/// address into the element `#lab` and follows the address from then on.
async fn load_labs() -> Result<(), String> {
    let promise = LABS_CODE.with(|l| l.borrow_mut().get_or_insert_with(start_labs).clone());
    match wasm_bindgen_futures::JsFuture::from(promise.clone()).await {
        Ok(_) => {
            LABS_STARTED.with(|s| s.set(true));
            Ok(())
        }
        Err(e) => {
            // A second try starts afresh (the network may be back).
            LABS_CODE.with(|l| {
                let same =
                    l.borrow().as_ref().is_some_and(|p| JsValue::from(p.clone()) == JsValue::from(promise.clone()));
                if same {
                    l.borrow_mut().take();
                }
            });
            let why = e
                .as_string()
                .or_else(|| e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())))
                .unwrap_or_else(|| "its code did not start".to_string());
            Err(why)
        }
    }
}

fn start_labs() -> js_sys::Promise {
    js_sys::Promise::new(&mut |resolve: js_sys::Function, reject: js_sys::Function| {
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
            let _ = reject.call1(&JsValue::NULL, &JsValue::from_str("no document"));
            return;
        };
        // The two scripts run in order (a script added by code runs as soon as it arrives,
        // unless `async` is off); the loader leaves the start's promise in `mancalaLabs`.
        let scripts: &[&str] = if LABS_JS_RAN.with(|r| r.get()) { &[LABS_LOADER] } else { &[LABS_JS, LABS_LOADER] };
        for &src in scripts {
            let Ok(script) = doc.create_element("script") else { continue };
            let _ = script.set_attribute("src", src);
            let _ = js_sys::Reflect::set(&script, &JsValue::from_str("async"), &JsValue::FALSE);
            let failed = reject.clone();
            let onerror = Closure::once_into_js(move || {
                let _ = failed.call1(&JsValue::NULL, &JsValue::from_str("the labs' code could not be fetched"));
            });
            let _ = js_sys::Reflect::set(&script, &JsValue::from_str("onerror"), &onerror);
            if src == LABS_JS {
                let onload = Closure::once_into_js(move || LABS_JS_RAN.with(|r| r.set(true)));
                let _ = js_sys::Reflect::set(&script, &JsValue::from_str("onload"), &onload);
            }
            if src == LABS_LOADER {
                let (resolve, reject) = (resolve.clone(), reject.clone());
                let onload = Closure::once_into_js(move || {
                    match js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("mancalaLabs")) {
                        Ok(started) if started.is_object() => {
                            let _ = resolve.call1(&JsValue::NULL, &started);
                        }
                        _ => {
                            let _ = reject.call1(&JsValue::NULL, &JsValue::from_str("the labs' code did not start"));
                        }
                    }
                });
                let _ = js_sys::Reflect::set(&script, &JsValue::from_str("onload"), &onload);
            }
            if let Some(head) = doc.head() {
                let _ = head.append_child(&script);
            }
        }
    })
}

/// A lab's place in the app: nothing once the labs' code draws the page, a line while it
/// loads, and what went wrong if it cannot.
#[function_component(LabSlot)]
fn lab_slot() -> Html {
    let state = use_state(|| LABS_STARTED.with(|s| s.get()).then_some(Ok::<(), String>(())));
    // Each try (the first, and "Try again") loads the labs' code, or waits on the load begun.
    let tries = use_state(|| 0u32);
    {
        let state = state.clone();
        use_effect_with(*tries, move |_| {
            if !LABS_STARTED.with(|s| s.get()) {
                state.set(None);
                wasm_bindgen_futures::spawn_local(async move { state.set(Some(load_labs().await)) });
            }
        });
    }
    let again = {
        let tries = tries.clone();
        Callback::from(move |_: MouseEvent| tries.set(*tries + 1))
    };
    match &*state {
        Some(Ok(())) => Html::default(),
        None => html! { <main class="lab-loading"><p role="status">{"Loading the lab…"}</p></main> },
        Some(Err(e)) => html! {
            <main class="lab-loading">
                <p class="error" role="alert">{format!("This lab could not be opened ({e}). The games work without it. ")}</p>
                <p><button class="lab-again" onclick={again}>{"Try again"}</button>{" "}<a href="#/">{"Go to the games"}</a></p>
            </main>
        },
    }
}

/// The colour theme: the system's, light or dark (kept in this browser).
#[function_component(ThemeSwitch)]
fn theme_switch() -> Html {
    let theme = use_state(super::prefs::theme);
    let onchange = {
        let theme = theme.clone();
        Callback::from(move |e: Event| {
            let v = super::play::select_value(&e);
            let t = (v == "light" || v == "dark").then_some(v);
            super::prefs::set_theme(t.as_deref());
            theme.set(t);
        })
    };
    let cur = theme.as_deref().unwrap_or("auto");
    html! {
        <label class="theme">{"Theme "}
            <select {onchange} aria-label="Colour theme">
                { for [("auto", "as the system"), ("light", "light"), ("dark", "dark")].iter().map(|(v, name)| html! {
                    <option value={*v} selected={cur == *v}>{*name}</option>
                }) }
            </select>
        </label>
    }
}

/// Scrolls the element of this id into view.
fn to_id(id: &str) {
    if let Some(e) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id)) {
        e.scroll_into_view();
    }
}

/// The home page: the games grouped by family, a sentence of how each family plays, each game
/// with a picture of its board and its source; then the labs (a button at the top goes there).
#[function_component(Home)]
pub fn home() -> Html {
    let groups = super::home::home_groups();
    html! {
        <main class="home">
            <h1>{"Mancala Lab"}</h1>
            <p class="lede">{"Play the sowing games of the mancala family against a friend or the computer, read their rules with their sources, and see the values the search finds."}</p>
            // A line of the page's parts, so that a phone reaches any group in one tap.
            <nav class="jump" aria-label="On this page">
                { for groups.iter().enumerate().map(|(i, (group, _, _))| html! {
                    <button class="to-group" onclick={Callback::from(move |_: MouseEvent| to_id(&format!("group-{i}")))}>{format!("{group} ↓")}</button>
                }) }
                <button class="to-labs" onclick={Callback::from(|_: MouseEvent| to_id("labs"))}>{"The labs: the papers' results recomputed, and the benchmark ↓"}</button>
                <a class="to-puzzles button" href={Route::lab_home::<crate::labs::puzzles::PuzzlesLab>().to_string()}>{"Puzzles: find the one move that wins ›"}</a>
            </nav>
            { for groups.into_iter().enumerate().map(|(i, (group, about, families))| html! {
                <section class="group" aria-label={group} id={format!("group-{i}")}>
                <h2>{group}</h2>
                <p class="how">{about}</p>
                { for families.into_iter().map(|f| html! {
                <section class="family" aria-label={f.name()}>
                    <h3>{f.name()}</h3>
                    <p class="how">{f.how_it_plays()}</p>
                    <ul class="games">
                        { for f.presets().iter().map(|p| {
                            let rules: AnyRules = p.id.parse().expect("presets are valid");
                            let start = rules.start();
                            html! {
                                <li class="game-card">
                                    <a href={Route::rules(p.id).to_string()} class="game-link" aria-label={p.name}>
                                        <div aria-hidden="true">
                                            <Board position={start.clone()} shown={start.cells()} interactive={false} compact={true} />
                                        </div>
                                        <span class="game-name">{p.name}</span>
                                    </a>
                                    <span class="game-source">{p.source}</span>
                                </li>
                            }
                        }) }
                    </ul>
                </section>
                }) }
                </section>
            }) }
            <h2 id="labs">{"Labs"}</h2>
            <ul class="labs">
                { for LABS.iter().map(|(path, title, summary)| html! {
                    <li><a href={format!("#{path}")}>{*title}</a>{format!(" — {summary}")}</li>
                }) }
            </ul>
        </main>
    }
}
