//! A lab's typed hook: its task sent to the worker, its progress and answer read back as the
//! lab's own types (no reply matched by hand).

use std::marker::PhantomData;

use yew::prelude::*;

use super::client::{use_search, Purpose, SearchHandle};
use super::worker::Task;
use crate::labs::{LabSays, Registered};

/// A handle on a lab's work in the worker (see [`use_lab`]).
pub struct LabHandle<L: Registered> {
    search: SearchHandle,
    lab: PhantomData<L>,
}

impl<L: Registered> Clone for LabHandle<L> {
    fn clone(&self) -> Self {
        LabHandle { search: self.search.clone(), lab: PhantomData }
    }
}

impl<L: Registered> PartialEq for LabHandle<L> {
    fn eq(&self, other: &Self) -> bool {
        self.search == other.search
    }
}

impl<L: Registered> LabHandle<L> {
    /// Starts a task (stopping what runs); returns its request id.
    pub fn run(&self, task: L::Task) -> u32 {
        self.search.start(Task::Lab(L::wrap(task)), Purpose::Analysis)
    }

    /// Stops the work at once (the worker is terminated and started afresh).
    pub fn stop(&self) {
        self.search.stop()
    }

    /// A task is under way.
    pub fn running(&self) -> bool {
        self.search.state().running
    }

    /// The latest progress of the task under way (or last run).
    pub fn progress(&self) -> Option<L::Progress> {
        match self.search.state().lab_progress.as_ref().and_then(L::unwrap) {
            Some(LabSays::Progress(p)) => Some(p),
            _ => None,
        }
    }

    /// The last task's answer, once it came.
    pub fn answer(&self) -> Option<L::Answer> {
        match self.search.state().lab.as_ref().and_then(L::unwrap) {
            Some(LabSays::Answer(a)) => Some(a),
            _ => None,
        }
    }

    /// Why the last task could not run.
    pub fn error(&self) -> Option<String> {
        self.search.state().error.clone()
    }

    /// Milliseconds since the task was sent: the page's clock while it runs (the page
    /// redraws twice a second then), the worker's last word once it has answered.
    pub fn elapsed_ms(&self) -> f64 {
        let s = self.search.state();
        if s.running && s.started > 0.0 {
            (super::client::now() - s.started).max(s.elapsed_ms)
        } else {
            s.elapsed_ms
        }
    }

    /// The last task's request id (0 before the first).
    pub fn id(&self) -> u32 {
        self.search.state().id
    }

    /// The worker pool behind it, for a page that also runs the worker's other tasks.
    pub fn search(&self) -> &SearchHandle {
        &self.search
    }
}

/// The lab `L`'s work in the worker: its own worker 0, spawned with its first task.
#[hook]
pub fn use_lab<L: Registered>() -> LabHandle<L> {
    let search = use_search();
    // While the task runs, the page redraws twice a second so that its clock ticks between
    // the worker's reports.
    let redraw = use_force_update();
    use_effect_with(search.state().running, move |&running| {
        let ticking = running.then(|| gloo_timers::callback::Interval::new(500, move || redraw.force_update()));
        move || drop(ticking)
    });
    LabHandle { search, lab: PhantomData }
}
