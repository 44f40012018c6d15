//! Tournaments on the server, driven through the API end to end: the
//! organiser's token guards every change, each pairing's game or match is
//! created by the server, its result flows into the tournament when it
//! ends, and the standings, bracket, exports and live socket show it.

mod common;

use std::time::Duration;

use common::{config, start, wait_for, TestServer};
use futures_util::StreamExt;
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// Creates a tournament; returns its id and the organiser's token.
async fn create(server: &TestServer, body: Value) -> (String, String) {
    let (status, created) = server.post("/api/tournaments", None, body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["state"]["kind"], "tournament");
    assert_eq!(created["state"]["status"], "waiting");
    (
        created["id"].as_str().unwrap().to_string(),
        created["token"].as_str().unwrap().to_string(),
    )
}

async fn register(server: &TestServer, id: &str, token: &str, entrant: Value) {
    let path = format!("/api/tournaments/{id}/entrants");
    let (status, body) = server.post(&path, Some(token), entrant).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// Starts the next round; returns its games as the organiser sees them.
async fn start_round(server: &TestServer, id: &str, token: &str) -> Vec<Value> {
    let path = format!("/api/tournaments/{id}/rounds");
    let (status, body) = server.post(&path, Some(token), json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["games"].as_array().unwrap().clone()
}

fn token_of<'a>(game: &'a Value, seat: &str) -> &'a str {
    game["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["seat"] == seat)
        .unwrap()["token"]
        .as_str()
        .unwrap()
}

/// Waits until every pairing of the tournament's latest round has a
/// result: results arrive from the games, after they have ended.
async fn round_decided(server: &TestServer, id: &str) -> Value {
    wait_for(server, &format!("/api/tournaments/{id}"), |state| {
        state["rounds"]
            .as_array()
            .and_then(|rounds| rounds.last())
            .is_some_and(|round| {
                round["pairings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|p| p["second"].is_null() || !p["score"].is_null())
            })
    })
    .await
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
        body["error"],
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
    assert_eq!(next_message(&mut live).await["state"]["kind"], "tournament");

    for round in 1..=3 {
        let games = start_round(&server, &id, &organiser).await;
        assert_eq!(games.len(), 2, "four players, two games a round");
        for game in &games {
            assert_eq!(game["round"], round);
            let (first, second) = (
                game["first"].as_str().unwrap(),
                game["second"].as_str().unwrap(),
            );
            let gid = game["game"].as_str().unwrap();
            let (_, state) = server.get(&format!("/api/gt/games/{gid}")).await;
            assert_eq!(state["status"], "active", "both seats taken: {state}");
            assert_eq!(
                state["seats"]["red"]["name"], first,
                "the first named plays Red"
            );
            assert_eq!(state["seats"]["blue"]["name"], second);
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
    let (_, state) = server.get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(state["status"], "finished", "{state}");
    let table: Vec<(String, f64, f64)> = state["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().to_string(),
                s["points"].as_f64().unwrap(),
                s["tiebreaks"]["sonneborn_berger"].as_f64().unwrap(),
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
    assert_eq!(
        state["crosstable"][0]["results"][1],
        json!(["1-0"]),
        "ann beat bob"
    );

    // Every result reached the live socket: its last state is the final one.
    let mut last = Value::Null;
    while last["state"]["status"] != "finished" {
        last = next_message(&mut live).await;
    }
    assert_eq!(last["state"]["standings"][0]["name"], "ann");

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
    let (status, ratings) = server.get("/api/ratings?game=gt&min_games=1").await;
    assert_eq!(status, StatusCode::OK, "{ratings}");
    assert_eq!(
        (ratings["periods"].as_u64(), ratings["tournaments"].as_u64()),
        (Some(6), Some(1))
    );
    let leaders = ratings["leaders"].as_array().unwrap();
    let names: Vec<&str> = leaders
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["ann", "bob", "cy", "dee"]);
    assert!(leaders.iter().all(|l| l["games"] == 3));
    assert!(leaders[0]["rating"].as_f64().unwrap() > 1500.0);
    assert!(leaders[3]["rating"].as_f64().unwrap() < 1500.0);
    let (status, _) = server.get("/api/ratings?game=chess").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
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

async fn next_message(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a message within 10 s")
            .expect("the socket is open")
            .expect("a readable message");
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// Team A wins a seed-rules match at once: its first stick fells all five
/// of B's baseline towers, its second the king.
async fn team_a_wins(server: &TestServer, game: &Value) {
    let id = game["game"].as_str().unwrap();
    let token = token_of(game, "referee");
    let (_, state) = server.get(&format!("/api/kubb/matches/{id}")).await;
    let player = state["teams"][0]["players"][0]
        .as_str()
        .unwrap()
        .to_string();
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
        .map(|g| (g["first"].as_str().unwrap(), g["second"].as_str().unwrap()))
        .collect();
    assert_eq!(pairs, [("Vikings", "Swedes"), ("Danes", "Geats")]);
    let (_, kubb) = server
        .get(&format!(
            "/api/kubb/matches/{}",
            first[0]["game"].as_str().unwrap()
        ))
        .await;
    assert_eq!(
        kubb["settings"]["time_limit"],
        json!({ "minutes": 25, "tie_break": "baseline-count" }),
        "a timed round: every match gets the tournament's time limit"
    );
    assert_eq!(
        kubb["teams"][1]["players"],
        json!(["Swedes one", "Swedes two"])
    );
    for game in &first {
        team_a_wins(&server, game).await;
    }
    let state = round_decided(&server, &id).await;
    // The baseline kubbs come from the matches: each winner felled B's
    // five towers and lost none.
    for pairing in state["rounds"][0]["pairings"].as_array().unwrap() {
        assert_eq!(pairing["kubbs"], "5-0", "{pairing}");
    }
    let difference = |name: &str| {
        let standings = state["standings"].as_array().unwrap();
        let standing = standings.iter().find(|s| s["name"] == name).unwrap();
        standing["tiebreaks"]["baseline_difference"].as_f64()
    };
    assert_eq!(
        (difference("Vikings"), difference("Swedes")),
        (Some(5.0), Some(-5.0))
    );
    let last = start_round(&server, &id, &organiser).await;
    assert_eq!(last.len(), 1, "the final");
    assert_eq!(
        (last[0]["first"].as_str(), last[0]["second"].as_str()),
        (Some("Vikings"), Some("Danes"))
    );
    team_a_wins(&server, &last[0]).await;
    let state = round_decided(&server, &id).await;
    assert_eq!(state["status"], "finished");
    assert_eq!(state["standings"][0]["name"], "Vikings");
    assert_eq!(state["rounds"][1]["pairings"][0]["score"], "1-0");

    let (status, state) = server
        .post(
            &format!("/api/tournaments/{id}/results"),
            Some(&organiser),
            json!({ "first": "Danes", "second": "Vikings", "score": "1-0" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(
        state["standings"][0]["name"], "Danes",
        "the correction stands"
    );
    assert_eq!(state["rounds"][1]["pairings"][0]["winner"], "Danes");
    assert_eq!(
        state["rounds"][1]["pairings"][0]["result_by"], "corrected",
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
    let (_, ratings) = server.get("/api/ratings?game=kubb&of=players").await;
    let top: Vec<&str> = ratings["leaders"].as_array().unwrap()[..2]
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    assert!(
        top.iter().all(|name| name.starts_with("Danes")),
        "{ratings}"
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
    let gid = games[0]["game"].as_str().unwrap();
    let (status, body) = second
        .post(
            &format!("/api/gt/games/{gid}/resign"),
            Some(token_of(&games[0], "blue")),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let state = round_decided(&second, &id).await;
    assert_eq!(state["rounds"][0]["pairings"][0]["score"], "1-0");
    assert_eq!(state["status"], "finished");
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
        let gid = game["game"].as_str().unwrap();
        let path = format!("/api/gt/games/{gid}/resign");
        let (status, body) = first
            .post(&path, Some(token_of(game, "blue")), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (_, state) = first.get(&format!("/api/tournaments/{id}")).await;
        let pairing = state["rounds"][0]["pairings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["game"] == gid)
            .unwrap()
            .clone();
        assert_eq!(pairing["score"], "1-0", "at once: {state}");
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
    let (_, state) = second.get(&format!("/api/tournaments/{id}")).await;
    let pairings = state["rounds"][0]["pairings"].as_array().unwrap();
    assert!(pairings.iter().all(|p| p["score"].is_null()), "{state}");
    start_round(&second, &id, &organiser).await;
    let (_, state) = second.get(&format!("/api/tournaments/{id}")).await;
    for pairing in state["rounds"][0]["pairings"].as_array().unwrap() {
        assert_eq!(pairing["score"], "1-0", "taken from its game: {state}");
    }
    assert_eq!(state["rounds"].as_array().unwrap().len(), 2);
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
    let drawn = games[0]["game"].as_str().unwrap();
    let (status, body) = server
        .post(
            &format!("/api/kubb/matches/{drawn}/events"),
            Some(token_of(&games[0], "referee")),
            json!({ "event": { "event": "time_called" } }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "finished", "{body}");
    let (first, second) = (
        games[1]["first"].as_str().unwrap(),
        games[1]["second"].as_str().unwrap(),
    );
    let (status, body) = server
        .post(
            &format!("/api/tournaments/{id}/results"),
            Some(&organiser),
            json!({ "first": first, "second": second, "score": "2-0" }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let state = round_decided(&server, &id).await;
    let pairings = state["rounds"][0]["pairings"].as_array().unwrap();
    assert_eq!(
        (
            &pairings[0]["score"],
            &pairings[0]["winner"],
            &pairings[0]["result_by"]
        ),
        (&json!("0-0"), &Value::Null, &json!("game")),
        "{state}"
    );
    assert_eq!(
        (&pairings[1]["score"], &pairings[1]["result_by"]),
        (&json!("2-0"), &json!("organiser")),
        "{state}"
    );
    let record = |name: &str| {
        let standing = state["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == name)
            .unwrap()
            .clone();
        (
            standing["wins"].clone(),
            standing["draws"].clone(),
            standing["losses"].clone(),
        )
    };
    for name in [
        games[0]["first"].as_str().unwrap(),
        games[0]["second"].as_str().unwrap(),
    ] {
        assert_eq!(
            record(name),
            (json!(0), json!(1), json!(0)),
            "{name}: {state}"
        );
    }
    for name in [
        games[0]["first"].as_str().unwrap(),
        games[0]["second"].as_str().unwrap(),
    ] {
        let (status, page) = server.get(&format!("/api/players/kubb/{name}")).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_eq!(
            page["record"],
            json!({ "wins": 0, "draws": 1, "losses": 0 }),
            "{name}: {page}"
        );
        assert_eq!(page["history"][0]["outcome"], "draw", "{page}");
    }
}

/// A rated Kubb match drawn on time is a draw for both teams' ratings.
#[tokio::test]
async fn a_rated_kubb_match_drawn_on_time_is_rated_a_draw() {
    let server = start(config(&common::sqlite_url())).await;
    let (status, created) = server
        .post(
            "/api/kubb/matches",
            None,
            json!({ "ruleset": "standard", "time_limit": { "minutes": 30, "tie_break": "none" },
                    "team_a": { "name": "Oaks" }, "team_b": { "name": "Elms" }, "rated": true }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap();
    let (status, body) = server
        .post(
            &format!("/api/kubb/matches/{id}/events"),
            created["token"].as_str(),
            json!({ "event": { "event": "time_called" } }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (&body["status"], &body["winner"]),
        (&json!("finished"), &Value::Null),
        "{body}"
    );
    for name in ["Oaks", "Elms"] {
        let (status, page) = server.get(&format!("/api/players/kubb/{name}")).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_eq!(
            page["record"],
            json!({ "wins": 0, "draws": 1, "losses": 0 }),
            "{page}"
        );
    }
}

/// Plays every round of a tournament through the organiser's results: in
/// each pairing the entrant whose name sorts first wins 1-0. Returns the
/// final state and how many games or matches were created.
async fn play_by_seed(server: &TestServer, id: &str, organiser: &str) -> (Value, usize) {
    let mut created = 0;
    loop {
        let path = format!("/api/tournaments/{id}/rounds");
        let (status, round) = server.post(&path, Some(organiser), json!({})).await;
        if status == StatusCode::UNPROCESSABLE_ENTITY {
            let (_, state) = server.get(&format!("/api/tournaments/{id}")).await;
            return (state, created);
        }
        assert_eq!(status, StatusCode::CREATED, "{round}");
        for game in round["games"].as_array().unwrap() {
            created += 1;
            let (first, second) = (
                game["first"].as_str().unwrap(),
                game["second"].as_str().unwrap(),
            );
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
    assert_eq!(state["status"], "finished", "{state}");
    let stages: Vec<&str> = state["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["stage"].as_str().unwrap())
        .collect();
    assert_eq!(
        stages,
        ["pool", "pool", "pool", "knockout", "knockout", "knockout"]
    );
    assert_eq!(created, 3 * 8 + 4 + 2 + 1, "every pairing has its match");
    assert_eq!(state["standings"][0]["name"], "T01");
    let finalists = &state["rounds"][5]["pairings"][0];
    assert!(finalists["first"] == "T01" || finalists["second"] == "T01");

    let (id, organiser) = create(
        &server,
        json!({ "title": "Sixteen Swiss", "game": "kubb", "format": "swiss", "rounds": 4 }),
    )
    .await;
    for team in &teams {
        register(&server, &id, &organiser, json!({ "name": team })).await;
    }
    let (state, created) = play_by_seed(&server, &id, &organiser).await;
    assert_eq!(state["status"], "finished");
    assert_eq!(created, 4 * 8);
    assert_eq!(state["standings"][0]["name"], "T01");
    assert_eq!(state["standings"][0]["points"], 8.0);
    assert_eq!(state["standings"][0]["wins"], 4);
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
    for (rank, line) in state["standings"].as_array().unwrap().iter().enumerate() {
        let points = 7.0 - rank as f64;
        assert_eq!(line["name"], format!("E{}", rank + 1));
        assert_eq!(line["points"], points);
        assert_eq!(
            line["tiebreaks"]["sonneborn_berger"],
            sonneborn_berger[rank]
        );
        assert_eq!(line["tiebreaks"]["buchholz"], 28.0 - points);
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
        assert!(body["error"].as_str().unwrap().contains(refusal), "{body}");
    }
    register(
        &server,
        &id,
        &organiser,
        json!({ "name": "Danes", "players": ["dee", "eve", "fay"] }),
    )
    .await;
}
