//! The engine scheduler: the server's engine and simulation threads, shared
//! by every game and analysis, handed out by priority.
//!
//! A clocked game's engine goes first (its clock runs while it waits).
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
    /// The engine of a game with a clock.
    ClockedGame,
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

#[derive(Default)]
struct Queues {
    threads: usize,
    free: usize,
    /// Places held by games and by analyses.
    running: [usize; 2],
    clocked: VecDeque<oneshot::Sender<Permit>>,
    unclocked: VecDeque<oneshot::Sender<Permit>>,
    analysis: VecDeque<oneshot::Sender<Permit>>,
    /// Whose turn it is among analyses and unclocked games.
    analysis_next: bool,
}

impl Queues {
    fn queue(&mut self, work: Work) -> &mut VecDeque<oneshot::Sender<Permit>> {
        match work {
            Work::ClockedGame => &mut self.clocked,
            Work::UnclockedGame => &mut self.unclocked,
            Work::Analysis => &mut self.analysis,
        }
    }

    fn is_empty(&self) -> bool {
        self.clocked.is_empty() && self.unclocked.is_empty() && self.analysis.is_empty()
    }

    /// The next waiter, by priority, and what it is for.
    fn next(&mut self) -> Option<(Work, oneshot::Sender<Permit>)> {
        let work = self.next_work()?;
        let waiter = self.queue(work).pop_front()?;
        Some((work, waiter))
    }

    fn next_work(&mut self) -> Option<Work> {
        let games_wait = !self.clocked.is_empty() || !self.unclocked.is_empty();
        let analyses_wait = !self.analysis.is_empty();
        let games_first = if self.clocked.is_empty() {
            Work::UnclockedGame
        } else {
            Work::ClockedGame
        };
        if self.threads > 1 && games_wait && analyses_wait {
            // Whichever kind holds all places but one gives the next away.
            if self.running[0] >= self.threads - 1 {
                return Some(Work::Analysis);
            }
            if self.running[1] >= self.threads - 1 {
                return Some(games_first);
            }
        }
        if !self.clocked.is_empty() {
            return Some(Work::ClockedGame);
        }
        let (first, second) = if self.analysis_next {
            (Work::Analysis, Work::UnclockedGame)
        } else {
            (Work::UnclockedGame, Work::Analysis)
        };
        self.analysis_next = !self.analysis_next;
        [first, second]
            .into_iter()
            .find(|&work| !self.queue(work).is_empty())
    }

    fn take(&mut self, work: Work) {
        self.running[side(work)] += 1;
    }
}

/// Games (0) or analyses (1).
fn side(work: Work) -> usize {
    usize::from(work == Work::Analysis)
}

/// A place in the pool; dropping it hands the place to the next waiter.
pub struct Permit {
    scheduler: Option<Arc<Scheduler>>,
    work: Work,
}

impl Drop for Permit {
    fn drop(&mut self) {
        if let Some(scheduler) = self.scheduler.take() {
            Scheduler::release(&scheduler, self.work);
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
            queues.queue(work).retain(|waiter| !waiter.is_closed());
            if queues.free > 0 && queues.is_empty() {
                queues.free -= 1;
                queues.take(work);
                return Ok(self.permit(work));
            }
            if work == Work::Analysis && queues.analysis.len() >= self.max_waiting {
                return Err(busy);
            }
            let (sender, receiver) = oneshot::channel();
            queues.queue(work).push_back(sender);
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

    fn permit(self: &Arc<Scheduler>, work: Work) -> Permit {
        Permit {
            scheduler: Some(self.clone()),
            work,
        }
    }

    /// Hands a place returned by `work` to the next live waiter, or frees it.
    fn release(self: &Arc<Scheduler>, work: Work) {
        self.queues().running[side(work)] -= 1;
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
            (Work::ClockedGame, "c1"),
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
    async fn with_two_threads_neither_kind_holds_both_while_the_other_waits() {
        let scheduler = pool(2);
        let first = scheduler.acquire(Work::ClockedGame).await.unwrap();
        let _second = scheduler.acquire(Work::ClockedGame).await.unwrap();
        let (order, mut seen) = tokio::sync::mpsc::unbounded_channel();
        let clocked = queue(&scheduler, Work::ClockedGame, "c", &order);
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
        let _held = scheduler.acquire(Work::ClockedGame).await.unwrap();
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
        let held = scheduler.acquire(Work::ClockedGame).await.unwrap();
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
