//! Network files (the engine's learned evaluation, `towers gt nnue train`):
//! a file read is refused in words or writes back byte for byte, and the
//! network it holds evaluates positions without overflow, within bounds.
#![no_main]

use guard_towers::Position;
use guard_towers_engine::nnue::Network;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match Network::from_bytes(data) {
        Ok(network) => {
            assert_eq!(network.to_bytes(), data);
            let start = Position::start();
            let score = network.evaluate(&start);
            assert!(score.abs() <= 20_000, "{score}");
            let mv = start.legal_moves()[0];
            let next = start.play(mv);
            let before = network.accumulator(&start);
            let mut carried = before;
            network.update_into(&mut carried, &before, &start, mv, &next);
            assert_eq!(carried, network.accumulator(&next));
        }
        Err(error) => assert!(!error.to_string().is_empty()),
    }
});
