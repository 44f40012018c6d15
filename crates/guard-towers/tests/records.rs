//! Game records: printing then reading gives the same game, and a broken
//! record is refused with the line and the rule it breaks.

use guard_towers::record::{parse_records, GameRecord, GameResult, Termination};
use guard_towers::{Game, Position, Ruleset};
use proptest::prelude::*;

fn record_of(start: Position, choices: &[usize], rules: Ruleset) -> GameRecord {
    let mut game = Game::new(start, rules.rules());
    for &choice in choices {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[choice % moves.len()]).expect("legal");
    }
    let (result, termination) = match game.outcome() {
        Some(outcome) => (GameResult::of(outcome), Termination::of(outcome)),
        None => (GameResult::Unfinished, Termination::Unterminated),
    };
    GameRecord {
        event: "test \"quoted\" event".into(),
        date: "2026.11.30".into(),
        red: "red engine".into(),
        blue: "blue\\engine".into(),
        time_control: "120+0.01".into(),
        rules,
        start,
        moves: game.moves().to_vec(),
        result,
        termination,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn printing_then_reading_a_record_gives_the_same_game(
        choices in prop::collection::vec(any::<usize>(), 0..120),
        blue_starts in any::<bool>(),
        course in any::<bool>(),
    ) {
        let start = if blue_starts { Position::start().pass() } else { Position::start() };
        let rules = if course { Ruleset::Course } else { Ruleset::Standard };
        let record = record_of(start, &choices, rules);
        let text = record.to_string();
        let games = parse_records(&format!("{text}\n{text}")).expect("our own records read back");
        prop_assert_eq!(games.len(), 2);
        prop_assert_eq!(&games[0], &record);
        prop_assert_eq!(*games[0].replay().position(), *record.replay().position());
    }
}

const GAME: &str = r#"[Event "e"]
[Red "a"]
[Blue "b"]
[Start "3RG3/7/7/7/7/3r13/3BG3 r"]
[Result "1-0"]
[Termination "guard captured"]

1. D2-D1-1 1-0
"#;

#[test]
fn a_valid_record_reads() {
    let games = parse_records(GAME).expect("valid");
    assert_eq!(games[0].moves.len(), 1);
    assert_eq!(games[0].result, GameResult::RedWins);
}

#[test]
fn broken_records_name_the_line_and_the_problem() {
    let cases = [
        (GAME.replace("D2-D1-1 1-0", "D2-D3-2 1-0"), 8, "travels 1"),
        (
            GAME.replace("D2-D1-1 1-0", "D7-D6-1 D2-D1-1 1-0"),
            8,
            "move 2",
        ),
        (
            GAME.replace("D2-D1-1 1-0", "D2-D1-1 0-1"),
            5,
            "Result tag says 1-0",
        ),
        (
            GAME.replace("[Result \"1-0\"]", "[Result \"0-1\"]")
                .replace("D2-D1-1 1-0", "D2-D1-1 0-1"),
            8,
            "contradicts",
        ),
        (GAME.replace("3r13/3BG3 r", "3r13/3BG3 x"), 4, "Start"),
        (GAME.replace("[Blue \"b\"]", "[Blue b]"), 3, "double quotes"),
        (
            GAME.replace("1. D2-D1-1 1-0", "1. D2-D1-1"),
            1,
            "no result token",
        ),
    ];
    for (text, line, needle) in cases {
        let error = parse_records(&text).expect_err(needle);
        assert_eq!(error.line, line, "{needle}: {error}");
        assert!(error.to_string().contains(needle), "{error}");
    }
}

proptest! {
    /// Arbitrary text is read or refused with a line number, never a panic.
    #[test]
    fn arbitrary_record_text_is_read_or_refused(text in r#"(\[[A-Za-z]* "[^"\n]*"\]\n|[0-9]+\. |[A-G][1-7]-[A-G][1-7]-[1-7] |1-0|0-1|1/2-1/2|\*|\n| )*"#) {
        if let Err(error) = parse_records(&text) {
            prop_assert!(error.line >= 1);
        }
    }
}
