//! Match states given instead of played to: the counterfactuals advice,
//! calibration and tests ask about ("this match at 1–1, team B to start
//! the third game", "this match, won by team A").
//!
//! A builder takes what the state should be and reaches it by the rules
//! ([`Match::act`]), so every state it builds is one a match can reach; it
//! refuses, with a [`BuildError`], what no match can.

use crate::event::{Event, TeamInfo};
use crate::field::Team;
use crate::game::{Action, Hit, Match};
use crate::ruleset::Ruleset;

/// Why no match reaches the state a [`MatchBuilder`] was given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    #[error(
        "team {team} cannot have won {games} game(s): under the {ruleset} rules {needed} win the match"
    )]
    TooManyGames {
        team: Team,
        games: u8,
        needed: u8,
        ruleset: &'static str,
    },
    #[error("both teams cannot have won the match ({needed} game(s) each)")]
    BothWon { needed: u8 },
    /// Games after the first start without a starting throw (the
    /// starting team alternates), so the builder must be told which.
    #[error("after {played} game(s) a game starts without a starting throw: name the team that starts it")]
    StartingTeamNeeded { played: u8 },
}

/// A match state by its games won, the team that starts (or started) the
/// current game, and the teams; see [`Match::builder`].
#[derive(Clone, Debug)]
pub struct MatchBuilder {
    ruleset: Ruleset,
    games_won: [u8; 2],
    starting_team: Option<Team>,
    teams: Option<[TeamInfo; 2]>,
}

impl Match {
    /// A builder of a state of a match under `ruleset`: by default its
    /// start, waiting for the starting throw.
    pub fn builder(ruleset: Ruleset) -> MatchBuilder {
        MatchBuilder {
            ruleset,
            games_won: [0; 2],
            starting_team: None,
            teams: None,
        }
    }
}

impl MatchBuilder {
    /// Games `team` has won so far. When that wins the match, the state
    /// is its end, the deciding game over.
    pub fn games_won(mut self, team: Team, games: u8) -> MatchBuilder {
        self.games_won[team.index()] = games;
        self
    }

    /// The team that starts the current game (or started the deciding
    /// one): it throws first. Needed once a game has been played; in the
    /// first game, without it the match waits for the starting throw.
    pub fn starting_team(mut self, team: Team) -> MatchBuilder {
        self.starting_team = Some(team);
        self
    }

    /// The teams' names and players.
    pub fn teams(mut self, a: TeamInfo, b: TeamInfo) -> MatchBuilder {
        self.teams = Some([a, b]);
        self
    }

    /// The state, reached by the rules: each game played is lost by the
    /// team that knocks the king over with its first stick, before the
    /// field is clear (the quickest legal end of a game, under any
    /// ruleset), its starting team throwing first.
    pub fn build(self) -> Result<Match, BuildError> {
        let needed = self.ruleset.games_to_win;
        for team in Team::BOTH {
            let games = self.games_won[team.index()];
            if games > needed {
                return Err(BuildError::TooManyGames {
                    team,
                    games,
                    needed,
                    ruleset: self.ruleset.name,
                });
            }
        }
        if self.games_won == [needed; 2] {
            return Err(BuildError::BothWon { needed });
        }
        let mut state = Match::new(self.ruleset);
        if let Some([a, b]) = self.teams {
            state = state
                .apply(&Event::Teams { a, b })
                .expect("a new match takes its teams");
        }
        let played = self.games_won[0] + self.games_won[1];
        let current = match (played, self.starting_team) {
            (0, None) => return Ok(state),
            (_, Some(team)) => team,
            (played, None) => return Err(BuildError::StartingTeamNeeded { played }),
        };
        let legal = "the builder plays legal actions";
        let decided = Team::BOTH
            .into_iter()
            .find(|&team| self.games_won[team.index()] == needed);
        // The games' winners in order, the match winner's deciding game last.
        let mut left = self.games_won;
        if let Some(winner) = decided {
            left[winner.index()] -= 1;
        }
        let winners: Vec<Team> = Team::BOTH
            .into_iter()
            .flat_map(|team| std::iter::repeat_n(team, usize::from(left[team.index()])))
            .chain(decided)
            .collect();
        // The current game is the last played when the match is decided,
        // else the one after; the starting team alternates from game to game.
        let current_game = if decided.is_some() {
            played - 1
        } else {
            played
        };
        let first = if current_game % 2 == 0 {
            current
        } else {
            current.other()
        };
        state.act(Action::Start(first)).expect(legal);
        for (game, &winner) in winners.iter().enumerate() {
            if game > 0 {
                state.act(Action::NextGame).expect(legal);
            }
            let loser = winner.other();
            while state.thrower() != loser {
                state.act(Action::Stick(Hit::default())).expect(legal);
            }
            let king = Hit {
                king: true,
                ..Hit::default()
            };
            state.act(Action::Stick(king)).expect(legal);
        }
        if decided.is_none() && played > 0 {
            state.act(Action::NextGame).expect(legal);
        }
        debug_assert_eq!(state.starting_team(), Some(current));
        Ok(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Phase;
    use crate::PieceId;

    /// A match between games is the next game's fresh field, its starting
    /// team throwing: what `NextGame` leaves.
    #[test]
    fn a_match_at_one_all_is_the_third_game_starting() {
        let state = Match::builder(Ruleset::STANDARD)
            .games_won(Team::A, 1)
            .games_won(Team::B, 1)
            .starting_team(Team::B)
            .build()
            .unwrap();
        assert_eq!([state.games_won(Team::A), state.games_won(Team::B)], [1, 1]);
        assert_eq!(state.winner(), None);
        assert_eq!(state.phase(), &Phase::Throwing);
        assert_eq!(
            (state.thrower(), state.starting_team()),
            (Team::B, Some(Team::B))
        );
        assert_eq!((state.turns_completed(), state.sticks_left()), (0, 6));
        assert!(state.king_standing());
        assert_eq!(
            state.standing_towers(Team::A).len() + state.standing_towers(Team::B).len(),
            10
        );
    }

    /// A decided match is its end: the deciding game over, nothing more to
    /// play.
    #[test]
    fn a_decided_match_is_over() {
        let state = Match::builder(Ruleset::STANDARD)
            .games_won(Team::A, 2)
            .starting_team(Team::A)
            .build()
            .unwrap();
        assert_eq!(state.winner(), Some(Team::A));
        assert_eq!(state.games_won(Team::B), 0);
        assert!(matches!(state.phase(), Phase::GameOver(end) if end.winner == Some(Team::A)));
        assert!(!state.king_standing());
        assert_eq!(state.starting_team(), Some(Team::A));
        assert!(state.apply(&Event::NextGame {}).is_err());
    }

    #[test]
    fn the_first_game_waits_for_its_starting_throw_unless_told_its_starting_team() {
        let teams = (
            TeamInfo {
                name: "Vikings".parse().unwrap(),
                players: vec!["ann".parse().unwrap()],
            },
            TeamInfo {
                name: "Danes".parse().unwrap(),
                players: vec![],
            },
        );
        let waiting = Match::builder(Ruleset::SEED)
            .teams(teams.0.clone(), teams.1.clone())
            .build()
            .unwrap();
        assert_eq!(waiting.phase(), &Phase::StartingThrow);
        assert_eq!(waiting.team_info(Team::A), &teams.0);
        let started = Match::builder(Ruleset::SEED)
            .starting_team(Team::B)
            .build()
            .unwrap();
        assert_eq!(
            started,
            Match::new(Ruleset::SEED)
                .apply(&Event::Start { team: Team::B })
                .unwrap()
        );
        assert_eq!(
            started.piece(PieceId(0)),
            Match::new(Ruleset::SEED).piece(PieceId(0))
        );
    }

    /// What no match reaches is refused, saying why.
    #[test]
    fn states_no_match_reaches_are_refused() {
        let seed = || Match::builder(Ruleset::SEED);
        assert_eq!(
            seed().games_won(Team::B, 2).starting_team(Team::A).build(),
            Err(BuildError::TooManyGames {
                team: Team::B,
                games: 2,
                needed: 1,
                ruleset: "seed"
            })
        );
        assert_eq!(
            seed()
                .games_won(Team::A, 1)
                .games_won(Team::B, 1)
                .starting_team(Team::A)
                .build(),
            Err(BuildError::BothWon { needed: 1 })
        );
        let error = Match::builder(Ruleset::STANDARD)
            .games_won(Team::A, 1)
            .build()
            .unwrap_err();
        assert_eq!(error, BuildError::StartingTeamNeeded { played: 1 });
        assert_eq!(
            error.to_string(),
            "after 1 game(s) a game starts without a starting throw: name the team that starts it"
        );
    }
}
