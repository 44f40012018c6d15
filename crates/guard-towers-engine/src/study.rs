//! Endgame studies: win puzzles proven by the tablebases, not by a search
//! budget. The first move is the only one that keeps the win at all; every
//! later solver move but the last is the only one that keeps the win
//! within the tables' distance (the last may be any move that wins at
//! once, as [`Puzzle::accepts`] takes it). The opponent defends as the
//! tables do: the longest loss.
//!
//! ```
//! use guard_towers::Position;
//! use guard_towers_engine::study::{study, StudyRange};
//! use guard_towers_tablebase::Tablebase;
//!
//! let mut tablebase = Tablebase::new();
//! tablebase.build(1, &mut |_, _| {});
//! // Red's guard hunts Blue's into the corner; only E4-E5 wins at all.
//! let position: Position = "7/5BG1/7/1RG2r12/7/7/7 r".parse().unwrap();
//! let range = StudyRange { min_plies: 7, max_plies: 11 };
//! let puzzle = study(&tablebase, &position, range).unwrap();
//! let line: Vec<String> = puzzle.solution().iter().map(|mv| mv.to_string()).collect();
//! assert_eq!(line[0], "E4-E5-1");
//! assert_eq!(line.len(), 7);
//! ```

use guard_towers::{Color, Piece, Position, Rules, Square, MAX_STONES, SQUARES};
use guard_towers_tablebase::{Tablebase, Verdict};
use rand::seq::SliceRandom;
use rand::Rng;

use crate::puzzle::{Puzzle, ENDGAME_STONES};

/// The lengths of the studies kept, in plies of the whole line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StudyRange {
    pub min_plies: u32,
    pub max_plies: u32,
}

/// Why a position is no study.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudyRejection {
    /// The tables do not hold the position, or it is no win for the side
    /// to move.
    NoWin,
    /// The win is shorter or longer than the range.
    OutOfRange(u32),
    /// At the solver's n-th move (from 1) more than one move keeps the win.
    NotUnique { step: u32 },
    /// A guard race: the solver only walks its guard to the castle, with
    /// no tower moved and nothing captured. Kept out as too plain.
    GuardRace,
}

/// The moves of the side to move that keep its win: each with the
/// opponent's distance to its loss after it.
fn winning_moves(tablebase: &Tablebase, position: &Position) -> Vec<(guard_towers::Move, u32)> {
    position
        .legal_moves()
        .iter()
        .filter_map(|&mv| match tablebase.probe(&position.play(mv)) {
            Some(Verdict::Loss { plies }) => Some((mv, plies)),
            _ => None,
        })
        .collect()
}

/// The study that `position` is, if the tables prove one.
pub fn study(
    tablebase: &Tablebase,
    position: &Position,
    range: StudyRange,
) -> Result<Puzzle, StudyRejection> {
    let plies = match tablebase.probe_under(position, Rules::STANDARD, 0) {
        Some(Verdict::Win { plies }) if plies > 0 => plies,
        _ => return Err(StudyRejection::NoWin),
    };
    if !(range.min_plies..=range.max_plies).contains(&plies) {
        return Err(StudyRejection::OutOfRange(plies));
    }
    let mut line = Vec::new();
    let mut here = *position;
    let mut left = plies;
    for step in 1.. {
        let wins = winning_moves(tablebase, &here);
        let fastest: Vec<_> = wins.iter().filter(|(_, d)| *d + 1 == left).collect();
        let unique = if step == 1 {
            wins.len() == 1
        } else {
            left == 1 || fastest.len() == 1
        };
        if !unique {
            return Err(StudyRejection::NotUnique { step });
        }
        let (mv, _) = *fastest[0];
        line.push(mv);
        here = here.play(mv);
        if left == 1 {
            break;
        }
        let (reply, _) = tablebase
            .best_move(&here, Rules::STANDARD, 0)
            .expect("a position the tables hold has a reply");
        line.push(reply);
        here = here.play(reply);
        left -= 2;
    }
    let puzzle = Puzzle::new(*position, line).expect("the tables' line ends with the solver's win");
    if is_guard_race(&puzzle) {
        return Err(StudyRejection::GuardRace);
    }
    Ok(puzzle)
}

/// Whether every solver move of the line is its guard stepping onto an
/// empty square.
fn is_guard_race(puzzle: &Puzzle) -> bool {
    let mut here = *puzzle.position();
    let solver = here.side_to_move();
    puzzle.solution().iter().all(|&mv| {
        let plain = here.side_to_move() != solver
            || (here.guard_bits(solver) & mv.from().bit() != 0 && !here.is_capture(mv));
        here = here.play(mv);
        plain
    })
}

/// A random position of at most `stones` tower stones (1 to
/// [`ENDGAME_STONES`]) besides the two guards, either side to move, no
/// game over on the board; `None` for a draw that does not make one.
pub fn random_endgame(rng: &mut impl Rng, stones: u32) -> Option<Position> {
    let stones = stones.clamp(1, ENDGAME_STONES.min(MAX_STONES));
    let mut squares: Vec<u8> = (0..SQUARES as u8).collect();
    squares.shuffle(rng);
    let mut squares = squares
        .into_iter()
        .map(|index| Square::from_index(index).expect("below 49"));
    let mut pieces = [None; SQUARES];
    for color in Color::ALL {
        pieces[squares.next()?.index()] = Some(Piece::Guard(color));
    }
    let total = rng.random_range(1..=stones);
    let mut left = [0u32; 2];
    for _ in 0..total {
        left[rng.random_range(0..2)] += 1;
    }
    for color in Color::ALL {
        let mut stones = left[color.index()];
        while stones > 0 {
            let height = rng.random_range(1..=stones);
            pieces[squares.next()?.index()] = Some(Piece::Tower(color, height as u8));
            stones -= height;
        }
    }
    let side = if rng.random_bool(0.5) {
        Color::Red
    } else {
        Color::Blue
    };
    let position = Position::from_pieces(&pieces, side).ok()?;
    position.winner().is_none().then_some(position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Theme;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    /// Every study drawn from random one-stone endgames: its first move is
    /// the only one that wins, and the line is as long as the tables say.
    #[test]
    fn a_studys_first_move_is_the_only_win() {
        let mut tablebase = Tablebase::new();
        tablebase.build(1, &mut |_, _| {});
        let range = StudyRange {
            min_plies: 7,
            max_plies: 11,
        };
        let mut rng = StdRng::seed_from_u64(41);
        let mut found = 0;
        for _ in 0..20_000 {
            let Some(position) = random_endgame(&mut rng, 1) else {
                continue;
            };
            let Ok(puzzle) = study(&tablebase, &position, range) else {
                continue;
            };
            found += 1;
            let wins = winning_moves(&tablebase, &position);
            assert_eq!(wins.len(), 1, "{position}");
            assert_eq!(wins[0].0, puzzle.solution()[0]);
            let Some(Verdict::Win { plies }) = tablebase.probe(&position) else {
                panic!("{position} is a win");
            };
            assert_eq!(puzzle.solution().len() as u32, plies);
            assert!(puzzle.themes().contains(&Theme::Endgame));
            assert!(!is_guard_race(&puzzle), "{position}");
        }
        assert!(found >= 5, "{found} studies");
    }

    #[test]
    fn a_hunt_for_the_guard_is_a_quiet_endgame() {
        let mut tablebase = Tablebase::new();
        tablebase.build(1, &mut |_, _| {});
        let position: Position = "7/5BG1/7/1RG2r12/7/7/7 r".parse().unwrap();
        let range = StudyRange {
            min_plies: 7,
            max_plies: 11,
        };
        let puzzle = study(&tablebase, &position, range).unwrap();
        assert_eq!(
            puzzle.themes(),
            &[Theme::GuardCapture, Theme::QuietMove, Theme::Endgame]
        );
        // Red's guard walks down the D file to Blue's castle, and nothing
        // else wins in time: a plain race, no study.
        let race: Position = "6b1/7/1BG1RG3/7/7/7/7 r".parse().unwrap();
        assert_eq!(
            study(&tablebase, &race, range),
            Err(StudyRejection::GuardRace)
        );
    }
}
