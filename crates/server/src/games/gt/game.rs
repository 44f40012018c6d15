//! Guard & Towers behind the game seam: what the server asks of its games.

use guard_towers::record::GameResult;
use tournament::score::Points;
use tournament::{BaselineKubbs, Score};

use super::{Event, GtState, Refusal, Settings, State};
use crate::error::ApiError;
use crate::games::Game;
use crate::listing::{Listing, Outcome, Side};
use crate::ratings::sources::Source;
use crate::status::Status;
use crate::store::{SourceRow, Store};

impl Game for State {
    type Settings = Settings;
    type Event = Event;
    type View = GtState;
    type Refusal = Refusal;

    const IS_A: &'static str = "a Guard & Towers game";
    const RESUMES: bool = true;

    fn new(settings: Settings, created_ms: i64) -> Result<State, Refusal> {
        Ok(State::new(settings, created_ms))
    }

    fn seq(&self) -> i64 {
        self.seq
    }

    fn status(&self) -> Status {
        State::status(self)
    }

    fn listing(&self) -> Listing {
        State::listing(self)
    }

    fn apply(&mut self, event: &Event, at_ms: i64) -> Result<(), Refusal> {
        State::apply(self, event, at_ms)
    }

    fn view(&self, id: &str, now_ms: i64) -> GtState {
        State::view(self, id, now_ms)
    }

    /// Without the move list, which the events themselves carry.
    fn live_view(&self, id: &str, now_ms: i64) -> GtState {
        State::live_view(self, id, now_ms)
    }

    /// `1-0 guard captured`.
    fn result_text(listing: &Listing) -> Option<String> {
        let score = match listing.outcome? {
            Outcome::Won(Side::First) => GameResult::RedWins,
            Outcome::Won(Side::Second) => GameResult::BlueWins,
            Outcome::Drawn => GameResult::Draw,
            Outcome::Undecided => GameResult::Unfinished,
        };
        let termination = listing.termination.as_ref()?;
        Some(format!("{score} {termination}"))
    }

    async fn rated(store: &Store, row: &SourceRow) -> Result<Source, ApiError> {
        super::rated::source(store, row).await
    }

    fn play_just_began(&self) -> bool {
        self.game.moves().len() == 1
    }

    /// A win is two half-points, a draw one each.
    fn tournament_score(&self) -> Option<(Score, Option<BaselineKubbs>)> {
        let (red, blue) = match self.ending.as_ref()?.result {
            GameResult::RedWins => (2, 0),
            GameResult::BlueWins => (0, 2),
            GameResult::Draw => (1, 1),
            GameResult::Unfinished => return None,
        };
        let score = Score::new(Points::from_halves(red), Points::from_halves(blue));
        Some((score, None))
    }

    /// The side to move is not charged for the time no server was up.
    fn downtime_event(&self, since_ms: i64) -> Option<Event> {
        let started = self.turn_started_ms.filter(|_| self.clocks.is_some())?;
        if self.ending.is_some() {
            return None;
        }
        Some(Event::ServerRestarted {
            down_since_ms: since_ms.max(started),
        })
    }
}
