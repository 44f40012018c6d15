//! Sample bodies of each type, as the server writes them, read and
//! written again; and the mistakes each type must catch.

use guard_towers::record::{GameResult, Termination};
use guard_towers::{Color, Move, Position, Ruleset};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};

use crate::board::{Board, MoveView, Occupant, PlayedMove};
use crate::bots::{BotAccount, BotEvent};
use crate::gt::{ClockView, GameView, MoveRequest, ResultView};
use crate::live::ServerMessage;
use crate::{ErrorBody, Status};

/// Reads `body` and checks that writing it again gives the same JSON.
fn round_trip<T: Serialize + DeserializeOwned>(body: Value) -> T {
    let read: T = serde_json::from_value(body.clone()).expect("the sample reads");
    assert_eq!(serde_json::to_value(&read).unwrap(), body);
    read
}

#[test]
fn bot_events_round_trip_and_an_unknown_one_is_skipped() {
    let started = json!({ "type": "game_started", "game": "g1", "color": "blue" });
    assert_eq!(
        round_trip::<BotEvent>(started),
        BotEvent::GameStarted {
            game: "g1".into(),
            color: Color::Blue
        }
    );
    let finished = json!({ "type": "game_finished", "game": "g1" });
    assert_eq!(
        round_trip::<BotEvent>(finished),
        BotEvent::GameFinished { game: "g1".into() }
    );
    let newer = json!({ "type": "challenge", "from": "someone" });
    assert_eq!(
        serde_json::from_value::<BotEvent>(newer).unwrap(),
        BotEvent::Unknown
    );
    let no_colour = json!({ "type": "game_started", "game": "g1" });
    assert!(serde_json::from_value::<BotEvent>(no_colour).is_err());
}

#[test]
fn the_error_body_and_the_account_round_trip() {
    let error = round_trip::<ErrorBody>(json!({
        "error": "it is not your turn",
        "code": "gt.not-your-turn",
        "params": { "side": "blue" },
    }));
    assert_eq!(error.error, "it is not your turn");
    assert_eq!(error.code, "gt.not-your-turn");
    assert_eq!(error.params["side"], "blue");
    // A server older than the codes answers without them: still read.
    let older: ErrorBody =
        serde_json::from_value(json!({ "error": "it is not your turn" })).unwrap();
    assert_eq!((older.code.as_str(), older.params.len()), ("", 0));
    let account = round_trip::<BotAccount>(json!({ "name": "Bot" }));
    assert_eq!(account.name, "Bot");
    assert!(serde_json::from_value::<ErrorBody>(json!({ "message": "renamed" })).is_err());
}

#[test]
fn a_move_request_round_trips_and_refuses_a_field_it_does_not_know() {
    let request = round_trip::<MoveRequest>(json!({ "move": "A7-A6-1" }));
    assert_eq!(request.mv, "A7-A6-1");
    let misspelt = json!({ "move": "A7-A6-1", "promote": true });
    assert!(serde_json::from_value::<MoveRequest>(misspelt).is_err());
}

#[test]
fn a_status_crosses_as_its_name() {
    for status in Status::ALL {
        assert_eq!(round_trip::<Status>(json!(status.name())), status);
        assert_eq!(status.name().parse::<Status>(), Ok(status));
    }
    let error = "over".parse::<Status>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "'over' is not a status: waiting, active or finished"
    );
}

/// A finished, clocked game as the server shows it, with the fields a
/// player does not read.
fn finished_view() -> Value {
    json!({
        "id": "g1",
        "kind": "gt",
        "status": "finished",
        "rules": "standard",
        "start": Position::start().to_string(),
        "position": Position::start().to_string(),
        "side_to_move": "red",
        "ply": 0,
        "legal_moves": [],
        "seats": {},
        "time_control": { "initial_ms": 60000, "increment_ms": 1000 },
        "clock": { "red_ms": 0, "blue_ms": 59000, "running": null },
        "draw_offer": null,
        "rematch": null,
        "result": { "score": "0-1", "winner": "blue", "reason": "time forfeit" },
        "seq": 3,
        "rated": false,
        "moves": [],
    })
}

#[test]
fn a_view_reads_the_fields_a_player_needs_and_ignores_the_rest() {
    let view: GameView = serde_json::from_value(finished_view()).unwrap();
    assert_eq!(view.status, Status::Finished);
    assert_eq!(view.rules, Ruleset::Standard);
    assert_eq!(view.start, Position::start());
    assert_eq!(view.seq, 3);
    assert_eq!(view.moves, Some(Vec::new()));
    let clock = view.clock.expect("a clocked game's clock");
    assert_eq!(
        clock,
        ClockView {
            red_ms: Some(0),
            blue_ms: Some(59000),
            running: None
        }
    );
    assert_eq!(
        view.result,
        Some(ResultView {
            score: GameResult::BlueWins,
            winner: Some(Color::Blue),
            reason: Termination::TimeForfeit(None),
        })
    );
    round_trip::<ClockView>(json!({ "red_ms": 0, "blue_ms": 59000, "running": null }));
    round_trip::<ResultView>(json!({ "score": "0-1", "winner": "blue", "reason": "time forfeit" }));
}

#[test]
fn a_renamed_field_of_a_view_is_refused_even_where_null_is_allowed() {
    for field in [
        "status",
        "side_to_move",
        "seq",
        "clock",
        "result",
        "time_control",
    ] {
        let mut view = finished_view();
        let value = view.as_object_mut().unwrap().remove(field).unwrap();
        view[format!("{field}_renamed")] = value;
        assert!(
            serde_json::from_value::<GameView>(view).is_err(),
            "a view without '{field}' was read"
        );
    }
}

#[test]
fn a_live_message_carries_a_view_without_its_moves() {
    let mut state = finished_view();
    state.as_object_mut().unwrap().remove("moves");
    let message = json!({ "type": "event", "seq": 3, "at_ms": 1, "event": {}, "state": state });
    type Live = ServerMessage<serde::de::IgnoredAny, GameView>;
    let Live::Event { state, .. } = serde_json::from_value(message).unwrap() else {
        panic!("an event");
    };
    assert_eq!(state.moves, None);
    let pong: Live = serde_json::from_value(json!({ "type": "pong" })).unwrap();
    assert_eq!(pong, Live::Pong);
}

#[test]
fn a_board_lists_each_occupied_square_once_a1_first() {
    let position: Position = "RG6/3b23/7/1b31r23/7/7/6BG r".parse().unwrap();
    let board = round_trip::<Board>(serde_json::to_value(Board::from(&position)).unwrap());
    assert_eq!(board.side_to_move, Color::Red);
    let pieces: Vec<Value> = board
        .pieces
        .iter()
        .map(|piece| serde_json::to_value(piece).unwrap())
        .collect();
    assert_eq!(
        pieces,
        [
            json!({ "kind": "guard", "square": "G1", "color": "blue" }),
            json!({ "kind": "tower", "square": "B4", "color": "blue", "stones": 3 }),
            json!({ "kind": "tower", "square": "D4", "color": "red", "stones": 2 }),
            json!({ "kind": "tower", "square": "D6", "color": "blue", "stones": 2 }),
            json!({ "kind": "guard", "square": "A7", "color": "red" }),
        ]
    );
    let off_the_board = json!({ "kind": "guard", "square": "H1", "color": "blue" });
    assert!(serde_json::from_value::<Occupant>(off_the_board).is_err());
}

#[test]
fn a_move_crosses_as_its_squares_stones_and_text() {
    let mv: Move = "D4-D6-2".parse().unwrap();
    let written = json!({ "from": "D4", "to": "D6", "stones": 2, "text": "D4-D6-2" });
    assert_eq!(serde_json::to_value(MoveView::from(mv)).unwrap(), written);
    assert_eq!(round_trip::<MoveView>(written).text, mv);
}

#[test]
fn played_moves_say_who_played_them_and_their_number_from_either_side_to_start() {
    let moves: Vec<Move> = ["A7-A6-1", "A1-A2-1", "B7-B6-1"]
        .iter()
        .map(|text| text.parse().unwrap())
        .collect();
    let from_red = PlayedMove::line(&Position::start(), &moves);
    let said = |line: &[PlayedMove]| -> Vec<(Color, usize)> {
        line.iter()
            .map(|played| (played.by, played.number))
            .collect()
    };
    assert_eq!(
        said(&from_red),
        [(Color::Red, 1), (Color::Blue, 1), (Color::Red, 2)]
    );
    let blue_starts: Position = "RG6/7/7/7/7/7/6BG b".parse().unwrap();
    assert_eq!(
        said(&PlayedMove::line(&blue_starts, &moves)),
        [(Color::Blue, 1), (Color::Red, 2), (Color::Blue, 2)]
    );
    let written = json!({
        "from": "A7", "to": "A6", "stones": 1, "text": "A7-A6-1", "by": "red", "number": 1
    });
    assert_eq!(serde_json::to_value(from_red[0]).unwrap(), written);
    assert_eq!(round_trip::<PlayedMove>(written), from_red[0]);
}

/// Every `$ref` of `value`, with its JSON path.
fn references(value: &Value, path: &str, found: &mut Vec<(String, String)>) {
    match value {
        Value::Object(fields) => {
            for (name, field) in fields {
                match (name.as_str(), field) {
                    ("$ref", Value::String(target)) => found.push((path.into(), target.clone())),
                    _ => references(field, &format!("{path}.{name}"), found),
                }
            }
        }
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                references(item, &format!("{path}[{index}]"), found);
            }
        }
        _ => {}
    }
}

#[test]
fn the_document_holds_every_schema_it_refers_to() {
    let document = serde_json::to_value(crate::openapi::document()).unwrap();
    let mut found = Vec::new();
    references(&document, "$", &mut found);
    assert!(found.len() > 100, "{} references", found.len());
    let schemas = &document["components"]["schemas"];
    for (path, target) in found {
        let name = target.trim_start_matches("#/components/schemas/");
        assert!(
            schemas[name].is_object(),
            "{path}: {target} is not in the document"
        );
    }
}

#[test]
fn every_operation_has_a_summary_and_an_answer_that_is_no_refusal() {
    let document = serde_json::to_value(crate::openapi::document()).unwrap();
    let mut operations = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            operations += 1;
            assert!(operation["summary"].is_string(), "{method} {path}");
            let answers = operation["responses"].as_object().unwrap();
            assert!(
                answers
                    .keys()
                    .any(|status| status.starts_with('2') || status == "101"),
                "{method} {path} answers only refusals"
            );
        }
    }
    assert_eq!(operations, 64, "the 64 operations of the 54 paths");
}
