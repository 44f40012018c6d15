//! Limits of a search and how much time to spend.

use std::time::Duration;

use guard_towers::Move;

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

/// `soft`: the time a clocked move plans to take (see [`Pacing`]), `None`
/// with a fixed move time, which is used in full as nothing is saved by
/// stopping early; `hard`: the search stops there.
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
        let from_movetime = self
            .movetime
            .map(|movetime| movetime.saturating_sub(OVERHEAD.min(movetime / 10)));
        let from_clock = self.clock.map(|clock| {
            let usable = clock
                .remaining
                .saturating_sub(OVERHEAD.min(clock.remaining / 2));
            let soft = (usable / MOVES_TO_PLAN + clock.increment * 3 / 4).min(usable / 2);
            (soft, (soft * 4).min(usable / 2))
        });
        let hard = match (from_movetime, from_clock.map(|(_, hard)| hard)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        TimePlan {
            // A move time of its own is used in full, whatever the clock.
            soft: from_clock
                .map(|(soft, _)| soft)
                .filter(|_| from_movetime.is_none()),
            hard: hard.map(|hard| hard.max(Duration::from_millis(1))),
        }
    }
}

/// When a clocked search stops starting iterations: at the planned time,
/// stretched when the best move keeps changing or the score falls, and
/// shrunk when the best move has held for several iterations (the answer
/// is then obvious, and the time is worth more later in the game).
#[derive(Clone, Debug, PartialEq)]
pub struct Pacing {
    plan: TimePlan,
    /// Best-move changes, each iteration's halving the weight of the ones
    /// before.
    changes: f64,
    /// How much the score fell in the last iteration, in centi-stones.
    fall: i32,
    last: Option<(Move, i32)>,
}

impl Pacing {
    /// Stretch per recent best-move change.
    const PER_CHANGE: f64 = 1.0;
    /// Share of the planned time a settled best move uses.
    const SETTLED: f64 = 0.6;
    /// A score falling by this many centi-stones doubles the time.
    const FALL_DOUBLING: i32 = 100;

    pub fn new(plan: TimePlan) -> Pacing {
        Pacing {
            plan,
            changes: 0.0,
            fall: 0,
            last: None,
        }
    }

    /// Notes a completed iteration's best move and score.
    pub fn completed(&mut self, best: Move, score: i32) {
        self.changes /= 2.0;
        if let Some((last_best, last_score)) = self.last {
            if last_best != best {
                self.changes += 1.0;
            }
            self.fall = (last_score - score).clamp(0, Self::FALL_DOUBLING);
        }
        self.last = Some((best, score));
    }

    /// The time past which no new iteration starts; `None` without a
    /// soft limit (the hard limit, a depth or a stop ends the search).
    pub fn soft_limit(&self) -> Option<Duration> {
        let stretch = (Self::SETTLED + Self::PER_CHANGE * self.changes)
            * (1.0 + f64::from(self.fall) / f64::from(Self::FALL_DOUBLING));
        let planned_ms = self.plan.soft?.as_secs_f64() * 1000.0;
        let soft = Duration::from_millis((planned_ms * stretch).round() as u64);
        Some(self.plan.hard.map_or(soft, |hard| soft.min(hard)))
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

    fn clocked() -> Pacing {
        Pacing::new(TimePlan {
            soft: Some(ms(1_000)),
            hard: Some(ms(4_000)),
        })
    }

    fn mv(text: &str) -> Move {
        text.parse().expect("a move")
    }

    #[test]
    fn a_settled_best_move_stops_early_and_a_changing_one_late() {
        let mut settled = clocked();
        for _ in 0..6 {
            settled.completed(mv("D1-D2-1"), 20);
        }
        assert_eq!(settled.soft_limit(), Some(ms(600)));

        let mut changing = clocked();
        for (depth, best) in ["D1-D2-1", "C1-C2-1", "D1-D2-1"].into_iter().enumerate() {
            changing.completed(mv(best), 20 + depth as i32);
        }
        // Changes weigh 1 (last iteration) + 1/2 (the one before).
        assert_eq!(changing.soft_limit(), Some(ms(2_100)));
    }

    #[test]
    fn a_falling_score_stretches_the_time_up_to_double() {
        let mut pacing = clocked();
        pacing.completed(mv("D1-D2-1"), 50);
        pacing.completed(mv("D1-D2-1"), 0);
        assert_eq!(pacing.soft_limit(), Some(ms(900)));
        pacing.completed(mv("D1-D2-1"), -500);
        assert_eq!(pacing.soft_limit(), Some(ms(1_200)));
    }

    #[test]
    fn the_stretch_never_passes_the_hard_limit() {
        let mut pacing = clocked();
        for (index, best) in ["D1-D2-1", "C1-C2-1", "D1-D2-1", "C1-C2-1"]
            .into_iter()
            .enumerate()
        {
            pacing.completed(mv(best), -100 * index as i32);
        }
        assert_eq!(pacing.soft_limit(), Some(ms(4_000)));
    }

    #[test]
    fn a_move_time_is_used_in_full() {
        let pacing = Pacing::new(Limits::movetime(1_000).time_plan());
        assert_eq!(pacing.soft_limit(), None);
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
