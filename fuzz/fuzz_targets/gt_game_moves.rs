//! Arbitrary moves played on a Guard & Towers game (from the start or a
//! position read from the bytes): a refused move changes nothing, an
//! accepted one keeps the position's invariants (stones never made, one
//! guard a side, the incremental hash the fresh one) and undo restores
//! the game before it.
#![no_main]

use arbitrary::{Result, Unstructured};
use guard_towers::{Color, Game, Move, Position, Rules, Square, MAX_STONES};
use libfuzzer_sys::fuzz_target;

fn check(position: &Position) {
    for color in Color::ALL {
        assert!(position.stones(color) <= MAX_STONES);
        assert!(position.guard_bits(color).count_ones() <= 1);
    }
    assert_eq!(position.hash(), position.fresh_hash());
    assert_eq!(
        position.to_string().parse::<Position>().as_ref(),
        Ok(position)
    );
}

fn arbitrary_move(u: &mut Unstructured, game: &Game) -> Result<Option<Move>> {
    let legal = game.legal_moves();
    if !legal.is_empty() && u.ratio(3, 4)? {
        return Ok(Some(*u.choose(&legal[..])?));
    }
    let squares: Vec<Square> = Square::all().collect();
    let from = *u.choose(&squares)?;
    let to = *u.choose(&squares)?;
    let text = format!("{from}-{to}-{}", u.int_in_range(0..=8u8)?);
    Ok(text.parse().ok())
}

fn run(u: &mut Unstructured) -> Result<()> {
    let start = if u.arbitrary()? {
        Position::start()
    } else {
        match u.arbitrary::<&str>()?.parse() {
            Ok(position) => position,
            Err(_) => return Ok(()),
        }
    };
    let rules = *u.choose(&[
        Rules::STANDARD,
        Rules::COURSE,
        Rules {
            no_legal_move_loses: false,
            threefold_repetition: true,
            no_progress_plies: Some(4),
        },
    ])?;
    let mut game = Game::new(start, rules);
    check(game.position());
    for _ in 0..u.int_in_range(0..=200u16)? {
        let Some(mv) = arbitrary_move(u, &game)? else {
            continue;
        };
        let before = game.clone();
        match game.play(mv) {
            Err(_) => {
                assert_eq!(game.positions(), before.positions());
                assert_eq!(game.moves(), before.moves());
                assert_eq!(game.quiet_plies(), before.quiet_plies());
            }
            Ok(()) => {
                let (old, new) = (before.position(), game.position());
                check(new);
                for color in Color::ALL {
                    assert!(new.stones(color) <= old.stones(color), "{old} {mv}");
                }
                assert!(before.legal_moves().contains(&mv));
                if u.ratio(1, 8)? {
                    assert_eq!(game.undo(), Some(mv));
                    assert_eq!(game.positions(), before.positions());
                    assert_eq!(game.quiet_plies(), before.quiet_plies());
                }
            }
        }
        let _ = game.outcome();
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
