//! Table test over `data/planet-kubb-examples.txt`: every example record
//! of Planet Kubb's notation pages imports under the rules, gives the
//! expected result, and round-trips (exported and imported again, it is
//! the same game).

use kubb::notation::{self, RulesChoice, Token};
use kubb::Outcome;
use kubb::{Phase, Team};

const EXAMPLES: &str = include_str!("data/planet-kubb-examples.txt");

/// One block of the data file.
#[derive(Default, Debug)]
struct Example {
    source: String,
    rules: Option<String>,
    before: Vec<String>,
    record: Option<String>,
    then: Option<String>,
    expect: Option<String>,
    tokens: Vec<String>,
}

fn examples() -> Vec<Example> {
    let mut examples = Vec::new();
    for block in EXAMPLES.split("\n\n") {
        let mut example = Example::default();
        for line in block.lines().filter(|l| !l.starts_with('#')) {
            let (key, value) = line.split_once(": ").expect("KEY: VALUE");
            let value = value.to_string();
            match key {
                "source" => example.source = value,
                "rules" => example.rules = Some(value),
                "before" => example.before.push(value),
                "record" => example.record = Some(value),
                "then" => example.then = Some(value),
                "expect" => example.expect = Some(value),
                "tokens" => example.tokens.push(value),
                other => panic!("unknown key {other}"),
            }
        }
        if !example.source.is_empty() {
            examples.push(example);
        }
    }
    examples
}

/// The result as `towers kubb replay` prints it for one game.
fn result(state: &kubb::Match) -> String {
    let winner = match (state.outcome(), state.phase()) {
        (Some(Outcome::Won(team)), _) => Some(team),
        (_, Phase::GameOver(end)) => end.winner,
        _ => None,
    };
    winner.map_or("unfinished".into(), |team: Team| format!("{team} wins"))
}

#[test]
fn every_published_example_imports_gives_its_result_and_round_trips() {
    let examples = examples();
    assert!(examples.iter().filter(|e| e.record.is_some()).count() >= 12);
    for example in &examples {
        for token in &example.tokens {
            let bare = token.split_once(':').map_or(token.as_str(), |(_, t)| t);
            assert!(Token::parse(bare).is_ok(), "{token} ({})", example.source);
        }
        let Some(record) = &example.record else {
            continue;
        };
        let mut text = String::new();
        if let Some(rules) = &example.rules {
            text.push_str(&format!("# {rules}\n"));
        }
        for turn in &example.before {
            text.push_str(&format!("{turn}\n"));
        }
        text.push_str(record);
        if let Some(then) = &example.then {
            text.push_str(&format!(" {then}"));
        }
        text.push('\n');
        let imported = notation::import(&text, RulesChoice::default())
            .unwrap_or_else(|e| panic!("{record} ({}): {e}\n{text}", example.source));
        assert_eq!(
            Some(result(&imported.state)),
            example.expect,
            "{record} ({})",
            example.source
        );
        let ruleset = imported.rules.ruleset;
        let exported = notation::export(&imported.events, ruleset).expect("exports");
        let again = notation::import(&exported, RulesChoice::default()).expect("re-imports");
        assert_eq!(again.events, imported.events, "{record}: {exported}");
        assert_eq!(again.state, imported.state, "{record}");
    }
}

/// The case: the perfect game without a header is read under the
/// default seed rules (and says so), where the king with the sixth stick
/// loses; with the US header it wins.
#[test]
fn the_perfect_game_depends_on_the_rules_it_names() {
    let perfect = "B | B | B | B | B | K |";
    let assumed = notation::import(perfect, RulesChoice::default()).unwrap();
    assert!(assumed.assumption().is_some());
    assert_eq!(result(&assumed.state), "B wins");
    let named = notation::import(
        &format!("# ruleset=standard opening=6-6-6\n{perfect}"),
        RulesChoice::default(),
    )
    .unwrap();
    assert!(named.assumption().is_none());
    assert_eq!(result(&named.state), "A wins");
}
