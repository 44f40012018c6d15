//! Tournaments on the server, driven through the API end to end: the
//! organiser's token guards every change, each pairing's game or match is
//! created by the server, its result flows into the tournament when it
//! ends, and the standings, bracket, exports and live socket show it.
//! A tournament's results count for the ratings only when its organiser
//! made it signed in to an account: every one here is made so, except
//! the one that shows the difference.

mod common;

use std::time::Duration;

use api::gt::GtState;
use api::kubb::{KubbState, MatchCreated, RatingCount};
use api::live::ServerMessage;
use api::ratings::{Leaderboard, PlayerPage, RatedOutcome, Record};
use api::tournament::{
    PairingGame, ResultBy, RoundStarted, Stage, TournamentCreated, TournamentKind, TournamentState,
};
use api::{ErrorBody, Status};
use common::{config, read, start, wait_for, TestServer};
use futures_util::StreamExt;
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;
use tournament::tiebreaks::Tiebreak;
use tournament::{Name, Standing};

/// An answer read as the wire type once its status is checked.
async fn ok<T: serde::de::DeserializeOwned>(server: &TestServer, path: &str) -> T {
    let (status, body) = server.get(path).await;
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
    read(&body)
}

/// Creates a rated tournament, signed in as a new organiser's account;
/// returns its id and the organiser's token.
async fn create(server: &TestServer, body: Value) -> (String, String) {
    let organiser = server.account("organiser").await;
    let (status, created) = server
        .post_as(&organiser, "/api/tournaments", None, body)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let created: TournamentCreated = read(&created);
    assert_eq!(created.state.kind, TournamentKind::Tournament);
    assert_eq!(created.state.status, Status::Waiting);
    assert!(created.state.rated, "made signed in: {:?}", created.state);
    assert_eq!(
        created.state.organiser.as_deref(),
        Some(organiser.name.as_str())
    );
    (created.id, created.token)
}

async fn register(server: &TestServer, id: &str, token: &str, entrant: Value) {
    let path = format!("/api/tournaments/{id}/entrants");
    let (status, body) = server.post(&path, Some(token), entrant).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// Starts the next round; returns its games as the organiser sees them.
async fn start_round(server: &TestServer, id: &str, token: &str) -> Vec<PairingGame> {
    let path = format!("/api/tournaments/{id}/rounds");
    let (status, body) = server.post(&path, Some(token), json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    read::<RoundStarted>(&body).games
}

fn token_of<'a>(game: &'a PairingGame, seat: &str) -> &'a str {
    &game
        .tokens
        .iter()
        .find(|t| t.seat == seat)
        .unwrap_or_else(|| panic!("no {seat} token: {game:?}"))
        .token
}

/// A score or a count of baseline kubbs as it crosses the wire (`1-0`).
fn text<T: ToString>(value: &Option<T>) -> Option<String> {
    value.as_ref().map(T::to_string)
}

fn named(name: &Option<Name>) -> Option<&str> {
    name.as_ref().map(Name::as_str)
}

/// A tie-break's value in a line of the standings.
fn tiebreak(line: &Standing, which: Tiebreak) -> Option<f64> {
    line.tiebreaks
        .0
        .iter()
        .find(|(tiebreak, _)| *tiebreak == which)
        .map(|&(_, value)| value)
}

fn standing<'a>(state: &'a TournamentState, name: &str) -> &'a Standing {
    state
        .standings
        .iter()
        .find(|s| s.name.as_str() == name)
        .unwrap_or_else(|| panic!("{name} is not in the standings: {state:?}"))
}

/// Waits until every pairing of the tournament's latest round has a
/// result: results arrive from the games, after they have ended.
async fn round_decided(server: &TestServer, id: &str) -> TournamentState {
    let state = wait_for(server, &format!("/api/tournaments/{id}"), |state| {
        read::<TournamentState>(state)
            .rounds
            .last()
            .is_some_and(|round| {
                round
                    .pairings
                    .iter()
                    .all(|p| p.second.is_none() || p.score.is_some())
            })
    })
    .await;
    read(&state)
}

/// A Guard & Towers round robin of four: in every game the player whose
/// name comes first in the alphabet wins (the other resigns), so the
/// standings are ann 3, bob 2, cy 1, dee 0, and Sonneborn–Berger (the
/// points of the opponents beaten) is 3, 1, 0, 0 — worked out by hand from
/// that rule, not read back from the server.
#[tokio::test]
async fn a_gt_round_robin_of_four_plays_its_games_on_the_server() {
    let server = start(config(&common::sqlite_url())).await;
    let (id, organiser) = create(
        &server,
        json!({ "title": "Club night", "game": "gt", "format": "round-robin" }),
    )
    .await;
    let path = format!("/api/tournaments/{id}/entrants");
    let (status, _) = server.post(&path, None, json!({ "name": "ann" })).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "no token");
    let (status, _) = server
        .post(&path, Some("not-the-token"), json!({ "name": "ann" }))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "a wrong token");
    for name in ["ann", "bob", "cy", "dee"] {
        register(&server, &id, &organiser, json!({ "name": name })).await;
    }
    // One rule for every name on the server: 40 characters at most (a
    // tournament reads back up to 64 from a record stored before it).
    let (status, body) = server
        .post(&path, Some(&organiser), json!({ "name": "x".repeat(41) }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        read::<ErrorBody>(&body).error,
        format!(
            "a name has at most 40 characters; '{}…' has 41",
            "x".repeat(40)
        )
    );
    let (status, body) = server
        .post(&path, Some(&organiser), json!({ "name": "ann" }))
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a duplicate: {body}"
    );

    let mut live = connect(&server, &id).await;
    let first = next_message(&mut live).await;
    let state = state_of(&first).unwrap_or_else(|| panic!("a state first: {first:?}"));
    assert_eq!(state.kind, TournamentKind::Tournament);

    for round in 1..=3 {
        let games = start_round(&server, &id, &organiser).await;
        assert_eq!(games.len(), 2, "four players, two games a round");
        for game in &games {
            assert_eq!(game.round, round);
            let (first, second) = (game.first.as_str(), game.second.as_str());
            let gid = &game.game;
            let state: GtState = ok(&server, &format!("/api/gt/games/{gid}")).await;
            assert_eq!(state.status, Status::Active, "both seats taken: {state:?}");
            assert_eq!(
                state.seats.red.name.as_deref(),
                Some(first),
                "the first named plays Red"
            );
            assert_eq!(state.seats.blue.name.as_deref(), Some(second));
            let loser = if first < second { "blue" } else { "red" };
            let (status, body) = server
                .post(
                    &format!("/api/gt/games/{gid}/resign"),
                    Some(token_of(game, loser)),
                    json!({}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        round_decided(&server, &id).await;
    }
    let state: TournamentState = ok(&server, &format!("/api/tournaments/{id}")).await;
    assert_eq!(state.status, Status::Finished, "{state:?}");
    let table: Vec<(String, f64, f64)> = state
        .standings
        .iter()
        .map(|s| {
            (
                s.name.to_string(),
                s.points,
                tiebreak(s, Tiebreak::SonnebornBerger).unwrap(),
            )
        })
        .collect();
    let expected = [
        ("ann", 3.0, 3.0),
        ("bob", 2.0, 1.0),
        ("cy", 1.0, 0.0),
        ("dee", 0.0, 0.0),
    ];
    let expected: Vec<(String, f64, f64)> = expected
        .iter()
        .map(|&(name, points, sb)| (name.to_string(), points, sb))
        .collect();
    assert_eq!(table, expected);
    let ann_against_bob: Vec<String> = state.crosstable[0].results[1]
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(ann_against_bob, ["1-0"], "ann beat bob");

    // Every result reached the live socket: its last state is the final one.
    let last = loop {
        let message = next_message(&mut live).await;
        match state_of(&message) {
            Some(state) if state.status == Status::Finished => break state.clone(),
            _ => {}
        }
    };
    assert_eq!(last.standings[0].name.as_str(), "ann");

    let (status, _) = server
        .post(
            &format!("/api/tournaments/{id}/rounds"),
            Some(&organiser),
            json!({}),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the tournament is over"
    );
    let csv = server
        .text(&format!("/api/tournaments/{id}/export?table=standings"))
        .await;
    assert!(csv.lines().nth(1).unwrap().starts_with("1,ann,3"), "{csv}");

    // Glicko-2 over the tournament's results, each its own period: the
    // order of the wins is the order of the ratings, and everyone is
    // rated from their three games.
    let ratings: Leaderboard = ok(&server, "/api/ratings?game=gt&min_games=1").await;
    assert_eq!((ratings.periods, ratings.tournaments), (6, 1));
    let leaders = &ratings.leaders;
    let names: Vec<&str> = leaders.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["ann", "bob", "cy", "dee"]);
    assert!(leaders.iter().all(|l| l.games == 3), "{ratings:?}");
    assert!(leaders[0].rating > 1500.0, "{ratings:?}");
    assert!(leaders[3].rating < 1500.0, "{ratings:?}");
    let (status, _) = server.get("/api/ratings?game=chess").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

/// A tournament made with no session (the organiser's token alone) is
/// played like any other, but its results count for no rating.
#[tokio::test]
async fn a_tournament_made_without_a_session_is_not_rated() {
    let server = start(config(&common::sqlite_url())).await;
    let (status, created) = server
        .post(
            "/api/tournaments",
            None,
            json!({ "title": "Casual night", "game": "gt", "format": "round-robin" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let created: TournamentCreated = read(&created);
    assert!(!created.state.rated, "{:?}", created.state);
    assert_eq!(created.state.organiser, None);
    let (id, organiser) = (created.id, created.token);
    for name in ["ann", "bob"] {
        register(&server, &id, &organiser, json!({ "name": name })).await;
    }
    let games = start_round(&server, &id, &organiser).await;
    let gid = &games[0].game;
    let (status, body) = server
        .post(
            &format!("/api/gt/games/{gid}/resign"),
            Some(token_of(&games[0], "blue")),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let state = round_decided(&server, &id).await;
    assert_eq!(
        text(&state.rounds[0].pairings[0].score).as_deref(),
        Some("1-0"),
        "the result is the tournament's"
    );
    let ratings: Leaderboard = ok(&server, "/api/ratings?game=gt&min_games=1").await;
    assert_eq!(ratings.tournaments, 0, "{ratings:?}");
    assert!(ratings.leaders.is_empty(), "{ratings:?}");
    for name in ["ann", "bob"] {
        let (status, body) = server.get(&format!("/api/players/gt/{name}")).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{name}: {body}");
    }
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(server: &TestServer, id: &str) -> Socket {
    let url = format!("ws://{}/api/games/{id}/ws", server.addr);
    tokio_tungstenite::connect_async(url)
        .await
        .expect("websocket")
        .0
}

/// A message of a tournament's socket: its events are read as they are
/// stored (JSON), its states as the wire type.
type Live = ServerMessage<Value, TournamentState>;

async fn next_message(socket: &mut Socket) -> Live {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a message within 10 s")
            .expect("the socket is open")
            .expect("a readable message");
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        }
    }
}

/// The state a snapshot or an event carries.
fn state_of(message: &Live) -> Option<&TournamentState> {
    match message {
        Live::Snapshot { state, .. } | Live::Event { state, .. } => Some(state),
        _ => None,
    }
}

/// Team A wins a seed-rules match at once: its first stick fells all five
/// of B's baseline towers, its second the king.
async fn team_a_wins(server: &TestServer, game: &PairingGame) {
    let id = &game.game;
    let token = token_of(game, "referee");
    let state: KubbState = ok(server, &format!("/api/kubb/matches/{id}")).await;
    let player = state.teams[0].players[0].clone();
    server.team_a_wins_kubb_match(id, token, &player).await;
}

/// A Kubb knockout of four teams: the bracket pairs seed 1 with 4 and 2
/// with 3; team A (the first named) wins every match, so seeds 1 and 2
/// meet in the final, which seed 1 wins; the organiser then corrects the
/// final and seed 2 is champion.
#[tokio::test]
async fn a_kubb_knockout_takes_its_match_results_and_a_correction() {
    let server = start(config(&common::sqlite_url())).await;
    let (id, organiser) = create(
        &server,
        json!({ "title": "Lawn cup", "game": "kubb", "format": "knockout", "ruleset": "seed",
                "match_settings": { "time_limit": { "minutes": 25, "tie_break": "baseline-count" } } }),
    )
    .await;
    let teams = ["Vikings", "Danes", "Geats", "Swedes"];
    for team in teams {
        let players = [format!("{team} one"), format!("{team} two")];
        register(
            &server,
            &id,
            &organiser,
            json!({ "name": team, "players": players }),
        )
        .await;
    }
    let first = start_round(&server, &id, &organiser).await;
    let pairs: Vec<(&str, &str)> = first
        .iter()
        .map(|g| (g.first.as_str(), g.second.as_str()))
        .collect();
    assert_eq!(pairs, [("Vikings", "Swedes"), ("Danes", "Geats")]);
    let kubb: KubbState = ok(&server, &format!("/api/kubb/matches/{}", first[0].game)).await;
    assert_eq!(
        kubb.settings.time_limit,
        Some(kubb::TimeLimit {
            minutes: 25,
            tie_break: kubb::TieBreak::BaselineCount
        }),
        "a timed round: every match gets the tournament's time limit"
    );
    assert_eq!(kubb.teams[1].players, ["Swedes one", "Swedes two"]);
    for game in &first {
        team_a_wins(&server, game).await;
    }
    let state = round_decided(&server, &id).await;
    // The baseline kubbs come from the matches: each winner felled B's
    // five towers and lost none.
    for pairing in &state.rounds[0].pairings {
        assert_eq!(text(&pairing.kubbs).as_deref(), Some("5-0"), "{pairing:?}");
    }
    let difference = |name: &str| tiebreak(standing(&state, name), Tiebreak::BaselineDifference);
    assert_eq!(
        (difference("Vikings"), difference("Swedes")),
        (Some(5.0), Some(-5.0))
    );
    let last = start_round(&server, &id, &organiser).await;
    assert_eq!(last.len(), 1, "the final");
    assert_eq!(
        (last[0].first.as_str(), last[0].second.as_str()),
        ("Vikings", "Danes")
    );
    team_a_wins(&server, &last[0]).await;
    let state = round_decided(&server, &id).await;
    assert_eq!(state.status, Status::Finished);
    assert_eq!(state.standings[0].name.as_str(), "Vikings");
    assert_eq!(
        text(&state.rounds[1].pairings[0].score).as_deref(),
        Some("1-0")
    );

    let (status, state) = server
        .post(
            &format!("/api/tournaments/{id}/results"),
            Some(&organiser),
            json!({ "first": "Danes", "second": "Vikings", "score": "1-0" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    let state: TournamentState = read(&state);
    assert_eq!(
        state.standings[0].name.as_str(),
        "Danes",
        "the correction stands"
    );
    let final_ = &state.rounds[1].pairings[0];
    assert_eq!(named(&final_.winner), Some("Danes"));
    assert_eq!(
        final_.result_by,
        Some(ResultBy::Corrected),
        "the organiser corrected a match played on the server"
    );
    let (status, body) = server
        .post(
            &format!("/api/tournaments/{id}/results"),
            Some(&organiser),
            json!({ "first": "Vikings", "second": "Geats", "score": "1-0" }),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "no such pairing: {body}"
    );

    let svg = server.text(&format!("/api/tournaments/{id}/bracket")).await;
    assert!(svg.starts_with("<svg") && svg.contains("Danes"), "{svg}");
    let csv = server.text(&format!("/api/tournaments/{id}/export")).await;
    assert!(csv.contains("2,knockout,,Vikings,Danes,0-1"), "{csv}");
    let (status, games) = server.get(&format!("/api/tournaments/{id}/games")).await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "tokens are for the organiser: {games}"
    );

    // The players are rated from their teams' matches, the correction
    // included: the Danes won both of theirs.
    let ratings: Leaderboard = ok(&server, "/api/ratings?game=kubb&of=players").await;
    let top: Vec<&str> = ratings.leaders[..2]
        .iter()
        .map(|l| l.name.as_str())
        .collect();
    assert!(
        top.iter().all(|name| name.starts_with("Danes")),
        "{ratings:?}"
    );
}

/// The link from a game to its tournament is stored, not remembered: a
/// second server on the same database, which has never seen the
/// tournament, takes the game's result into it when the game ends there.
#[tokio::test]
async fn a_result_reaches_its_tournament_on_a_server_that_never_saw_it() {
    let url = common::sqlite_url();
    let first = start(config(&url)).await;
    let (id, organiser) = create(
        &first,
        json!({ "title": "Two", "game": "gt", "format": "round-robin" }),
    )
    .await;
    for name in ["ann", "bob"] {
        register(&first, &id, &organiser, json!({ "name": name })).await;
    }
    let games = start_round(&first, &id, &organiser).await;
    let second = start(config(&url)).await;
    let gid = &games[0].game;
    let (status, body) = second
        .post(
            &format!("/api/gt/games/{gid}/resign"),
            Some(token_of(&games[0], "blue")),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let state = round_decided(&second, &id).await;
    assert_eq!(
        text(&state.rounds[0].pairings[0].score).as_deref(),
        Some("1-0")
    );
    assert_eq!(state.status, Status::Finished);
}

/// A game's last event and its result in the tournament are one commit:
/// the moment the resignation is answered, the standings hold it, with
/// no waiting. A result missing from a tournament (a database from
/// before that was so: the two result events are deleted here) is taken
/// from the stored games before the next round, by a server that never
/// held them.
#[tokio::test]
async fn a_game_and_its_tournament_result_are_one_commit_and_a_missing_one_is_taken() {
    let url = common::sqlite_url();
    let first = start(config(&url)).await;
    let (id, organiser) = create(
        &first,
        json!({ "title": "Four", "game": "gt", "format": "round-robin" }),
    )
    .await;
    for name in ["ann", "bob", "cy", "dee"] {
        register(&first, &id, &organiser, json!({ "name": name })).await;
    }
    let games = start_round(&first, &id, &organiser).await;
    for game in &games {
        let gid = &game.game;
        let path = format!("/api/gt/games/{gid}/resign");
        let (status, body) = first
            .post(&path, Some(token_of(game, "blue")), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let state: TournamentState = ok(&first, &format!("/api/tournaments/{id}")).await;
        let pairing = state.rounds[0]
            .pairings
            .iter()
            .find(|p| p.game.as_ref() == Some(gid))
            .unwrap_or_else(|| panic!("no pairing of {gid}: {state:?}"));
        assert_eq!(
            text(&pairing.score).as_deref(),
            Some("1-0"),
            "at once: {state:?}"
        );
    }
    let database = sqlx::SqlitePool::connect(&url).await.unwrap();
    let deleted = sqlx::query(
        "DELETE FROM events WHERE game_id = $1 AND seq > (SELECT MAX(seq) - 2 FROM events WHERE game_id = $1)",
    )
    .bind(&id)
    .execute(&database)
    .await
    .unwrap();
    assert_eq!(deleted.rows_affected(), 2);
    let second = start(config(&url)).await;
    let state: TournamentState = ok(&second, &format!("/api/tournaments/{id}")).await;
    let pairings = &state.rounds[0].pairings;
    assert!(pairings.iter().all(|p| p.score.is_none()), "{state:?}");
    start_round(&second, &id, &organiser).await;
    let state: TournamentState = ok(&second, &format!("/api/tournaments/{id}")).await;
    for pairing in &state.rounds[0].pairings {
        assert_eq!(
            text(&pairing.score).as_deref(),
            Some("1-0"),
            "taken from its game: {state:?}"
        );
    }
    assert_eq!(state.rounds.len(), 2);
}

/// A Kubb match drawn on time (tie-break "none", time called with the
/// games level) is a draw in its tournament — 0-0 from the match, in the
/// standings, crosstable and ratings — and each pairing says who gave its
/// result: the match, or the organiser who typed it.
#[tokio::test]
async fn a_drawn_kubb_match_is_a_draw_in_its_tournament_and_the_ratings() {
    let server = start(config(&common::sqlite_url())).await;
    let (id, organiser) = create(
        &server,
        json!({ "title": "Lawn draw", "game": "kubb", "format": "round-robin", "ruleset": "standard",
                "match_settings": { "time_limit": { "minutes": 30, "tie_break": "none" } } }),
    )
    .await;
    for team in ["Oaks", "Elms", "Ashes", "Yews"] {
        let players = [format!("{team} one"), format!("{team} two")];
        register(
            &server,
            &id,
            &organiser,
            json!({ "name": team, "players": players }),
        )
        .await;
    }
    let games = start_round(&server, &id, &organiser).await;
    assert_eq!(games.len(), 2);
    let drawn = &games[0].game;
    let (status, body) = server
        .post(
            &format!("/api/kubb/matches/{drawn}/events"),
            Some(token_of(&games[0], "referee")),
            json!({ "event": { "event": "time_called" } }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let body: KubbState = read(&body);
    assert_eq!(body.status, Status::Finished, "{body:?}");
    let (first, second) = (games[1].first.as_str(), games[1].second.as_str());
    let (status, body) = server
        .post(
            &format!("/api/tournaments/{id}/results"),
            Some(&organiser),
            json!({ "first": first, "second": second, "score": "2-0" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let state = round_decided(&server, &id).await;
    let pairings = &state.rounds[0].pairings;
    assert_eq!(
        (
            text(&pairings[0].score).as_deref(),
            named(&pairings[0].winner),
            pairings[0].result_by
        ),
        (Some("0-0"), None, Some(ResultBy::Game)),
        "{state:?}"
    );
    assert_eq!(
        (text(&pairings[1].score).as_deref(), pairings[1].result_by),
        (Some("2-0"), Some(ResultBy::Organiser)),
        "{state:?}"
    );
    let record = |name: &str| {
        let standing = standing(&state, name);
        (standing.wins, standing.draws, standing.losses)
    };
    for name in [games[0].first.as_str(), games[0].second.as_str()] {
        assert_eq!(record(name), (0, 1, 0), "{name}: {state:?}");
    }
    for name in [games[0].first.as_str(), games[0].second.as_str()] {
        let page: PlayerPage = ok(&server, &format!("/api/players/kubb/{name}")).await;
        assert_eq!(
            page.record,
            Record {
                wins: 0,
                draws: 1,
                losses: 0
            },
            "{name}: {page:?}"
        );
        assert_eq!(page.history[0].outcome, RatedOutcome::Draw, "{page:?}");
    }
}

/// A rated Kubb match drawn on time is a draw for both teams' ratings,
/// once a player of each team has confirmed it from their account.
#[tokio::test]
async fn a_rated_kubb_match_drawn_on_time_is_rated_a_draw() {
    let server = start(config(&common::sqlite_url())).await;
    let (oak, elm) = (server.account("oak").await, server.account("elm").await);
    let (status, created) = server
        .post(
            "/api/kubb/matches",
            None,
            json!({ "ruleset": "standard", "time_limit": { "minutes": 30, "tie_break": "none" },
                    "team_a": { "name": "Oaks", "players": [oak.name] },
                    "team_b": { "name": "Elms", "players": [elm.name] }, "rated": true }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let created: MatchCreated = read(&created);
    let id = &created.id;
    let (status, body) = server
        .post(
            &format!("/api/kubb/matches/{id}/events"),
            Some(created.token.as_str()),
            json!({ "event": { "event": "time_called" } }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let body: KubbState = read(&body);
    assert_eq!(
        (body.status, body.winner),
        (Status::Finished, None),
        "{body:?}"
    );
    let confirm = format!("/api/kubb/matches/{id}/confirm");
    let mut rating = None;
    for player in [&oak, &elm] {
        let (status, body) = server
            .post_as(player, &confirm, None, json!({ "agree": true }))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let state: KubbState = read(&body);
        rating = state.result_confirmation.map(|c| c.rating);
    }
    assert_eq!(rating, Some(RatingCount::Counted));
    let pages = [
        "Oaks".to_string(),
        "Elms".to_string(),
        format!("{}?of=players", oak.name),
        format!("{}?of=players", elm.name),
    ];
    for page in pages {
        let page: PlayerPage = ok(&server, &format!("/api/players/kubb/{page}")).await;
        assert_eq!(
            page.record,
            Record {
                wins: 0,
                draws: 1,
                losses: 0
            },
            "{page:?}"
        );
    }
}

/// Plays every round of a tournament through the organiser's results: in
/// each pairing the entrant whose name sorts first wins 1-0. Returns the
/// final state and how many games or matches were created.
async fn play_by_seed(server: &TestServer, id: &str, organiser: &str) -> (TournamentState, usize) {
    let mut created = 0;
    loop {
        let path = format!("/api/tournaments/{id}/rounds");
        let (status, round) = server.post(&path, Some(organiser), json!({})).await;
        if status == StatusCode::UNPROCESSABLE_ENTITY {
            let state = ok(server, &format!("/api/tournaments/{id}")).await;
            return (state, created);
        }
        assert_eq!(status, StatusCode::CREATED, "{round}");
        for game in read::<RoundStarted>(&round).games {
            created += 1;
            let (first, second) = (game.first.as_str(), game.second.as_str());
            let (winner, loser) = if first < second {
                (first, second)
            } else {
                (second, first)
            };
            let (status, body) = server
                .post(
                    &format!("/api/tournaments/{id}/results"),
                    Some(organiser),
                    json!({ "first": winner, "second": loser, "score": "1-0" }),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
}

/// Sixteen Kubb teams, pools of four then a knockout of the eight
/// qualifiers, and the same sixteen in a four-round Swiss: the best seed
/// (T01, who wins every match it plays) is champion of both; the pools
/// take three rounds and the knockout three (quarter-finals, semi-finals,
/// final), each pairing in a match of its own; the Swiss winner has four
/// wins, eight match points.
#[tokio::test]
async fn sixteen_kubb_teams_play_pools_then_knockout_and_a_swiss() {
    let server = start(config(&common::sqlite_url())).await;
    let teams: Vec<String> = (1..=16).map(|n| format!("T{n:02}")).collect();

    let (id, organiser) = create(
        &server,
        json!({ "title": "Sixteen", "game": "kubb", "format": "pools-knockout", "pools": 4 }),
    )
    .await;
    for team in &teams {
        register(
            &server,
            &id,
            &organiser,
            json!({ "name": team, "players": [format!("{team} a")] }),
        )
        .await;
    }
    let (state, created) = play_by_seed(&server, &id, &organiser).await;
    assert_eq!(state.status, Status::Finished, "{state:?}");
    let stages: Vec<Stage> = state.rounds.iter().map(|r| r.stage).collect();
    use Stage::{Knockout, Pool};
    assert_eq!(stages, [Pool, Pool, Pool, Knockout, Knockout, Knockout]);
    assert_eq!(created, 3 * 8 + 4 + 2 + 1, "every pairing has its match");
    assert_eq!(state.standings[0].name.as_str(), "T01");
    let finalists = &state.rounds[5].pairings[0];
    assert!(
        finalists.first.as_str() == "T01" || named(&finalists.second) == Some("T01"),
        "{finalists:?}"
    );

    let (id, organiser) = create(
        &server,
        json!({ "title": "Sixteen Swiss", "game": "kubb", "format": "swiss", "rounds": 4 }),
    )
    .await;
    for team in &teams {
        register(&server, &id, &organiser, json!({ "name": team })).await;
    }
    let (state, created) = play_by_seed(&server, &id, &organiser).await;
    assert_eq!(state.status, Status::Finished);
    assert_eq!(created, 4 * 8);
    let winner = &state.standings[0];
    assert_eq!(winner.name.as_str(), "T01");
    assert_eq!(winner.points, 8.0);
    assert_eq!(winner.wins, 4);
}

/// Eight engines in a Guard & Towers round robin on the server, each
/// engine beating every engine named after it: E1 scores 7, E2 6, … E8 0.
/// By hand, Sonneborn–Berger (the points of the opponents beaten) is the
/// sum of the scores below one's own, 21, 15, 10, 6, 3, 1, 0, 0, and
/// Buchholz (every opponent's points) is the 28 points played for less
/// one's own.
#[tokio::test]
async fn an_eight_engine_round_robin_has_hand_computed_tiebreaks() {
    let server = start(config(&common::sqlite_url())).await;
    let (id, organiser) = create(
        &server,
        json!({ "title": "Engines", "game": "gt", "format": "round-robin" }),
    )
    .await;
    for n in 1..=8 {
        register(&server, &id, &organiser, json!({ "name": format!("E{n}") })).await;
    }
    let (state, created) = play_by_seed(&server, &id, &organiser).await;
    assert_eq!(created, 28, "every pair meets once, each in a game");
    let sonneborn_berger = [21.0, 15.0, 10.0, 6.0, 3.0, 1.0, 0.0, 0.0];
    for (rank, line) in state.standings.iter().enumerate() {
        let points = 7.0 - rank as f64;
        assert_eq!(line.name.as_str(), format!("E{}", rank + 1));
        assert_eq!(line.points, points);
        assert_eq!(
            tiebreak(line, Tiebreak::SonnebornBerger),
            Some(sonneborn_berger[rank])
        );
        assert_eq!(tiebreak(line, Tiebreak::Buchholz), Some(28.0 - points));
    }
}

/// A Kubb team the rules would refuse in a match is refused when it
/// registers, with the rule in words, not when its round's matches are
/// made: a player already in another team (in either case), a player
/// listed twice, and under the 2-4-6 thrower rule a team of two.
#[tokio::test]
async fn kubb_teams_the_rules_refuse_are_refused_at_registration() {
    let server = start(config(&common::sqlite_url())).await;
    let (id, organiser) = create(
        &server,
        json!({ "title": "US open", "game": "kubb", "format": "round-robin", "ruleset": "standard",
                "match_settings": { "opening": "2-4-6", "opening_thrower_rule": true } }),
    )
    .await;
    register(
        &server,
        &id,
        &organiser,
        json!({ "name": "Vikings", "players": ["ann", "bob", "cy"] }),
    )
    .await;
    let path = format!("/api/tournaments/{id}/entrants");
    for (entrant, refusal) in [
        (
            json!({ "name": "Danes", "players": ["dee", "Ann", "eve"] }),
            "Ann is listed twice",
        ),
        (
            json!({ "name": "Geats", "players": ["fay", "fay", "gus"] }),
            "fay is listed twice",
        ),
        (
            json!({ "name": "Swedes", "players": ["hal", "ida"] }),
            "Swedes lists 2 player(s)",
        ),
    ] {
        let (status, body) = server.post(&path, Some(&organiser), entrant).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(read::<ErrorBody>(&body).error.contains(refusal), "{body}");
    }
    register(
        &server,
        &id,
        &organiser,
        json!({ "name": "Danes", "players": ["dee", "eve", "fay"] }),
    )
    .await;
}
