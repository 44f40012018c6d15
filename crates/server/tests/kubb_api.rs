//! The Kubb match API shows what the rules say now.

mod common;

use api::kubb::{ConfirmationState, KubbRecord, KubbState, Line, MatchCreated, Phase};
use api::{ErrorBody, Status};
use common::{config, read, start};
use kubb::{Opening, Team, TieBreak};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Seed rules: a line advanced to a knight lasts until that knight falls,
/// then it is the baseline again; the state the API serves (and the
/// scorekeeper page draws) shows the baseline from that stick on.
#[tokio::test]
async fn an_advanced_line_is_shown_as_the_baseline_once_its_knight_falls() {
    let server = start(config(&common::sqlite_url())).await;
    let (status, created) = server
        .post(
            "/api/kubb/matches",
            None,
            json!({ "ruleset": "seed", "team_a": { "name": "Vikings" }, "team_b": { "name": "Danes" } }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let created: MatchCreated = read(&created);
    let (id, token) = (&created.id, created.token.as_str());
    let post = |event: Value| {
        let path = format!("/api/kubb/matches/{id}/events");
        let server = &server;
        async move {
            let (status, state) = server
                .post(&path, Some(token), json!({ "event": event }))
                .await;
            assert_eq!(status, StatusCode::OK, "{state}");
            state
        }
    };
    let miss = json!({ "event": "stick", "player": "p", "outcome": "miss" });
    let fells = |knights: &[u8], towers: &[u8]| json!({ "event": "stick", "player": "p", "outcome": { "hit": { "knights": knights, "towers": towers } } });
    let inkast = |y: f64| json!({ "event": "inkast", "player": "p", "landed_in": true, "at": { "x": 2.0, "y": y } });
    // A fells B2 and B3 (pieces 6 and 7); B inkasts them into A's half at
    // y = 2 and y = 3 and misses: A's line advances to B3, the foremost.
    let mut events = vec![
        json!({ "event": "start", "team": "A" }),
        fells(&[], &[6]),
        fells(&[], &[7]),
    ];
    events.extend((0..4).map(|_| miss.clone()));
    events.extend([inkast(2.0), inkast(3.0)]);
    events.extend((0..6).map(|_| miss.clone()));
    let mut state = Value::Null;
    for event in events {
        state = post(event).await;
    }
    assert_eq!(
        read::<KubbState>(&state).teams[0].line,
        Line::Knight {
            piece: "B3".into(),
            y: Some(3.0)
        }
    );
    // A misses its turn; B's first stick fells B3.
    for _ in 0..6 {
        post(miss.clone()).await;
    }
    let state = post(fells(&[7], &[])).await;
    assert_eq!(
        read::<KubbState>(&state).teams[0].line,
        Line::Baseline,
        "{state}"
    );
    let (_, fetched) = server.get(&format!("/api/kubb/matches/{id}")).await;
    assert_eq!(read::<KubbState>(&fetched).teams[0].line, Line::Baseline);
}

/// A match is created with the tournament settings (rule book, "Tournament
/// settings"), shows them, and a best-of-3 match exports as Planet Kubb
/// text, one record per game with its rules, that replays to the same
/// result without being told the rules; the JSON form holds one game.
/// Bad names and unknown fields are refused with the rule.
#[tokio::test]
async fn a_us_settings_match_is_played_and_exported_one_record_per_game() {
    let server = start(config(&common::sqlite_url())).await;
    let body = json!({
        "ruleset": "standard",
        "opening": "2-4-6",
        "time_limit": { "minutes": 40, "tie_break": "baseline-count" },
        "team_a": { "name": "Vikings", "players": ["ann"] },
        "team_b": { "name": "Danes" },
    });
    let (status, created) = server.post("/api/kubb/matches", None, body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let created: MatchCreated = read(&created);
    let settings = &created.state.settings;
    assert_eq!(settings.opening, Opening::TwoFourSix);
    assert!(settings.base_kubb_double);
    assert_eq!(
        settings.time_limit.map(|limit| limit.tie_break),
        Some(TieBreak::BaselineCount)
    );
    let (id, token) = (&created.id, created.token.as_str());
    let stick = |player: &str, outcome: Value| json!({ "event": "stick", "player": player, "outcome": outcome });
    let towers = |ids: &[u8]| json!({ "hit": { "towers": ids } });
    let king = json!({ "hit": { "king": true } });
    let inkast = json!({ "event": "inkast", "player": "x", "landed_in": true });
    // Game 1: A's 2 sticks fell all of B's towers; B inkasts 5 and misses
    // its 4; A fells the king. Game 2: B misses its 2; A's 4 win it.
    let mut events = vec![
        json!({ "event": "start", "team": "A" }),
        stick("ann", towers(&[5, 6])),
        stick("ann", towers(&[7, 8, 9])),
    ];
    events.extend((0..5).map(|_| inkast.clone()));
    events.extend((0..4).map(|_| stick("x", json!("miss"))));
    events.push(stick("ann", king.clone()));
    events.push(json!({ "event": "next_game" }));
    events.extend((0..2).map(|_| stick("x", json!("miss"))));
    events.extend([
        stick("ann", towers(&[5, 6])),
        stick("ann", towers(&[7, 8, 9])),
        stick("ann", king),
    ]);
    let mut state = Value::Null;
    for event in events {
        let (status, answer) = server
            .post(
                &format!("/api/kubb/matches/{id}/events"),
                Some(token),
                json!({ "event": event }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{event}: {answer}");
        state = answer;
    }
    let state: KubbState = read(&state);
    assert_eq!(state.winner, Some(Team::A));
    assert!(!state.time_called);
    let text = server
        .text(&format!("/api/kubb/matches/{id}/export?format=notation"))
        .await;
    assert_eq!(
        text.matches("# ruleset=standard opening=2-4-6 time=40/baseline-count")
            .count(),
        2,
        "{text}"
    );
    let imported =
        kubb::notation::import(&text, kubb::notation::RulesChoice::default()).expect("imports");
    assert_eq!(imported.state.winner(), Some(kubb::Team::A), "{text}");
    let (status, refused) = server
        .get(&format!("/api/kubb/matches/{id}/export?format=json"))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");

    for (body, said) in [
        (
            json!({ "team_a": { "name": "A\u{0}" }, "team_b": { "name": "B" } }),
            "control characters",
        ),
        (
            json!({ "team_a": { "name": "  " }, "team_b": { "name": "B" } }),
            "must not be empty",
        ),
        (
            json!({ "team_a": { "name": "A", "players": ["x".repeat(41)] }, "team_b": { "name": "B" } }),
            "at most 40 characters",
        ),
        (
            json!({ "opening": "3-6-6", "team_a": { "name": "A" }, "team_b": { "name": "B" } }),
            "opening '3-6-6'",
        ),
        (
            json!({ "time_limit": { "minutes": 30, "tie_break": "coin" }, "team_a": { "name": "A" }, "team_b": { "name": "B" } }),
            "tie-break 'coin'",
        ),
        (
            json!({ "time_limit": { "minutes": 30, "tie_break": "none", "x": 1 }, "team_a": { "name": "A" }, "team_b": { "name": "B" } }),
            "unknown field",
        ),
    ] {
        let (status, answer) = server.post("/api/kubb/matches", None, body.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {answer}");
        assert!(
            read::<ErrorBody>(&answer).error.contains(said),
            "{body}: {answer}"
        );
    }
}

/// Events sent with their numbers (a phone's offline queue) are recorded
/// once however often they are sent, in order only; undo never takes the
/// setup.
#[tokio::test]
async fn numbered_events_are_recorded_once_in_order_and_undo_keeps_the_setup() {
    let server = start(config(&common::sqlite_url())).await;
    let (_, created) = server
        .post(
            "/api/kubb/matches",
            None,
            json!({ "team_a": { "name": "Vikings" }, "team_b": { "name": "Danes" } }),
        )
        .await;
    let created: MatchCreated = read(&created);
    let (id, token) = (&created.id, created.token.as_str());
    let events = format!("/api/kubb/matches/{id}/events");
    let undo = format!("/api/kubb/matches/{id}/undo");
    let (status, body) = server.post(&undo, Some(token), json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let start = json!({ "event": { "event": "start", "team": "A" }, "seq": 2 });
    let miss = json!({ "event": { "event": "stick", "player": "p", "outcome": "miss" }, "seq": 3 });
    let (status, early) = server.post(&events, Some(token), miss.clone()).await;
    assert_eq!(status, StatusCode::CONFLICT, "event 3 before 2: {early}");
    for _ in 0..3 {
        let (status, state) = server.post(&events, Some(token), start.clone()).await;
        assert_eq!(status, StatusCode::OK, "{state}");
        assert_eq!(
            read::<KubbState>(&state).seq,
            2,
            "sent again, recorded once"
        );
    }
    let (status, state) = server.post(&events, Some(token), miss.clone()).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(read::<KubbState>(&state).seq, 3);
    let other = json!({ "event": { "event": "start", "team": "B" }, "seq": 2 });
    let (status, body) = server.post(&events, Some(token), other).await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "another event under a used number: {body}"
    );
    for expected in [4, 5] {
        let (status, state) = server.post(&undo, Some(token), json!({})).await;
        assert_eq!(status, StatusCode::OK, "{state}");
        assert_eq!(read::<KubbState>(&state).seq, expected);
    }
    let (status, _) = server.post(&undo, Some(token), json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (_, state) = server.get(&format!("/api/kubb/matches/{id}")).await;
    assert_eq!(
        read::<KubbState>(&state).teams[0].name,
        "Vikings",
        "the setup stays"
    );
}

/// Each team scores from its own phone (issue 25): a team's link enters
/// what its team decides now and nothing else; only the referee calls time
/// or takes entries back; at the end both teams confirm, a dispute waits
/// for the referee; the events in force are served for the phone's rules.
#[tokio::test]
async fn team_links_enter_their_own_throws_and_confirm_the_result() {
    let server = start(config(&common::sqlite_url())).await;
    let (status, created) = server
        .post(
            "/api/kubb/matches",
            None,
            json!({ "ruleset": "standard", "time_limit": { "minutes": 30, "tie_break": "baseline-count" },
                    "team_a": { "name": "Vikings" }, "team_b": { "name": "Danes" } }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let created: MatchCreated = read(&created);
    let (id, referee) = (&created.id, created.token.as_str());
    let (vikings, danes) = (
        created.team_tokens.a.as_str(),
        created.team_tokens.b.as_str(),
    );
    assert!(referee != vikings && vikings != danes);
    let events = format!("/api/kubb/matches/{id}/events");
    let send = |token: &str, event: Value| {
        let (server, path, token) = (&server, events.clone(), token.to_string());
        async move {
            server
                .post(&path, Some(&token), json!({ "event": event }))
                .await
        }
    };
    let miss = json!({ "event": "stick", "player": "p", "outcome": "miss" });
    // Either team may enter the start; then the Vikings throw.
    assert_eq!(
        send(danes, json!({ "event": "start", "team": "A" }))
            .await
            .0,
        StatusCode::OK
    );
    let (status, refused) = send(danes, miss.clone()).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    assert_eq!(
        read::<ErrorBody>(&refused).error,
        "Danes's phone enters its own team's throws and placements; this one is for Vikings (team A) or the referee to enter"
    );
    // A hit that names nothing is refused; a stored one would still replay.
    let empty = json!({ "event": "stick", "player": "p", "outcome": { "hit": {} } });
    let (status, refused) = send(vikings, empty).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(
        read::<ErrorBody>(&refused).error,
        "a hit names what fell (knights, towers or the king); a stick that fells nothing is a miss"
    );
    let fell = |tower: u8| json!({ "event": "stick", "player": "p", "outcome": { "hit": { "towers": [tower] } } });
    assert_eq!(send(vikings, fell(5)).await.0, StatusCode::OK);
    let (status, _) = send(vikings, json!({ "event": "time_called" })).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "only the referee calls time");
    let undo = format!("/api/kubb/matches/{id}/undo");
    assert_eq!(
        server.post(&undo, Some(vikings), json!({})).await.0,
        StatusCode::FORBIDDEN
    );
    // The referee may enter anything, the team's own throws included.
    assert_eq!(
        send(referee, json!({ "event": "time_called" })).await.0,
        StatusCode::OK
    );
    for _ in 0..4 {
        assert_eq!(send(referee, miss.clone()).await.0, StatusCode::OK);
    }
    // A rescue of a piece that does not exist is refused in words (it closed the connection):
    // the number is refused where the body is read, as JSON whose content is refused (422).
    let (status, refused) = send(
        vikings,
        json!({ "event": "rescue", "player": "p", "piece": 21 }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    let said = read::<ErrorBody>(&refused).error;
    assert!(said.contains("there is no piece number 21"), "{said}");
    // A stick outcome is read in its written form only, by the API as by the log.
    let (status, refused) = send(
        vikings,
        json!({ "event": "stick", "player": "p", "outcome": { "miss": {} } }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    let said = read::<ErrorBody>(&refused).error;
    assert!(said.contains(r#"miss is written "miss""#), "{said}");
    let confirm = format!("/api/kubb/matches/{id}/confirm");
    let (status, refused) = server
        .post(&confirm, Some(vikings), json!({ "agree": true }))
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "not over yet: {refused}"
    );
    // The last stick of the turn: time was called, the baseline count decides (1 to 0).
    let confirmation = |state: &Value| {
        let confirmation = read::<KubbState>(state).result_confirmation.unwrap();
        (
            confirmation.a,
            confirmation.b,
            confirmation.referee,
            confirmation.state,
        )
    };
    let (_, state) = send(vikings, miss.clone()).await;
    assert_eq!(
        read::<KubbState>(&state).status,
        Status::Finished,
        "{state}"
    );
    assert_eq!(
        confirmation(&state),
        (None, None, false, ConfirmationState::Awaiting)
    );
    let (_, state) = server
        .post(&confirm, Some(vikings), json!({ "agree": true }))
        .await;
    assert_eq!(confirmation(&state).3, ConfirmationState::Awaiting);
    let (_, state) = server
        .post(&confirm, Some(danes), json!({ "agree": false }))
        .await;
    assert_eq!(
        confirmation(&state),
        (Some(true), Some(false), false, ConfirmationState::Disputed)
    );
    let (_, state) = server
        .post(&confirm, Some(referee), json!({ "agree": true }))
        .await;
    assert_eq!(confirmation(&state).3, ConfirmationState::Confirmed);
    // The events in force, for the scorekeeper's rules on the phone.
    let (status, record) = server.get(&events).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    let record: KubbRecord = read(&record);
    assert_eq!(record.ruleset, kubb::Ruleset::STANDARD);
    assert_eq!(
        record.settings.time_limit.map(|limit| limit.tie_break),
        Some(TieBreak::BaselineCount)
    );
    assert_eq!(record.seq, read::<KubbState>(&state).seq);
    let kinds: Vec<&str> = record
        .events
        .iter()
        .map(|event| match event {
            kubb::Event::Teams { .. } => "teams",
            kubb::Event::Start { .. } => "start",
            kubb::Event::Stick { .. } => "stick",
            kubb::Event::TimeCalled {} => "time_called",
            other => panic!("not entered in this match: {other:?}"),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "teams",
            "start",
            "stick",
            "time_called",
            "stick",
            "stick",
            "stick",
            "stick",
            "stick"
        ]
    );
    // An undo by the referee reopens the match; the confirmations go with the result.
    let (_, state) = server.post(&undo, Some(referee), json!({})).await;
    let state: KubbState = read(&state);
    assert_eq!(state.status, Status::Active);
    assert_eq!(state.result_confirmation, None);
}

/// The match formats and the five-for-five forfeit at creation: a race to
/// 3 is a best of 5 (`games_to_win` 3), the fifth game decides; the
/// opening turn that fells all five baseline kubbs hands over at once; the
/// export's header carries both and names the teams. Counts outside 1-9,
/// and `race_to` against a different `games_to_win`, are refused.
#[tokio::test]
async fn a_race_to_three_with_the_five_for_five_forfeit_is_played_to_its_end() {
    let server = start(config(&common::sqlite_url())).await;
    let body = json!({
        "ruleset": "standard",
        "race_to": 3,
        "five_for_five": true,
        "team_a": { "name": "Ringers" },
        "team_b": { "name": "Knockerheads" },
    });
    let (status, created) = server.post("/api/kubb/matches", None, body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let created: MatchCreated = read(&created);
    let settings = created.state.settings;
    assert_eq!(settings.games_to_win.map(|games| games.get()), Some(3));
    assert!(settings.five_for_five);
    let (id, token) = (&created.id, created.token.as_str());
    let stick = |outcome: Value| json!({ "event": "stick", "player": "p", "outcome": outcome });
    let tower = |id: u8| stick(json!({ "hit": { "towers": [id] } }));
    let king = stick(json!({ "hit": { "king": true } }));
    let mut events = vec![json!({ "event": "start", "team": "B" })];
    // Game 1: the Knockerheads (B) go five for five and forfeit the sixth
    // baton.
    events.extend((0..5).map(tower));
    let mut state = Value::Null;
    for event in events.drain(..) {
        let (status, answer) = server
            .post(
                &format!("/api/kubb/matches/{id}/events"),
                Some(token),
                json!({ "event": event }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{event}: {answer}");
        state = answer;
    }
    let view: KubbState = read(&state);
    assert_eq!(view.thrower, Team::A, "the sixth baton is forfeited");
    assert!(matches!(view.phase, Phase::Inkast { .. }), "{state}");
    // The Ringers inkast the five and fell them with one baton, the
    // baseline with another, then the king: game 1 is theirs.
    for _ in 0..5 {
        events.push(json!({ "event": "inkast", "player": "p", "landed_in": true }));
    }
    events.push(stick(json!({ "hit": { "knights": [0, 1, 2, 3, 4] } })));
    events.push(stick(json!({ "hit": { "towers": [5, 6, 7, 8, 9] } })));
    events.push(king.clone());
    // Games 2 to 5: each starter (A, B, A, B) fells the king at once and
    // loses it: B, A, B, A. After four games 2-2; the fifth decides, 3-2.
    for _ in 0..4 {
        events.push(json!({ "event": "next_game" }));
        events.push(king.clone());
    }
    for event in events {
        let (status, answer) = server
            .post(
                &format!("/api/kubb/matches/{id}/events"),
                Some(token),
                json!({ "event": event }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{event}: {answer}");
        state = answer;
    }
    let view: KubbState = read(&state);
    assert_eq!(view.teams[0].games_won, 3, "{state}");
    assert_eq!(view.teams[1].games_won, 2, "{state}");
    assert_eq!(view.winner, Some(Team::A));
    let text = server
        .text(&format!("/api/kubb/matches/{id}/export?format=notation"))
        .await;
    assert!(
        text.starts_with("# ruleset=standard opening=6-6-6 games-to-win=3 five-for-five=on a=Ringers b=Knockerheads starter=b game=1\n1. p:b p:b p:b p:b p:b\n"),
        "{text}"
    );
    let imported =
        kubb::notation::import(&text, kubb::notation::RulesChoice::default()).expect("imports");
    assert_eq!(imported.state.winner(), Some(kubb::Team::A), "{text}");
    assert_eq!(
        imported.state.team_info(kubb::Team::A).name.as_str(),
        "Ringers"
    );

    for (body, said) in [
        (
            json!({ "games_to_win": 0, "team_a": { "name": "A" }, "team_b": { "name": "B" } }),
            "games to win '0' is not a whole number from 1 to 9",
        ),
        (
            json!({ "race_to": 10, "team_a": { "name": "A" }, "team_b": { "name": "B" } }),
            "games to win '10'",
        ),
        (
            json!({ "games_to_win": 2, "race_to": 3, "team_a": { "name": "A" }, "team_b": { "name": "B" } }),
            "games_to_win 2 and race_to 3 differ",
        ),
    ] {
        let (status, refused) = server.post("/api/kubb/matches", None, body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
        assert!(
            read::<ErrorBody>(&refused).error.contains(said),
            "{refused}"
        );
    }
}
