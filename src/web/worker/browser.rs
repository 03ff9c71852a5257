//! The worker side in the browser: listens for requests and posts replies (see
//! [`super::protocol`]).
//!
//! Everything is answered by [`Worker::handle`], except the endgame databases' builds: those
//! run here, a layer at a time, loading the layers cached in IndexedDB first and storing each
//! layer built before the next begins.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{DedicatedWorkerGlobalScope, IdbDatabase, IdbRequest, IdbTransactionMode, MessageEvent};

use super::databases::{self, BuildJob, EndgameReply, EndgameTask};
use super::protocol::{Reply, Request, Task};
use super::Worker;
use crate::families::AnyRules;

fn post(scope: &DedicatedWorkerGlobalScope, reply: &Reply) {
    let text = serde_json::to_string(reply)
        .unwrap_or_else(|e| format!("{{\"kind\":\"error\",\"id\":null,\"message\":\"{e}\"}}"));
    let _ = scope.post_message(&JsValue::from_str(&text));
}

/// IndexedDB's database of cached layers and its one store.
/// v2: two bytes a position (value, distance), ranked by the shared ranker.
const IDB_NAME: &str = "mancala-lab-endgame-v2";
const IDB_STORE: &str = "layers";

/// A request's result, once it succeeds.
async fn done(req: &IdbRequest) -> Result<JsValue, JsValue> {
    let req2 = req.clone();
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        let r = req2.clone();
        let ok = Closure::once_into_js(move |_: web_sys::Event| {
            let _ = resolve.call1(&JsValue::NULL, &r.result().unwrap_or(JsValue::UNDEFINED));
        });
        let fail = Closure::once_into_js(move |_: web_sys::Event| {
            let _ = reject.call1(&JsValue::NULL, &JsValue::from_str("IndexedDB request failed"));
        });
        req2.set_onsuccess(Some(ok.unchecked_ref()));
        req2.set_onerror(Some(fail.unchecked_ref()));
    });
    JsFuture::from(promise).await
}

/// Opens the cache (creating its store the first time).
async fn open(scope: &DedicatedWorkerGlobalScope) -> Result<IdbDatabase, JsValue> {
    let factory = scope.indexed_db()?.ok_or_else(|| JsValue::from_str("no IndexedDB"))?;
    let req = factory.open_with_u32(IDB_NAME, 1)?;
    let upgrade = Closure::once_into_js({
        let req = req.clone();
        move |_: web_sys::Event| {
            if let Ok(db) = req.result().and_then(|d| d.dyn_into::<IdbDatabase>()) {
                let _ = db.create_object_store(IDB_STORE);
            }
        }
    });
    req.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
    done(&req).await?.dyn_into::<IdbDatabase>()
}

async fn get(db: &IdbDatabase, key: &str) -> Option<Vec<u8>> {
    let tx = db.transaction_with_str(IDB_STORE).ok()?;
    let req = tx.object_store(IDB_STORE).ok()?.get(&JsValue::from_str(key)).ok()?;
    let v = done(&req).await.ok()?;
    v.dyn_into::<js_sys::Uint8Array>().ok().map(|a| a.to_vec())
}

/// Stores a layer, and returns once its transaction has committed: the next layer's build
/// blocks the worker's event loop, and a Stop terminates the worker, so a commit left pending
/// would be lost.
async fn put(db: &IdbDatabase, key: &str, values: &[u8]) -> Result<(), JsValue> {
    let tx = db.transaction_with_str_and_mode(IDB_STORE, IdbTransactionMode::Readwrite)?;
    tx.object_store(IDB_STORE)?.put_with_key(&js_sys::Uint8Array::from(values), &JsValue::from_str(key))?;
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        let ok = Closure::once_into_js(move |_: web_sys::Event| {
            let _ = resolve.call0(&JsValue::NULL);
        });
        let fail = Closure::once_into_js(move |_: web_sys::Event| {
            let _ = reject.call1(&JsValue::NULL, &JsValue::from_str("IndexedDB transaction failed"));
        });
        tx.set_oncomplete(Some(ok.unchecked_ref()));
        tx.set_onabort(Some(fail.unchecked_ref()));
    });
    JsFuture::from(promise).await.map(|_| ())
}

thread_local! {
    /// The cache, opened once per worker.
    static CACHE: std::cell::RefCell<Option<IdbDatabase>> = const { std::cell::RefCell::new(None) };
}

/// The cache, opened the first time it is asked for (`None` where IndexedDB is unavailable).
async fn cache(scope: &DedicatedWorkerGlobalScope) -> Option<IdbDatabase> {
    if let Some(db) = CACHE.with_borrow(|c| c.clone()) {
        return Some(db);
    }
    let db = open(scope).await.ok()?;
    CACHE.with_borrow_mut(|c| *c = Some(db.clone()));
    Some(db)
}

/// Loads the cached layers the databases held lack for `rules`, up to `seeds` (an analysis
/// that asks for the databases).
async fn load_cached(scope: &DedicatedWorkerGlobalScope, worker: &RefCell<Worker>, rules: AnyRules, seeds: usize) {
    let mut have = worker.borrow_mut().databases.hold(rules, seeds);
    if let Some(db) = cache(scope).await {
        while have <= seeds {
            let Some(bytes) = get(&db, &layer_key(rules, have)).await else { break };
            if !worker.borrow_mut().databases.push_cached(&bytes) {
                break;
            }
            have += 1;
        }
    }
}

/// A layer's key in the cache.
fn layer_key(rules: AnyRules, k: usize) -> String {
    format!("{rules}/{k}")
}

/// A build: the steps of [`BuildJob`] (those the native worker runs), with the cache: the
/// cached layers loaded first, and each layer built stored before the next begins.
async fn build(
    scope: DedicatedWorkerGlobalScope,
    worker: Rc<RefCell<Worker>>,
    id: u32,
    rules: String,
    seeds: usize,
    cache_only: bool,
) {
    let perf = scope.performance();
    let now = move || perf.as_ref().map_or_else(js_sys::Date::now, |p| p.now());
    let mut send = |reply: EndgameReply, elapsed_ms: f64| post(&scope, &Reply::Endgame { id, reply, elapsed_ms });
    let started = BuildJob::start(&mut worker.borrow_mut().databases, &rules, seeds, cache_only, now());
    let mut job = match started {
        Ok(job) => job,
        Err(message) => return post(&scope, &Reply::Error { id: Some(id), message }),
    };
    let db = cache(&scope).await;
    if let Some(db) = &db {
        loop {
            let Some(k) = job.next_cached(&worker.borrow().databases) else { break };
            let Some(bytes) = get(db, &layer_key(job.rules(), k)).await else { break };
            if !job.push_cached(&mut worker.borrow_mut().databases, &bytes) {
                break;
            }
        }
    }
    job.cached_loaded(now());
    loop {
        let one = job.step(&mut worker.borrow_mut().databases, &now, &mut send);
        let Some((k, values)) = one else { break };
        if let Some(db) = &db {
            let _ = put(db, &layer_key(job.rules(), k), &values).await;
        }
    }
    let (reply, elapsed_ms) = job.finish(&worker.borrow().databases, now());
    send(reply, elapsed_ms);
}

/// Loads the databases cached for the rules of an analysis that asks for them (as far as the
/// page builds), then runs it.
async fn analyze_with_cache(
    scope: DedicatedWorkerGlobalScope,
    worker: Rc<RefCell<Worker>>,
    req: Request,
    rules: AnyRules,
) {
    load_cached(&scope, &worker, rules, databases::max_page_seeds(&rules)).await;
    let perf = scope.performance();
    let now = move || perf.as_ref().map_or_else(js_sys::Date::now, |p| p.now());
    worker.borrow_mut().handle_request(req, &now, &mut |reply| post(&scope, &reply));
}

/// The rules of an analysis that asks for the endgame databases, where the family has them.
fn endgame_analysis(task: &Task) -> Option<AnyRules> {
    match task {
        Task::Analyze { rules, endgame: true, .. } => rules.parse::<AnyRules>().ok().filter(AnyRules::has_databases),
        _ => None,
    }
}

/// Installs the message handler and tells the page the worker is ready.
pub fn start() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let inner = Rc::new(scope.clone());
    // What this worker keeps between requests, owned by its message handler.
    let worker = Rc::new(RefCell::new(Worker::default()));
    let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        // Read once: a build and an analysis with the databases wait on the cache; the rest
        // are answered at once.
        let req = match Request::read(&e.data().as_string().unwrap_or_default()) {
            Ok(req) => req,
            Err(unreadable) => return post(&inner, &unreadable.into()),
        };
        match req {
            Request { id, task: Task::Endgame(EndgameTask::Build { rules, seeds, cache_only }) } => {
                let w = worker.clone();
                wasm_bindgen_futures::spawn_local(build((*inner).clone(), w, id, rules, seeds, cache_only));
            }
            req => match endgame_analysis(&req.task) {
                Some(rules) => {
                    let w = worker.clone();
                    wasm_bindgen_futures::spawn_local(analyze_with_cache((*inner).clone(), w, req, rules));
                }
                None => {
                    let perf = inner.performance();
                    let now = move || perf.as_ref().map_or_else(js_sys::Date::now, |p| p.now());
                    worker.borrow_mut().handle_request(req, &now, &mut |reply| post(&inner, &reply));
                }
            },
        }
    });
    scope.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
    onmessage.forget();
    post(&scope, &Reply::Ready);
}
