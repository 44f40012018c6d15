//! Referee events: everything that happens on the lawn, as data.

use serde::{Deserialize, Serialize};

use crate::field::{Point, Team};
use crate::name::Name;

/// A piece by identity: 0–4 started as team A's towers, 5–9 as team B's.
/// Written `A1`–`B5` ([`Display`](std::fmt::Display), `FromStr`); events,
/// the log format and the API carry its number (serde), as they always
/// have. A number above 9 is refused where it is read
/// ([`TryFrom<u64>`], which serde uses), so an event read from JSON
/// names real pieces only.
/// (Its default, A1, only fills the unused room of a [`Queue`](crate::Queue).)
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(try_from = "u64")]
pub struct PieceId(pub u8);

/// A piece number that names no piece (they are 0–9).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no piece number {0}")]
pub struct NoSuchPiece(pub u64);

impl TryFrom<u64> for PieceId {
    type Error = NoSuchPiece;

    fn try_from(number: u64) -> Result<PieceId, NoSuchPiece> {
        match u8::try_from(number) {
            Ok(byte @ 0..=9) => Ok(PieceId(byte)),
            _ => Err(NoSuchPiece(number)),
        }
    }
}

impl PieceId {
    pub const ALL: [PieceId; 10] = [
        PieceId(0),
        PieceId(1),
        PieceId(2),
        PieceId(3),
        PieceId(4),
        PieceId(5),
        PieceId(6),
        PieceId(7),
        PieceId(8),
        PieceId(9),
    ];

    /// The team whose baseline the piece started on.
    pub fn original_team(self) -> Team {
        if self.0 < 5 {
            Team::A
        } else {
            Team::B
        }
    }

    /// Its tower spot, 0–4, on the original team's baseline.
    pub fn spot(self) -> usize {
        usize::from(self.0 % 5)
    }
}

/// A set of pieces, a bit each: what stands where, what one stick felled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PieceSet(u16);

impl PieceSet {
    pub const EMPTY: PieceSet = PieceSet(0);

    /// The five pieces that start a game as `team`'s towers.
    pub const fn started_on(team: Team) -> PieceSet {
        match team {
            Team::A => PieceSet(0b11111),
            Team::B => PieceSet(0b11111 << 5),
        }
    }

    pub fn insert(&mut self, piece: PieceId) {
        self.0 |= 1 << piece.0;
    }

    /// Inserts `piece` when `condition` holds, without a branch (for
    /// random conditions, such as whether a simulated stick fells it).
    pub fn insert_if(&mut self, piece: PieceId, condition: bool) {
        self.0 |= u16::from(condition) << piece.0;
    }

    pub fn remove(&mut self, piece: PieceId) {
        self.0 &= !(1 << piece.0);
    }

    pub fn contains(self, piece: PieceId) -> bool {
        self.0 & (1 << piece.0) != 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The piece with the lowest number.
    pub fn first(self) -> Option<PieceId> {
        self.iter().next()
    }

    pub fn union(self, other: PieceSet) -> PieceSet {
        PieceSet(self.0 | other.0)
    }

    /// The pieces in both sets.
    pub fn intersection(self, other: PieceSet) -> PieceSet {
        PieceSet(self.0 & other.0)
    }

    /// The pieces of `self` that are not in `other`.
    pub fn minus(self, other: PieceSet) -> PieceSet {
        PieceSet(self.0 & !other.0)
    }

    /// In ascending order of number.
    pub fn iter(self) -> Pieces {
        Pieces(self.0)
    }
}

impl FromIterator<PieceId> for PieceSet {
    fn from_iter<I: IntoIterator<Item = PieceId>>(pieces: I) -> PieceSet {
        let mut set = PieceSet::EMPTY;
        for piece in pieces {
            set.insert(piece);
        }
        set
    }
}

impl IntoIterator for PieceSet {
    type Item = PieceId;
    type IntoIter = Pieces;

    fn into_iter(self) -> Pieces {
        self.iter()
    }
}

/// The pieces of a [`PieceSet`], lowest number first.
#[derive(Clone, Debug)]
pub struct Pieces(u16);

impl Iterator for Pieces {
    type Item = PieceId;

    fn next(&mut self) -> Option<PieceId> {
        if self.0 == 0 {
            return None;
        }
        let lowest = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(PieceId(lowest))
    }
}

/// Text that names no piece.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{given}' is not a piece: A1-A5 or B1-B5 (team and tower spot it started on)")]
pub struct NotAPiece {
    pub given: String,
}

impl std::str::FromStr for PieceId {
    type Err = NotAPiece;

    /// `A1`–`A5`, `B1`–`B5` (case-insensitive).
    fn from_str(text: &str) -> Result<PieceId, NotAPiece> {
        let bad = || NotAPiece { given: text.into() };
        let mut chars = text.chars();
        let team = match chars.next().map(|c| c.to_ascii_uppercase()) {
            Some('A') => 0,
            Some('B') => 5,
            _ => return Err(bad()),
        };
        match (chars.next().and_then(|c| c.to_digit(10)), chars.next()) {
            (Some(spot @ 1..=5), None) => Ok(PieceId(team + spot as u8 - 1)),
            _ => Err(bad()),
        }
    }
}

impl std::fmt::Display for PieceId {
    /// `A1`–`A5`, `B1`–`B5`: original team and tower spot. A number that
    /// names no piece (only code can make one) is written as the number,
    /// `piece 21`, never as a real piece's name.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0 > 9 {
            return write!(f, "piece {}", self.0);
        }
        write!(f, "{}{}", self.original_team(), self.spot() + 1)
    }
}

/// How a stick of the starting throw met the king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KingContact {
    None,
    Touched,
    Felled,
}

/// One team's stick in the starting throw.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lag {
    /// Metres from the king where the stick came to rest.
    pub distance: f64,
    pub king: KingContact,
}

/// What one stick did. Written `"miss"`, `"foul"` or `{"hit": {…}}`, and
/// read in exactly those forms, wherever the JSON comes from (a stick
/// inside an event is buffered by serde before it is read, and serde's
/// buffer once took `{"miss": {}}` for `"miss"` where the API's reader
/// did not: one reader, [`Deserialize`] below, decides for both).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StickOutcome {
    Miss,
    /// Not underhand, or from in front of the line: whatever fell is raised.
    Foul,
    Hit {
        #[serde(default)]
        knights: Vec<PieceId>,
        #[serde(default)]
        towers: Vec<PieceId>,
        #[serde(default)]
        king: bool,
    },
}

/// The fields of `{"hit": {…}}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HitFields {
    #[serde(default)]
    knights: Vec<PieceId>,
    #[serde(default)]
    towers: Vec<PieceId>,
    #[serde(default)]
    king: bool,
}

impl<'de> Deserialize<'de> for StickOutcome {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<StickOutcome, D::Error> {
        deserializer.deserialize_any(OutcomeVisitor)
    }
}

struct OutcomeVisitor;

const OUTCOMES: &[&str] = &["miss", "foul", "hit"];

impl<'de> serde::de::Visitor<'de> for OutcomeVisitor {
    type Value = StickOutcome;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(r#"a stick outcome: "miss", "foul" or {"hit": {"knights": [...], "towers": [...], "king": false}}"#)
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<StickOutcome, E> {
        match text {
            "miss" => Ok(StickOutcome::Miss),
            "foul" => Ok(StickOutcome::Foul),
            "hit" => Err(E::custom(
                r#"a hit names what fell: {"hit": {"knights": [...], "towers": [...], "king": false}}"#,
            )),
            other => Err(E::unknown_variant(other, OUTCOMES)),
        }
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<StickOutcome, A::Error> {
        use serde::de::Error;
        let Some(key) = map.next_key::<String>()? else {
            return Err(A::Error::invalid_length(0, &self));
        };
        let outcome = match key.as_str() {
            "hit" => {
                let HitFields {
                    knights,
                    towers,
                    king,
                } = map.next_value()?;
                StickOutcome::Hit {
                    knights,
                    towers,
                    king,
                }
            }
            "miss" | "foul" => {
                return Err(A::Error::custom(format!(
                    r#"{key} is written "{key}", a string without fields"#
                )))
            }
            other => return Err(A::Error::unknown_variant(other, OUTCOMES)),
        };
        if map.next_key::<serde::de::IgnoredAny>()?.is_some() {
            return Err(A::Error::custom(
                "a stick outcome is one of miss, foul or hit, not several",
            ));
        }
        Ok(outcome)
    }
}

/// A team's name and players, as the referee records them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamInfo {
    pub name: Name,
    /// Empty: anyone may throw for the team.
    #[serde(default)]
    pub players: Vec<Name>,
}

impl TeamInfo {
    /// Whether `player` is on the team's list (an empty list takes anyone).
    pub fn fields(&self, player: &str) -> bool {
        self.players.is_empty() || self.players.iter().any(|p| p == player)
    }
}

/// An event of a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// The teams and their players, before the first game starts.
    Teams { a: TeamInfo, b: TeamInfo },
    /// Both teams' starting throws; the rules decide who starts.
    StartingThrow { a: Lag, b: Lag },
    /// The starting team, decided some other way (by choice, or a record
    /// that does not say).
    Start { team: Team },
    /// One inkast attempt of the current piece.
    Inkast {
        player: String,
        landed_in: bool,
        #[serde(default)]
        at: Option<Point>,
        #[serde(default)]
        king_felled: bool,
    },
    /// The defenders place a piece that landed out on every attempt.
    Placement {
        #[serde(default)]
        at: Option<Point>,
    },
    /// One stick of the throwing phase.
    Stick {
        player: String,
        outcome: StickOutcome,
    },
    /// After a game, the next game of the match (the other team starts).
    /// (Braces, not a unit variant, so that unknown fields are refused.)
    NextGame {},
    /// The inkasting team knocks a knight it left standing in the
    /// opponent's half out with an inkasted piece: a rescue (U.S. rules
    /// II.C.5; Planet Kubb's `Q`). The knight is thrown in again with the
    /// turn's inkast.
    Rescue { player: String, piece: PieceId },
    /// The referee calls time (the match's time limit has run out): the
    /// team throwing finishes its turn, then the tie-break decides.
    TimeCalled {},
}

#[cfg(test)]
mod tests {
    use super::{Event, PieceId, PieceSet, StickOutcome};

    /// Found by fuzzing (`fuzz/`, target `kubb_event_json`) and by a
    /// reader: a piece number is checked where it is read, so no event
    /// read from JSON names a piece that does not exist (a rescue of
    /// piece 21 once indexed past the ten pieces).
    #[test]
    fn piece_numbers_above_9_are_refused_where_they_are_read() {
        for number in 0..=9u8 {
            let read: PieceId = serde_json::from_str(&number.to_string()).unwrap();
            assert_eq!(read, PieceId(number));
            assert_eq!(serde_json::to_string(&read).unwrap(), number.to_string());
        }
        for bad in ["10", "21", "255", "256", "18446744073709551615"] {
            let error = serde_json::from_str::<PieceId>(bad)
                .unwrap_err()
                .to_string();
            assert!(
                error.starts_with(&format!("there is no piece number {bad}")),
                "{error}"
            );
        }
        assert!(serde_json::from_str::<PieceId>("-1").is_err());
        assert!(serde_json::from_str::<PieceId>("\"B2\"").is_err());
        let rescue = r#"{"event":"rescue","player":"bob","piece":21}"#;
        let error = serde_json::from_str::<Event>(rescue)
            .unwrap_err()
            .to_string();
        assert!(error.contains("there is no piece number 21"), "{error}");
        let hit = r#"{"event":"stick","player":"bob","outcome":{"hit":{"towers":[5,12]}}}"#;
        let error = serde_json::from_str::<Event>(hit).unwrap_err().to_string();
        assert!(error.contains("there is no piece number 12"), "{error}");
    }

    /// A piece number only code can make is never named as a real piece
    /// (a refused rescue of piece 21 once named it B2).
    #[test]
    fn a_number_that_is_no_piece_is_not_named_as_one() {
        assert_eq!(PieceId(21).to_string(), "piece 21");
        assert_eq!(PieceId(10).to_string(), "piece 10");
        assert_eq!(PieceId(6).to_string(), "B2");
    }

    /// One reader for stick outcomes: `{"miss": {}}` was refused by the
    /// API and taken by the log reader (serde buffers an event's fields,
    /// and its buffer read an empty map as "no fields"). Both read an
    /// outcome through the same visitor now, alone or inside an event.
    #[test]
    fn stick_outcomes_are_read_in_their_written_forms_only_alone_or_in_an_event() {
        let good = [
            (r#""miss""#, StickOutcome::Miss),
            (r#""foul""#, StickOutcome::Foul),
            (
                r#"{"hit":{"knights":[1],"towers":[],"king":true}}"#,
                StickOutcome::Hit {
                    knights: vec![PieceId(1)],
                    towers: vec![],
                    king: true,
                },
            ),
            (
                r#"{"hit":{}}"#,
                StickOutcome::Hit {
                    knights: vec![],
                    towers: vec![],
                    king: false,
                },
            ),
        ];
        for (text, outcome) in good {
            assert_eq!(serde_json::from_str::<StickOutcome>(text).unwrap(), outcome);
            let event = format!(r#"{{"event":"stick","player":"p","outcome":{text}}}"#);
            let read: Event = serde_json::from_str(&event).unwrap();
            assert_eq!(
                read,
                Event::Stick {
                    player: "p".into(),
                    outcome: outcome.clone()
                }
            );
            let written = serde_json::to_string(&outcome).unwrap();
            assert_eq!(
                serde_json::from_str::<StickOutcome>(&written).unwrap(),
                outcome
            );
        }
        for bad in [
            r#"{"miss":{}}"#,
            r#"{"miss":null}"#,
            r#"{"foul":{}}"#,
            r#"{}"#,
            r#"{"hit":{},"miss":{}}"#,
            r#"{"hit":{"towers":[1],"queen":true}}"#,
            r#""hit""#,
            r#""miss ""#,
            r#"{"Miss":{}}"#,
            r#"7"#,
        ] {
            assert!(serde_json::from_str::<StickOutcome>(bad).is_err(), "{bad}");
            let event = format!(r#"{{"event":"stick","player":"p","outcome":{bad}}}"#);
            assert!(serde_json::from_str::<Event>(&event).is_err(), "{event}");
            let log = format!(
                "{{\"format\":\"towers-kubb-events\",\"version\":1,\"ruleset\":\"standard\"}}\n{event}\n"
            );
            let error = crate::log::read(&log, Default::default()).unwrap_err();
            assert_eq!(error.line, 2, "{bad}");
        }
        let error = serde_json::from_str::<StickOutcome>(r#"{"miss":{}}"#)
            .unwrap_err()
            .to_string();
        assert!(error.starts_with(r#"miss is written "miss""#), "{error}");
    }

    #[test]
    fn piece_names_round_trip_and_bad_ones_are_refused() {
        for id in PieceId::ALL {
            assert_eq!(id.to_string().parse::<PieceId>(), Ok(id));
        }
        assert_eq!("b3".parse::<PieceId>(), Ok(PieceId(7)));
        for bad in ["C1", "A0", "A6", "A", "A11", ""] {
            assert!(bad.parse::<PieceId>().is_err(), "{bad}");
        }
        assert_eq!(
            "C1".parse::<PieceId>().unwrap_err().to_string(),
            "'C1' is not a piece: A1-A5 or B1-B5 (team and tower spot it started on)"
        );
    }

    #[test]
    fn a_piece_set_holds_each_piece_once_and_lists_them_in_order() {
        let set: PieceSet = [PieceId(7), PieceId(2), PieceId(7), PieceId(9)]
            .into_iter()
            .collect();
        assert_eq!(set.len(), 3);
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            [PieceId(2), PieceId(7), PieceId(9)]
        );
        assert!(set.contains(PieceId(9)) && !set.contains(PieceId(0)));
        let two: PieceSet = [PieceId(2)].into_iter().collect();
        assert_eq!(set.minus(two).first(), Some(PieceId(7)));
        assert_eq!(set.union(two), set);
        let mut without = set;
        without.remove(PieceId(7));
        assert_eq!(without.iter().collect::<Vec<_>>(), [PieceId(2), PieceId(9)]);
        assert!(PieceSet::EMPTY.is_empty() && PieceSet::EMPTY.first().is_none());
    }
}
