//! The page side of the worker: spawns it, queues requests until it is ready, drops replies
//! of stale requests, and stops a search by terminating the worker and spawning a fresh one
//! (a worker busy in a search reads no messages, so a terminate is the only stop that takes
//! effect at once).

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};
use yew::prelude::*;

use super::protocol::{Reply, Request, Task};
use crate::search::Analysis;

/// Where the worker's loader lives, relative to the page (Trunk's `data-loader-shim`).
pub const WORKER_URL: &str = "./worker_loader.js";

/// What the page knows of the current search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchState {
    /// Id of the request in flight (or of the last one).
    pub id: u32,
    /// A request is in flight.
    pub running: bool,
    /// What the request was for (set by the caller).
    pub purpose: Purpose,
    /// The position searched, as `rules` and `setup`.
    pub target: (String, String),
    /// Latest finished iteration.
    pub analysis: Option<Analysis>,
    /// Nodes so far.
    pub nodes: u64,
    /// Time since the request was sent to the worker.
    pub elapsed_ms: f64,
    /// An error from the worker.
    pub error: Option<String>,
    /// The search ended by itself (not stopped).
    pub finished: bool,
    /// The exact solver's latest window: (move, lower, upper).
    pub window: Option<(String, i32, i32)>,
    /// Memory the search used, in bytes (when done).
    pub memory_bytes: u64,
    /// Dooley's study, when asked for.
    pub dooley: Option<(crate::labs::dooley::Study, Analysis)>,
    /// Benchmark figures: perft nodes/s and search nodes/s.
    pub bench: Option<(u64, f64, u64, f64)>,
}

/// Why a search was asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Purpose {
    /// The user's analysis (values on the pits).
    #[default]
    Analysis,
    /// The computer choosing a move.
    Computer,
    /// The benchmark.
    Bench,
}

/// What changes the search state.
pub enum Msg {
    /// A request was sent.
    Start {
        /// Its id.
        id: u32,
        /// What for.
        purpose: Purpose,
        /// The position, as rules and setup.
        target: (String, String),
    },
    /// The search was stopped.
    Stop,
    /// The worker answered.
    Reply(Reply),
}

impl Reducible for SearchState {
    type Action = Msg;

    fn reduce(self: Rc<Self>, action: Msg) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            Msg::Start { id, purpose, target } => {
                s = SearchState { id, running: true, purpose, target, ..Default::default() };
            }
            Msg::Stop => s.running = false,
            Msg::Reply(r) => {
                let rid = match &r {
                    Reply::Ready => return self,
                    Reply::Progress { id, .. }
                    | Reply::Nodes { id, .. }
                    | Reply::Done { id, .. }
                    | Reply::Bench { id, .. }
                    | Reply::Window { id, .. }
                    | Reply::Dooley { id, .. }
                    | Reply::Memory { id, .. } => Some(*id),
                    Reply::Error { id, .. } => *id,
                };
                if rid.is_some_and(|id| id != s.id) || !s.running {
                    return self; // stale
                }
                match r {
                    Reply::Progress { analysis, elapsed_ms, .. } => {
                        s.nodes = analysis.nodes;
                        s.analysis = Some(analysis);
                        s.elapsed_ms = elapsed_ms;
                    }
                    Reply::Nodes { nodes, elapsed_ms, .. } => {
                        s.nodes = nodes;
                        s.elapsed_ms = elapsed_ms;
                    }
                    Reply::Window { mv, lower, upper, .. } => s.window = Some((mv, lower, upper)),
                    Reply::Memory { bytes, .. } => s.memory_bytes = bytes,
                    Reply::Dooley { study, analysis, .. } => {
                        s.dooley = Some((study, analysis));
                        s.running = false;
                        s.finished = true;
                    }
                    Reply::Done { analysis, elapsed_ms, memory_bytes, .. } => {
                        s.memory_bytes = s.memory_bytes.max(memory_bytes);
                        if let Some(a) = analysis {
                            s.nodes = a.nodes;
                            s.analysis = Some(a);
                        }
                        s.elapsed_ms = elapsed_ms;
                        s.running = false;
                        s.finished = true;
                    }
                    Reply::Bench { perft_nodes, perft_ms, search_nodes, search_ms, .. } => {
                        s.bench = Some((perft_nodes, perft_ms, search_nodes, search_ms));
                        s.running = false;
                        s.finished = true;
                    }
                    Reply::Error { message, .. } => {
                        s.error = Some(message);
                        s.running = false;
                    }
                    Reply::Ready => {}
                }
            }
        }
        Rc::new(s)
    }
}

struct Conn {
    worker: Option<Worker>,
    ready: bool,
    queue: Vec<String>,
    next_id: u32,
    // Kept alive while the worker lives.
    _onmessage: Option<Closure<dyn FnMut(MessageEvent)>>,
    _onerror: Option<Closure<dyn FnMut(web_sys::ErrorEvent)>>,
    /// The worker reported an uncaught error: replace it before the next request.
    dead: bool,
}

impl Conn {
    fn spawn(conn: &Rc<RefCell<Conn>>, on_reply: Callback<Reply>) {
        let opts = WorkerOptions::new();
        opts.set_type(WorkerType::Classic);
        let worker = match Worker::new_with_options(WORKER_URL, &opts) {
            Ok(w) => w,
            Err(e) => {
                on_reply.emit(Reply::Error { id: None, message: format!("the search worker could not start: {e:?}") });
                return;
            }
        };
        let weak = Rc::downgrade(conn);
        let on_error = on_reply.clone();
        let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let text = e.data().as_string().unwrap_or_default();
            let reply = serde_json::from_str::<Reply>(&text).unwrap_or_else(|err| Reply::Error {
                id: None,
                message: format!("unreadable reply from the worker: {err}"),
            });
            if matches!(reply, Reply::Ready) {
                if let Some(c) = weak.upgrade() {
                    let mut c = c.borrow_mut();
                    c.ready = true;
                    let queue = std::mem::take(&mut c.queue);
                    if let Some(w) = &c.worker {
                        for m in queue {
                            let _ = w.post_message(&JsValue::from_str(&m));
                        }
                    }
                }
            }
            on_reply.emit(reply);
        });
        worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
        // A worker that dies (out of memory, a bug) must not leave the page waiting forever.
        let weak = Rc::downgrade(conn);
        let onerror = Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |e: web_sys::ErrorEvent| {
            // Not terminated here (that would drop this very closure): the next request
            // replaces the worker.
            if let Some(c) = weak.upgrade() {
                c.borrow_mut().dead = true;
            }
            on_error.emit(Reply::Error { id: None, message: format!("the search worker stopped: {}", e.message()) });
        });
        worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
        let mut c = conn.borrow_mut();
        c.worker = Some(worker);
        c.ready = false;
        c.dead = false;
        c._onmessage = Some(onmessage);
        c._onerror = Some(onerror);
    }

    fn send(&mut self, text: String) {
        match (&self.worker, self.ready) {
            (Some(w), true) => {
                let _ = w.post_message(&JsValue::from_str(&text));
            }
            _ => self.queue.push(text),
        }
    }

    fn terminate(&mut self) {
        if let Some(w) = self.worker.take() {
            w.terminate();
        }
        self.ready = false;
        self.queue.clear();
        self._onmessage = None;
        self._onerror = None;
    }
}

/// A handle on the search worker.
#[derive(Clone)]
pub struct SearchHandle {
    state: UseReducerHandle<SearchState>,
    conn: Rc<RefCell<Conn>>,
    on_reply: Callback<Reply>,
}

impl PartialEq for SearchHandle {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state
    }
}

impl SearchHandle {
    /// The current state.
    pub fn state(&self) -> &SearchState {
        &self.state
    }

    /// Starts a task, stopping any search in flight; returns its id.
    pub fn start(&self, task: Task, purpose: Purpose) -> u32 {
        if self.state.running || self.conn.borrow().dead {
            self.stop();
        }
        let id = {
            let mut c = self.conn.borrow_mut();
            c.next_id += 1;
            c.next_id
        };
        if self.conn.borrow().worker.is_none() {
            Conn::spawn(&self.conn, self.on_reply.clone());
        }
        let target = match &task {
            Task::Analyze { rules, setup, .. } | Task::Solve { rules, setup, .. } => (rules.clone(), setup.clone()),
            Task::Dooley { rules } => (rules.clone(), String::new()),
            Task::Bench => Default::default(),
        };
        let text = serde_json::to_string(&Request { id, task }).expect("serializable");
        self.conn.borrow_mut().send(text);
        self.state.dispatch(Msg::Start { id, purpose, target });
        id
    }

    /// Stops the search at once: terminates the worker and spawns a fresh one.
    pub fn stop(&self) {
        self.conn.borrow_mut().terminate();
        Conn::spawn(&self.conn, self.on_reply.clone());
        self.state.dispatch(Msg::Stop);
    }
}

/// The search worker as a hook; the worker is spawned on first render.
#[hook]
pub fn use_search() -> SearchHandle {
    let state = use_reducer(SearchState::default);
    let conn = use_mut_ref(|| Conn {
        worker: None,
        ready: false,
        queue: vec![],
        next_id: 0,
        _onmessage: None,
        _onerror: None,
        dead: false,
    });
    let on_reply = {
        let dispatcher = state.dispatcher();
        use_callback((), move |r: Reply, _| dispatcher.dispatch(Msg::Reply(r)))
    };
    {
        let conn = conn.clone();
        let on_reply = on_reply.clone();
        use_effect_with((), move |_| {
            if conn.borrow().worker.is_none() {
                Conn::spawn(&conn, on_reply);
            }
            move || conn.borrow_mut().terminate()
        });
    }
    SearchHandle { state, conn, on_reply }
}
