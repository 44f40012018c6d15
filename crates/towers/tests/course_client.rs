//! End-to-end: `towers gt connect` plays a full game against a small fake
//! course server that sends its replies in fragments, as TCP may deliver
//! them, and checks every move the client sends.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::Command;
use std::time::Duration;

use guard_towers::course::MessageReader;
use guard_towers::{Color, Game, Move, Position, Rules};
use serde_json::{json, Value};

/// Writes a message in small pieces with pauses between them.
fn send_fragmented(stream: &mut TcpStream, text: &str) {
    for piece in text.as_bytes().chunks(7) {
        stream.write_all(piece).unwrap();
        stream.flush().unwrap();
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn state(game: &Game, time: u64) -> String {
    let position = game.position();
    json!({
        "board": position.to_string(),
        "turn": position.side_to_move().letter().to_string(),
        "bothConnected": true,
        "time": time,
        "end": game.outcome().is_some() || game.moves().len() >= 200,
    })
    .to_string()
}

/// Serves one game: the client is Red; the server plays Blue's first legal
/// move. Returns the game, or the first protocol violation.
fn serve(listener: TcpListener) -> Result<Game, String> {
    let (mut stream, _) = listener.accept().map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    send_fragmented(&mut stream, "0");
    let mut game = Game::new(Position::start(), Rules::COURSE);
    let mut reader = MessageReader::default();
    loop {
        let message = loop {
            if let Some(message) = reader.next_message().map_err(|e| e.to_string())? {
                break message;
            }
            let mut chunk = [0u8; 4096];
            let read = stream.read(&mut chunk).map_err(|e| e.to_string())?;
            if read == 0 {
                return Ok(game);
            }
            reader.feed(&chunk[..read]);
        };
        let Value::String(text) = message else {
            return Err(format!("not a JSON string: {message}"));
        };
        if text != "get" {
            if game.position().side_to_move() != Color::Red {
                return Err(format!("{text} sent out of turn"));
            }
            let mv: Move = text.parse().map_err(|e| format!("{text}: {e}"))?;
            game.play(mv).map_err(|e| format!("{text}: {e}"))?;
            if game.outcome().is_none() && game.moves().len() < 200 {
                let mut replies: Vec<String> =
                    game.legal_moves().iter().map(Move::to_string).collect();
                replies.sort();
                game.play(replies[0].parse().unwrap()).unwrap();
            }
        }
        let reply = state(&game, 120_000 - game.moves().len() as u64 * 10);
        send_fragmented(&mut stream, &reply);
        if game.outcome().is_some() || game.moves().len() >= 200 {
            return Ok(game);
        }
    }
}

#[test]
fn the_client_plays_a_full_game_on_a_course_server() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let server = std::thread::spawn(move || serve(listener));
    let output = Command::new(env!("CARGO_BIN_EXE_towers"))
        .args(["gt", "connect", &address, "--level", "4"])
        .output()
        .expect("runs");
    let game = server
        .join()
        .expect("server thread")
        .expect("the client kept to the protocol");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("played red"), "{stdout}");
    assert!(game.moves().len() >= 2, "a game was played");
    let outcome = game.outcome().expect("the game ended by the rules");
    assert!(
        stdout.contains("result: won"),
        "a level-4 engine beats first-legal-move play ({outcome}): {stdout}"
    );
}

#[test]
fn an_unreachable_server_is_a_clear_error() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    drop(listener);
    let output = Command::new(env!("CARGO_BIN_EXE_towers"))
        .args(["gt", "connect", &address])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8(output.stderr)
        .unwrap()
        .contains("cannot connect"));
}
