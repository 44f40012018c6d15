//! Invariants of the rules library, checked on random positions and random
//! games against a naive per-square implementation written from the rule book.

use guard_towers::{castle, Color, Game, Move, Piece, Position, Rules, WinReason, SQUARES};
use proptest::prelude::*;

type Board = [Option<Piece>; SQUARES];

const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// The square `steps` steps from `from` along (file, rank) direction, if on the board.
fn step(from: usize, (df, dr): (i32, i32), steps: i32) -> Option<usize> {
    let file = (from % 7) as i32 + df * steps;
    let rank = (from / 7) as i32 + dr * steps;
    ((0..7).contains(&file) && (0..7).contains(&rank)).then_some((rank * 7 + file) as usize)
}

fn index_of_guard(board: &Board, color: Color) -> Option<usize> {
    board.iter().position(|&p| p == Some(Piece::Guard(color)))
}

/// The rule book, square by square: a finished game has no moves; the guard
/// steps one square onto anything but an own piece; a tower piece of k stones
/// (the top k of its tower) goes exactly k squares over empty squares and
/// lands on an empty square, an own tower, the enemy guard or an enemy tower
/// of at most k stones.
fn naive_moves(position: &Position) -> Vec<Move> {
    let board = position.pieces();
    let us = position.side_to_move();
    for color in Color::ALL {
        match index_of_guard(&board, color) {
            None => return Vec::new(),
            Some(square) if square == castle(!color).index() => return Vec::new(),
            Some(_) => {}
        }
    }
    let mut moves = Vec::new();
    let mut add = |from: usize, to: usize| {
        let square = |i: usize| guard_towers::Square::from_index(i as u8).expect("on board");
        moves.push(Move::new(square(from), square(to)).expect("straight"));
    };
    for from in 0..SQUARES {
        match board[from] {
            Some(Piece::Guard(color)) if color == us => {
                for dir in DIRECTIONS {
                    if let Some(to) = step(from, dir, 1) {
                        if board[to].is_none_or(|p| p.color() != us) {
                            add(from, to);
                        }
                    }
                }
            }
            Some(Piece::Tower(color, height)) if color == us => {
                for stones in 1..=i32::from(height) {
                    for dir in DIRECTIONS {
                        let path_clear = (1..stones)
                            .all(|s| step(from, dir, s).is_some_and(|sq| board[sq].is_none()));
                        let Some(to) = step(from, dir, stones) else {
                            continue;
                        };
                        let lands = match board[to] {
                            None => true,
                            Some(Piece::Tower(owner, _)) if owner == us => true,
                            Some(Piece::Guard(owner)) => owner != us,
                            Some(Piece::Tower(_, other)) => i32::from(other) <= stones,
                        };
                        if path_clear && lands {
                            add(from, to);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    moves
}

/// The rule book's effect of a move on the board.
fn naive_play(position: &Position, mv: Move) -> Position {
    let mut board = position.pieces();
    let (from, to) = (mv.from().index(), mv.to().index());
    let us = position.side_to_move();
    let stones = mv.stones() as u8;
    match board[from] {
        Some(Piece::Guard(_)) => {
            board[to] = board[from].take();
        }
        Some(Piece::Tower(color, height)) => {
            board[from] = (height > stones).then_some(Piece::Tower(color, height - stones));
            board[to] = Some(match board[to] {
                Some(Piece::Tower(owner, below)) if owner == us => Piece::Tower(us, below + stones),
                _ => Piece::Tower(us, stones),
            });
        }
        None => panic!("{mv} moves from an empty square"),
    }
    Position::from_pieces(&board, !us).expect("a legal move keeps the position valid")
}

/// The reason a winning move wins, for comparing with `Position::winner`.
fn winner_reason(position: &Position, mv: Move) -> WinReason {
    if position.guard(!position.side_to_move()) == Some(mv.to()) {
        WinReason::GuardCaptured
    } else {
        WinReason::CastleReached
    }
}

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort();
    moves
}

/// Any valid position: each colour has its guard (usually) and towers of
/// random heights with at most 7 stones, on random squares.
fn any_position() -> impl Strategy<Value = Position> {
    let heights = prop::collection::vec(1u8..=7, 0..=7);
    (
        Just((0..SQUARES).collect::<Vec<_>>()).prop_shuffle(),
        [heights.clone(), heights],
        [prop::bool::weighted(0.95), prop::bool::weighted(0.95)],
        any::<bool>(),
    )
        .prop_map(|(squares, heights, guards, blue)| {
            let mut board: Board = [None; SQUARES];
            let mut free = squares.into_iter();
            for color in Color::ALL {
                if guards[color.index()] {
                    board[free.next().expect("49 squares")] = Some(Piece::Guard(color));
                }
                let mut total = 0;
                for &height in &heights[color.index()] {
                    if total + height <= 7 {
                        total += height;
                        board[free.next().expect("49 squares")] = Some(Piece::Tower(color, height));
                    }
                }
            }
            let side = if blue { Color::Blue } else { Color::Red };
            Position::from_pieces(&board, side).expect("generated positions are valid")
        })
}

/// A start (the standard one or a random one) and move choices for a game.
fn any_game() -> impl Strategy<Value = (Position, Vec<usize>)> {
    (
        prop_oneof![Just(Position::start()), any_position()],
        prop::collection::vec(any::<usize>(), 0..80),
    )
}

/// The positions of a random game, the start included.
fn walk(start: Position, choices: &[usize]) -> Vec<Position> {
    let mut positions = vec![start];
    for &choice in choices {
        let current = *positions.last().expect("non-empty");
        let moves = current.legal_moves();
        if moves.is_empty() {
            break;
        }
        positions.push(current.play(moves[choice % moves.len()]));
    }
    positions
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn generated_moves_are_exactly_the_rule_book_moves(position in any_position()) {
        prop_assert_eq!(sorted(position.legal_moves().to_vec()), sorted(naive_moves(&position)));
        prop_assert_eq!(position.count_moves() as usize, position.legal_moves().len());
    }

    #[test]
    fn along_random_games_moves_and_results_follow_the_rule_book((start, choices) in any_game()) {
        for position in walk(start, &choices) {
            let moves = position.legal_moves();
            prop_assert_eq!(sorted(moves.to_vec()), sorted(naive_moves(&position)), "{}", position);
            for &mv in moves.iter() {
                prop_assert_eq!(position.play(mv), naive_play(&position, mv), "{} after {}", position, mv);
            }
        }
    }

    #[test]
    fn reach_and_winning_moves_agree_with_the_move_list(position in any_position()) {
        prop_assume!(!position.is_decided());
        let us = position.side_to_move();
        let moves = position.legal_moves();
        let reach = moves.iter().fold(0u64, |bits, m| bits | m.to().bit());
        prop_assert_eq!(position.reach(us), reach);
        prop_assert_eq!(position.mobility(us).moves, position.count_moves());
        let winning = moves.iter().any(|&m| position.is_winning_move(m));
        prop_assert_eq!(position.has_winning_move(us), winning);
        // And for the side not to move, as if it were to move.
        let passed = position.pass();
        let theirs = passed.legal_moves().iter().any(|&m| passed.is_winning_move(m));
        prop_assert_eq!(position.has_winning_move(!us), theirs, "{}", position);
        for &m in moves.iter() {
            prop_assert_eq!(position.is_winning_move(m), position.play(m).winner() == Some((us, winner_reason(&position, m))));
            let captured = position.play(m).stones(!us) < position.stones(!us) || position.play(m).guard(!us).is_none();
            prop_assert_eq!(position.is_capture(m), captured);
        }
    }

    #[test]
    fn every_move_round_trips_through_notation((start, choices) in any_game()) {
        for position in walk(start, &choices) {
            for &mv in position.legal_moves().iter() {
                let text = mv.to_string();
                prop_assert_eq!(text.parse::<Move>(), Ok(mv));
                let suffix = format!("-{}", mv.stones());
                prop_assert!(text.ends_with(&suffix), "{} lacks the stone count", text);
            }
        }
    }

    #[test]
    fn incremental_hash_equals_fresh_hash((start, choices) in any_game()) {
        for position in walk(start, &choices) {
            prop_assert_eq!(position.hash(), position.fresh_hash(), "{}", position);
        }
    }

    #[test]
    fn printing_then_parsing_is_the_identity(position in any_position()) {
        let text = position.to_string();
        let parsed: Position = text.parse().expect("printed positions parse");
        prop_assert_eq!(parsed, position);
        prop_assert_eq!(parsed.to_string(), text);
    }

    #[test]
    fn undo_restores_every_earlier_position((start, choices) in any_game()) {
        let positions = walk(start, &choices);
        let mut game = Game::new(start, Rules::COURSE);
        for pair in positions.windows(2) {
            let mv = pair[0].legal_moves().iter().copied().find(|&m| pair[0].play(m) == pair[1]).expect("a move links them");
            game.play(mv).expect("legal");
        }
        for expected in positions.iter().rev() {
            prop_assert_eq!(game.position(), expected);
            prop_assert_eq!(game.position().hash(), expected.hash());
            game.undo();
        }
        prop_assert_eq!(game.moves().len(), 0);
    }

    #[test]
    fn arbitrary_text_is_parsed_or_rejected_without_panic(text in "[rbRGB0-9/ xK-]{0,60}") {
        let _ = text.parse::<Position>();
        let _ = text.parse::<Move>();
    }
}
