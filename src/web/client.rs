//! The page side of the workers: spawns them, queues requests until they are ready, drops
//! replies of stale requests, and stops a search by terminating the workers and spawning a
//! fresh one (a worker busy in a search reads no messages, so a terminate is the only stop that
//! takes effect at once).
//!
//! Worker 0 runs every task. An exact solve of every move ([`SearchHandle::solve`]) shares the
//! root moves between several workers, shared-nothing: each worker has its own table and
//! database within an equal part of the memory budget, and takes the next unsolved root move
//! when it finishes one (its solver is kept between moves, so what it proved stays). With one
//! worker, or when no second worker can be started, the same scheme runs on worker 0 alone.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};
use yew::prelude::*;

use super::pool::{per_worker_mib, Job};
use super::worker::databases::EndgameReply;
use super::worker::{Request, Task};

/// A worker's reply as the page reads it: a lab's part decoded by the lab that asked.
type Reply = super::worker::Reply<crate::labs::LabWire>;

use crate::families::{AnyMove, AnyRules};
use crate::labs::{LabTask, LabWire};
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
    pub analysis: Option<Analysis<AnyMove>>,
    /// Nodes so far.
    pub nodes: u64,
    /// Time since the request was sent to the worker.
    pub elapsed_ms: f64,
    /// An error from the worker.
    pub error: Option<String>,
    /// The search ended by itself (not stopped).
    pub finished: bool,
    /// The exact solver's latest window of each root move being proven: (move, lower, upper).
    pub windows: Vec<(AnyMove, i32, i32)>,
    /// Workers sharing the search.
    pub workers: usize,
    /// When the request was sent (the page's clock, milliseconds).
    pub started: f64,
    /// Memory the search used, in bytes (when done).
    pub memory_bytes: u64,
    /// The answer came from the opening book shipped with the page, not from a search.
    pub from_book: bool,
    /// A lab's latest progress report.
    pub lab_progress: Option<LabWire>,
    /// A lab's answer.
    pub lab: Option<LabWire>,
    /// The endgame databases' latest progress report.
    pub endgame_progress: Option<EndgameReply>,
    /// The endgame databases' answer.
    pub endgame: Option<EndgameReply>,
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
        /// Workers sharing it.
        workers: usize,
    },
    /// The opening book answered a solve at once.
    Book {
        /// Its id.
        id: u32,
        /// What for.
        purpose: Purpose,
        /// The position, as rules and setup.
        target: (String, String),
        /// Every move's proven value.
        analysis: Analysis<AnyMove>,
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
            Msg::Start { id, purpose, target, workers } => {
                s = SearchState { id, running: true, purpose, target, workers, started: now(), ..Default::default() };
            }
            Msg::Book { id, purpose, target, analysis } => {
                s = SearchState {
                    id,
                    purpose,
                    target,
                    finished: true,
                    from_book: true,
                    analysis: Some(analysis),
                    ..Default::default()
                };
            }
            Msg::Stop => s.running = false,
            Msg::Reply(r) => {
                if matches!(r, Reply::Ready) {
                    return self;
                }
                let rid = r.id();
                if rid.is_some_and(|id| id != s.id) || !s.running {
                    return self; // stale
                }
                match r {
                    Reply::Progress { analysis, elapsed_ms, .. } => {
                        s.windows.retain(|w| !analysis.moves.iter().any(|m| m.mv == w.0));
                        s.nodes = analysis.nodes;
                        s.analysis = Some(analysis);
                        s.elapsed_ms = elapsed_ms;
                    }
                    Reply::Nodes { nodes, elapsed_ms, .. } => {
                        s.nodes = nodes;
                        s.elapsed_ms = elapsed_ms;
                    }
                    Reply::Window { mv, lower, upper, .. } => match s.windows.iter_mut().find(|w| w.0 == mv) {
                        Some(w) => *w = (mv, lower, upper),
                        None => s.windows.push((mv, lower, upper)),
                    },
                    Reply::Memory { bytes, .. } => s.memory_bytes = bytes,
                    Reply::Done { analysis, elapsed_ms, memory_bytes, .. } => {
                        s.windows.clear();
                        s.memory_bytes = s.memory_bytes.max(memory_bytes);
                        if let Some(a) = analysis {
                            s.nodes = a.nodes;
                            s.analysis = Some(a);
                        }
                        s.elapsed_ms = elapsed_ms;
                        s.running = false;
                        s.finished = true;
                    }
                    Reply::Lab { reply, elapsed_ms, .. } => {
                        s.elapsed_ms = elapsed_ms;
                        if reply.is_answer() {
                            s.lab = Some(reply);
                            s.running = false;
                            s.finished = true;
                        } else {
                            s.lab_progress = Some(reply);
                        }
                    }
                    Reply::Endgame { reply, elapsed_ms, .. } => {
                        s.elapsed_ms = elapsed_ms;
                        if matches!(reply, EndgameReply::Progress { .. }) {
                            s.endgame_progress = Some(reply);
                        } else {
                            s.endgame = Some(reply);
                            s.running = false;
                            s.finished = true;
                        }
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
    // Kept alive while the worker lives.
    _onmessage: Option<Closure<dyn FnMut(MessageEvent)>>,
    _onerror: Option<Closure<dyn FnMut(web_sys::ErrorEvent)>>,
    /// The worker reported an uncaught error: replace it before the next request.
    dead: bool,
    /// The memory budget (MiB) of the last shared solve it ran: the worker keeps that solver's
    /// memory. 0 for a fresh worker, `usize::MAX` after any other task (size unknown).
    budget: usize,
}

impl Conn {
    fn new() -> Rc<RefCell<Conn>> {
        Rc::new(RefCell::new(Conn {
            worker: None,
            ready: false,
            queue: vec![],
            _onmessage: None,
            _onerror: None,
            dead: false,
            budget: 0,
        }))
    }

    /// Starts worker number `k`; its replies go to `on_reply` tagged with `k`. False if the
    /// browser refused (the error is reported too).
    fn spawn(conn: &Rc<RefCell<Conn>>, k: usize, on_reply: Callback<(usize, Reply)>) -> bool {
        let opts = WorkerOptions::new();
        opts.set_type(WorkerType::Classic);
        let worker = match Worker::new_with_options(WORKER_URL, &opts) {
            Ok(w) => w,
            Err(e) => {
                if k == 0 {
                    let message = format!("the search worker could not start: {e:?}");
                    on_reply.emit((k, Reply::Error { id: None, message }));
                }
                return false;
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
            on_reply.emit((k, reply));
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
            let message = format!("the search worker stopped: {}", e.message());
            on_error.emit((k, Reply::Error { id: None, message }));
        });
        worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
        let mut c = conn.borrow_mut();
        c.worker = Some(worker);
        c.ready = false;
        c.dead = false;
        c.budget = 0;
        c._onmessage = Some(onmessage);
        c._onerror = Some(onerror);
        true
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
            w.set_onmessage(None);
            w.set_onerror(None);
            w.terminate();
        }
        self.ready = false;
        self.queue.clear();
        self.budget = 0;
        // This may run inside one of these very closures (a reply that ends a shared solve):
        // they are dropped once the current event is handled.
        let old = (self._onmessage.take(), self._onerror.take());
        wasm_bindgen_futures::spawn_local(async move { drop(old) });
    }
}

/// The workers and the shared solve in flight.
struct Pool {
    conns: Vec<Rc<RefCell<Conn>>>,
    next_id: u32,
    job: Option<Job>,
}

impl Pool {
    /// Terminates every worker but keeps their slots; worker 0 is started again by the caller.
    fn terminate_all(&mut self) {
        for c in &self.conns {
            c.borrow_mut().terminate();
        }
        self.job = None;
    }
}

/// The page's clock, in milliseconds.
pub(crate) fn now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or_else(js_sys::Date::now, |p| p.now())
}

/// The number of workers "auto" means here: the browser's logical cores, at most 4.
pub fn auto_workers() -> usize {
    web_sys::window().map_or(1, |w| w.navigator().hardware_concurrency() as usize).clamp(1, 4)
}

/// Routes a reply of worker `k`: a reply of the shared solve is merged into one stream of
/// replies for the page; any other goes to the page as it is.
fn route(pool: &RefCell<Pool>, page: &Callback<Reply>, k: usize, reply: Reply) {
    let mut guard = pool.borrow_mut();
    let p = &mut *guard;
    let step = match p.job.as_mut() {
        Some(job) if job.is_ours(k, &reply) => job.on_reply(k, reply, now()),
        _ if matches!(reply, Reply::Ready) => return,
        _ => {
            drop(guard);
            return page.emit(reply);
        }
    };
    for (j, text) in step.send {
        p.conns[j].borrow_mut().send(text);
    }
    // Worker 0 is started again by the next request.
    for j in step.terminate {
        p.conns[j].borrow_mut().terminate();
    }
    if step.finished {
        p.job = None;
    }
    drop(guard);
    for r in step.to_page {
        page.emit(r);
    }
}

/// A handle on the search workers.
#[derive(Clone)]
pub struct SearchHandle {
    state: UseReducerHandle<SearchState>,
    pool: Rc<RefCell<Pool>>,
    on_reply: Callback<(usize, Reply)>,
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

    fn next_id(&self) -> u32 {
        let mut p = self.pool.borrow_mut();
        p.next_id += 1;
        p.next_id
    }

    /// Something runs, or a worker died: a new task stops it first.
    fn busy(&self) -> bool {
        let p = self.pool.borrow();
        self.state.running || p.job.is_some() || p.conns.iter().any(|c| c.borrow().dead)
    }

    /// Stops what runs and makes sure worker 0 is there.
    fn prepare(&self) {
        if self.busy() {
            self.stop();
        }
        let conn = {
            let mut p = self.pool.borrow_mut();
            if p.conns.is_empty() {
                p.conns.push(Conn::new());
            }
            p.conns[0].clone()
        };
        if conn.borrow().worker.is_none() {
            Conn::spawn(&conn, 0, self.on_reply.clone());
        }
    }

    /// Starts a task on worker 0, stopping any search in flight; returns its id.
    pub fn start(&self, task: Task, purpose: Purpose) -> u32 {
        self.prepare();
        let id = self.next_id();
        let target = match &task {
            Task::Analyze { rules, setup, .. } | Task::Solve { rules, setup, .. } => (rules.clone(), setup.clone()),
            Task::Lab(LabTask::Dooley(t)) => (t.rules.clone(), String::new()),
            Task::Lab(_) | Task::Endgame(_) => Default::default(),
        };
        let text = serde_json::to_string(&Request { id, task }).expect("serializable");
        let conn = self.pool.borrow().conns[0].clone();
        // Worker 0 now holds memory of another size: the next shared solve starts it afresh.
        conn.borrow_mut().budget = usize::MAX;
        conn.borrow_mut().send(text);
        self.state.dispatch(Msg::Start { id, purpose, target, workers: 1 });
        id
    }

    /// The exact value of every legal move of a position (a family with an exact solver), the
    /// root moves shared between
    /// up to `workers` workers (fewer if fewer moves, or if the browser starts fewer), each
    /// with an equal part of `memory_mib`; `time_ms` limits the whole solve (0: none).
    /// Returns the request id.
    pub fn solve(
        &self,
        rules: &str,
        setup: &str,
        memory_mib: usize,
        time_ms: u64,
        workers: usize,
        purpose: Purpose,
    ) -> u32 {
        let pos = rules.parse::<AnyRules>().ok().and_then(|r| r.parse_setup(setup).ok());
        // The opening book shipped with the page answers at once (no worker needed).
        if let Some(analysis) = pos.as_ref().and_then(crate::web::book::shipped) {
            if self.busy() {
                self.stop();
            }
            let id = self.next_id();
            self.state.dispatch(Msg::Book { id, purpose, target: (rules.into(), setup.into()), analysis });
            return id;
        }
        let roots: Vec<AnyMove> = match pos {
            Some(p) => p.solver_root_order(),
            None => vec![],
        };
        if roots.is_empty() {
            // Not something to share: worker 0 answers (with the reason, if it cannot solve).
            let task = Task::Solve {
                rules: rules.into(),
                setup: setup.into(),
                memory_mib,
                time_ms,
                value_only: false,
                moves: vec![],
                guess: None,
            };
            return self.start(task, purpose);
        }
        self.prepare();
        let id = self.next_id();
        let want = workers.clamp(1, 8).min(roots.len());
        let mut p = self.pool.borrow_mut();
        while p.conns.len() < want {
            p.conns.push(Conn::new());
        }
        // Start the helpers; the first the browser refuses ends the list.
        let mut n = 1;
        while n < want {
            let c = p.conns[n].clone();
            if c.borrow().worker.is_none() && !Conn::spawn(&c, n, self.on_reply.clone()) {
                break;
            }
            n += 1;
        }
        // Idle workers beyond these would keep their memory: let them go.
        for c in &p.conns[n..] {
            c.borrow_mut().terminate();
        }
        let per = per_worker_mib(memory_mib, n);
        for (k, c) in p.conns[..n].iter().enumerate() {
            // A worker that kept a solver of another size would hold both: start it afresh.
            let other = {
                let c = c.borrow();
                c.budget != 0 && c.budget != per
            };
            if other {
                c.borrow_mut().terminate();
                Conn::spawn(c, k, self.on_reply.clone());
            }
            c.borrow_mut().budget = per;
        }
        let mut job = Job::new(id, rules, setup, roots, n, memory_mib, time_ms, now());
        for (k, text) in job.start(now()) {
            p.conns[k].borrow_mut().send(text);
        }
        p.job = Some(job);
        drop(p);
        self.state.dispatch(Msg::Start { id, purpose, target: (rules.into(), setup.into()), workers: n });
        id
    }

    /// Stops the search at once: terminates the workers and starts worker 0 afresh.
    pub fn stop(&self) {
        let conn = {
            let mut p = self.pool.borrow_mut();
            p.terminate_all();
            if p.conns.is_empty() {
                p.conns.push(Conn::new());
            }
            p.conns[0].clone()
        };
        Conn::spawn(&conn, 0, self.on_reply.clone());
        self.state.dispatch(Msg::Stop);
    }
}

thread_local! {
    /// The page has been idle once since it loaded: work that need not come first may start.
    static IDLE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the page has been idle since it loaded (a little after the board is drawn, when the
/// browser has nothing else to do): a search that starts by itself, rather than at the user's
/// request, waits for it, so that the first visit fetches the app alone before the board is
/// ready. True at once once it has been so.
#[hook]
pub fn use_idle() -> bool {
    let idle = use_state(|| IDLE.with(|i| i.get()));
    {
        let idle = idle.clone();
        use_effect_with((), move |_| {
            let mut timer = None;
            if !*idle {
                let done = move || {
                    IDLE.with(|i| i.set(true));
                    idle.set(true);
                };
                let w = web_sys::window().expect("a window");
                let cb = Closure::once_into_js(done);
                let asked = w
                    .request_idle_callback_with_options(cb.unchecked_ref(), &{
                        let o = web_sys::IdleRequestOptions::new();
                        o.set_timeout(2000);
                        o
                    })
                    .is_ok();
                if !asked {
                    let f: js_sys::Function = cb.unchecked_into();
                    timer = Some(gloo_timers::callback::Timeout::new(500, move || {
                        let _ = f.call0(&JsValue::NULL);
                    }));
                }
            }
            move || drop(timer)
        });
    }
    *idle
}

/// The search workers as a hook. Worker 0 starts with the first task, not with the page, so
/// that a visit that searches nothing does not download the worker.
#[hook]
pub fn use_search() -> SearchHandle {
    let state = use_reducer(SearchState::default);
    let pool = use_mut_ref(|| Pool { conns: vec![Conn::new()], next_id: 0, job: None });
    let on_reply = {
        let dispatcher = state.dispatcher();
        let pool = pool.clone();
        let page = Callback::from(move |r: Reply| dispatcher.dispatch(Msg::Reply(r)));
        use_callback((), move |(k, r): (usize, Reply), _| route(&pool, &page, k, r))
    };
    {
        let pool = pool.clone();
        use_effect_with((), move |_| move || pool.borrow_mut().terminate_all());
    }
    SearchHandle { state, pool, on_reply }
}
