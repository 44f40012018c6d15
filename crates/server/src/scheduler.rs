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

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

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
}

impl Drop for Permit {
    fn drop(&mut self) {
        if let Some(scheduler) = self.scheduler.take() {
            Scheduler::release(&scheduler, self.line);
        }
    }
}

impl Scheduler {
    pub fn new(threads: usize, max_waiting: usize, deadline: Duration) -> Arc<Scheduler> {
        Arc::new(Scheduler {
            state: Mutex::new(Queues {
                threads: threads.max(1),
                free: threads.max(1),
                ..Queues::default()
            }),
            max_waiting,
            deadline,
        })
    }

    /// A place for `work`: at once when one is free, else in its turn.
    pub async fn acquire(self: &Arc<Scheduler>, work: Work) -> Result<Permit, Busy> {
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
        let granted = if work == Work::Analysis {
            tokio::time::timeout(self.deadline, waiting)
                .await
                .map_err(|_| busy)?
        } else {
            waiting.await
        };
        // The sender is dropped only with the scheduler.
        granted.map_err(|_| busy)
    }

    fn permit(self: &Arc<Scheduler>, line: Line) -> Permit {
        Permit {
            scheduler: Some(self.clone()),
            line,
        }
    }

    /// Hands a place returned from `line` to the next live waiter, or frees it.
    fn release(self: &Arc<Scheduler>, line: Line) {
        self.queues().running[side(line)] -= 1;
        loop {
            let (next, waiter) = {
                let mut queues = self.queues();
                match queues.next() {
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
        Scheduler::new(threads, 2, Duration::from_millis(200))
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
