//! Limits of a search and how much time to spend.

use std::time::Duration;

/// The time left on the side to move's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub remaining: Duration,
    pub increment: Duration,
}

/// When to stop searching; all `None` searches until stopped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub movetime: Option<Duration>,
    pub clock: Option<Clock>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

/// Time kept back for the process, the pipe and the referee's clock.
const OVERHEAD: Duration = Duration::from_millis(30);
/// Fraction of the remaining time a sudden-death move plans to use.
const MOVES_TO_PLAN: u32 = 30;

/// `soft`: no new iteration starts past it; `hard`: the search stops there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimePlan {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

impl Limits {
    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }

    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    pub fn time_plan(&self) -> TimePlan {
        let from_movetime = self.movetime.map(|movetime| {
            let hard = movetime.saturating_sub(OVERHEAD.min(movetime / 10));
            (hard / 2, hard)
        });
        let from_clock = self.clock.map(|clock| {
            let usable = clock
                .remaining
                .saturating_sub(OVERHEAD.min(clock.remaining / 2));
            let soft = (usable / MOVES_TO_PLAN + clock.increment * 3 / 4).min(usable / 2);
            (soft, (soft * 4).min(usable / 2))
        });
        let pick = |a: Option<Duration>, b: Option<Duration>| match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let min_hard = Duration::from_millis(1);
        TimePlan {
            soft: pick(from_movetime.map(|p| p.0), from_clock.map(|p| p.0)),
            hard: pick(from_movetime.map(|p| p.1), from_clock.map(|p| p.1))
                .map(|h| h.max(min_hard)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_clock_never_plans_more_than_half_of_what_is_left() {
        for remaining in [1, 10, 50, 200, 1_000, 120_000] {
            for increment in [0, 10, 1_000] {
                let limits = Limits {
                    clock: Some(Clock {
                        remaining: ms(remaining),
                        increment: ms(increment),
                    }),
                    ..Limits::default()
                };
                let plan = limits.time_plan();
                let hard = plan.hard.expect("a clock sets a hard limit");
                assert!(
                    hard <= ms(remaining / 2).max(ms(1)),
                    "{remaining}+{increment}: {hard:?}"
                );
                assert!(plan.soft.expect("soft") <= hard);
            }
        }
    }

    #[test]
    fn the_course_clock_plans_seconds_at_the_start() {
        let limits = Limits {
            clock: Some(Clock {
                remaining: ms(120_000),
                increment: ms(10),
            }),
            ..Limits::default()
        };
        let plan = limits.time_plan();
        assert!(plan.soft.expect("soft") >= ms(3_000) && plan.soft.expect("soft") <= ms(5_000));
    }

    #[test]
    fn movetime_keeps_a_margin() {
        let plan = Limits::movetime(1_000).time_plan();
        assert_eq!(plan.hard, Some(ms(970)));
        assert_eq!(Limits::movetime(0).time_plan().hard, Some(ms(1)));
        assert_eq!(
            Limits::depth(5).time_plan(),
            TimePlan {
                soft: None,
                hard: None
            }
        );
    }
}
