//! The engine scheduler: the server's engine and simulation threads, shared
//! by every game and analysis, handed out by priority.
//!
//! A clocked game's engine goes first (its clock runs while it waits), the
//! one whose flag falls soonest first: an engine on a 20 s clock does not
//! wait behind engines on a day's clock.
//! Analyses (and Kubb simulations) and the engines of unclocked games then
//! take turns, so neither kind can starve the other: forty engine games do
//! not keep a 100 ms analysis waiting for their forty moves. With two
//! threads or more, neither games nor analyses may hold every thread while
//! the other kind waits: a flood of clocked engine games cannot shut out
//! analyses, nor a flood of analyses an engine on a short clock. Games are never
//! refused (each has at most one search waiting); an analysis is refused
//! with [`Busy`] when too many already wait or when it waited past its
//! deadline, so a client is told to come back instead of waiting forever.
//!
//! A game's search that may yield ([`Scheduler::acquire_yielding`]: one
//! without a clock or on a long one) gives its place to a waiting analysis
//! once it has held it for a slice: its stop flag is raised, the place goes
//! to the analysis, and the game queues again to go on with the rest of its
//! thinking time. So on one thread a 100 ms analysis waits at most a slice
//! behind an engine thinking ten seconds on a day's clock, instead of the
//! whole move.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

/// What a place in the pool is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// The engine of a game with a clock, whose flag falls at `flag_at_ms`.
    ClockedGame { flag_at_ms: i64 },
    /// The engine of a game without a clock.
    UnclockedGame,
    /// A client's analysis or simulation.
    Analysis,
}

/// The pool is full: come back after `retry_after`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the engines are busy: retry in {} s", retry_after.as_secs())]
pub struct Busy {
    pub retry_after: Duration,
}

pub struct Scheduler {
    state: Mutex<Queues>,
    /// Analyses that may wait at once.
    max_waiting: usize,
    /// The longest an analysis waits for its place.
    deadline: Duration,
    /// How long a yielding game's search keeps its place before a waiting
    /// analysis takes it.
    slice: Duration,
}

/// The three waiting lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    Clocked,
    Unclocked,
    Analysis,
}

fn line(work: Work) -> Line {
    match work {
        Work::ClockedGame { .. } => Line::Clocked,
        Work::UnclockedGame => Line::Unclocked,
        Work::Analysis => Line::Analysis,
    }
}

/// A waiter: when its need falls due (clocked games), and where its place
/// goes.
type Waiter = (i64, oneshot::Sender<Permit>);

#[derive(Default)]
struct Queues {
    threads: usize,
    free: usize,
    /// Places held by games and by analyses.
    running: [usize; 2],
    clocked: VecDeque<Waiter>,
    unclocked: VecDeque<Waiter>,
    analysis: VecDeque<Waiter>,
    /// Whose turn it is among analyses and unclocked games.
    analysis_next: bool,
    /// The places held by game searches that may yield to an analysis.
    yielding: Vec<Holder>,
    /// The key of the last holder.
    holders: u64,
}

/// A game's search holding a place that it gives up to a waiting analysis.
struct Holder {
    key: u64,
    since: Instant,
    /// The search's stop flag.
    stop: Arc<AtomicBool>,
    /// Raised (with `stop`) when an analysis asked for the place.
    asked: Arc<AtomicBool>,
}

impl Queues {
    fn queue(&mut self, line: Line) -> &mut VecDeque<Waiter> {
        match line {
            Line::Clocked => &mut self.clocked,
            Line::Unclocked => &mut self.unclocked,
            Line::Analysis => &mut self.analysis,
        }
    }

    /// Queues a waiter for `work`; clocked games in order of their flags.
    fn push(&mut self, work: Work, sender: oneshot::Sender<Permit>) {
        let due = match work {
            Work::ClockedGame { flag_at_ms } => flag_at_ms,
            Work::UnclockedGame | Work::Analysis => 0,
        };
        let queue = self.queue(line(work));
        let at = queue.partition_point(|(other, _)| *other <= due);
        queue.insert(at, (due, sender));
    }

    fn is_empty(&self) -> bool {
        self.clocked.is_empty() && self.unclocked.is_empty() && self.analysis.is_empty()
    }

    /// The next waiter, by priority, and its line.
    fn next(&mut self) -> Option<(Line, oneshot::Sender<Permit>)> {
        let line = self.next_line()?;
        let (_, waiter) = self.queue(line).pop_front()?;
        Some((line, waiter))
    }

    fn next_line(&mut self) -> Option<Line> {
        let games_wait = !self.clocked.is_empty() || !self.unclocked.is_empty();
        let analyses_wait = !self.analysis.is_empty();
        let games_first = if self.clocked.is_empty() {
            Line::Unclocked
        } else {
            Line::Clocked
        };
        if self.threads > 1 && games_wait && analyses_wait {
            // Whichever kind holds all places but one gives the next away.
            if self.running[0] >= self.threads - 1 {
                return Some(Line::Analysis);
            }
            if self.running[1] >= self.threads - 1 {
                return Some(games_first);
            }
        }
        if !self.clocked.is_empty() {
            return Some(Line::Clocked);
        }
        let (first, second) = if self.analysis_next {
            (Line::Analysis, Line::Unclocked)
        } else {
            (Line::Unclocked, Line::Analysis)
        };
        self.analysis_next = !self.analysis_next;
        [first, second]
            .into_iter()
            .find(|&line| !self.queue(line).is_empty())
    }

    fn take(&mut self, line: Line) {
        self.running[side(line)] += 1;
    }
}

/// Games (0) or analyses (1).
fn side(line: Line) -> usize {
    usize::from(line == Line::Analysis)
}

/// A place in the pool; dropping it hands the place to the next waiter.
pub struct Permit {
    scheduler: Option<Arc<Scheduler>>,
    line: Line,
    /// A yielding search's key and the flag raised when it is asked to yield.
    holder: Option<(u64, Arc<AtomicBool>)>,
}

impl Permit {
    /// Whether a waiting analysis asked for this place (and so stopped the
    /// search): the place goes to it, and the game queues again.
    pub fn yielded(&self) -> bool {
        self.holder
            .as_ref()
            .is_some_and(|(_, asked)| asked.load(Ordering::Relaxed))
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        if let Some(scheduler) = self.scheduler.take() {
            let yielded = self.yielded();
            if let Some((key, _)) = &self.holder {
                scheduler
                    .queues()
                    .yielding
                    .retain(|holder| holder.key != *key);
            }
            Scheduler::release(&scheduler, self.line, yielded);
        }
    }
}

impl Scheduler {
    pub fn new(
        threads: usize,
        max_waiting: usize,
        deadline: Duration,
        slice: Duration,
    ) -> Arc<Scheduler> {
        Arc::new(Scheduler {
            state: Mutex::new(Queues {
                threads: threads.max(1),
                free: threads.max(1),
                ..Queues::default()
            }),
            max_waiting,
            deadline,
            slice,
        })
    }

    /// A place for a game's search that gives it up to a waiting analysis
    /// after a slice, raising `stop` (see [`Permit::yielded`]).
    pub async fn acquire_yielding(
        self: &Arc<Scheduler>,
        work: Work,
        stop: &Arc<AtomicBool>,
    ) -> Result<Permit, Busy> {
        let mut permit = self.acquire(work).await?;
        let asked = Arc::new(AtomicBool::new(false));
        let mut queues = self.queues();
        queues.holders += 1;
        let key = queues.holders;
        queues.yielding.push(Holder {
            key,
            since: Instant::now(),
            stop: stop.clone(),
            asked: asked.clone(),
        });
        permit.holder = Some((key, asked));
        Ok(permit)
    }

    /// A place for `work`: at once when one is free, else in its turn. The
    /// wait and a refusal are counted in the metrics.
    pub async fn acquire(self: &Arc<Scheduler>, work: Work) -> Result<Permit, Busy> {
        let started = Instant::now();
        let place = self.wait_for_place(work).await;
        let name = match work {
            Work::ClockedGame { .. } => "clocked_game",
            Work::UnclockedGame => "unclocked_game",
            Work::Analysis => "analysis",
        };
        crate::metrics::engine_wait(name, started.elapsed(), place.is_ok());
        place
    }

    async fn wait_for_place(self: &Arc<Scheduler>, work: Work) -> Result<Permit, Busy> {
        let busy = Busy {
            retry_after: self.deadline.max(Duration::from_secs(1)),
        };
        let waiting = {
            let mut queues = self.queues();
            // Waiters that gave up leave dead senders behind; they do not
            // count against the bound.
            queues
                .queue(line(work))
                .retain(|(_, waiter)| !waiter.is_closed());
            if queues.free > 0 && queues.is_empty() {
                queues.free -= 1;
                queues.take(line(work));
                return Ok(self.permit(line(work)));
            }
            if work == Work::Analysis && queues.analysis.len() >= self.max_waiting {
                return Err(busy);
            }
            let (sender, receiver) = oneshot::channel();
            queues.push(work, sender);
            receiver
        };
        let _waiting = crate::metrics::engine_waiting();
        // The sender is dropped only with the scheduler.
        if work != Work::Analysis {
            return waiting.await.map_err(|_| busy);
        }
        let mut waiting = waiting;
        let deadline = tokio::time::Instant::now() + self.deadline;
        loop {
            let look_again = self
                .make_room()
                .unwrap_or_else(|| Instant::now() + self.slice);
            let look_again = tokio::time::Instant::from_std(look_again).min(deadline);
            tokio::select! {
                biased;
                granted = &mut waiting => return granted.map_err(|_| busy),
                () = tokio::time::sleep_until(look_again) => {
                    if look_again >= deadline {
                        return Err(busy);
                    }
                }
            }
        }
    }

    /// Asks the yielding search that has held its place longest to give it
    /// to a waiting analysis, once it has had its slice; returns when to
    /// ask, if that is later.
    fn make_room(&self) -> Option<Instant> {
        let queues = self.queues();
        let waiting = queues
            .analysis
            .iter()
            .filter(|(_, waiter)| !waiter.is_closed())
            .count();
        let asked = queues
            .yielding
            .iter()
            .filter(|holder| holder.asked.load(Ordering::Relaxed))
            .count();
        if asked >= waiting {
            return None;
        }
        let holder = queues
            .yielding
            .iter()
            .filter(|holder| !holder.asked.load(Ordering::Relaxed))
            .min_by_key(|holder| holder.since)?;
        let due = holder.since + self.slice;
        if due > Instant::now() {
            return Some(due);
        }
        holder.asked.store(true, Ordering::Relaxed);
        holder.stop.store(true, Ordering::Relaxed);
        None
    }

    fn permit(self: &Arc<Scheduler>, line: Line) -> Permit {
        Permit {
            scheduler: Some(self.clone()),
            line,
            holder: None,
        }
    }

    /// Hands a place returned from `line` to the next live waiter, or frees
    /// it; a place yielded to analyses goes to one of them first.
    fn release(self: &Arc<Scheduler>, line: Line, yielded: bool) {
        self.queues().running[side(line)] -= 1;
        loop {
            let (next, waiter) = {
                let mut queues = self.queues();
                let next = if yielded && !queues.analysis.is_empty() {
                    queues
                        .analysis
                        .pop_front()
                        .map(|(_, waiter)| (Line::Analysis, waiter))
                } else {
                    queues.next()
                };
                match next {
                    Some((next, waiter)) => {
                        queues.take(next);
                        (next, waiter)
                    }
                    None => {
                        queues.free += 1;
                        return;
                    }
                }
            };
            match waiter.send(self.permit(next)) {
                Ok(()) => return,
                // That waiter gave up: the place goes to the next.
                Err(mut permit) => {
                    permit.scheduler = None;
                    self.queues().running[side(next)] -= 1;
                }
            }
        }
    }

    fn queues(&self) -> std::sync::MutexGuard<'_, Queues> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// How many wait now, of each kind (clocked, unclocked, analysis).
    #[cfg(test)]
    fn waiting(&self) -> (usize, usize, usize) {
        let queues = self.queues();
        (
            queues.clocked.len(),
            queues.unclocked.len(),
            queues.analysis.len(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLOCKED: Work = Work::ClockedGame { flag_at_ms: 1_000 };

    fn pool(threads: usize) -> Arc<Scheduler> {
        Scheduler::new(
            threads,
            2,
            Duration::from_millis(200),
            Duration::from_millis(50),
        )
    }

    /// Queues `work` and returns a receiver of the order places came in.
    fn queue(
        scheduler: &Arc<Scheduler>,
        work: Work,
        label: &'static str,
        order: &tokio::sync::mpsc::UnboundedSender<&'static str>,
    ) -> tokio::task::JoinHandle<Result<(), Busy>> {
        let (scheduler, order) = (scheduler.clone(), order.clone());
        tokio::spawn(async move {
            let permit = scheduler.acquire(work).await?;
            order.send(label).unwrap();
            drop(permit);
            Ok(())
        })
    }

    async fn settle() {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    #[tokio::test]
    async fn clocked_games_go_first_then_analyses_and_unclocked_games_alternate() {
        let scheduler = pool(1);
        let held = scheduler.acquire(Work::UnclockedGame).await.unwrap();
        let (order, mut seen) = tokio::sync::mpsc::unbounded_channel();
        let mut tasks = Vec::new();
        for (work, label) in [
            (Work::UnclockedGame, "u1"),
            (Work::UnclockedGame, "u2"),
            (Work::UnclockedGame, "u3"),
            (Work::Analysis, "a1"),
            (Work::Analysis, "a2"),
            (Work::ClockedGame { flag_at_ms: 9 }, "c1"),
        ] {
            tasks.push(queue(&scheduler, work, label, &order));
            settle().await;
        }
        drop(held);
        for task in tasks {
            task.await.unwrap().unwrap();
        }
        let mut labels = Vec::new();
        while let Ok(label) = seen.try_recv() {
            labels.push(label);
        }
        assert_eq!(labels, ["c1", "u1", "a1", "u2", "a2", "u3"]);
    }

    #[tokio::test]
    async fn the_clocked_game_whose_flag_falls_first_goes_first() {
        let scheduler = pool(1);
        let held = scheduler.acquire(Work::UnclockedGame).await.unwrap();
        let (order, mut seen) = tokio::sync::mpsc::unbounded_channel();
        let mut tasks = Vec::new();
        for (flag_at_ms, label) in [
            (86_400_000, "day"),
            (20_000, "short"),
            (90_000_000, "later"),
        ] {
            tasks.push(queue(
                &scheduler,
                Work::ClockedGame { flag_at_ms },
                label,
                &order,
            ));
            settle().await;
        }
        drop(held);
        for task in tasks {
            task.await.unwrap().unwrap();
        }
        let labels: Vec<_> = std::iter::from_fn(|| seen.try_recv().ok()).collect();
        assert_eq!(labels, ["short", "day", "later"]);
    }

    #[tokio::test]
    async fn with_two_threads_neither_kind_holds_both_while_the_other_waits() {
        let scheduler = pool(2);
        let first = scheduler.acquire(CLOCKED).await.unwrap();
        let _second = scheduler.acquire(CLOCKED).await.unwrap();
        let (order, mut seen) = tokio::sync::mpsc::unbounded_channel();
        let clocked = queue(&scheduler, CLOCKED, "c", &order);
        settle().await;
        let analysis = queue(&scheduler, Work::Analysis, "a", &order);
        settle().await;
        // Games hold both places: the one freed goes to the analysis,
        // although a clocked game waited longer.
        drop(first);
        analysis.await.unwrap().unwrap();
        assert_eq!(seen.try_recv(), Ok("a"));
        clocked.abort();
    }

    #[tokio::test]
    async fn an_analysis_is_refused_when_too_many_wait_and_after_its_deadline() {
        let scheduler = pool(1);
        let _held = scheduler.acquire(CLOCKED).await.unwrap();
        let (order, _seen) = tokio::sync::mpsc::unbounded_channel();
        let first = queue(&scheduler, Work::Analysis, "a1", &order);
        let second = queue(&scheduler, Work::Analysis, "a2", &order);
        settle().await;
        assert_eq!(scheduler.waiting(), (0, 0, 2));
        let refused = scheduler.acquire(Work::Analysis).await;
        assert!(
            refused.is_err(),
            "a third waiting analysis is over the bound"
        );
        assert!(first.await.unwrap().is_err(), "past its 200 ms deadline");
        assert!(second.await.unwrap().is_err());
        // Games wait without a bound and without a deadline.
        let game = queue(&scheduler, Work::UnclockedGame, "u", &order);
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(!game.is_finished());
        game.abort();
    }

    #[tokio::test]
    async fn a_yielding_search_gives_its_place_to_a_waiting_analysis_after_its_slice() {
        let scheduler = pool(1);
        let stop = Arc::new(AtomicBool::new(false));
        let game = scheduler
            .acquire_yielding(Work::UnclockedGame, &stop)
            .await
            .unwrap();
        let (order, mut seen) = tokio::sync::mpsc::unbounded_channel();
        let clocked = queue(&scheduler, CLOCKED, "c", &order);
        settle().await;
        let analysis = queue(&scheduler, Work::Analysis, "a", &order);
        // Once the game has had its 50 ms slice, the analysis asks for the
        // place: the search's stop flag goes up.
        for _ in 0..100 {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert!(stop.load(Ordering::Relaxed), "the search was asked to stop");
        assert!(game.yielded());
        drop(game);
        analysis.await.unwrap().unwrap();
        clocked.await.unwrap().unwrap();
        let labels: Vec<_> = std::iter::from_fn(|| seen.try_recv().ok()).collect();
        assert_eq!(
            labels,
            ["a", "c"],
            "the yielded place went to the analysis, not to the clocked game"
        );
    }

    #[tokio::test]
    async fn a_search_that_may_not_yield_keeps_its_place_and_the_analysis_is_refused() {
        let scheduler = pool(1);
        let held = scheduler.acquire(CLOCKED).await.unwrap();
        let refused = scheduler.acquire(Work::Analysis).await;
        assert!(refused.is_err(), "refused after its 200 ms deadline");
        assert!(!held.yielded());
    }

    #[tokio::test]
    async fn a_place_given_up_by_a_waiter_goes_to_the_next() {
        let scheduler = pool(1);
        let held = scheduler.acquire(CLOCKED).await.unwrap();
        let (order, mut seen) = tokio::sync::mpsc::unbounded_channel();
        let gone = queue(&scheduler, Work::UnclockedGame, "gone", &order);
        settle().await;
        let next = queue(&scheduler, Work::UnclockedGame, "next", &order);
        settle().await;
        gone.abort();
        settle().await;
        drop(held);
        next.await.unwrap().unwrap();
        assert_eq!(seen.try_recv(), Ok("next"));
        // The place came back, and only one.
        let _one = scheduler.acquire(Work::Analysis).await.unwrap();
        assert_eq!(scheduler.queues().free, 0);
    }
}
