//! Playing a tournament's pairings on the server: each pairing of a round
//! becomes a stored Guard & Towers game or Kubb match, made through the
//! game service's own create path, and its result goes back into the
//! tournament when it ends.
//!
//! How a game knows its tournament: it is created with one more seat,
//! `tournament:{id}`, whose token nobody is given. The seats table is
//! durable and shared by every server instance, so the link survives a
//! restart and works on whichever instance commits the game's last event;
//! the token being unknown, the seat is never acted from.
//!
//! Seat tokens of a pairing's game are derived from the organiser's token
//! (a hash of it, the tournament, round, pairing and seat), so that the
//! organiser can ask for them again at any time and nobody else can work
//! them out: the store keeps only the organiser token's hash.
//!
//! A game's result goes into its tournament in the commit of the game's
//! last event ([`in_tournament`], which marks it playing at its first
//! event of play too); [`sync_results`] takes any a
//! tournament still waits for (a game stored before that was so) before
//! each round is paired and each result the organiser gives.

use std::sync::Arc;

use futures_util::future::BoxFuture;

use api::tournament::{PairingGame, SeatToken};
use guard_towers::{Color, Position};
use tournament::event::PairingEntry;
use tournament::{BaselineKubbs, GameKind, Name, Score};

use super::{Event, State};
use crate::app::{App, Entry, Linked, Loaded};
use crate::error::ApiError;
use crate::games::gt::{self, Player};
use crate::games::kubb::{self as kubb_match, Scorer};
use crate::replay;
use crate::seat::Seat;
use crate::security::{new_token, token_hash};
use crate::status::Status;

/// The tournament's state; any other kind is 404, as an unknown id.
pub fn state_of(entry: &Entry) -> Result<&State, ApiError> {
    entry.state.require::<State>()
}

/// Refuses a token that is not the organiser's: 401 without one, 403
/// with another.
pub fn check_organiser(entry: &Entry, token: Option<&str>) -> Result<(), ApiError> {
    if entry.seat_of(token)? == Seat::Organiser {
        Ok(())
    } else {
        Err(
            ApiError::Forbidden("this needs the organiser's token".into())
                .precisely(api::Code::TournamentOrganiserOnly, serde_json::Map::new()),
        )
    }
}

fn seat_token(organiser: &str, tournament: &str, round: u32, index: usize, seat: &Seat) -> String {
    token_hash(&format!(
        "{organiser}\n{tournament}\n{round}\n{index}\n{seat}"
    ))
}

/// The seats a player or scorekeeper acts from in a game of this kind.
fn seats(game: GameKind) -> &'static [Seat] {
    match game {
        GameKind::Gt => &[Seat::Player(Color::Red), Seat::Player(Color::Blue)],
        // The referee's and each team's phone (team A is the first named).
        GameKind::Kubb => &Scorer::SEATS,
    }
}

/// Every game of the tournament with its seat tokens, derived from the
/// organiser's token `organiser` (already checked).
pub fn pairing_games(state: &State, id: &str, organiser: &str, now_ms: i64) -> Vec<PairingGame> {
    let t = &state.tournament;
    let mut games = Vec::new();
    for (round, (pairings, ids)) in t.rounds().iter().zip(&state.games).enumerate() {
        let round = round as u32 + 1;
        for (index, (pairing, game)) in pairings.iter().zip(ids).enumerate() {
            let (Some(second), Some(game)) = (pairing.second, game) else {
                continue;
            };
            let sides = [t.name(pairing.first), t.name(second)];
            let tokens = seats(state.settings.game())
                .iter()
                .enumerate()
                // A bot's seat is held by its account token, not one of these.
                .filter(|(side, _)| !sides.get(*side).is_some_and(|name| state.is_bot(name)))
                .map(|(_, seat)| SeatToken {
                    seat: seat.to_string(),
                    token: seat_token(organiser, id, round, index, seat),
                })
                .collect();
            games.push(PairingGame {
                round,
                first: t.name(pairing.first).clone(),
                second: t.name(second).clone(),
                game: game.clone(),
                tokens,
                course: state.course_view(round, index, now_ms),
            });
        }
    }
    games
}

/// Pairs the next round of the locked tournament, creates the game of
/// each pairing and commits the round with them; returns its number.
pub async fn start_round(
    app: &Arc<App>,
    tournament: &mut Loaded,
    organiser: &str,
) -> Result<u32, ApiError> {
    sync_results(app, tournament).await?;
    let state = state_of(tournament)?;
    let (round, pairings) = state.next_round().map_err(ApiError::from)?;
    let mut games = Vec::with_capacity(pairings.len());
    for (index, pairing) in pairings.iter().enumerate() {
        let game = match &pairing.second {
            None => None,
            Some(_) => {
                let seats = Seats {
                    tournament: &tournament.id,
                    organiser,
                    round,
                    index,
                };
                Some(create_game(app, state, pairing, &seats).await?)
            }
        };
        games.push(game);
    }
    let event = Event::RoundStarted {
        round,
        pairings,
        games,
    };
    app.commit_event(tournament, event, None).await?;
    Ok(round)
}

/// Where a pairing's game is, for its seats' tokens.
struct Seats<'a> {
    tournament: &'a str,
    organiser: &'a str,
    round: u32,
    index: usize,
}

impl Seats<'_> {
    /// The game's seats with their tokens' hashes, the link seat included;
    /// a bot's seat (`bots`, by side) is held by its account token.
    fn hashed(&self, game: GameKind, bots: &[Option<String>]) -> Vec<(Seat, String)> {
        let mut seats: Vec<(Seat, String)> = seats(game)
            .iter()
            .enumerate()
            .map(|(side, seat)| {
                let hash = match bots.get(side) {
                    Some(Some(bot)) => bot.clone(),
                    _ => token_hash(&seat_token(
                        self.organiser,
                        self.tournament,
                        self.round,
                        self.index,
                        seat,
                    )),
                };
                (seat.clone(), hash)
            })
            .collect();
        seats.push((
            Seat::Tournament(self.tournament.to_string()),
            token_hash(&new_token()),
        ));
        seats
    }
}

/// Creates the stored game of a pairing: the first named plays Red or is
/// team A.
async fn create_game(
    app: &Arc<App>,
    state: &State,
    pairing: &PairingEntry,
    seats: &Seats<'_>,
) -> Result<String, ApiError> {
    let second = pairing.second.as_ref().expect("a pairing with a game");
    let game = state.settings.game();
    let entry = match game {
        GameKind::Gt => {
            let mut bots = Vec::new();
            for name in [&pairing.first, second] {
                bots.push(match state.is_bot(name) {
                    true => Some(crate::bots::seat_hash(&app.store, name).await?),
                    false => None,
                });
            }
            let player = |side: usize| match bots[side] {
                Some(_) => Player::Bot,
                None => Player::Human,
            };
            let settings = gt::Settings::new(
                guard_towers::Ruleset::default(),
                Position::start(),
                [player(0), player(1)],
                state.settings.games.time_control,
            )
            .and_then(|settings| settings.rated(true))
            .map_err(ApiError::from)?;
            let joined = |seat, name: &Name| gt::Event::Joined {
                seat,
                name: name.to_string(),
            };
            let events = vec![
                joined(Color::Red, &pairing.first),
                joined(Color::Blue, second),
            ];
            let seats = seats.hashed(game, &bots);
            app.create_seated::<gt::State>(settings, events, seats)
                .await?
        }
        GameKind::Kubb => {
            let settings = state
                .settings
                .games
                .kubb_match(state.settings.owner.rated());
            let team = |name: &Name| {
                let entrant = state
                    .entrant(name)
                    .ok_or_else(|| ApiError::Internal(format!("no entrant '{name}'")))?;
                state.kubb_team(entrant).map_err(ApiError::from)
            };
            let teams = kubb::Event::Teams {
                a: team(&pairing.first)?,
                b: team(second)?,
            };
            let events = vec![kubb_match::Event::Referee { event: teams }];
            let seats = seats.hashed(game, &[]);
            app.create_seated::<kubb_match::State>(settings, events, seats)
                .await?
        }
    };
    Ok(entry.id)
}

/// The tournament a game was created for.
fn tournament_of(entry: &Entry) -> Option<&str> {
    entry.seats.keys().find_map(|seat| match seat {
        Seat::Tournament(id) => Some(id.as_str()),
        _ => None,
    })
}

/// A link of the game service's (see `games::hooks`): the first event of
/// play of a tournament's game marks its pairing playing, and its last
/// event brings its result into the tournament, each in the same commit.
/// The tournament is locked while the game is held (the one order in
/// which the two are ever locked together).
pub fn in_tournament<'a>(app: &'a Arc<App>, game: &'a Entry) -> BoxFuture<'a, Option<Linked>> {
    Box::pin(async move {
        let finished = game.state.status() == Status::Finished;
        if !finished && !game.state.play_just_began() {
            return None;
        }
        let tournament = tournament_of(game)?;
        let entry = match app.lock(tournament).await {
            Ok(entry) => entry,
            Err(error) => {
                // Taken by `sync_results` before the next round instead.
                tracing::warn!(
                    "result of game {} for tournament {tournament}: {error}",
                    game.id
                );
                return None;
            }
        };
        let event = if finished {
            result_event(&entry, &game.id, game.state.tournament_score()?)?
        } else {
            state_of(&entry).ok()?.start_event(&game.id)?
        };
        Some(Linked {
            entry,
            event: event.into(),
        })
    })
}

/// The tournament's event recording a game's result; none once it is
/// recorded.
fn result_event(
    tournament: &Entry,
    game: &str,
    (score, kubbs): (Score, Option<BaselineKubbs>),
) -> Option<Event> {
    state_of(tournament)
        .ok()?
        .game_result_event(game, score, kubbs)
}

/// Takes the result of every finished game the locked tournament still
/// waits for: one stored before results were committed with their games,
/// or whose tournament could not be locked then, or which the tournament
/// refused (a drawn knockout game is left for the organiser). The games
/// are read from the store, not locked: a game is locked before its
/// tournament, never after. A game that no longer replays is skipped: the
/// organiser records its result instead.
pub async fn sync_results(app: &Arc<App>, tournament: &mut Loaded) -> Result<(), ApiError> {
    for game in state_of(tournament)?.open_games() {
        let score = match finished_score(app, &game).await {
            Ok(score) => score,
            Err(error) => {
                tracing::warn!("tournament {} waits on game {game}: {error}", tournament.id);
                None
            }
        };
        let Some(event) = score.and_then(|score| result_event(tournament, &game, score)) else {
            continue;
        };
        match app.commit_event(tournament, event, None).await {
            Err(ApiError::Refused(reason)) => {
                tracing::info!("game {game} is left for the organiser: {reason}");
            }
            other => other?,
        }
    }
    Ok(())
}

/// A stored game's score for its tournament once it is finished. Its row
/// says whether it is, so the games still played are not replayed.
async fn finished_score(
    app: &App,
    game: &str,
) -> Result<Option<(Score, Option<BaselineKubbs>)>, ApiError> {
    let row = replay::stored_row(&app.store, game).await?;
    if row.status != Status::Finished {
        return Ok(None);
    }
    Ok(replay::replayed_from(&app.store, &row)
        .await?
        .tournament_score())
}
