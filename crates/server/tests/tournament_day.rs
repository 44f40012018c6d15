//! A Kubb tournament day on its pitches, through the API: the organiser's
//! pitches, each pairing called to the first free one as soon as both its
//! teams are free, a match's first event marking it playing, a finished
//! match freeing its pitch at once for the next waiting pairing, a pitch
//! out of play, the time limit a long match is flagged past, and the
//! refusals that change nothing.

mod common;

use api::kubb::KubbState;
use api::tournament::{
    PairingGame, Pitches, RoundStarted, TournamentCreated, TournamentGames, TournamentState,
};
use api::ErrorBody;
use common::{config, read, start, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tournament::pitches::State;

/// A Swiss of `teams` Kubb teams of two with a 1-minute time limit.
async fn swiss(server: &TestServer, teams: usize) -> (String, String) {
    let body = json!({ "title": "Lawn day", "game": "kubb", "format": "swiss", "rounds": 2,
        "ruleset": "seed", "match_settings": { "time_limit": { "minutes": 1, "tie_break": "baseline-count" } } });
    tournament(server, body, teams).await
}

/// A Kubb tournament made from `body` with a token alone, `teams` teams
/// registered; returns its id and the organiser's token.
async fn tournament(server: &TestServer, body: Value, teams: usize) -> (String, String) {
    let (status, created) = server.post("/api/tournaments", None, body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let created: TournamentCreated = read(&created);
    for team in 0..teams {
        let entrant =
            json!({ "name": format!("Team {team}"), "players": [format!("Player {team}")] });
        let path = format!("/api/tournaments/{}/entrants", created.id);
        let (status, body) = server.post(&path, Some(&created.token), entrant).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    (created.id, created.token)
}

async fn put_pitches(
    server: &TestServer,
    id: &str,
    token: Option<&str>,
    pitches: Value,
) -> (StatusCode, Value) {
    let mut request = server
        .client
        .put(format!("{}/api/tournaments/{id}/pitches", server.base))
        .json(&json!({ "pitches": pitches }));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    common::answer(request.send().await.unwrap()).await
}

/// Pairs and starts the next round.
async fn start_round(server: &TestServer, id: &str, token: &str) -> RoundStarted {
    let path = format!("/api/tournaments/{id}/rounds");
    let (status, body) = server.post(&path, Some(token), json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    read(&body)
}

async fn games(server: &TestServer, id: &str, token: &str) -> Vec<PairingGame> {
    let response = server
        .client
        .get(format!("{}/api/tournaments/{id}/games", server.base))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let (status, body) = common::answer(response).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    read::<TournamentGames>(&body).games
}

async fn state(server: &TestServer, id: &str) -> TournamentState {
    let (status, body) = server.get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    read(&body)
}

fn token_of<'a>(game: &'a PairingGame, seat: &str) -> &'a str {
    &game.tokens.iter().find(|t| t.seat == seat).unwrap().token
}

/// The referee enters the match's first event: team A starts.
async fn first_event(server: &TestServer, game: &PairingGame) {
    let (status, body) = server
        .post(
            &format!("/api/kubb/matches/{}/events", game.game),
            Some(token_of(game, "referee")),
            json!({ "event": { "event": "start", "team": "A" } }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// Team A fells the five towers and the king (after the start, when the
/// match has not had it yet).
async fn team_a_wins(server: &TestServer, game: &PairingGame) {
    let kubb: KubbState = read(
        &server
            .get(&format!("/api/kubb/matches/{}", game.game))
            .await
            .1,
    );
    let player = &kubb.teams[0].players[0];
    let events = [
        json!({ "event": "start", "team": "A" }),
        json!({ "event": "stick", "player": player, "outcome": { "hit": { "knights": [], "towers": [5, 6, 7, 8, 9] } } }),
        json!({ "event": "stick", "player": player, "outcome": { "hit": { "knights": [], "towers": [], "king": true } } }),
    ];
    let started = kubb.events > 1;
    for event in events.into_iter().skip(usize::from(started)) {
        let (status, body) = server
            .post(
                &format!("/api/kubb/matches/{}/events", game.game),
                Some(token_of(game, "referee")),
                json!({ "event": event }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
}

fn states(games: &[PairingGame]) -> Vec<State> {
    games.iter().map(|game| game.course.state).collect()
}

fn pitch_of(game: &PairingGame) -> Option<&str> {
    game.course.pitch.as_ref().map(|pitch| pitch.as_str())
}

fn code(body: &Value) -> String {
    read::<ErrorBody>(body).code
}

#[tokio::test]
async fn pairings_are_called_to_pitches_as_they_free_up() {
    let server = start(config(&common::sqlite_url())).await;
    let (id, token) = swiss(&server, 8).await;
    let pitches = json!([{ "name": "1" }, { "name": "2" }, { "name": "3" }]);
    let (status, body) = put_pitches(&server, &id, None, pitches.clone()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let (status, body) = put_pitches(&server, &id, Some(&token), pitches).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let set: Pitches = read(&body);
    let names: Vec<&str> = set.pitches.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["1", "2", "3"]);
    assert!(set.pitches.iter().all(|p| p.in_play && p.pairing.is_none()));

    let round = start_round(&server, &id, &token).await;
    use State::*;
    assert_eq!(states(&round.games), [Called, Called, Called, Waiting]);
    let pitches: Vec<Option<&str>> = round.games.iter().map(pitch_of).collect();
    assert_eq!(pitches, [Some("1"), Some("2"), Some("3"), None]);
    assert!(round.games[0].course.called_at.is_some());
    let board: Pitches = read(
        &server
            .get(&format!("/api/tournaments/{id}/pitches"))
            .await
            .1,
    );
    let on_two = board.pitches[1]
        .pairing
        .as_ref()
        .expect("pitch 2 has a match");
    assert_eq!(
        (on_two.round, on_two.index, on_two.first.as_str()),
        (1, 1, round.games[1].first.as_str())
    );

    // The referee's first event marks the match playing; the organiser
    // marks another started by word, once.
    first_event(&server, &round.games[1]).await;
    let start =
        json!({ "first": round.games[0].first.as_str(), "second": round.games[0].second.as_str() });
    let path = format!("/api/tournaments/{id}/starts");
    let (status, body) = server.post(&path, Some(&token), start.clone()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = server.post(&path, Some(&token), start).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(code(&body), "tournament.not-to-start");
    let now = games(&server, &id, &token).await;
    assert_eq!(states(&now), [Playing, Playing, Called, Waiting]);
    let course = &now[1].course;
    assert_eq!(
        course.due_at,
        Some(course.started_at.unwrap() + 60_000),
        "due at the 1-minute limit"
    );
    assert!(!course.overdue);

    // Pitch 2 goes out of play: its match stays, and when it ends the
    // waiting pairing goes to pitch 1, freed later, not to pitch 2.
    let (status, body) = put_pitches(
        &server,
        &id,
        Some(&token),
        json!([{ "name": "1" }, { "name": "2", "in_play": false }, { "name": "3" }]),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(states(&games(&server, &id, &token).await)[1], Playing);
    team_a_wins(&server, &now[1]).await;
    let after = games(&server, &id, &token).await;
    assert_eq!(states(&after), [Playing, Finished, Called, Waiting]);
    assert_eq!(
        pitch_of(&after[1]),
        Some("2"),
        "a finished match keeps its pitch's name"
    );
    team_a_wins(&server, &now[0]).await;
    let after = games(&server, &id, &token).await;
    assert_eq!(states(&after), [Finished, Finished, Called, Called]);
    assert_eq!(pitch_of(&after[3]), Some("1"));
    assert_eq!(after[3].course.called_at, after[0].course.finished_at);
    let view = state(&server, &id).await;
    assert_eq!(view.rounds[0].pairings[3].course, after[3].course);
    assert!(view.pitches[1].pairing.is_none() && !view.pitches[1].in_play);
}

/// Bad pitches are refused with what is wrong, and change nothing.
#[tokio::test]
async fn bad_pitches_are_refused_and_change_nothing() {
    let server = start(config(&common::sqlite_url())).await;
    let (id, token) = swiss(&server, 4).await;
    let (status, _) = put_pitches(&server, &id, Some(&token), json!([{ "name": "A" }])).await;
    assert_eq!(status, StatusCode::OK);
    for (pitches, expected) in [
        (
            json!([{ "name": "Veld 1" }, { "name": "VELD 1" }]),
            "tournament.pitch-duplicate",
        ),
        (json!([{ "name": "" }]), "name.empty"),
        (json!([{ "name": "a\u{200B}b" }]), "name.format-character"),
        (json!([{ "name": "x".repeat(41) }]), "name.too-long"),
    ] {
        let (status, body) = put_pitches(&server, &id, Some(&token), pitches).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(code(&body), expected, "{body}");
    }
    let many: Vec<Value> = (0..501).map(|n| json!({ "name": n.to_string() })).collect();
    let (status, body) = put_pitches(&server, &id, Some(&token), json!(many)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(code(&body), "tournament.too-many-pitches");
    let (status, body) = put_pitches(&server, &id, Some("not-the-token"), json!([])).await;
    assert!(status.is_client_error(), "{status}: {body}");
    let kept: Pitches = read(
        &server
            .get(&format!("/api/tournaments/{id}/pitches"))
            .await
            .1,
    );
    let names: Vec<&str> = kept.pitches.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["A"], "every refusal left the pitches as they were");
    let (status, body) = server
        .post(
            &format!("/api/tournaments/{id}/starts"),
            Some(&token),
            json!({ "first": "Team 0", "second": "Team 1" }),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(code(&body), "tournament.no-such-pairing");
}

/// A knockout calls its next match as soon as both its feeding matches
/// are decided, before the round is paired; the round keeps the call.
#[tokio::test]
async fn a_knockout_calls_a_next_match_once_both_its_feeders_have_finished() {
    let server = start(config(&common::sqlite_url())).await;
    let body = json!({ "title": "Cup", "game": "kubb", "format": "knockout", "ruleset": "seed" });
    let (id, token) = tournament(&server, body, 8).await;
    let pitches = json!([{ "name": "North" }, { "name": "South" }]);
    assert_eq!(
        put_pitches(&server, &id, Some(&token), pitches).await.0,
        StatusCode::OK
    );
    let quarters = start_round(&server, &id, &token).await.games;
    for game in &quarters[..2] {
        team_a_wins(&server, game).await;
    }
    let view = state(&server, &id).await;
    assert_eq!(view.ahead.len(), 1, "semi-final 1 is decided");
    assert_eq!(
        view.ahead[0].course.state,
        State::Waiting,
        "quarter-finals 3 and 4 come first"
    );
    team_a_wins(&server, &quarters[2]).await;
    let view = state(&server, &id).await;
    let semi = &view.ahead[0];
    assert_eq!(
        (semi.pairing.round, semi.pairing.index, semi.course.state),
        (2, 0, State::Called)
    );
    let pitch = semi.course.pitch.clone().unwrap();
    let on: Pitches = read(
        &server
            .get(&format!("/api/tournaments/{id}/pitches"))
            .await
            .1,
    );
    let shown = on.pitches.iter().find(|p| p.name == pitch).unwrap();
    assert_eq!(
        shown.pairing.as_ref().map(|p| (p.round, p.index)),
        Some((2, 0))
    );
    let start =
        json!({ "first": semi.pairing.first.as_str(), "second": semi.pairing.second.as_str() });
    let (status, body) = server
        .post(
            &format!("/api/tournaments/{id}/starts"),
            Some(&token),
            start,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    team_a_wins(&server, &quarters[3]).await;
    let before = state(&server, &id).await;
    let states: Vec<State> = before.ahead.iter().map(|p| p.course.state).collect();
    assert_eq!(
        states,
        [State::Playing, State::Called],
        "both semi-finals, unpaired"
    );
    let after = start_round(&server, &id, &token).await.state;
    assert!(after.ahead.is_empty());
    let semis: Vec<_> = after.rounds[1]
        .pairings
        .iter()
        .map(|p| p.course.clone())
        .collect();
    let ahead: Vec<_> = before.ahead.iter().map(|p| p.course.clone()).collect();
    assert_eq!(semis, ahead, "the round keeps the calls and the start");
}
