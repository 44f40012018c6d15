//! One token of Planet Kubb notation, without its player tag: letters,
//! each with an optional count (default 1, 0 allowed), in either case.
//! Repeated letters add up (`3IR` and `IIIR` are the same, as Planet Kubb
//! answered on its Q&A site); a token is either an inkast token
//! (`I R P Y Q N`) or one stick (`F B K`, combined letters being one stick
//! that felled both, `bf`, `2b3f`; `-` a miss), or `a`, the mark of a turn
//! thrown from an advantage line. A `K` in an inkast token, right after
//! the `I` or `R` of its attempt (`3ik`, `2irk`; ours: Planet Kubb has no
//! token for it), says the turn's last inkasted piece felled the king,
//! which loses the game for the inkasting team.

use crate::field::Team;

/// Counts of an inkast token.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InkastCounts {
    /// `I`: pieces thrown in.
    pub thrown: u32,
    /// `R`: of them, thrown again after landing out.
    pub rethrown: u32,
    /// `P`: penalty kubbs, out twice, placed by the defenders.
    pub penalties: u32,
    /// `Y`: failed rescue attempts (not tracked by the rules).
    pub rescue_attempts: u32,
    /// `Q`: knights rescued.
    pub rescued: u32,
    /// `N`: neighbour kubbs (provisional; not tracked by the rules).
    pub neighbours: u32,
    /// `K`: the last piece inkasted felled the king, on a first attempt
    /// (after `I`) or a re-throw (after `R`).
    pub king_felled: Option<InkastAttempt>,
}

/// Which attempt of its piece an inkast throw was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InkastAttempt {
    First,
    Again,
}

/// What one stick felled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StickToken {
    pub knights: u8,
    pub towers: u8,
    pub king: bool,
}

impl StickToken {
    pub const MISS: StickToken = StickToken {
        knights: 0,
        towers: 0,
        king: false,
    };
}

/// A token of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    Inkast(InkastCounts),
    Stick(StickToken),
    /// `a`: the turn was thrown from an advantage line.
    Advantage,
}

/// Tokens that cannot be read, or that fell more than stands.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("an empty token")]
    Empty,
    #[error("count '{0}' is too large")]
    CountTooLarge(String),
    #[error(
        "'{0}' is not a token: I R P Y Q N (inkast), F B K (one stick), - (a miss) or a, each letter with an optional count"
    )]
    NotAToken(String),
    #[error("the count '{0}' has no letter after it")]
    CountWithoutLetter(String),
    #[error("'{0}' mixes inkast letters (I R P Y Q N) with stick letters (F B K; in an inkast token K comes once, right after the I or R of the attempt that felled the king)")]
    Mixed(String),
    #[error("'{0}' is not one stick: the king falls alone, once")]
    KingWithOthers(String),
    #[error("'{0}' is not one stick token (-, F, nF, B, nB, combined like BF, or K)")]
    NotOneStick(String),
    #[error("{count} knight(s) in team {half}'s half knocked, but only {standing} stand")]
    MoreKnightsThanStand {
        count: u8,
        half: Team,
        standing: usize,
    },
    #[error("{count} tower(s) of team {team} knocked, but only {standing} stand")]
    MoreTowersThanStand {
        count: u8,
        team: Team,
        standing: usize,
    },
}

/// Letters the notation gives a meaning; a player tag without a colon is
/// made of other letters.
pub(super) fn is_notation_letter(c: char) -> bool {
    matches!(
        c.to_ascii_lowercase(),
        'i' | 'r' | 'p' | 'y' | 'q' | 'n' | 'f' | 'b' | 'k' | 'a'
    )
}

impl Token {
    pub fn parse(text: &str) -> Result<Token, TokenError> {
        match text {
            "" => return Err(TokenError::Empty),
            "-" => return Ok(Token::Stick(StickToken::MISS)),
            "a" | "A" => return Ok(Token::Advantage),
            _ => {}
        }
        let mut letters = counted_letters(text)?;
        let inkast = letters.iter().any(|&(c, _)| "irpyqn".contains(c));
        if inkast {
            // Before `Q` existed, Planet Kubb's Q&A recorded a rescue as a
            // field hit in the inkast: `F2I`, `IF8I3R`.
            for (letter, _) in &mut letters {
                if *letter == 'f' {
                    *letter = 'q';
                }
            }
        }
        if inkast {
            return inkast_counts(text, &letters).map(Token::Inkast);
        }
        stick_token(text, &letters).map(Token::Stick)
    }
}

/// `2b3f` → [('b', 2), ('f', 3)], letters lower-cased.
fn counted_letters(text: &str) -> Result<Vec<(char, u32)>, TokenError> {
    let mut letters = Vec::new();
    let mut count = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            count.push(c);
            continue;
        }
        let letter = c.to_ascii_lowercase();
        if !"irpyqnfbk".contains(letter) {
            return Err(TokenError::NotAToken(text.into()));
        }
        let n = if count.is_empty() {
            1
        } else {
            count
                .parse::<u32>()
                .ok()
                .filter(|&n| n <= 100)
                .ok_or_else(|| TokenError::CountTooLarge(count.clone()))?
        };
        letters.push((letter, n));
        count.clear();
    }
    if !count.is_empty() {
        return Err(TokenError::CountWithoutLetter(count));
    }
    Ok(letters)
}

fn inkast_counts(text: &str, letters: &[(char, u32)]) -> Result<InkastCounts, TokenError> {
    let mut counts = InkastCounts::default();
    let mut previous = None;
    for &(letter, n) in letters {
        let field = match letter {
            'i' => &mut counts.thrown,
            'r' => &mut counts.rethrown,
            'p' => &mut counts.penalties,
            'y' => &mut counts.rescue_attempts,
            'q' => &mut counts.rescued,
            'n' => &mut counts.neighbours,
            'k' => {
                counts.king_felled = match (previous, n, counts.king_felled) {
                    (Some('i'), 1, None) => Some(InkastAttempt::First),
                    (Some('r'), 1, None) => Some(InkastAttempt::Again),
                    _ => return Err(TokenError::Mixed(text.into())),
                };
                previous = Some(letter);
                continue;
            }
            _ => return Err(TokenError::Mixed(text.into())),
        };
        *field += n;
        previous = Some(letter);
    }
    Ok(counts)
}

fn stick_token(text: &str, letters: &[(char, u32)]) -> Result<StickToken, TokenError> {
    let sum = |wanted: char| -> u32 {
        letters
            .iter()
            .filter(|&&(c, _)| c == wanted)
            .map(|&(_, n)| n)
            .sum()
    };
    let (knights, towers, kings) = (sum('f'), sum('b'), sum('k'));
    if kings > 1 || (kings == 1 && knights + towers > 0) {
        return Err(TokenError::KingWithOthers(text.into()));
    }
    let small = |n: u32| u8::try_from(n).map_err(|_| TokenError::CountTooLarge(n.to_string()));
    Ok(StickToken {
        knights: small(knights)?,
        towers: small(towers)?,
        king: kings == 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stick(knights: u8, towers: u8, king: bool) -> Token {
        Token::Stick(StickToken {
            knights,
            towers,
            king,
        })
    }

    #[test]
    fn tokens_read_in_either_case_and_combined_letters_are_one_stick() {
        let table = [
            ("-", stick(0, 0, false)),
            ("F", stick(1, 0, false)),
            ("2f", stick(2, 0, false)),
            ("B", stick(0, 1, false)),
            ("bf", stick(1, 1, false)),
            ("fb", stick(1, 1, false)),
            ("2b3F", stick(3, 2, false)),
            ("ff", stick(2, 0, false)),
            ("K", stick(0, 0, true)),
            ("a", Token::Advantage),
        ];
        for (text, token) in table {
            assert_eq!(Token::parse(text), Ok(token), "{text}");
        }
    }

    #[test]
    fn inkast_letters_add_up_with_counts_including_zero() {
        let counts = |text| match Token::parse(text) {
            Ok(Token::Inkast(counts)) => counts,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(counts("5i2r").thrown, 5);
        assert_eq!(counts("5I2R").rethrown, 2);
        assert_eq!(counts("0i").thrown, 0);
        assert_eq!(counts("3IR"), counts("IIIR"));
        assert_eq!(counts("2iK").king_felled, Some(InkastAttempt::First));
        assert_eq!(counts("2irk").king_felled, Some(InkastAttempt::Again));
        assert_eq!(counts("2i").king_felled, None);
        let all = counts("4I2R1P1Y1Q2N");
        assert_eq!(
            (
                all.penalties,
                all.rescue_attempts,
                all.rescued,
                all.neighbours
            ),
            (1, 1, 1, 2)
        );
    }

    #[test]
    fn bad_tokens_say_what_is_wrong() {
        assert_eq!(Token::parse("x"), Err(TokenError::NotAToken("x".into())));
        assert_eq!(
            Token::parse("2"),
            Err(TokenError::CountWithoutLetter("2".into()))
        );
        assert_eq!(Token::parse("2ib"), Err(TokenError::Mixed("2ib".into())));
        assert_eq!(Token::parse("i2k"), Err(TokenError::Mixed("i2k".into())));
        assert_eq!(Token::parse("ikk"), Err(TokenError::Mixed("ikk".into())));
        assert_eq!(Token::parse("ipk"), Err(TokenError::Mixed("ipk".into())));
        assert!(
            matches!(Token::parse("F2IR"), Ok(Token::Inkast(c)) if c.rescued == 1 && c.thrown == 2)
        );
        assert_eq!(
            Token::parse("kf"),
            Err(TokenError::KingWithOthers("kf".into()))
        );
        assert_eq!(
            Token::parse("2k"),
            Err(TokenError::KingWithOthers("2k".into()))
        );
        assert!(matches!(
            Token::parse("999f"),
            Err(TokenError::CountTooLarge(_))
        ));
        assert_eq!(Token::parse(""), Err(TokenError::Empty));
    }
}
