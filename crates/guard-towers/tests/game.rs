//! Game outcomes under the rule book and its switchable conventions.

use guard_towers::{Color, DrawReason, Game, GameError, Move, Outcome, Position, Rules, WinReason};

fn position(text: &str) -> Position {
    text.parse().expect("valid position")
}

fn mv(text: &str) -> Move {
    text.parse().expect("valid move")
}

fn play_all(game: &mut Game, moves: &[&str]) {
    for text in moves {
        game.play(mv(text))
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

#[test]
fn capturing_the_guard_wins() {
    let mut game = Game::new(position("3RG3/7/7/7/7/3r13/3BG3 r"), Rules::STANDARD);
    play_all(&mut game, &["D2-D1-1"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Red,
            reason: WinReason::GuardCaptured
        })
    );
    assert!(game.legal_moves().is_empty());
    assert_eq!(
        game.play(mv("D7-D6-1")),
        Err(GameError::Finished(game.outcome().unwrap()))
    );
}

#[test]
fn a_guard_on_the_enemy_castle_wins() {
    let mut game = Game::new(position("2RG4/3BG3/7/7/7/7/r16 b"), Rules::STANDARD);
    assert_eq!(game.outcome(), None, "beside the castle is not on it");
    play_all(&mut game, &["D6-D7-1"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::Blue,
            reason: WinReason::CastleReached
        })
    );
}

#[test]
fn no_legal_move_loses_or_draws_as_configured() {
    // Blue's guard on A1 is boxed in by its own single stones, and each of
    // them faces only its guard or red towers too tall to capture.
    let stuck = position("3RG3/7/7/7/r36/b1r25/BGb1r24 b");
    assert_eq!(stuck.count_moves(), 0, "{stuck}");
    let lose = Game::new(stuck, Rules::STANDARD);
    assert_eq!(
        lose.outcome(),
        Some(Outcome::Win {
            winner: Color::Red,
            reason: WinReason::NoLegalMove
        })
    );
    let draw_rules = Rules {
        no_legal_move_loses: false,
        ..Rules::STANDARD
    };
    let draw = Game::new(stuck, draw_rules);
    assert_eq!(
        draw.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoLegalMove
        })
    );
}

/// Both guards step away and back: the start position recurs every 4 plies.
const SHUFFLE: [&str; 4] = ["D7-C7-1", "D1-C1-1", "C7-D7-1", "C1-D1-1"];

#[test]
fn the_third_occurrence_of_a_position_is_a_draw() {
    let start = position("3RG3/7/7/7/7/7/3BG3 r");
    let mut game = Game::new(start, Rules::STANDARD);
    play_all(&mut game, &SHUFFLE);
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None);
    play_all(&mut game, &SHUFFLE);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    game.undo();
    assert_eq!(game.outcome(), None, "undo takes the draw back");

    let mut course = Game::new(start, Rules::COURSE);
    play_all(&mut course, &SHUFFLE);
    play_all(&mut course, &SHUFFLE);
    assert_eq!(course.outcome(), None, "the course has no repetition rule");
}

#[test]
fn a_hundred_plies_without_capture_is_a_draw() {
    // Towers shuffle on the far files so no position repeats too often to
    // matter: repetition is switched off to isolate the no-progress rule.
    let rules = Rules {
        threefold_repetition: false,
        ..Rules::STANDARD
    };
    let mut game = Game::new(position("3RG3/7/7/7/7/7/3BG3 r"), rules);
    for ply in 0..100 {
        assert_eq!(game.outcome(), None, "ply {ply}");
        play_all(&mut game, &[SHUFFLE[ply % 4]]);
    }
    assert_eq!(game.quiet_plies(), 100);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::NoProgress
        })
    );

    let mut course = Game::new(position("3RG3/7/7/7/7/7/3BG3 r"), Rules::COURSE);
    for ply in 0..120 {
        play_all(&mut course, &[SHUFFLE[ply % 4]]);
    }
    assert_eq!(course.outcome(), None, "the course has no no-progress rule");
}

#[test]
fn a_capture_resets_the_no_progress_count() {
    let mut game = Game::new(position("3RG3/7/7/7/7/3r13/b1r1BG4 r"), Rules::STANDARD);
    play_all(&mut game, &["D7-C7-1"]);
    assert_eq!(game.quiet_plies(), 1);
    play_all(&mut game, &["C1-B1-1"]);
    assert_eq!(
        game.quiet_plies(),
        0,
        "the blue guard captured the red tower"
    );
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut game = Game::new(Position::start(), Rules::STANDARD);
    assert_eq!(game.play(mv("D7-D6-1")), Ok(()));
    assert_eq!(
        game.play(mv("D6-D5-1")),
        Err(GameError::Illegal(mv("D6-D5-1"))),
        "not Blue's piece"
    );
    assert_eq!(game.moves().len(), 1);
}

#[test]
fn stacking_on_an_own_tower_is_no_capture() {
    let mut game = Game::new(position("3RG3/7/7/7/7/3r13/3r1BG2 r"), Rules::STANDARD);
    play_all(&mut game, &["D2-D1-1"]);
    let d1 = "D1".parse().expect("square");
    assert_eq!(
        game.position().piece_at(d1),
        Some(guard_towers::Piece::Tower(Color::Red, 2))
    );
    assert_eq!(game.quiet_plies(), 1);
}
