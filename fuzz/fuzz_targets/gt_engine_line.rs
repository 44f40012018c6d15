//! The engine protocol: any line is a command or an error in words; a
//! position command's moves are checked against its position as the
//! engine does, and `go`'s limits are taken for either side.
#![no_main]

use guard_towers::{Color, Game, Rules};
use guard_towers_engine::protocol::{parse, Command};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for line in text.lines() {
        match parse(line) {
            Ok(Some(Command::Position { start, moves })) => {
                let mut game = Game::new(start, Rules::STANDARD);
                for mv in moves {
                    let before = game.clone();
                    if game.play(mv).is_err() {
                        assert_eq!(game.positions(), before.positions());
                        break;
                    }
                }
            }
            Ok(Some(Command::Go(go))) => {
                let _ = go.limits(Color::Red);
                let _ = go.limits(Color::Blue);
            }
            Ok(Some(Command::SetOption { name, value })) => {
                assert!(!name.is_empty() && !value.is_empty());
                let _ = guard_towers_engine::protocol::rules_named(&value);
            }
            Ok(_) => {}
            Err(error) => assert!(!error.to_string().is_empty()),
        }
    }
});
