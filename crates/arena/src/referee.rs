//! One game between two players, refereed by the rules library: illegal
//! moves, crashes and time forfeits lose, the draw rules and a maximum
//! length end the rest.

use std::fmt;
use std::time::{Duration, Instant};

use guard_towers::record::{today, GameRecord, GameResult, Termination};
use guard_towers::{Color, Game, Move, Position, Ruleset, TimeControl};

use crate::player::{Budget, Player, PlayerError, GRACE};

/// Thinking time per move, or a game clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    MoveTime(Duration),
    Clock(TimeControl),
}

/// The record's TimeControl tag: `movetime N` (ms) or `BASE+INC` (s).
impl fmt::Display for Pace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pace::MoveTime(time) => write!(f, "movetime {}", time.as_millis()),
            Pace::Clock(clock) => clock.fmt(f),
        }
    }
}

/// How games are played and adjudicated.
#[derive(Clone, Debug)]
pub struct GameSettings {
    pub event: String,
    pub rules: Ruleset,
    pub time_control: Pace,
    /// A game this long is adjudicated a draw.
    pub max_plies: usize,
    /// Tolerance over the allowed time before a forfeit.
    pub time_margin: Duration,
}

impl Default for GameSettings {
    fn default() -> GameSettings {
        GameSettings {
            event: "towers arena".into(),
            rules: Ruleset::Standard,
            time_control: Pace::MoveTime(Duration::from_millis(100)),
            max_plies: 300,
            time_margin: Duration::from_millis(100),
        }
    }
}

/// The thinking time one side spent in a game, beside the time it was
/// given: per move with a move time, the clock's initial time and its
/// increments with a clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeUse {
    pub moves: u32,
    pub spent: Duration,
    pub given: Duration,
}

impl TimeUse {
    /// Both spans of time together.
    pub fn add(&mut self, other: TimeUse) {
        self.moves += other.moves;
        self.spent += other.spent;
        self.given += other.given;
    }

    /// Mean thinking time per move (zero before any move).
    pub fn per_move(&self) -> Duration {
        self.spent.checked_div(self.moves).unwrap_or_default()
    }

    /// The share of the given time spent, 0–1 (`None` when none was given).
    pub fn share(&self) -> Option<f64> {
        (!self.given.is_zero()).then(|| self.spent.as_secs_f64() / self.given.as_secs_f64())
    }
}

/// A game's record, with each side's time use (index: [`Color::index`]).
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    pub record: GameRecord,
    pub time_use: [TimeUse; 2],
}

/// A seat at the board: a name and, if it could be started, a player.
pub struct Seat<'a> {
    pub name: &'a str,
    pub player: Result<&'a mut dyn Player, PlayerError>,
}

/// Plays one game from `start` and returns its record and time use.
pub fn play_game<'a>(
    mut red: Seat<'a>,
    mut blue: Seat<'a>,
    start: Position,
    settings: &GameSettings,
) -> PlayedGame {
    let mut game = Game::new(start, settings.rules.rules());
    let mut clocks = match settings.time_control {
        Pace::Clock(clock) => [clock.initial; 2],
        Pace::MoveTime(_) => [Duration::ZERO; 2],
    };
    let mut time_use = clocks.map(|initial| TimeUse {
        given: initial,
        ..TimeUse::default()
    });
    let (result, termination) = loop {
        if let Some(outcome) = game.outcome() {
            break (GameResult::of(outcome), Termination::of(outcome));
        }
        if game.moves().len() >= settings.max_plies {
            break (
                GameResult::Draw,
                Termination::Adjudication("maximum length".into()),
            );
        }
        let side = game.position().side_to_move();
        let seat = match side {
            Color::Red => &mut red,
            Color::Blue => &mut blue,
        };
        let budget = match settings.time_control {
            Pace::MoveTime(time) => Budget::MoveTime(time),
            Pace::Clock(TimeControl { increment, .. }) => Budget::Clock {
                red: clocks[0],
                blue: clocks[1],
                increment,
            },
        };
        match take_turn(seat, &game, &budget, settings) {
            Ok((mv, elapsed)) => {
                let used = &mut time_use[side.index()];
                used.moves += 1;
                used.spent += elapsed;
                match settings.time_control {
                    Pace::Clock(TimeControl { increment, .. }) => {
                        let clock = &mut clocks[side.index()];
                        *clock = clock.saturating_sub(elapsed) + increment;
                        used.given += increment;
                    }
                    Pace::MoveTime(time) => used.given += time,
                }
                game.play(mv).expect("take_turn checked legality");
            }
            Err(reason) => break (GameResult::win_for(!side), reason),
        }
    };
    let record = GameRecord {
        event: settings.event.clone(),
        date: today(),
        red: red.name.to_string(),
        blue: blue.name.to_string(),
        time_control: settings.time_control.to_string(),
        rules: settings.rules,
        start,
        moves: game.moves().to_vec(),
        result,
        termination,
    };
    PlayedGame { record, time_use }
}

/// Asks the seat's player for a legal move in time; the error is why the
/// player lost.
fn take_turn(
    seat: &mut Seat,
    game: &Game,
    budget: &Budget,
    settings: &GameSettings,
) -> Result<(Move, Duration), Termination> {
    let player = seat.player.as_mut().map_err(|e| lost_by(e))?;
    let started = Instant::now();
    // Waited for past the margin, so that a margin wider than the usual
    // grace is the referee's to judge, not the pipe's.
    let patience = settings.time_margin + GRACE;
    let text = player
        .choose(game, budget, patience)
        .map_err(|e| lost_by(&e))?;
    let elapsed = started.elapsed();
    if elapsed > budget.allowance(game.position().side_to_move()) + settings.time_margin {
        return Err(Termination::TimeForfeit(Some(format!(
            "{} ms",
            elapsed.as_millis()
        ))));
    }
    let mv: Move = text
        .parse()
        .map_err(|e| Termination::IllegalMove(format!("{e}")))?;
    if !game.position().is_legal(mv) {
        return Err(Termination::IllegalMove(mv.to_string()));
    }
    Ok((mv, elapsed))
}

fn lost_by(error: &PlayerError) -> Termination {
    match error {
        PlayerError::Crashed(detail) => Termination::EngineCrash(detail.clone()),
        PlayerError::Timeout => Termination::TimeForfeit(Some("no answer in time".into())),
        PlayerError::Protocol(detail) => {
            Termination::EngineCrash(format!("protocol error: {detail}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays the first legal move at once, noting how long past its
    /// allowance it would have been waited for.
    #[derive(Default)]
    struct Hasty {
        patience: Vec<Duration>,
    }

    impl Player for Hasty {
        fn new_game(&mut self) -> Result<(), PlayerError> {
            Ok(())
        }

        fn choose(
            &mut self,
            game: &Game,
            _budget: &Budget,
            patience: Duration,
        ) -> Result<String, PlayerError> {
            self.patience.push(patience);
            Ok(game.legal_moves()[0].to_string())
        }
    }

    #[test]
    fn an_engine_is_waited_for_past_a_margin_wider_than_the_usual_grace() {
        let (mut red, mut blue) = (Hasty::default(), Hasty::default());
        let settings = GameSettings {
            max_plies: 2,
            time_margin: Duration::from_secs(5),
            ..GameSettings::default()
        };
        play_game(
            Seat {
                name: "red",
                player: Ok(&mut red),
            },
            Seat {
                name: "blue",
                player: Ok(&mut blue),
            },
            Position::start(),
            &settings,
        );
        for patience in red.patience.iter().chain(&blue.patience) {
            assert_eq!(*patience, Duration::from_secs(5) + GRACE);
        }
        assert_eq!(red.patience.len() + blue.patience.len(), 2);
    }
}
