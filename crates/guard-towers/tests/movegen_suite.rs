//! The course's movegen suite: 61 positions exchanged between course groups,
//! each with its complete legal move list. Our generator must produce exactly
//! that list, and counting must agree with listing.

use guard_towers::{Move, Position};
use serde_json::Value;

#[test]
fn every_suite_position_has_exactly_the_listed_moves() {
    let suite: Value =
        serde_json::from_str(include_str!("data/gt-movegen-suite.json")).expect("suite is JSON");
    let cases = suite.as_array().expect("suite is an array");
    assert_eq!(cases.len(), 61, "the suite holds 61 positions");
    for case in cases {
        let name = case["name"].as_str().expect("name");
        let text = case["position"].as_str().expect("position");
        let position: Position = text
            .parse()
            .unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
        let mut expected: Vec<Move> = case["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| {
                m.as_str()
                    .expect("move")
                    .parse()
                    .expect("suite move parses")
            })
            .collect();
        let mut generated: Vec<Move> = position.legal_moves().to_vec();
        expected.sort();
        generated.sort();
        assert_eq!(generated, expected, "{name}: {text}");
        assert_eq!(position.count_moves() as usize, expected.len(), "{name}");
    }
}
