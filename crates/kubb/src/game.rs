//! The state of a match and the pure transition `apply(state, event)`.
//!
//! A match is a series of games; a game starts with the starting throw, then
//! alternates turns. A turn is an inkast phase (when pieces lie in the
//! thrower's half) and a throwing phase of up to 6 sticks.

use std::collections::VecDeque;
use std::fmt;

use crate::event::{Event, KingContact, Lag, PieceId, StickOutcome, TeamInfo};
use crate::field::{Field, Point, Team};
use crate::ruleset::{AdvancedLine, InkastOrder, KingInStartingThrow, Ruleset};

/// What stands, or lies, where.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Piece {
    /// Standing on its team's baseline.
    Tower { team: Team },
    /// A standing field kubb; it belongs to the half it stands in.
    Knight { half: Team, at: Option<Point> },
    /// Knocked over in `half`; that half's team inkasts it next.
    Down { half: Team },
}

/// A team's throwing line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Line {
    Baseline,
    /// Level with a knight in the team's own half (its y when known).
    AtKnight {
        piece: PieceId,
        y: Option<f64>,
    },
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEnd {
    pub winner: Team,
    pub reason: String,
}

/// The part of a turn the referee waits for.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    StartingThrow,
    /// `queue` holds (piece, attempt) still to throw, in order.
    Inkast {
        queue: VecDeque<(PieceId, u8)>,
        to_place: Vec<PieceId>,
    },
    Placement {
        to_place: Vec<PieceId>,
    },
    Throwing,
    GameOver(GameEnd),
}

/// Why an event was refused, in plain words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RuleError(pub String);

fn refuse<T>(message: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError(message.into()))
}

/// A match in progress or finished.
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    pub ruleset: Ruleset,
    pub field: Field,
    pub pieces: [Piece; 10],
    pub king_standing: bool,
    /// The team throwing now.
    pub thrower: Team,
    /// Turns completed in this game.
    pub turns: usize,
    pub sticks_thrown: u8,
    pub phase: Phase,
    pub lines: [Line; 2],
    /// Games won so far in the match.
    pub wins: [u8; 2],
    /// The team that started the current game.
    pub starter: Option<Team>,
    pub teams: [TeamInfo; 2],
}

impl Match {
    pub fn new(ruleset: Ruleset) -> Match {
        Match {
            ruleset,
            field: Field::of(&ruleset),
            pieces: fresh_pieces(),
            king_standing: true,
            thrower: Team::A,
            turns: 0,
            sticks_thrown: 0,
            phase: Phase::StartingThrow,
            lines: [Line::Baseline; 2],
            wins: [0; 2],
            starter: None,
            teams: Team::BOTH.map(|team| TeamInfo {
                name: team.to_string(),
                players: Vec::new(),
            }),
        }
    }

    /// The match winner, once a team has won enough games.
    pub fn winner(&self) -> Option<Team> {
        Team::BOTH
            .into_iter()
            .find(|team| self.wins[team.index()] >= self.ruleset.games_to_win)
    }

    /// Sticks the thrower has left in this turn.
    pub fn sticks_left(&self) -> u8 {
        self.ruleset.sticks_in_turn(self.turns) - self.sticks_thrown
    }

    pub fn piece(&self, id: PieceId) -> Piece {
        self.pieces[usize::from(id.0)]
    }

    /// The opponent's towers still standing.
    pub fn standing_towers(&self, team: Team) -> Vec<PieceId> {
        PieceId::ALL
            .into_iter()
            .filter(|&id| self.piece(id) == Piece::Tower { team })
            .collect()
    }

    /// Whether `piece` stands as a knight in `half`.
    pub fn is_knight_in(&self, piece: PieceId, half: Team) -> bool {
        matches!(self.piece(piece), Piece::Knight { half: h, .. } if h == half)
    }

    /// Knights standing in `half`.
    pub fn standing_knights(&self, half: Team) -> Vec<PieceId> {
        PieceId::ALL
            .into_iter()
            .filter(|&id| self.is_knight_in(id, half))
            .collect()
    }

    /// Pieces lying in `half`, to be inkasted by its team.
    pub fn down_in(&self, half: Team) -> Vec<PieceId> {
        PieceId::ALL
            .into_iter()
            .filter(|&id| self.piece(id) == Piece::Down { half })
            .collect()
    }

    /// Knights in `half` ordered from the one nearest the centre line; a
    /// knight without a known position comes after those with one.
    pub fn knights_foremost_first(&self, half: Team) -> Vec<PieceId> {
        let mut knights = self.standing_knights(half);
        knights.sort_by(|&a, &b| {
            let depth = |id| match self.piece(id) {
                Piece::Knight { at: Some(at), .. } => self.field.from_centre_line(at),
                _ => f64::INFINITY,
            };
            depth(a).total_cmp(&depth(b)).then(a.cmp(&b))
        });
        knights
    }

    /// What the thrower may hit now and have it count: the knights in the
    /// opponent's half, or, when none stands, the opponent's towers.
    pub fn counting_targets(&self) -> Vec<PieceId> {
        let opponent = self.thrower.other();
        let knights = self.standing_knights(opponent);
        if knights.is_empty() {
            self.standing_towers(opponent)
        } else {
            knights
        }
    }

    /// Whether the thrower may throw at the king with its next stick, and
    /// if not, why not.
    pub fn king_attack(&self) -> Result<(), String> {
        let opponent = self.thrower.other();
        let knights = self.standing_knights(opponent).len();
        let towers = self.standing_towers(opponent).len();
        if knights > 0 || towers > 0 {
            return Err(format!(
                "team {opponent} still has {towers} tower(s) and {knights} knight(s) standing in its half"
            ));
        }
        let needed = self.ruleset.king_sticks_in_hand;
        if self.sticks_left() < needed {
            return Err(format!(
                "the {} ruleset allows a throw at the king only with at least {needed} sticks in hand; team {} has {}",
                self.ruleset.name,
                self.thrower,
                self.sticks_left()
            ));
        }
        Ok(())
    }

    /// Applies one event; the state is unchanged when it is refused.
    pub fn apply(&self, event: &Event) -> Result<Match, RuleError> {
        if let Some(winner) = self.winner() {
            return refuse(format!("the match is over: team {winner} has won it"));
        }
        self.check_player(event)?;
        let mut next = self.clone();
        match (&self.phase, event) {
            (Phase::StartingThrow, Event::Teams { a, b }) if self.wins == [0, 0] => {
                next.teams = [a.clone(), b.clone()];
                Ok(())
            }
            (Phase::StartingThrow, Event::StartingThrow { a, b }) => next.starting_throw(*a, *b),
            (Phase::StartingThrow, Event::Start { team }) => {
                next.start_game(*team);
                Ok(())
            }
            (
                Phase::Inkast { .. },
                Event::Inkast {
                    landed_in,
                    at,
                    king_felled,
                    ..
                },
            ) => next.inkast(*landed_in, *at, *king_felled),
            (Phase::Placement { .. }, Event::Placement { at }) => next.placement(*at),
            (Phase::Throwing, Event::Stick { outcome, .. }) => next.stick(outcome),
            (Phase::GameOver(_), Event::NextGame) => {
                next.next_game();
                Ok(())
            }
            (phase, event) => refuse(format!(
                "{} is not possible now: {}",
                event_name(event),
                expectation(phase)
            )),
        }?;
        Ok(next)
    }

    /// A player named in a team's list must throw for that team.
    fn check_player(&self, event: &Event) -> Result<(), RuleError> {
        let player = match event {
            Event::Stick { player, .. } | Event::Inkast { player, .. } => player,
            _ => return Ok(()),
        };
        let team = &self.teams[self.thrower.index()];
        if team.players.is_empty() || team.players.contains(player) {
            return Ok(());
        }
        refuse(format!(
            "{player} does not play for {} (team {}): its players are {}",
            team.name,
            self.thrower,
            team.players.join(", ")
        ))
    }

    fn starting_throw(&mut self, a: Lag, b: Lag) -> Result<(), RuleError> {
        let loses = |lag: Lag| match self.ruleset.king_in_starting_throw {
            KingInStartingThrow::TouchLoses => lag.king != KingContact::None,
            KingInStartingThrow::FellingLoses => lag.king == KingContact::Felled,
        };
        if !(a.distance >= 0.0 && b.distance >= 0.0) {
            return refuse("a starting-throw distance must be a number of metres, 0 or more");
        }
        let starter = match (loses(a), loses(b)) {
            (true, false) => Team::B,
            (false, true) => Team::A,
            (true, true) => return refuse("both starting throws broke the king rule: throw again"),
            (false, false) if a.distance < b.distance => Team::A,
            (false, false) if b.distance < a.distance => Team::B,
            _ => return refuse("the starting throws are equally close to the king: throw again"),
        };
        self.start_game(starter);
        Ok(())
    }

    fn start_game(&mut self, starter: Team) {
        self.starter = Some(starter);
        self.thrower = starter;
        self.phase = Phase::Throwing;
    }

    fn inkast(
        &mut self,
        landed_in: bool,
        at: Option<Point>,
        king_felled: bool,
    ) -> Result<(), RuleError> {
        let Phase::Inkast { queue, to_place } = &mut self.phase else {
            unreachable!("checked by apply")
        };
        let (piece, attempt) = queue
            .pop_front()
            .expect("an inkast phase has a piece to throw");
        let target = self.thrower.other();
        if king_felled {
            self.end_game(
                target,
                format!(
                    "team {} knocked the king over with an inkasted piece",
                    self.thrower
                ),
            );
            return Ok(());
        }
        if landed_in {
            if let Some(point) = at {
                if !self.field.in_half(target, point) {
                    return refuse(format!(
                        "{point} is not in team {target}'s half: an inkasted piece that lands there is out"
                    ));
                }
            }
            self.pieces[usize::from(piece.0)] = Piece::Knight { half: target, at };
        } else if attempt < self.ruleset.inkast_attempts {
            match self.ruleset.inkast_order {
                InkastOrder::PieceByPiece => queue.push_front((piece, attempt + 1)),
                InkastOrder::FirstAttemptsFirst => queue.push_back((piece, attempt + 1)),
            }
        } else {
            to_place.push(piece);
        }
        if queue.is_empty() {
            self.phase = if to_place.is_empty() {
                Phase::Throwing
            } else {
                Phase::Placement {
                    to_place: std::mem::take(to_place),
                }
            };
        }
        Ok(())
    }

    fn placement(&mut self, at: Option<Point>) -> Result<(), RuleError> {
        let defenders = self.thrower.other();
        if let Some(point) = at {
            if !self.field.in_half(defenders, point) {
                return refuse(format!(
                    "team {defenders} must place the piece in its own half; {point} is not"
                ));
            }
            let from_king = point.distance(self.field.king());
            if from_king < self.ruleset.placement_from_king {
                return refuse(format!(
                    "a placed piece must stand at least one stick length ({:.2} m) from the king; {point} is {from_king:.2} m away",
                    self.ruleset.placement_from_king
                ));
            }
            if let Some(minimum) = self.ruleset.placement_from_corners {
                if self
                    .field
                    .corners()
                    .iter()
                    .any(|c| c.distance(point) < minimum)
                {
                    return refuse(format!(
                        "the {} ruleset keeps a placed piece at least {minimum:.2} m from the corner stakes; {point} is closer",
                        self.ruleset.name
                    ));
                }
            }
        }
        let Phase::Placement { to_place } = &mut self.phase else {
            unreachable!("checked by apply")
        };
        let piece = to_place.remove(0);
        self.pieces[usize::from(piece.0)] = Piece::Knight {
            half: defenders,
            at,
        };
        if to_place.is_empty() {
            self.phase = Phase::Throwing;
        }
        Ok(())
    }

    fn stick(&mut self, outcome: &StickOutcome) -> Result<(), RuleError> {
        if let StickOutcome::Hit {
            knights,
            towers,
            king,
        } = outcome
        {
            self.check_hit(knights, towers)?;
            if *king {
                let result = self.king_attack();
                match result {
                    Ok(()) if knights.is_empty() && towers.is_empty() => {
                        self.end_game(
                            self.thrower,
                            format!("team {} knocked the king over", self.thrower),
                        );
                    }
                    Ok(()) => unreachable!("no targets stand when the king may be attacked"),
                    Err(why) => {
                        let loser = self.thrower;
                        self.end_game(
                            loser.other(),
                            format!("team {loser} knocked the king over too early: {why}"),
                        );
                    }
                }
                return Ok(());
            }
            let opponent = self.thrower.other();
            for &piece in knights.iter().chain(towers) {
                self.pieces[usize::from(piece.0)] = Piece::Down { half: opponent };
            }
        }
        self.sticks_thrown += 1;
        if self.sticks_left() == 0 {
            self.end_turn();
        }
        Ok(())
    }

    /// Knights must stand in the opponent's half; towers must be the
    /// opponent's and may count only when no knight stands there.
    fn check_hit(&self, knights: &[PieceId], towers: &[PieceId]) -> Result<(), RuleError> {
        let opponent = self.thrower.other();
        let mut seen = Vec::new();
        for &piece in knights.iter().chain(towers) {
            if piece.0 > 9 {
                return refuse(format!("there is no piece number {}", piece.0));
            }
            if seen.contains(&piece) {
                return refuse(format!("{piece} is listed twice for one stick"));
            }
            seen.push(piece);
        }
        for &piece in knights {
            if !self.is_knight_in(piece, opponent) {
                return refuse(format!(
                    "{piece} is not a knight standing in team {opponent}'s half"
                ));
            }
        }
        let standing = self.standing_knights(opponent).len();
        for &piece in towers {
            if self.piece(piece) != (Piece::Tower { team: opponent }) {
                return refuse(format!(
                    "{piece} is not a standing tower of team {opponent}"
                ));
            }
            if standing > 0 {
                return refuse(format!(
                    "tower {} of team {opponent} cannot count: {standing} knight(s) still stand in team {opponent}'s half; it is raised again",
                    piece.spot() + 1
                ));
            }
        }
        Ok(())
    }

    fn end_turn(&mut self) {
        let finished = self.thrower;
        let next = finished.other();
        if self.ruleset.advanced_line == AdvancedLine::UntilThatKnightFalls {
            self.lines[next.index()] = self.kept_or_new_line(next);
        }
        self.thrower = next;
        self.turns += 1;
        self.sticks_thrown = 0;
        if self.ruleset.advanced_line == AdvancedLine::RecomputedEachTurn {
            self.lines[next.index()] = self.foremost_line(next);
        }
        let down = self.down_in(next);
        self.phase = if down.is_empty() {
            Phase::Throwing
        } else {
            Phase::Inkast {
                queue: down.into_iter().map(|piece| (piece, 1)).collect(),
                to_place: Vec::new(),
            }
        };
    }

    /// Seed: a line stays while its knight stands; otherwise it moves to
    /// the foremost knight left standing, or back to the baseline.
    fn kept_or_new_line(&self, team: Team) -> Line {
        match self.line(team) {
            Line::Baseline => self.foremost_line(team),
            kept => kept,
        }
    }

    fn foremost_line(&self, team: Team) -> Line {
        match self.knights_foremost_first(team).first() {
            None => Line::Baseline,
            Some(&piece) => Line::AtKnight {
                piece,
                y: match self.piece(piece) {
                    Piece::Knight { at, .. } => at.map(|p| p.y),
                    _ => None,
                },
            },
        }
    }

    fn end_game(&mut self, winner: Team, reason: String) {
        self.wins[winner.index()] += 1;
        // Every game ends with the king on the grass, legally or not.
        self.king_standing = false;
        self.phase = Phase::GameOver(GameEnd { winner, reason });
    }

    /// A fresh field for the next game of the match; the other team starts.
    fn next_game(&mut self) {
        let starter = self.starter.map_or(Team::A, Team::other);
        let (wins, teams) = (self.wins, self.teams.clone());
        *self = Match::new(self.ruleset);
        self.wins = wins;
        self.teams = teams;
        self.start_game(starter);
    }

    /// The line the current thrower throws from. The seed line is cleared
    /// as soon as its knight falls.
    pub fn line(&self, team: Team) -> Line {
        match self.lines[team.index()] {
            Line::AtKnight { piece, .. } if !self.is_knight_in(piece, team) => Line::Baseline,
            line => line,
        }
    }
}

fn fresh_pieces() -> [Piece; 10] {
    PieceId::ALL.map(|id| Piece::Tower {
        team: id.original_team(),
    })
}

fn event_name(event: &Event) -> &'static str {
    match event {
        Event::Teams { .. } => "naming the teams",
        Event::StartingThrow { .. } => "a starting throw",
        Event::Start { .. } => "choosing the starting team",
        Event::Inkast { .. } => "an inkast throw",
        Event::Placement { .. } => "placing a piece",
        Event::Stick { .. } => "a stick throw",
        Event::NextGame => "starting the next game",
    }
}

fn expectation(phase: &Phase) -> String {
    match phase {
        Phase::StartingThrow => "the game starts with the starting throw".into(),
        Phase::Inkast { queue, .. } => format!("{} inkast throw(s) come first", queue.len()),
        Phase::Placement { to_place } => format!(
            "the defenders must first place {} piece(s) that landed out twice",
            to_place.len()
        ),
        Phase::Throwing => "the thrower is throwing sticks".into(),
        Phase::GameOver(end) => {
            format!("the game is over: team {} won ({})", end.winner, end.reason)
        }
    }
}

impl fmt::Display for Match {
    /// A summary a referee can read out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "ruleset {}, games won A {} B {}",
            self.ruleset.name, self.wins[0], self.wins[1]
        )?;
        match &self.phase {
            Phase::GameOver(end) => {
                writeln!(f, "game over: team {} won ({})", end.winner, end.reason)?
            }
            Phase::StartingThrow => writeln!(f, "waiting for the starting throw")?,
            phase => writeln!(
                f,
                "turn {} of team {}: {}; {} stick(s) left",
                self.turns + 1,
                self.thrower,
                expectation(phase),
                self.sticks_left()
            )?,
        }
        for team in Team::BOTH {
            let info = &self.teams[team.index()];
            if info.name != team.to_string() || !info.players.is_empty() {
                writeln!(
                    f,
                    "team {team} is {} ({})",
                    info.name,
                    info.players.join(", ")
                )?;
            }
            let towers = self.standing_towers(team).len();
            let knights = self.standing_knights(team).len();
            let down = self.down_in(team).len();
            let line = match self.line(team) {
                Line::Baseline => "baseline".to_string(),
                Line::AtKnight { piece, y: Some(y) } => {
                    format!("advanced to knight {piece} at y = {y:.2} m")
                }
                Line::AtKnight { piece, y: None } => format!("advanced to knight {piece}"),
            };
            writeln!(
                f,
                "team {team}: {towers} tower(s); half: {knights} knight(s) standing, {down} down; throwing line: {line}"
            )?;
        }
        if matches!(self.phase, Phase::Throwing) {
            let targets: Vec<String> = self
                .counting_targets()
                .iter()
                .map(ToString::to_string)
                .collect();
            let king = match self.king_attack() {
                Ok(()) => "may be attacked now".to_string(),
                Err(why) => format!("not yet: {why}"),
            };
            let targets = if targets.is_empty() {
                "none".to_string()
            } else {
                targets.join(" ")
            };
            writeln!(f, "counting targets: {targets}")?;
            return write!(f, "king: standing, {king}");
        }
        write!(
            f,
            "king: {}",
            if self.king_standing {
                "standing"
            } else {
                "down"
            }
        )
    }
}
