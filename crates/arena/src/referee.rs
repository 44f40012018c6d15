//! One game between two players, refereed by the rules library: illegal
//! moves, crashes and time forfeits lose, the draw rules and a maximum
//! length end the rest.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use guard_towers::{Color, Game, Move, Position, Rules};

use crate::player::{Budget, Player, PlayerError};
use crate::record::{rules_result, today, GameRecord, GameResult};

/// Thinking time per move, or a clock per side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    MoveTime(Duration),
    /// Sudden death with an increment per move.
    Clock {
        base: Duration,
        increment: Duration,
    },
}

impl TimeControl {
    /// The course's control: 120 s per game plus 10 ms per move.
    pub const COURSE: TimeControl = TimeControl::Clock {
        base: Duration::from_secs(120),
        increment: Duration::from_millis(10),
    };
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::MoveTime(time) => write!(f, "movetime {}", time.as_millis()),
            TimeControl::Clock { base, increment } => {
                write!(f, "{}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
        }
    }
}

impl FromStr for TimeControl {
    type Err = String;

    /// `SECONDS+INCREMENT` in seconds, e.g. `120+0.01` or `10+0.1`.
    fn from_str(text: &str) -> Result<TimeControl, String> {
        let seconds = |part: &str| {
            part.parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.0)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| {
                    format!("'{part}' in time control '{text}' is not a number of seconds")
                })
        };
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        Ok(TimeControl::Clock {
            base: seconds(base)?,
            increment: seconds(increment)?,
        })
    }
}

/// How games are played and adjudicated.
#[derive(Clone, Debug)]
pub struct GameSettings {
    pub event: String,
    pub rules: Rules,
    pub time_control: TimeControl,
    /// A game this long is adjudicated a draw.
    pub max_plies: usize,
    /// Tolerance over the allowed time before a forfeit.
    pub time_margin: Duration,
}

impl Default for GameSettings {
    fn default() -> GameSettings {
        GameSettings {
            event: "towers arena".into(),
            rules: Rules::STANDARD,
            time_control: TimeControl::MoveTime(Duration::from_millis(100)),
            max_plies: 300,
            time_margin: Duration::from_millis(100),
        }
    }
}

/// A seat at the board: a name and, if it could be started, a player.
pub struct Seat<'a> {
    pub name: &'a str,
    pub player: Result<&'a mut dyn Player, PlayerError>,
}

/// Plays one game from `start` and returns its record.
pub fn play_game<'a>(
    mut red: Seat<'a>,
    mut blue: Seat<'a>,
    start: Position,
    settings: &GameSettings,
) -> GameRecord {
    let mut game = Game::new(start, settings.rules);
    let mut clocks = match settings.time_control {
        TimeControl::Clock { base, .. } => [base, base],
        TimeControl::MoveTime(_) => [Duration::ZERO; 2],
    };
    let (result, termination) = loop {
        if let Some(outcome) = game.outcome() {
            let (result, termination) = rules_result(outcome);
            break (result, termination.to_string());
        }
        if game.moves().len() >= settings.max_plies {
            break (GameResult::Draw, "adjudication: maximum length".into());
        }
        let side = game.position().side_to_move();
        let seat = match side {
            Color::Red => &mut red,
            Color::Blue => &mut blue,
        };
        let budget = match settings.time_control {
            TimeControl::MoveTime(time) => Budget::MoveTime(time),
            TimeControl::Clock { increment, .. } => Budget::Clock {
                red: clocks[0],
                blue: clocks[1],
                increment,
            },
        };
        match take_turn(seat, &game, &budget, settings) {
            Ok((mv, elapsed)) => {
                if let TimeControl::Clock { increment, .. } = settings.time_control {
                    let clock = &mut clocks[side.index()];
                    *clock = clock.saturating_sub(elapsed) + increment;
                }
                game.play(mv).expect("take_turn checked legality");
            }
            Err(reason) => break (GameResult::win_for(!side), reason),
        }
    };
    GameRecord {
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
    }
}

/// Asks the seat's player for a legal move in time; the error is the
/// termination text of the loss.
fn take_turn(
    seat: &mut Seat,
    game: &Game,
    budget: &Budget,
    settings: &GameSettings,
) -> Result<(Move, Duration), String> {
    let player = seat.player.as_mut().map_err(|e| e.to_string())?;
    let started = Instant::now();
    let text = player.choose(game, budget).map_err(|e| e.to_string())?;
    let elapsed = started.elapsed();
    if elapsed > budget.allowance(game.position().side_to_move()) + settings.time_margin {
        return Err(format!("time forfeit: {} ms", elapsed.as_millis()));
    }
    let mv: Move = text.parse().map_err(|e| format!("illegal move: {e}"))?;
    if !game.position().is_legal(mv) {
        return Err(format!("illegal move: {mv}"));
    }
    Ok((mv, elapsed))
}
