//! Kubb behind the game seam: what the server asks of its matches.

use kubb::Team;
use tournament::score::Points;
use tournament::{BaselineKubbs, Score};

use super::{Event, KubbState, Refusal, Settings, State};
use crate::error::ApiError;
use crate::games::Game;
use crate::listing::{Listing, Outcome, Side};
use crate::ratings::sources::Source;
use crate::status::Status;
use crate::store::{SourceRow, Store};

impl Game for State {
    type Settings = Settings;
    type Event = Event;
    type View = KubbState;
    type Refusal = Refusal;

    const IS_A: &'static str = "a Kubb match";

    fn new(settings: Settings, _created_ms: i64) -> Result<State, Refusal> {
        Ok(State::new(&settings))
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

    fn apply(&mut self, event: &Event, _at_ms: i64) -> Result<(), Refusal> {
        State::apply(self, event)
    }

    fn view(&self, id: &str, _now_ms: i64) -> KubbState {
        State::view(self, id)
    }

    /// `A Vikings`, or `draw`.
    fn result_text(listing: &Listing) -> Option<String> {
        match listing.outcome? {
            Outcome::Won(side) => {
                let team = match side {
                    Side::First => Team::A,
                    Side::Second => Team::B,
                };
                let name = listing.names[side.index()].as_deref().unwrap_or("?");
                Some(format!("{team} {name}"))
            }
            Outcome::Drawn | Outcome::Undecided => Some("draw".into()),
        }
    }

    async fn rated(store: &Store, row: &SourceRow) -> Result<Source, ApiError> {
        super::rated::source(store, row).await
    }

    /// The first event in force after the teams' (an undo back to it and
    /// the next event say so again; the tournament takes the first).
    fn play_just_began(&self) -> bool {
        self.events.len() == 2
    }

    /// Games won, with the towers (baseline kubbs) each team felled, the
    /// base of the baseline-kubb difference; a match is over when won, or
    /// drawn when time was called with the games level.
    fn tournament_score(&self) -> Option<(Score, Option<BaselineKubbs>)> {
        self.current.outcome()?;
        let [a, b] = Team::BOTH.map(|team| u32::from(self.current.games_won(team)));
        let [first, second] = kubb::stats::towers_felled(self.ruleset, &self.events);
        let kubbs = BaselineKubbs { first, second };
        Some((Score::new(Points::whole(a), Points::whole(b)), Some(kubbs)))
    }
}
