//! The labs: the papers' results recomputed, one folder a lab, and the one list that
//! registers them.
//!
//! A lab is a type implementing [`Lab`]: its worker task, progress and answer types and a
//! `run` that computes and reports through a [`Reporter`] (which owns the request id, the
//! clock, the progress throttle and Stop), its link parameters ([`LinkParams`]) and its page's
//! title. Its folder holds its pure computations (`mod.rs` and files beside it) and its task
//! (`task.rs`, with its limits); its page is the web layer's (`crate::web::labs::<lab>`), so
//! the labs never import the web. The list at the bottom turns the labs into the worker's wire
//! enums ([`LabTask`], [`LabReply`]), the worker's dispatch ([`run_lab`]) and, in `crate::web`,
//! the routes and the pages' router.
//!
//! Adding a lab touches its folder, its page (`src/web/labs/<lab>.rs`) and one line in the
//! list, which also declares both modules (docs/architecture.md). Since they are declared in
//! a macro, `cargo fmt` does not reach them: `make lint` checks them with `rustfmt`, and
//! `make fmt` formats them.

use core::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::families::AnyMove;
use crate::search::{Analysis, SearchHandler};

/// One lab: what its worker task takes, reports and answers, and its page's link.
pub trait Lab: 'static {
    /// The page's address (`/lab/hanoi`, `/bench`).
    const PATH: &'static str;
    /// The page's title, for the home page's list and the page's breadcrumb.
    const TITLE: &'static str;
    /// What the page shows, in a sentence for the home page.
    const SUMMARY: &'static str;
    /// The worker's work (an uninhabited [`NoTask`] for a lab that runs only other tasks).
    type Task: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// What the work reports while under way.
    type Progress: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// The work's answer.
    type Answer: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// The page's link parameters.
    type Params: LinkParams;

    /// Runs a task: a pure computation that reports through `r` and answers, or says why it
    /// cannot (a size past the page's limits, bad input, stopped).
    ///
    /// # Errors
    /// A [`LabError`]: its kind, and its reason in words for the page.
    fn run(task: Self::Task, r: &mut Reporter<'_, Self::Progress>) -> Result<Self::Answer, LabError>;
}

/// Why a lab's task gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabError {
    /// A size past what the page computes: the sentence says what the page takes, and where
    /// the CLI goes further.
    Limits(String),
    /// The input cannot be read (rules, a row, a value, an octal code): the reader's message.
    Input(String),
    /// The computation refused or failed on the way (too many rows, the memory): its message.
    Failed(String),
    /// Stopped before its answer.
    Stopped,
}

impl LabError {
    /// A computation's error, in its own words.
    pub fn failed(e: impl fmt::Display) -> LabError {
        LabError::Failed(e.to_string())
    }
}

impl fmt::Display for LabError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LabError::Limits(s) | LabError::Input(s) | LabError::Failed(s) => f.write_str(s),
            LabError::Stopped => f.write_str("stopped"),
        }
    }
}

impl std::error::Error for LabError {}

/// The task of a lab whose page runs only the worker's other tasks (the exact solver): no
/// value exists, so `run` is never called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoTask {}

/// A lab page's link parameters: read leniently from the query (what cannot be read is said
/// in words and the defaults shown), written canonically.
pub trait LinkParams: Clone + fmt::Debug + PartialEq + Default + 'static {
    /// Reads a query (`n=6`); what could not be read, in words.
    fn read(query: &str) -> (Self, Vec<String>);
    /// The canonical query (empty for the defaults).
    fn write(&self) -> String;
}

/// No parameters: any query part is unknown.
impl LinkParams for () {
    fn read(query: &str) -> ((), Vec<String>) {
        ((), unknown_parts(query, &[]).into_iter().collect())
    }

    fn write(&self) -> String {
        String::new()
    }
}

/// A lab link as read: the parameters, and the faults of the query they were read from (the
/// query kept, so that the link writes back as it came).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Linked<P> {
    /// The parameters (the defaults where the query was faulty).
    pub params: P,
    /// What could not be read, in words.
    pub faults: Vec<String>,
    /// The query as given, when it had faults.
    raw: Option<String>,
}

impl<P: LinkParams> Linked<P> {
    /// Reads a query.
    pub fn read(query: &str) -> Linked<P> {
        let (params, faults) = P::read(query);
        let raw = (!faults.is_empty()).then(|| crate::engine::text::clip(query, 200));
        Linked { params, faults, raw }
    }

    /// A link to these parameters.
    pub fn to(params: P) -> Linked<P> {
        Linked { params, faults: vec![], raw: None }
    }

    /// The query: canonical, or as given when it had faults.
    pub fn query(&self) -> String {
        self.raw.clone().unwrap_or_else(|| self.params.write())
    }
}

/// The parts of a query whose keys are not `known`, named for the reader (they are ignored).
pub fn unknown_parts(query: &str, known: &[&str]) -> Option<String> {
    let unknown: Vec<&str> = query
        .split('&')
        .filter(|kv| !kv.is_empty())
        .map(|kv| kv.split('=').next().unwrap_or(kv))
        .filter(|k| !known.contains(k))
        .collect();
    (!unknown.is_empty()).then(|| {
        let has = if known.is_empty() {
            "no parameters".to_string()
        } else {
            known.iter().map(|k| format!("{k}=")).collect::<Vec<_>>().join(", ")
        };
        format!(
            "unknown part '{}' ignored (this page's link has {has})",
            crate::engine::text::clip(&unknown.join("&"), 30)
        )
    })
}

/// A link of one number, `key=N`: the number where it reads (spaces around it and `_` or `,`
/// between digit groups passed over) within `range`, else `default` and the fault
/// `fault(text)`; with the query's other parts named as unknown.
pub fn read_number<T: core::str::FromStr + PartialOrd>(
    query: &str,
    key: &str,
    default: T,
    range: core::ops::RangeInclusive<T>,
    fault: impl Fn(&str) -> String,
) -> (T, Vec<String>) {
    let mut faults: Vec<String> = unknown_parts(query, &[key]).into_iter().collect();
    let n = match query_value(query, key) {
        None => default,
        Some(t) => match t.trim().replace(['_', ','], "").parse::<T>() {
            Ok(n) if range.contains(&n) => n,
            _ => {
                faults.insert(0, fault(t));
                default
            }
        },
    };
    (n, faults)
}

/// Several numbers of a link (`seeds=8&n=1000000`), each as [`read_number`] reads one: the
/// numbers in order, and every fault (unknown parts named once).
pub fn read_numbers<const K: usize>(
    query: &str,
    fields: [(&str, u64, core::ops::RangeInclusive<u64>); K],
) -> ([u64; K], Vec<String>) {
    let keys: Vec<&str> = fields.iter().map(|f| f.0).collect();
    let mut faults: Vec<String> = unknown_parts(query, &keys).into_iter().collect();
    let values = fields.map(|(key, default, range)| match query_value(query, key) {
        None => default,
        Some(t) => match t.trim().replace(['_', ','], "").parse::<u64>() {
            Ok(n) if range.contains(&n) => n,
            _ => {
                faults.insert(
                    0,
                    format!(
                        "{key}={} is not a number from {} to {}: showing {default}",
                        crate::engine::text::clip(t, 12),
                        range.start(),
                        range.end()
                    ),
                );
                default
            }
        },
    });
    (values, faults)
}

/// A link's query from its parts, those left out (`None`: at their defaults) skipped.
pub fn join_parts<const K: usize>(parts: [Option<String>; K]) -> String {
    parts.into_iter().flatten().collect::<Vec<_>>().join("&")
}

/// The value of `key` in a query, if it has one.
pub fn query_value<'q>(query: &'q str, key: &str) -> Option<&'q str> {
    query.split('&').find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
}

/// A progress throttle: a report is due when [`Throttle::EVERY_MS`] have passed since the
/// last (the one throttle of the labs, the worker's searches and its database builds).
#[derive(Clone, Copy, Debug)]
pub struct Throttle {
    last: f64,
}

impl Throttle {
    /// Milliseconds between two progress reports.
    pub const EVERY_MS: f64 = 200.0;

    /// A throttle whose first report is due `EVERY_MS` after `start`.
    pub fn new(start: f64) -> Throttle {
        Throttle { last: start }
    }

    /// Whether a report is due at `t`; if so, the next is due `EVERY_MS` later.
    pub fn due(&mut self, t: f64) -> bool {
        let due = t - self.last >= Self::EVERY_MS;
        if due {
            self.last = t;
        }
        due
    }

    /// Marks a report made at `t`.
    pub fn reported(&mut self, t: f64) {
        self.last = t;
    }
}

/// Where a lab's `run` reports: it owns the request id, the clock, the progress throttle (a
/// report at most every [`Throttle::EVERY_MS`]) and Stop (a deadline, natively; in the
/// browser a Stop terminates the worker).
pub struct Reporter<'a, P> {
    id: u32,
    clock: &'a dyn Fn() -> f64,
    start: f64,
    throttle: Throttle,
    sink: &'a mut dyn FnMut(u32, P, f64),
    deadline: Option<f64>,
}

impl<'a, P> Reporter<'a, P> {
    /// A reporter for request `id`: `clock` in milliseconds, `sink` takes the id, a progress
    /// report and the milliseconds since the start.
    pub fn new(id: u32, clock: &'a dyn Fn() -> f64, sink: &'a mut dyn FnMut(u32, P, f64)) -> Self {
        let start = clock();
        Reporter { id, clock, start, throttle: Throttle::new(start), sink, deadline: None }
    }

    /// Stops the work (the next report says so) once `ms` milliseconds have passed.
    pub fn with_deadline(mut self, ms: f64) -> Self {
        self.deadline = Some(self.start + ms);
        self
    }

    /// The request's id.
    pub fn id(&self) -> u32 {
        self.id
    }

    /// The clock itself (for a computation that times its own stages while reporting).
    pub fn clock(&self) -> &'a dyn Fn() -> f64 {
        self.clock
    }

    /// The clock, in milliseconds.
    pub fn now(&self) -> f64 {
        (self.clock)()
    }

    /// Milliseconds since the request arrived.
    pub fn elapsed_ms(&self) -> f64 {
        self.now() - self.start
    }

    /// Whether the work should go on (no deadline passed).
    pub fn keep_going(&self) -> bool {
        self.deadline.is_none_or(|d| self.now() < d)
    }

    /// Reports progress if the last report is old enough (`p` is made only then); returns
    /// whether the work should go on.
    pub fn progress(&mut self, p: impl FnOnce() -> P) -> bool {
        let t = self.now();
        if self.throttle.due(t) {
            (self.sink)(self.id, p(), t - self.start);
        }
        self.deadline.is_none_or(|d| t < d)
    }

    /// Reports progress now (a stage that begins, a partial answer); returns whether the work
    /// should go on.
    pub fn progress_now(&mut self, p: P) -> bool {
        let t = self.now();
        self.throttle.reported(t);
        (self.sink)(self.id, p, t - self.start);
        self.deadline.is_none_or(|d| t < d)
    }

    /// A search handler that stops with this reporter and reports the nodes searched as
    /// `nodes(n)`.
    pub fn search_handler<F: FnMut(u64) -> P>(&mut self, nodes: F) -> Searching<'_, 'a, P, F> {
        Searching { r: self, nodes }
    }
}

/// Runs `f` with a reporter that keeps no progress and never stops (the CLI's and the tests'
/// way to run a lab's task), on a millisecond clock of the machine.
pub fn quietly<P, R>(f: impl FnOnce(&mut Reporter<'_, P>) -> R) -> R {
    let t0 = std::time::Instant::now();
    let clock = move || t0.elapsed().as_secs_f64() * 1e3;
    let mut sink = |_: u32, _: P, _: f64| {};
    let mut r = Reporter::new(0, &clock, &mut sink);
    f(&mut r)
}

/// A search handler over a [`Reporter`] (see [`Reporter::search_handler`]).
pub struct Searching<'r, 'a, P, F> {
    r: &'r mut Reporter<'a, P>,
    nodes: F,
}

impl<P, F: FnMut(u64) -> P> SearchHandler<AnyMove> for Searching<'_, '_, P, F> {
    fn should_stop(&mut self, nodes: u64) -> bool {
        let f = &mut self.nodes;
        !self.r.progress(|| f(nodes))
    }

    fn on_progress(&mut self, _: &Analysis<AnyMove>) {}
}

/// What a lab says: its progress, or its answer (externally tagged, as
/// [`crate::web::worker::protocol::Reply`] explains).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LabSays<P, A> {
    /// Progress.
    Progress(P),
    /// The answer.
    Answer(A),
}

/// A lab's registration in the list: its variant of the wire enums.
pub trait Registered: Lab {
    /// The task as the wire's.
    fn wrap(task: Self::Task) -> LabTask;
    /// What this lab says in a reply as the page received it, if the reply is this lab's.
    fn unwrap(reply: &LabWire) -> Option<LabSays<Self::Progress, Self::Answer>>;
}

/// A lab's reply as the page receives it: the worker's [`LabReply`] read as JSON and decoded
/// only by the lab that asked, into its own types (once, then kept). So a page decodes the
/// replies of the labs it shows and no other: the play page's code holds Erickson's reader
/// alone.
#[derive(Clone)]
pub struct LabWire {
    value: std::rc::Rc<serde_json::Value>,
    decoded: std::rc::Rc<core::cell::RefCell<Option<std::rc::Rc<dyn core::any::Any>>>>,
}

/// A lab's reply that is its answer, not its progress (the worker's [`LabReply`] and the
/// page's [`LabWire`] alike).
pub trait IsAnswer {
    /// Whether it is the answer.
    fn is_answer(&self) -> bool;
}

impl IsAnswer for LabWire {
    fn is_answer(&self) -> bool {
        LabWire::is_answer(self)
    }
}

impl IsAnswer for LabReply {
    fn is_answer(&self) -> bool {
        LabReply::is_answer(self)
    }
}

impl LabWire {
    /// The lab's tag (its variant's name in [`LabReply`]).
    pub fn tag(&self) -> Option<&str> {
        self.value.get("lab")?.as_str()
    }

    /// The lab's answer, not its progress.
    pub fn is_answer(&self) -> bool {
        self.value.get("says").and_then(|s| s.get("answer")).is_some()
    }

    /// What the lab says, decoded as `T` (the first time; kept for the next).
    pub fn decode<T: serde::de::DeserializeOwned + Clone + 'static>(&self) -> Option<T> {
        if let Some(t) = self.decoded.borrow().as_ref().and_then(|d| d.downcast_ref::<T>()) {
            return Some(t.clone());
        }
        let t = T::deserialize(self.value.get("says")?).ok()?;
        *self.decoded.borrow_mut() = Some(std::rc::Rc::new(t.clone()));
        Some(t)
    }
}

impl core::fmt::Debug for LabWire {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.value.fmt(f)
    }
}

impl PartialEq for LabWire {
    fn eq(&self, other: &Self) -> bool {
        std::rc::Rc::ptr_eq(&self.value, &other.value) || self.value == other.value
    }
}

impl Serialize for LabWire {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(s)
    }
}

impl<'de> Deserialize<'de> for LabWire {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        Ok(LabWire { value: std::rc::Rc::new(value), decoded: Default::default() })
    }
}

/// Calls the macro `$m` with the list of labs: one line a lab, `Variant => folder::LabType`.
/// The wire enums here and the routes and pages in `crate::web` are made from it.
macro_rules! with_labs {
    ($m:ident) => {
        $m! {
            /// Solved Kalah: the value of every board size's start position.
            SolvedKalah => solved_kalah::SolvedKalahLab,
            /// Dakon's winning openings.
            Dakon => dakon::DakonLab,
            /// Ayo = Tchoukaillon (Broline & Loeb, Theorem 3).
            Ayo => ayo::AyoLab,
            /// Tchoukaillon and 1/π (Broline & Loeb, Figures 4–8).
            Tchoukaillon => tchoukaillon::TchoukaillonLab,
            /// The Towers of Hanoi go to Africa (Erickson §2).
            Hanoi => hanoi::HanoiLab,
            /// Erickson's Sowing Games: tables, searches, the octal game, a row's value.
            Erickson => erickson::EricksonLab,
            /// Erickson's open questions: searches, and Domineering in two dimensions.
            Questions => questions::QuestionsLab,
            /// Dooley's study.
            Dooley => dooley::DooleyLab,
            /// The engine benchmark.
            Bench => bench::BenchLab,
            /// The puzzle trainer.
            Puzzles => puzzles::PuzzlesLab,
        }
    };
}
pub(crate) use with_labs;

/// The labs' modules, the wire enums and the dispatch, from the list.
macro_rules! wire {
    ($($(#[$doc:meta])* $v:ident => $module:ident :: $lab:ident),+ $(,)?) => {
        $(pub mod $module;)+

        /// A lab's task on the wire, tagged with its lab.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "lab", rename_all = "snake_case")]
        pub enum LabTask {
            $($(#[$doc])* $v(<$module::$lab as Lab>::Task),)+
        }

        /// What a lab says on the wire, tagged with its lab.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "lab", content = "says")]
        pub enum LabReply {
            $($(#[$doc])* $v(LabSays<<$module::$lab as Lab>::Progress, <$module::$lab as Lab>::Answer>),)+
        }

        impl LabReply {
            /// The lab's answer, not its progress.
            pub fn is_answer(&self) -> bool {
                match self { $(LabReply::$v(s) => matches!(s, LabSays::Answer(_)),)+ }
            }
        }

        $(
            impl Registered for $module::$lab {
                fn wrap(task: Self::Task) -> LabTask {
                    LabTask::$v(task)
                }

                fn unwrap(reply: &LabWire) -> Option<LabSays<Self::Progress, Self::Answer>> {
                    (reply.tag() == Some(stringify!($v))).then(|| reply.decode()).flatten()
                }
            }
        )+

        /// Runs a lab's task for request `id`: progress and the answer go to `post` as
        /// [`LabReply`]s with the milliseconds since the start; an error is returned.
        ///
        /// # Errors
        /// The lab's reason, in words.
        pub fn run_lab(
            task: LabTask,
            id: u32,
            clock: &dyn Fn() -> f64,
            post: &mut dyn FnMut(u32, LabReply, f64),
        ) -> Result<(), String> {
            match task {
                $(LabTask::$v(t) => {
                    let mut sink = |id: u32, p, ms: f64| post(id, LabReply::$v(LabSays::Progress(p)), ms);
                    let mut r = Reporter::new(id, clock, &mut sink);
                    let answer = <$module::$lab as Lab>::run(t, &mut r).map_err(|e| e.to_string())?;
                    let ms = r.elapsed_ms();
                    post(id, LabReply::$v(LabSays::Answer(answer)), ms);
                    Ok(())
                })+
            }
        }

        /// Every lab's path, title and summary, in the list's order (the home page's list).
        pub const LABS: &[(&str, &str, &str)] = &[$((<$module::$lab as Lab>::PATH, <$module::$lab as Lab>::TITLE, <$module::$lab as Lab>::SUMMARY)),+];
    };
}

with_labs!(wire);
