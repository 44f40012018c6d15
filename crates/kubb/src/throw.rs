//! The geometric throw model (first part of the simulator).
//!
//! A stick is thrown from a point on the throwing line at an aim point. It
//! comes down at the aim point plus a lateral and a length error, both
//! normal with standard deviations proportional to the distance thrown and
//! set by the thrower's skill. Thrown end over end, it sweeps the strip of
//! its own width along its path, from one stick length before its landing
//! point to [`SKID`] beyond it: every standing piece whose footprint meets
//! that strip falls, so knights standing close together can fall to one
//! stick.
//!
//! Calibration: with the length error 2.5 times the lateral one, the chance
//! of felling a lone baseline tower from 8 m is
//! P(|lateral| ≤ (stick width + tower width) / 2) · P(−SKID ≤ length ≤ stick length);
//! solving it for the published hit rates (25 %, 45 %, 65 %) gives the
//! presets below. The test `presets_hit_a_tower_from_8_m_at_their_published_rates`
//! measures them by sampling.

use std::fmt;
use std::str::FromStr;

use rand::Rng;
use rand_distr::StandardNormal;
use serde::{Deserialize, Serialize};

use crate::field::{Field, Point, Team};

/// Stick: 30 cm long, 4.4 cm across.
pub const STICK_LENGTH: f64 = 0.30;
pub const STICK_WIDTH: f64 = 0.044;
/// How far a stick slides and tumbles on after it lands.
pub const SKID: f64 = 0.30;
/// Footprints: towers and knights 7 x 7 cm, the king 9 x 9 cm.
pub const TOWER_WIDTH: f64 = 0.07;
pub const KING_WIDTH: f64 = 0.09;
/// Length error relative to the lateral one.
const LENGTH_TO_LATERAL: f64 = 2.5;
/// An inkasted piece is thrown like a stick but tumbles and rolls on: its
/// errors are this many times a stick's over the same distance. Calibrated
/// so that the advanced preset's first stick of a turn fells 42 % of the
/// knights standing (published for top teams: 38–47 %); see `calibration`.
const INKAST_TO_STICK: f64 = 1.65;

/// A thrower's precision: the lateral error's standard deviation per metre
/// thrown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    pub name: &'static str,
    pub lateral_per_metre: f64,
}

impl Skill {
    /// 25 % on a baseline tower from 8 m.
    pub const BEGINNER: Skill = Skill {
        name: "beginner",
        lateral_per_metre: 0.014_975,
    };
    /// 45 %.
    pub const EXPERIENCED: Skill = Skill {
        name: "experienced",
        lateral_per_metre: 0.010_066,
    };
    /// 65 %.
    pub const ADVANCED: Skill = Skill {
        name: "advanced",
        lateral_per_metre: 0.007_229,
    };

    pub const PRESETS: [Skill; 3] = [Skill::BEGINNER, Skill::EXPERIENCED, Skill::ADVANCED];
}

impl fmt::Display for Skill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// A skill preset by name, as commands and the API take one: `beginner`,
/// `experienced` or `advanced` (text, `FromStr`, and serde alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SkillPreset {
    Beginner,
    Experienced,
    Advanced,
}

impl SkillPreset {
    pub const ALL: [SkillPreset; 3] = [
        SkillPreset::Beginner,
        SkillPreset::Experienced,
        SkillPreset::Advanced,
    ];

    pub fn skill(self) -> Skill {
        match self {
            SkillPreset::Beginner => Skill::BEGINNER,
            SkillPreset::Experienced => Skill::EXPERIENCED,
            SkillPreset::Advanced => Skill::ADVANCED,
        }
    }
}

impl From<SkillPreset> for Skill {
    fn from(preset: SkillPreset) -> Skill {
        preset.skill()
    }
}

impl fmt::Display for SkillPreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.skill().name)
    }
}

/// A name that is no skill preset.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("skill '{given}' is not beginner, experienced or advanced")]
pub struct UnknownSkill {
    pub given: String,
}

impl FromStr for SkillPreset {
    type Err = UnknownSkill;

    fn from_str(name: &str) -> Result<SkillPreset, UnknownSkill> {
        SkillPreset::ALL
            .into_iter()
            .find(|preset| preset.skill().name == name)
            .ok_or_else(|| UnknownSkill { given: name.into() })
    }
}

/// A standing thing a stick can fell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    pub at: Point,
    pub width: f64,
}

/// Where a stick came down.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Landing {
    pub at: Point,
}

/// Throws one stick from `from` at `aim` and returns where it lands.
pub fn throw<R: Rng + ?Sized>(rng: &mut R, from: Point, aim: Point, skill: &Skill) -> Landing {
    scatter(rng, from, aim, skill.lateral_per_metre)
}

/// Where something thrown from `from` at `aim` comes down, its lateral
/// error `lateral_per_metre` per metre thrown (standard deviation) and its
/// length error [`LENGTH_TO_LATERAL`] times that.
fn scatter<R: Rng + ?Sized>(
    rng: &mut R,
    from: Point,
    aim: Point,
    lateral_per_metre: f64,
) -> Landing {
    let (dx, dy) = (aim.x - from.x, aim.y - from.y);
    let distance = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / distance, dy / distance);
    let lateral_sigma = lateral_per_metre * distance;
    let lateral: f64 = lateral_sigma * rng.sample::<f64, _>(StandardNormal);
    let length: f64 = lateral_sigma * LENGTH_TO_LATERAL * rng.sample::<f64, _>(StandardNormal);
    Landing {
        at: Point {
            x: aim.x + ux * length - uy * lateral,
            y: aim.y + uy * length + ux * lateral,
        },
    }
}

/// Where an inkasted piece thrown from `from` at `aim` comes to rest, and
/// whether that is inside `half` of `field` (raised as a knight there) or
/// out (thrown again, or placed by the defenders).
pub fn inkast<R: Rng + ?Sized>(
    rng: &mut R,
    from: Point,
    aim: Point,
    skill: &Skill,
    field: &Field,
    half: Team,
) -> (Point, bool) {
    let at = scatter(rng, from, aim, skill.lateral_per_metre * INKAST_TO_STICK).at;
    (at, field.in_half(half, at))
}

/// The strip a stick sweeps, from one stick length before where it landed
/// to [`SKID`] beyond, along the line it was thrown on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sweep {
    from: Point,
    ux: f64,
    uy: f64,
    distance: f64,
}

impl Sweep {
    /// The sweep of a stick thrown from `from` that landed at `landing`.
    pub fn new(from: Point, landing: Landing) -> Sweep {
        let (dx, dy) = (landing.at.x - from.x, landing.at.y - from.y);
        let distance = (dx * dx + dy * dy).sqrt().max(1e-9);
        Sweep {
            from,
            ux: dx / distance,
            uy: dy / distance,
            distance,
        }
    }

    /// Whether the stick fells `target`.
    pub fn fells(&self, target: &Target) -> bool {
        let (tx, ty) = (target.at.x - self.from.x, target.at.y - self.from.y);
        let along = tx * self.ux + ty * self.uy;
        let across = (tx * -self.uy + ty * self.ux).abs();
        across <= (STICK_WIDTH + target.width) / 2.0
            && along >= self.distance - STICK_LENGTH
            && along <= self.distance + SKID
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Tolerance ±1.5 percentage points; with 40,000 samples the sampling
    /// error's standard deviation is at most 0.25 points.
    #[test]
    fn presets_hit_a_tower_from_8_m_at_their_published_rates() {
        let from = Point { x: 2.5, y: 0.0 };
        let tower = Target {
            at: Point { x: 2.5, y: 8.0 },
            width: TOWER_WIDTH,
        };
        for (skill, rate) in [
            (Skill::BEGINNER, 0.25),
            (Skill::EXPERIENCED, 0.45),
            (Skill::ADVANCED, 0.65),
        ] {
            let mut rng = ChaCha8Rng::seed_from_u64(2026);
            let samples = 40_000;
            let hits = (0..samples)
                .filter(|_| Sweep::new(from, throw(&mut rng, from, tower.at, &skill)).fells(&tower))
                .count();
            let measured = hits as f64 / samples as f64;
            assert!(
                (measured - rate).abs() <= 0.015,
                "{}: {measured:.3} vs {rate}",
                skill.name
            );
        }
    }

    /// The share of inkasts aimed at (2.5, `aim_y`) that land inside team
    /// B's half (5 m to 10 m) of the seed field.
    fn inkast_in_rate(skill: &Skill, aim_y: f64) -> f64 {
        let field = Field::of(&crate::Ruleset::SEED);
        let from = Point { x: 2.5, y: 0.0 };
        let aim = Point { x: 2.5, y: aim_y };
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let inside = (0..20_000)
            .filter(|_| inkast(&mut rng, from, aim, skill, &field, Team::B).1)
            .count();
        inside as f64 / 20_000.0
    }

    #[test]
    fn better_throwers_land_more_inkasts_and_deep_aims_land_out_more() {
        // 40 cm before the back line.
        let rates: Vec<f64> = Skill::PRESETS
            .iter()
            .map(|skill| inkast_in_rate(skill, 9.6))
            .collect();
        assert!(rates[0] < rates[1] && rates[1] < rates[2], "{rates:?}");
        assert!(rates[0] < 0.9 && rates[2] > 0.9, "{rates:?}");
        let middle = inkast_in_rate(&Skill::BEGINNER, 7.5);
        assert!(
            middle > rates[0] + 0.1,
            "aiming at the middle lands in more: {middle} vs {}",
            rates[0]
        );
    }

    /// Each preset's name is its text, its serde string and what parses
    /// back to it; other names are refused with the accepted ones.
    #[test]
    fn skill_presets_are_named_as_they_are_written() {
        for (preset, skill) in SkillPreset::ALL.into_iter().zip(Skill::PRESETS) {
            assert_eq!(preset.skill(), skill);
            assert_eq!(preset.to_string(), skill.name);
            assert_eq!(skill.to_string(), skill.name);
            assert_eq!(skill.name.parse::<SkillPreset>(), Ok(preset));
            let json = serde_json::to_string(&preset).unwrap();
            assert_eq!(json, format!("\"{}\"", skill.name));
            assert_eq!(serde_json::from_str::<SkillPreset>(&json).unwrap(), preset);
        }
        assert_eq!(
            "pro".parse::<SkillPreset>().unwrap_err().to_string(),
            "skill 'pro' is not beginner, experienced or advanced"
        );
    }

    #[test]
    fn the_same_seed_gives_the_same_throws() {
        let from = Point { x: 1.0, y: 0.0 };
        let aim = Point { x: 3.0, y: 6.0 };
        let run = || {
            let mut rng = ChaCha8Rng::seed_from_u64(42);
            (0..10)
                .map(|_| throw(&mut rng, from, aim, &Skill::BEGINNER))
                .collect::<Vec<_>>()
        };
        assert_eq!(run(), run());
    }

    #[test]
    fn one_stick_can_fell_knights_standing_in_line_but_not_one_beside() {
        let from = Point { x: 2.5, y: 0.0 };
        let landing = Landing {
            at: Point { x: 2.5, y: 5.0 },
        };
        let knight = |x, y| Target {
            at: Point { x, y },
            width: TOWER_WIDTH,
        };
        let sweep = Sweep::new(from, landing);
        assert!(sweep.fells(&knight(2.5, 4.9)));
        assert!(
            sweep.fells(&knight(2.52, 5.2)),
            "a knight just behind, in line"
        );
        assert!(!sweep.fells(&knight(2.7, 5.0)), "20 cm to the side");
        assert!(
            !sweep.fells(&knight(2.5, 4.0)),
            "a metre short: the stick flies over it"
        );
    }
}
