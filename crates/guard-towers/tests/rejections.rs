//! Malformed positions and moves are rejected with an error naming the place
//! and the problem, never accepted and never a panic.

use guard_towers::{Color, Move, MoveError, Position, PositionError, Square};

fn reject(text: &str) -> PositionError {
    match text.parse::<Position>() {
        Ok(position) => panic!("accepted '{text}' as {position}"),
        Err(error) => error,
    }
}

fn square(name: &str) -> Square {
    name.parse().expect("square")
}

#[test]
fn the_wrong_number_of_ranks_is_rejected() {
    assert_eq!(
        reject("7/7/7/7/7/3BG3 r"),
        PositionError::RankCount { found: 6 }
    );
    assert_eq!(
        reject("3RG3/7/7/7/7/7/7/3BG3 r"),
        PositionError::RankCount { found: 8 }
    );
}

#[test]
fn ranks_of_six_or_eight_squares_are_rejected() {
    assert_eq!(
        reject("3RG2/7/7/7/7/7/3BG3 r"),
        PositionError::RankTooShort {
            rank: 7,
            squares: 6
        }
    );
    assert_eq!(
        reject("3RG3/7/7/7/7/7/3BG4 r"),
        PositionError::RankTooLong { rank: 1 }
    );
    assert_eq!(
        reject("3RG3/7/7/8/7/7/3BG3 r"),
        PositionError::RankTooLong { rank: 4 }
    );
    assert_eq!(
        reject("3RG3/7/7/r1r1r1r1r1r1r1r1/7/7/3BG3 r"),
        PositionError::RankTooLong { rank: 4 }
    );
}

#[test]
fn heights_zero_and_eight_are_rejected() {
    assert_eq!(
        reject("3RG3/7/r06/7/7/7/3BG3 r"),
        PositionError::BadHeight {
            square: square("A5"),
            height: 0
        }
    );
    assert_eq!(
        reject("3RG3/7/7/7/7/2b84/3BG3 r"),
        PositionError::BadHeight {
            square: square("C2"),
            height: 8
        }
    );
}

#[test]
fn a_second_guard_of_one_colour_is_rejected() {
    assert_eq!(
        reject("3RG3/7/7/7/7/RG6/3BG3 r"),
        PositionError::TwoGuards {
            color: Color::Red,
            squares: [square("A2"), square("D7")]
        }
    );
}

#[test]
fn more_than_seven_stones_of_one_colour_are_rejected() {
    assert_eq!(
        reject("3RG3/7/7/7/r4r45/7/3BG3 r"),
        PositionError::TooManyStones {
            color: Color::Red,
            stones: 8
        }
    );
    assert_eq!(
        reject("3RG3/7/7/7/7/b1b1b1b1b1b1b1/b12BG3 r"),
        PositionError::TooManyStones {
            color: Color::Blue,
            stones: 8
        }
    );
}

#[test]
fn unknown_tokens_name_rank_and_column() {
    assert_eq!(
        reject("3RG3/7/7/2x4/7/7/3BG3 r"),
        PositionError::UnknownToken {
            rank: 4,
            column: 'C',
            token: "x".into()
        }
    );
    assert_eq!(
        reject("3RG3/7/7/7/7/7/3BX3 r"),
        PositionError::UnknownToken {
            rank: 1,
            column: 'D',
            token: "BX".into()
        }
    );
    assert_eq!(
        reject("3RG3/7/7/7/7/7/3BG2r r"),
        PositionError::UnknownToken {
            rank: 1,
            column: 'G',
            token: "r".into()
        }
    );
    assert_eq!(
        reject("3RG3/7/7/7/07/7/3BG3 r"),
        PositionError::UnknownToken {
            rank: 3,
            column: 'A',
            token: "0".into()
        }
    );
}

#[test]
fn a_missing_or_bad_side_is_rejected() {
    assert_eq!(reject("3RG3/7/7/7/7/7/3BG3"), PositionError::MissingSide);
    assert_eq!(
        reject("3RG3/7/7/7/7/7/3BG3 x"),
        PositionError::BadSide { found: "x".into() }
    );
    assert_eq!(
        reject("3RG3/7/7/7/7/7/3BG3 R"),
        PositionError::BadSide { found: "R".into() }
    );
    assert_eq!(
        reject("3RG3/7/7/7/7/7/3BG3 r 0"),
        PositionError::TrailingText { found: "0".into() }
    );
    assert_eq!(reject(""), PositionError::Empty);
}

#[test]
fn errors_say_where_and_why() {
    let message = reject("3RG3/7/7/2x4/7/7/3BG3 r").to_string();
    assert!(
        message.contains("rank 4") && message.contains("column C") && message.contains("'x'"),
        "{message}"
    );
    let message = reject("3RG3/7/7/7/7/2b84/3BG3 r").to_string();
    assert!(
        message.contains("C2") && message.contains("height 8"),
        "{message}"
    );
}

#[test]
fn moves_read_with_and_without_the_stone_count() {
    let full: Move = "D7-D6-1".parse().expect("full form");
    let short: Move = "D7-D6".parse().expect("guard form without -1");
    assert_eq!(full, short);
    assert_eq!(short.to_string(), "D7-D6-1");
    assert_eq!(
        "e2-e5-3".parse::<Move>().map(|m| m.to_string()),
        Ok("E2-E5-3".into())
    );
}

#[test]
fn malformed_moves_are_rejected() {
    assert!(matches!(
        "D7D6".parse::<Move>(),
        Err(MoveError::Format { .. })
    ));
    assert!(matches!(
        "D7-D6-1-1".parse::<Move>(),
        Err(MoveError::Format { .. })
    ));
    assert!(matches!(
        "H7-H6-1".parse::<Move>(),
        Err(MoveError::Square(_))
    ));
    assert!(matches!(
        "D0-D1-1".parse::<Move>(),
        Err(MoveError::Square(_))
    ));
    assert!(matches!(
        "D7-D6-x".parse::<Move>(),
        Err(MoveError::Count { .. })
    ));
    assert!(matches!(
        "D7-D6-0".parse::<Move>(),
        Err(MoveError::Count { .. })
    ));
    assert!(matches!(
        "D7-E6-1".parse::<Move>(),
        Err(MoveError::NotStraight { .. })
    ));
    assert!(matches!(
        "D7-D7-1".parse::<Move>(),
        Err(MoveError::NotStraight { .. })
    ));
    assert!(matches!(
        "E2-E5-2".parse::<Move>(),
        Err(MoveError::CountMismatch {
            count: 2,
            distance: 3,
            ..
        })
    ));
}
