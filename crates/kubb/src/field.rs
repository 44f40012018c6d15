//! Field geometry in metres: x across (0 to the width), y along (0 at team
//! A's baseline, the field length at team B's). The king stands at the
//! centre; each team's five towers stand every metre on its baseline.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::ruleset::Ruleset;

/// A team; A's baseline is y = 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Team {
    A,
    B,
}

impl Team {
    pub const BOTH: [Team; 2] = [Team::A, Team::B];

    pub fn other(self) -> Team {
        match self {
            Team::A => Team::B,
            Team::B => Team::A,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Team::A => "A",
            Team::B => "B",
        })
    }
}

/// A point on the lawn in metres.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    /// Whether both coordinates are numbers of metres (no NaN, no
    /// infinity): a record can only write such a point.
    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }

    pub fn distance(self, other: Point) -> f64 {
        ((self.x - other.x).powi(2) + (self.y - other.y).powi(2)).sqrt()
    }

    /// Whether `other` is less than `radius` away (without the square root).
    pub fn is_within(self, other: Point, radius: f64) -> bool {
        (self.x - other.x).powi(2) + (self.y - other.y).powi(2) < radius * radius
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({:.2} m, {:.2} m)", self.x, self.y)
    }
}

/// Where things are on a field of a ruleset's size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Field {
    pub length: f64,
    pub width: f64,
}

impl Field {
    pub fn of(ruleset: &Ruleset) -> Field {
        Field {
            length: ruleset.field_length,
            width: ruleset.field_width,
        }
    }

    pub fn king(&self) -> Point {
        Point {
            x: self.width / 2.0,
            y: self.length / 2.0,
        }
    }

    /// y of a team's baseline.
    pub fn baseline(&self, team: Team) -> f64 {
        match team {
            Team::A => 0.0,
            Team::B => self.length,
        }
    }

    /// Where tower `index` (0–4) of `team` stands.
    pub fn tower_spot(&self, team: Team, index: usize) -> Point {
        Point {
            x: 0.5 + index as f64,
            y: self.baseline(team),
        }
    }

    /// The middle of `team`'s half.
    pub fn middle_of_half(&self, team: Team) -> Point {
        Point {
            x: self.width / 2.0,
            y: (self.baseline(team) + self.length / 2.0) / 2.0,
        }
    }

    /// Whether `point` lies in `team`'s half (the centre line belongs to neither).
    pub fn in_half(&self, team: Team, point: Point) -> bool {
        let inside_width = (0.0..=self.width).contains(&point.x);
        let half = match team {
            Team::A => (0.0..self.length / 2.0).contains(&point.y),
            Team::B => point.y > self.length / 2.0 && point.y <= self.length,
        };
        inside_width && half
    }

    /// Distance from the centre line.
    pub fn from_centre_line(&self, point: Point) -> f64 {
        (point.y - self.length / 2.0).abs()
    }

    /// The six field marking pins: the four corners and both ends of the
    /// centre line.
    pub fn pins(&self) -> [Point; 6] {
        let [a, b, c, d] = self.corners();
        let centre = self.length / 2.0;
        [
            a,
            b,
            c,
            d,
            Point { x: 0.0, y: centre },
            Point {
                x: self.width,
                y: centre,
            },
        ]
    }

    pub fn corners(&self) -> [Point; 4] {
        [
            Point { x: 0.0, y: 0.0 },
            Point {
                x: self.width,
                y: 0.0,
            },
            Point {
                x: 0.0,
                y: self.length,
            },
            Point {
                x: self.width,
                y: self.length,
            },
        ]
    }
}
