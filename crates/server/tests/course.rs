//! The course port as the course's own clients use it: client.py reads up
//! to 4096 bytes per message, never frames, never reads `end`, and knows
//! the game is over only when the server closes the connection. Pairing
//! after an early leave, a player who leaves or sends garbage mid-game, and
//! the reply's exact bytes.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use api::gt::{CourseLogImported, GtState};
use api::listing::GameList;
use api::{ErrorBody, Status};
use common::{config, read, start, TestServer};
use guard_towers::course::{read_board, Reply};
use guard_towers::{Color, Move, Position, Ruleset};
use serde_json::Value;

/// An answer of the HTTP API read as the wire type once its status is
/// checked. (The course port's own replies stay JSON: they are the
/// course's protocol, not this API.)
async fn ok<T: serde::de::DeserializeOwned>(server: &TestServer, path: &str) -> T {
    let (status, body) = server.get(path).await;
    assert_eq!(status, reqwest::StatusCode::OK, "{path}: {body}");
    read(&body)
}

async fn course_server() -> TestServer {
    let mut settings = config(&common::sqlite_url());
    settings.course_addr = Some("127.0.0.1:0".parse().unwrap());
    start(settings).await
}

/// A client as client.py is: one `recv(4096)` per message, no framing.
struct PyClient {
    stream: TcpStream,
}

impl PyClient {
    fn connect(address: SocketAddr) -> PyClient {
        let stream = TcpStream::connect(address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        PyClient { stream }
    }

    /// One recv: the text read, or `None` when the server closed.
    fn recv(&mut self) -> Option<String> {
        let mut buffer = [0u8; 4096];
        match self.stream.read(&mut buffer) {
            Ok(0) => None,
            Ok(read) => Some(String::from_utf8_lossy(&buffer[..read]).into_owned()),
            Err(error) => panic!("no answer from the server: {error}"),
        }
    }

    fn send(&mut self, text: &str) {
        // A closed connection shows in the next recv, as for client.py.
        let _ = self.stream.write_all(format!("\"{text}\"").as_bytes());
    }

    /// Sends `text` and reads the reply; `None` when the server closed.
    fn ask(&mut self, text: &str) -> Option<Value> {
        self.send(text);
        let reply = self.recv()?;
        Some(serde_json::from_str(&reply).unwrap_or_else(|_| panic!("not one JSON reply: {reply}")))
    }
}

/// Plays as client.py does, with random legal moves, until the server
/// closes the connection; returns the last board seen and the colour.
fn play_like_client_py(address: SocketAddr, seed: u64) -> (String, Option<String>) {
    let mut client = PyClient::connect(address);
    let colour = client.recv().expect("a greeting");
    let me = if colour == "0" { "r" } else { "b" };
    let mut random = seed;
    let mut last = None;
    let started = Instant::now();
    while let Some(reply) = client.ask("get") {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the game never ended"
        );
        let board = reply["board"].as_str().unwrap().to_string();
        last = Some(board.clone());
        if reply["turn"] == me && reply["bothConnected"] == true {
            let position: Position = read_board(&board).unwrap();
            let moves = position.legal_moves();
            if moves.is_empty() {
                continue;
            }
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            let mv: Move = moves[(random % moves.len() as u64) as usize];
            if client.ask(&mv.to_string()).is_none() {
                break;
            }
        } else {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    (colour, last)
}

#[tokio::test]
async fn two_client_py_clients_finish_a_game_and_are_both_disconnected() {
    let server = course_server().await;
    let address = server.course_addr.unwrap();
    let red = tokio::task::spawn_blocking(move || play_like_client_py(address, 0x9E37_79B9));
    tokio::time::sleep(Duration::from_millis(100)).await;
    let blue = tokio::task::spawn_blocking(move || play_like_client_py(address, 0x7F4A_7C15));
    let (red, blue) = (red.await.unwrap(), blue.await.unwrap());
    assert_eq!((red.0.as_str(), blue.0.as_str()), ("0", "1"));
    let archive: GameList = ok(&server, "/api/gt/games?status=finished").await;
    let game = &archive.games[0];
    // A summary's settings are its kind's, untyped in the listing.
    let settings: Value = serde_json::from_str(game.settings.get()).unwrap();
    assert_eq!(settings["rules"], "course", "{archive:?}");
    let result = game.result.as_deref().unwrap();
    assert!(
        result.ends_with("guard captured")
            || result.ends_with("castle reached")
            || result.ends_with("no legal move"),
        "random play ends by the rules: {result}"
    );
}

#[tokio::test]
async fn a_player_who_leaves_while_waiting_leaves_no_game_and_the_next_plays_red() {
    let server = course_server().await;
    let address = server.course_addr.unwrap();
    let (greetings, pair) = tokio::task::spawn_blocking(move || {
        let mut early = PyClient::connect(address);
        let first = early.recv().unwrap();
        assert_eq!(early.ask("get").unwrap()["bothConnected"], false);
        drop(early);
        std::thread::sleep(Duration::from_millis(200));
        let mut red = PyClient::connect(address);
        let second = red.recv().unwrap();
        let mut blue = PyClient::connect(address);
        let third = blue.recv().unwrap();
        let state = red.ask("get").unwrap();
        assert_eq!(state["bothConnected"], true, "{state}");
        // The pair stays connected while the games are counted.
        ((first, second, third), (red, blue))
    })
    .await
    .unwrap();
    assert_eq!(greetings, ("0".into(), "0".into(), "1".into()));
    let active: GameList = ok(&server, "/api/gt/games?status=active").await;
    assert_eq!(active.games.len(), 1, "{active:?}");
    let waiting: GameList = ok(&server, "/api/gt/games?status=waiting").await;
    assert!(
        waiting.games.is_empty(),
        "nothing stored for the early leaver: {waiting:?}"
    );
    drop(pair);
}

/// Pairs two clients and returns them, Red first.
fn pair(address: SocketAddr) -> (PyClient, PyClient) {
    let mut red = PyClient::connect(address);
    assert_eq!(red.recv().as_deref(), Some("0"));
    let mut blue = PyClient::connect(address);
    assert_eq!(blue.recv().as_deref(), Some("1"));
    (red, blue)
}

#[tokio::test]
async fn a_disconnect_or_garbage_mid_game_ends_it_at_once_for_both() {
    let server = course_server().await;
    let address = server.course_addr.unwrap();
    tokio::task::spawn_blocking(move || {
        for leave in ["close", "garbage"] {
            let (mut red, mut blue) = pair(address);
            assert!(red.ask("A7-A6-1").is_some());
            let started = Instant::now();
            match leave {
                "close" => drop(red),
                _ => {
                    red.stream.write_all(b"}{").unwrap();
                    assert_eq!(red.recv(), None, "the garbage sender is closed");
                }
            }
            // Blue is told at once that the game is over, then closed.
            let final_state = blue.ask("get").expect("the final state");
            assert_eq!(final_state["end"], true, "{final_state}");
            assert_eq!(blue.recv(), None, "then the connection closes");
            assert!(
                started.elapsed() < Duration::from_secs(5),
                "not after Red's clock ran out"
            );
        }
    })
    .await
    .unwrap();
    let archive: GameList = ok(&server, "/api/gt/games?status=finished").await;
    let results: Vec<&str> = archive
        .games
        .iter()
        .map(|game| game.result.as_deref().unwrap())
        .collect();
    assert_eq!(results.len(), 2, "{archive:?}");
    assert!(
        results
            .iter()
            .all(|result| result.starts_with("0-1 disconnect:")),
        "{results:?}"
    );
}

/// The case a CI run met: Red's answer to `"get"` was still unread when
/// Blue's move ended the game. A final state sent unasked would have
/// arrived in the same `recv` as that answer, and client.py would have read
/// two JSON objects as one. The end is the answer to Red's next message.
#[tokio::test]
async fn the_final_state_is_never_sent_unasked_so_no_read_holds_two_answers() {
    let server = course_server().await;
    let address = server.course_addr.unwrap();
    tokio::task::spawn_blocking(move || {
        let (mut red, blue) = pair(address);
        assert!(red.ask("A7-A6-1").is_some());
        red.send("get");
        std::thread::sleep(Duration::from_millis(200));
        drop(blue);
        std::thread::sleep(Duration::from_millis(300));
        let unread = red.recv().expect("the answer to get");
        let answer: Value = serde_json::from_str(&unread)
            .unwrap_or_else(|_| panic!("one answer per read: {unread}"));
        assert_eq!(answer["end"], false, "{answer}");
        let final_state = red.ask("get").expect("the final state");
        assert_eq!(final_state["end"], true, "{final_state}");
        assert_eq!(red.recv(), None, "then the connection closes");
    })
    .await
    .unwrap();
}

#[tokio::test]
async fn an_over_limit_message_is_unreadable_and_stored_reasons_are_short_and_said_once() {
    let server = course_server().await;
    let address = server.course_addr.unwrap();
    let long_square = format!("{}-A1-1", "Z".repeat(3000));
    tokio::task::spawn_blocking(move || {
        // 5,002 bytes in one write: a JSON string of 5,000 letters.
        let (mut red, _blue) = pair(address);
        red.stream
            .write_all(format!("\"{}\"", "a".repeat(5000)).as_bytes())
            .unwrap();
        assert_eq!(red.recv(), None, "the sender is closed");
        for text in ["", long_square.as_str()] {
            let (mut red, _blue) = pair(address);
            let lost = red.ask(text).expect("the final state");
            assert_eq!(lost["end"], true, "{lost}");
        }
    })
    .await
    .unwrap();
    let archive: GameList = ok(&server, "/api/gt/games?status=finished").await;
    let mut results: Vec<String> = archive
        .games
        .iter()
        .map(|game| game.result.clone().unwrap())
        .collect();
    results.sort();
    assert_eq!(results.len(), 3, "{archive:?}");
    assert_eq!(results[0], "0-1 disconnect: a message over 4096 bytes");
    assert_eq!(
        results[1],
        "0-1 illegal move: '' is not a move: expected FROM-TO-STONES like A7-B7-1"
    );
    let reason = results[2].strip_prefix("0-1 ").unwrap();
    assert!(reason.starts_with("illegal move: 'ZZZ"), "{reason}");
    assert!(reason.chars().count() <= 200, "{reason}");
    assert_eq!(reason.matches("is not a move").count(), 1, "{reason}");
}

#[tokio::test]
async fn replies_are_the_course_servers_bytes() {
    let server = course_server().await;
    let address = server.course_addr.unwrap();
    let (first, lost) = tokio::task::spawn_blocking(move || {
        let (mut red, _blue) = pair(address);
        red.send("get");
        let first = red.recv().unwrap();
        // An illegal move loses; the loser's reply is the final state.
        let lost = red.ask("A7-A1-1").unwrap();
        (first, lost)
    })
    .await
    .unwrap();
    let start = "{\"board\": \"r1r11RG1r1r1/2r11r12/3r13/7/3b13/2b11b12/b1b11BG1b1b1 r\", \
                 \"turn\": \"r\", \"bothConnected\": true, \"time\": ";
    assert!(first.starts_with(start), "{first}");
    assert!(first.ends_with(", \"end\": false}"), "{first}");
    let reply = Reply::read(&serde_json::from_str(&first).unwrap()).unwrap();
    assert_eq!(
        reply.to_text(),
        first,
        "byte for byte what the course server writes"
    );
    assert_eq!(lost["end"], true, "{lost}");
}

/// A log of the course's contest server, from the rules crate's fixtures.
fn contest_log(name: &str) -> String {
    let path = format!(
        "{}/../guard-towers/tests/data/contest-logs/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).expect("fixture")
}

async fn post_log(server: &TestServer, text: String) -> (reqwest::StatusCode, Value) {
    let url = format!("{}/api/gt/course-logs", server.base);
    common::answer(server.client.post(url).body(text).send().await.unwrap()).await
}

/// A log imported (201), read as the wire type.
async fn imported(server: &TestServer, text: String) -> CourseLogImported {
    let (status, imported) = post_log(server, text).await;
    assert_eq!(status, reqwest::StatusCode::CREATED, "{imported}");
    read(&imported)
}

#[tokio::test]
async fn a_contest_log_is_imported_into_the_archive_with_its_result() {
    let server = start(config(&common::sqlite_url())).await;
    let log = imported(&server, contest_log("win.txt")).await;
    assert_eq!(log.result, "1-0 guard captured");
    assert_eq!(log.moves, 15);
    let out_of_turn: Vec<(u64, Color, &str)> = log
        .out_of_turn
        .iter()
        .map(|o| (o.line, o.color, o.text.as_str()))
        .collect();
    assert_eq!(out_of_turn, [(8, Color::Blue, "C1-C2-1")]);
    let id = &log.id;
    let game: GtState = ok(&server, &format!("/api/gt/games/{id}")).await;
    assert_eq!(game.status, Status::Finished);
    assert_eq!(game.rules, Ruleset::Course);
    assert_eq!(game.ply, 15);
    assert_eq!(game.seats.red.name.as_deref(), Some("alice"));
    assert_eq!(game.seats.blue.name.as_deref(), Some("bob"));
    let result = game.result.as_ref().expect("a result");
    assert_eq!(result.reason.to_string(), "guard captured");
    // The clocks are the server's, as logged after each side's last move.
    let clock = game.clock.as_ref().expect("clocks");
    assert_eq!(clock.red_ms, Some(108_290));
    assert_eq!(clock.blue_ms, Some(111_989));
    let record = server.text(&format!("/api/gt/games/{id}/record")).await;
    assert!(record.contains("[Red \"alice\"]"), "{record}");

    for (file, result) in [
        ("timeout.txt", "0-1 time forfeit"),
        ("no-verdict.txt", "* unterminated"),
    ] {
        let log = imported(&server, contest_log(file)).await;
        assert_eq!(log.result, result, "{file}");
        let id = &log.id;
        let game: GtState = ok(&server, &format!("/api/gt/games/{id}")).await;
        assert_eq!(game.status, Status::Finished, "{file}: no clock runs on");
        assert_eq!(
            game.result.as_ref().map(|r| r.score.to_string()).as_deref(),
            result.split(' ').next()
        );
    }

    // A long game's log is far over the API's usual 16 KiB body limit;
    // here 300 more lines out of turn make it so.
    let out_of_turn = "Blue move: C1-C2-1   ---  time left: 118904\n\
        r1r11RGr11r1/2r11r12/3r13/7/3b13/4b12/b1b1b1BG1b1b1 r\n";
    let long = contest_log("win.txt").replacen(out_of_turn, &out_of_turn.repeat(300), 1);
    assert!(long.len() > 16 * 1024, "{}", long.len());
    let log = imported(&server, long).await;
    assert_eq!(log.out_of_turn.len(), 300);

    let broken = contest_log("win.txt").replace(
        "r1r11RGr11r1/2r11r12/3r13/7/3b13/4b12/b1b1b1BG1b1b1 r\nBlue",
        "7/7/7/7/7/7/7 r\nBlue",
    );
    let (status, error) = post_log(&server, broken).await;
    assert_eq!(status, reqwest::StatusCode::BAD_REQUEST, "{error}");
    let message = read::<ErrorBody>(&error).error;
    assert!(
        message.starts_with("not a contest log: line 7: "),
        "{message}"
    );
}
