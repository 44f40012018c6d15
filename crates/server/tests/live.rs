//! Live updates over real WebSockets, the course TCP protocol, and two
//! server instances sharing one PostgreSQL database.

mod common;

use std::io::{Read, Write};
use std::time::Duration;

use api::gt::GtState;
use api::live::{ClientMessage, ServerMessage};
use common::{config, start, wait_for, TestServer};
use futures_util::{SinkExt, StreamExt};
use guard_towers::{course, Color};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect(server: &TestServer, id: &str, after: Option<i64>) -> Socket {
    let query = after.map_or(String::new(), |after| format!("?after={after}"));
    let url = format!("ws://{}/api/games/{id}/ws{query}", server.addr);
    tokio_tungstenite::connect_async(url)
        .await
        .expect("websocket")
        .0
}

/// A message of a Guard & Towers game's socket: its events are read as
/// they are stored (JSON), its states as the wire type.
type Live = ServerMessage<Value, GtState>;

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

/// An event message's number, event and state.
fn event_of(message: Live) -> (i64, Value, GtState) {
    match message {
        Live::Event {
            seq, event, state, ..
        } => (seq, event, state),
        other => panic!("an event, not {other:?}"),
    }
}

async fn play(server: &TestServer, id: &str, token: &str, mv: &str) {
    let (status, body) = server
        .post(
            &format!("/api/gt/games/{id}/moves"),
            Some(token),
            json!({ "move": mv }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn a_spectator_sees_numbered_events_and_a_reconnect_resumes_where_it_left() {
    let server = start(config(&common::sqlite_url())).await;
    let (id, red, blue) = server.friend_game(json!({})).await;
    let mut socket = connect(&server, &id, None).await;
    let Live::Snapshot { seq: seen, .. } = next_message(&mut socket).await else {
        panic!("a snapshot first");
    };
    assert_eq!(seen, 2, "two joins so far");
    play(&server, &id, &red, "D5-D4-1").await;
    let (seq, event, state) = event_of(next_message(&mut socket).await);
    assert_eq!(seq, seen + 1);
    assert_eq!(event["move"], "D5-D4-1");
    assert_eq!(state.side_to_move, Color::Blue);
    let ping = serde_json::to_string(&ClientMessage::Ping).unwrap();
    socket.send(Message::text(ping)).await.unwrap();
    assert_eq!(next_message(&mut socket).await, Live::Pong);
    socket.send(Message::text("hello")).await.unwrap();
    let Live::Error { message } = next_message(&mut socket).await else {
        panic!("an error for a message that is none");
    };
    assert!(message.starts_with("not a client message"), "{message}");
    drop(socket);

    play(&server, &id, &blue, "D3-D4-1").await;
    play(&server, &id, &red, "C6-C5-1").await;
    let mut socket = connect(&server, &id, Some(seen + 1)).await;
    let first = event_of(next_message(&mut socket).await);
    let second = event_of(next_message(&mut socket).await);
    assert_eq!((first.0, second.0), (seen + 2, seen + 3));
    assert_eq!(first.1["move"], "D3-D4-1");
    assert_eq!(second.1["move"], "C6-C5-1");
    assert_eq!(second.2.ply, 3, "live states count the moves");
    assert_eq!(second.2.moves, None, "live states leave the moves out");
    play(&server, &id, &blue, "E2-E3-1").await;
    let (seq, _, _) = event_of(next_message(&mut socket).await);
    assert_eq!(seq, seen + 4, "then live again");
}

/// A game's live channel lasts as long as a socket watches it, so games
/// watched once cost nothing afterwards.
#[tokio::test]
async fn a_game_stops_being_watched_when_its_last_socket_closes() {
    let server = start(config(&common::sqlite_url())).await;
    let (id, _, _) = server.friend_game(json!({})).await;
    let watched = || async { server.get("/api/health").await.1["games_watched"].as_u64() };
    let mut first = connect(&server, &id, None).await;
    let mut second = connect(&server, &id, None).await;
    next_message(&mut first).await;
    next_message(&mut second).await;
    assert_eq!(watched().await, Some(1));
    first.close(None).await.unwrap();
    drop(first);
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(watched().await, Some(1), "one socket still watches");
    second.close(None).await.unwrap();
    drop(second);
    for _ in 0..100 {
        if watched().await == Some(0) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the channel outlived its last socket");
}

#[tokio::test]
async fn a_websocket_to_an_unknown_game_is_refused() {
    let server = start(config(&common::sqlite_url())).await;
    let url = format!("ws://{}/api/games/nothing/ws", server.addr);
    assert!(tokio_tungstenite::connect_async(url).await.is_err());
}

/// A course client as the course's own client.py plays: asks for the state
/// until it is its turn, then sends `choose`'s move; returns its colour and
/// the last state, which ends the game.
fn play_course_game(
    address: &str,
    mut choose: impl FnMut(&guard_towers::Position) -> guard_towers::Move,
) -> (guard_towers::Color, course::Reply) {
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    let mut reader = course::MessageReader::default();
    let mut receive = move |stream: &mut std::net::TcpStream| loop {
        if let Some(message) = reader.next_message().unwrap() {
            return message;
        }
        let mut chunk = [0u8; 4096];
        let read = stream.read(&mut chunk).unwrap();
        assert!(read > 0, "the server closed the connection mid-game");
        reader.feed(&chunk[..read]);
    };
    let colour = course::read_greeting(&receive(&mut stream)).unwrap();
    let mut request = course::Request::Get;
    loop {
        stream.write_all(request.to_text().as_bytes()).unwrap();
        let reply = course::Reply::read(&receive(&mut stream)).unwrap();
        if reply.end {
            return (colour, reply);
        }
        request = if reply.both_connected && reply.turn == colour {
            course::Request::Move(choose(&reply.board).to_string())
        } else {
            std::thread::sleep(Duration::from_millis(20));
            course::Request::Get
        };
    }
}

#[tokio::test]
async fn course_clients_play_a_whole_game_on_the_course_port_and_it_is_stored() {
    let mut settings = config(&common::sqlite_url());
    settings.course_addr = Some("127.0.0.1:0".parse().unwrap());
    let server = start(settings).await;
    let course = server.course_addr.unwrap().to_string();
    let players: Vec<_> = (0..2)
        .map(|index| {
            let course = course.clone();
            let handle = std::thread::spawn(move || {
                // Random moves (a fixed generator per player): course rules
                // have no draw rule, and random games end by a capture.
                let mut random = 0x9E37_79B9_7F4A_7C15u64 + index;
                play_course_game(&course, move |position| {
                    random ^= random << 13;
                    random ^= random >> 7;
                    random ^= random << 17;
                    let moves = position.legal_moves();
                    moves[(random % moves.len() as u64) as usize]
                })
            });
            // The first connection of a pair plays Red.
            if index == 0 {
                std::thread::sleep(Duration::from_millis(200));
            }
            handle
        })
        .collect();
    let mut colours = Vec::new();
    for player in players {
        let (colour, last) = tokio::task::spawn_blocking(move || player.join().unwrap())
            .await
            .unwrap();
        assert!(last.end, "the game ended");
        colours.push(colour);
    }
    assert_eq!(
        colours,
        [guard_towers::Color::Red, guard_towers::Color::Blue]
    );
    let (_, archive) = server.get("/api/gt/games?status=finished").await;
    let game = &archive["games"][0];
    assert_eq!(game["settings"]["rules"], "course");
    let id = game["id"].as_str().unwrap();
    let record = server.text(&format!("/api/gt/games/{id}/record")).await;
    let games = guard_towers::record::parse_records(&record).unwrap();
    assert!(games[0].replay().outcome().is_some(), "{record}");
}

#[tokio::test]
async fn a_course_client_that_sends_an_illegal_move_loses() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut settings = config(&common::sqlite_url());
    settings.course_addr = Some("127.0.0.1:0".parse().unwrap());
    let server = start(settings).await;
    let course = server.course_addr.unwrap();
    let mut red = tokio::net::TcpStream::connect(course).await.unwrap();
    let mut greeting = [0u8; 1];
    red.read_exact(&mut greeting).await.unwrap();
    assert_eq!(&greeting, b"0");
    let mut blue = tokio::net::TcpStream::connect(course).await.unwrap();
    blue.read_exact(&mut greeting).await.unwrap();
    assert_eq!(&greeting, b"1");
    // Split across two writes, as the protocol allows.
    red.write_all(b"\"A7-A").await.unwrap();
    tokio::time::sleep(Duration::from_millis(50)).await;
    red.write_all(b"3-1\"").await.unwrap();
    let mut buffer = vec![0u8; 4096];
    let read = red.read(&mut buffer).await.unwrap();
    let reply: Value = serde_json::from_slice(&buffer[..read]).unwrap();
    assert_eq!(reply["end"], true, "{reply}");
    assert_eq!(reply["bothConnected"], true);
    let (_, archive) = server.get("/api/gt/games?status=finished").await;
    assert!(archive["games"][0]["result"]
        .as_str()
        .unwrap()
        .starts_with("0-1"));
}

#[tokio::test]
async fn a_kubb_match_is_refereed_through_the_api() {
    let server = start(config(&common::sqlite_url())).await;
    let (status, created) = server
        .post(
            "/api/kubb/matches",
            None,
            json!({
                "ruleset": "standard",
                "team_a": { "name": "Vikings", "players": ["ann", "bob"] },
                "team_b": { "name": "Danes", "players": ["cy"] },
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    let events = format!("/api/kubb/matches/{id}/events");
    let post = |event: Value| {
        let events = events.clone();
        let token = token.clone();
        let server = &server;
        async move {
            server
                .post(&events, Some(&token), json!({ "event": event }))
                .await
        }
    };
    let (status, state) = post(json!({ "event": "start", "team": "A" })).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["phase"]["name"], "throwing");
    assert_eq!(state["thrower"], "A");
    let (status, refused) =
        post(json!({ "event": "stick", "player": "cy", "outcome": "miss" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(
        refused["error"].as_str().unwrap().contains("cy"),
        "{refused}"
    );
    let (status, state) =
        post(json!({ "event": "stick", "player": "ann", "outcome": "miss" })).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["sticks_left"], 5);
    let (status, undone) = server
        .post(
            &format!("/api/kubb/matches/{id}/undo"),
            Some(&token),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(undone["sticks_left"], 6);
    let (status, _) = server
        .post(&format!("/api/kubb/matches/{id}/undo"), None, json!({}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    post(json!({ "event": "stick", "player": "bob", "outcome": "miss" })).await;
    let (_, stats) = server.get(&format!("/api/kubb/matches/{id}/stats")).await;
    assert_eq!(stats["players"]["bob"]["sticks"], 1);
    assert!(
        stats["players"].get("ann").is_none(),
        "the undone stick is gone"
    );
    let log = server
        .text(&format!("/api/kubb/matches/{id}/export?format=log"))
        .await;
    let replayed = kubb::log::read(&log, kubb::notation::RulesChoice::default())
        .expect("the exported log reads back")
        .events;
    assert_eq!(replayed.len(), 3, "teams, start, one stick");
    let notation = server
        .text(&format!("/api/kubb/matches/{id}/export?format=notation"))
        .await;
    assert!(!notation.is_empty());
    let (status, chances) = server
        .get(&format!(
            "/api/kubb/matches/{id}/probability?a=advanced&b=beginner&games=300"
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{chances}");
    assert!(chances["a"].as_f64().unwrap() > chances["b"].as_f64().unwrap());
    let (status, _) = server
        .get(&format!("/api/kubb/matches/{id}/probability?a=pro"))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, advice) = server
        .get(&format!("/api/kubb/matches/{id}/advice?games=100"))
        .await;
    assert_eq!(status, StatusCode::OK, "{advice}");
    assert_eq!(advice["deciding"], "A");
    assert!(
        advice["best"].as_str().unwrap().starts_with("throw"),
        "{advice}"
    );
}

#[tokio::test]
async fn two_instances_on_one_postgres_database_share_live_games() {
    let Some(database) = common::postgres_url() else {
        eprintln!("TOWERS_TEST_DATABASE_URL is not set: skipped");
        return;
    };
    let one = start(config(&database)).await;
    let two = start(config(&database)).await;
    let (id, red, blue) = one.friend_game(json!({})).await;
    let mut socket = connect(&two, &id, None).await;
    let Live::Snapshot { seq: seen, .. } = next_message(&mut socket).await else {
        panic!("a snapshot first");
    };
    play(&one, &id, &red, "D5-D4-1").await;
    let (seq, event, _) = event_of(next_message(&mut socket).await);
    assert_eq!(seq, seen + 1, "{event}");
    assert_eq!(event["move"], "D5-D4-1");
    // Instance two has a cached copy from the snapshot; it must see the move.
    play(&two, &id, &blue, "D3-D4-1").await;
    let state = wait_for(&one, &format!("/api/gt/games/{id}"), |state| {
        state["moves"].as_array().unwrap().len() == 2
    })
    .await;
    assert_eq!(state["side_to_move"], "red");
    let (_, event, _) = event_of(next_message(&mut socket).await);
    assert_eq!(event["move"], "D3-D4-1");
}
