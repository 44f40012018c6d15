//! Training positions from the engine's own games.

use std::fmt;

use guard_towers::{Color, Game, Position, Rules};
use guard_towers_engine::tune::is_quiet;
use guard_towers_engine::{Engine, Limits, Score};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A position with its search score and its game's result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub position: Position,
    /// The search's score in centi-stones, from the side to move's view.
    pub score: i32,
    /// The game's result from Red's view: 1, ½ or 0.
    pub red_result: f32,
}

impl Sample {
    /// The game's result from the side to move's view.
    pub fn result(&self) -> f32 {
        match self.position.side_to_move() {
            Color::Red => self.red_result,
            Color::Blue => 1.0 - self.red_result,
        }
    }
}

/// The text form, one sample a line: `<position> | <score> | <red result>`.
impl fmt::Display for Sample {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} | {} | {}",
            self.position, self.score, self.red_result
        )
    }
}

/// Why a line is not a sample.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SampleError {
    pub line: usize,
    pub why: String,
}

impl fmt::Display for SampleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.why)
    }
}

impl std::error::Error for SampleError {}

/// Reads samples in their text form; blank lines and `#` comments are skipped.
pub fn parse_samples(text: &str) -> Result<Vec<Sample>, SampleError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(index, line)| {
            parse_line(line).map_err(|why| SampleError {
                line: index + 1,
                why,
            })
        })
        .collect()
}

fn parse_line(line: &str) -> Result<Sample, String> {
    let mut fields = line.split('|').map(str::trim);
    let (Some(position), Some(score), Some(result), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err("expected '<position> | <score> | <red result>'".into());
    };
    let position = position.parse().map_err(|e| format!("{e}"))?;
    let score = score
        .parse()
        .map_err(|_| format!("score '{score}' is not a whole number"))?;
    let red_result = result
        .parse::<f32>()
        .ok()
        .filter(|r| [0.0, 0.5, 1.0].contains(r))
        .ok_or_else(|| format!("result '{result}' is not 1, 0.5 or 0"))?;
    Ok(Sample {
        position,
        score,
        red_result,
    })
}

/// How the games are played.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Search nodes per move.
    pub nodes: u64,
    /// Random legal moves played after the opening, so that games differ.
    pub random_plies: usize,
    /// Longest game kept; longer ones are dropped as undecided.
    pub max_plies: usize,
    /// Play with the network (the next generation's positions) instead of
    /// the hand-written evaluation (the embedded network's positions).
    pub use_network: bool,
}

/// Plays the engine games numbered `games` from `openings` (cycled), game
/// `i` drawing its random moves from seed `i`, and returns their quiet
/// positions with the score of the search that moved from them (wins and
/// losses are left out: the net learns the positions still in play).
pub fn self_play(
    openings: &[Position],
    games: impl IntoIterator<Item = u64>,
    settings: Settings,
) -> Vec<Sample> {
    let mut engine = Engine::new();
    engine.set_threads(1);
    engine.set_use_network(settings.use_network);
    let limits = Limits {
        nodes: Some(settings.nodes),
        ..Limits::default()
    };
    let mut samples = Vec::new();
    for index in games {
        let opening = openings[index as usize % openings.len()];
        let mut game = Game::new(opening, Rules::STANDARD);
        let mut random = StdRng::seed_from_u64(index);
        for _ in 0..settings.random_plies {
            let moves = game.legal_moves();
            if game.outcome().is_some() || moves.is_empty() {
                break;
            }
            let mv = moves[random.random_range(0..moves.len())];
            game.play(mv).expect("a legal move");
        }
        engine.new_game();
        let mut scored = Vec::new();
        while game.outcome().is_none() && game.moves().len() < settings.max_plies {
            let Some(result) = engine.search(&game, &limits) else {
                break;
            };
            let position = *game.position();
            if let Score::Centistones(score) = result.score {
                if is_quiet(&position) {
                    scored.push((position, score));
                }
            }
            game.play(result.best_move).expect("engine moves are legal");
        }
        let Some(red_result) = game
            .outcome()
            .map(|outcome| outcome.points(Color::Red) as f32)
        else {
            continue;
        };
        samples.extend(scored.into_iter().map(|(position, score)| Sample {
            position,
            score,
            red_result,
        }));
    }
    samples
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_round_trip_through_their_text() {
        let games = self_play(
            &[Position::start()],
            0..2,
            Settings {
                nodes: 300,
                random_plies: 4,
                max_plies: 300,
                use_network: false,
            },
        );
        assert!(!games.is_empty());
        let text: String = games.iter().map(|s| format!("{s}\n")).collect();
        assert_eq!(parse_samples(&text), Ok(games));
    }

    #[test]
    fn bad_lines_are_refused_with_their_number() {
        let error = parse_samples("# comment\n3RG3/7/7/7/7/7/3BG3 r | 12 | 2\n").unwrap_err();
        assert_eq!(error.line, 2);
        assert!(error.why.contains("'2'"), "{error}");
        assert_eq!(
            parse_samples("3RG3/7/7/7/7/7/3BG3 r | x").unwrap_err().line,
            1
        );
    }
}
