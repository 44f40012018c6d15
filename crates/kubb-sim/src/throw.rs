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
//! Calibration (the sources and the model's figures: `docs/kubb.md`,
//! "Calibration"): with the length error 2.5 times the lateral one, the
//! chance of felling a lone baseline tower from 8 m is
//! P(|lateral| ≤ (stick width + tower width) / 2) · P(−SKID ≤ length ≤ stick length);
//! solving it for each preset's 8 m rate gives its lateral spread. The
//! test `presets_hit_a_tower_from_8_m_at_their_rates` measures them by
//! sampling.

use std::fmt;
use std::str::FromStr;

use rand::Rng;
use rand_distr::StandardNormal;
use serde::{Deserialize, Serialize};

use kubb::{Field, Point, Team};

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
/// An inkasted piece comes down with this many times a stick's errors
/// over the same distance: drilled low and flat, it lands closer to its
/// aim than a stick spinning end over end. Fitted so that the advanced
/// preset's first stick of a turn fells 43 % of the pieces inkasted, the
/// first-baton efficiency of the eight quarterfinalists of the 2015 U.S.
/// championship together (Planet Kubb: 188 of 436); see `calibration`.
const INKAST_TO_STICK: f64 = 0.83;
/// The chance that an inkasted piece that comes down inside the half
/// bounces or rolls out of it: a kubb tumbles on after it lands, and
/// inkasters drill close to the centre line, where a bad bounce takes it
/// out (Planet Kubb wiki, "Strategy"). The scatter alone almost never
/// lands a piece out at the depths teams inkast to. Fitted to the
/// re-throws recorded on Planet Kubb's notation pages, 5 of 14 pieces.
pub const INKAST_BOUNCE_OUT: f64 = 5.0 / 14.0;

/// A thrower's precision: the lateral error's standard deviation per metre
/// thrown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    pub name: &'static str,
    pub lateral_per_metre: f64,
}

impl Skill {
    /// 25 % on a baseline tower from 8 m: our choice for a club beginner,
    /// no field figure. It lies below "the high 20 %s" Chris Hodges hit
    /// when he began training for a tournament (kubbon, 2012), a player
    /// already on his way to competition.
    pub const BEGINNER: Skill = Skill {
        name: "beginner",
        lateral_per_metre: 0.014_975,
    };
    /// 33.5 %: halfway between the other two (no field figure).
    pub const EXPERIENCED: Skill = Skill {
        name: "experienced",
        lateral_per_metre: 0.012_427,
    };
    /// 42 %: the 8 m rate Chris Hodges found a team needs to play
    /// competitively, from tournament videos (kubbon, 2012).
    pub const ADVANCED: Skill = Skill {
        name: "advanced",
        lateral_per_metre: 0.010_604,
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
    let (ux, uy, distance) = direction(aim.x - from.x, aim.y - from.y);
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

/// The unit vector and length of (`dx`, `dy`), the length at least 1e-9.
/// A throw straight along the field (`dx` zero, as every throw the
/// simulator makes) skips the square root and the divisions: they give
/// exactly `|dy|`, `dx` and ±1 there (the square root of a square is exact
/// in binary floating point, without over- or underflow), so the result
/// is the general formula's to the bit; `straight_throws_take_the_general_formulas_values`
/// checks it.
fn direction(dx: f64, dy: f64) -> (f64, f64, f64) {
    let length = dy.abs();
    if dx == 0.0 && (1e-9..1e150).contains(&length) {
        return (dx, dy.signum(), length);
    }
    general_direction(dx, dy)
}

fn general_direction(dx: f64, dy: f64) -> (f64, f64, f64) {
    let distance = (dx * dx + dy * dy).sqrt().max(1e-9);
    (dx / distance, dy / distance, distance)
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
    // Drawn on every attempt, so that the draws a game makes do not depend
    // on where its pieces came down.
    let bounced_out = rng.random::<f64>() < INKAST_BOUNCE_OUT;
    (at, field.in_half(half, at) && !bounced_out)
}

/// The strip a stick sweeps, from one stick length before where it landed
/// to [`SKID`] beyond, along the line it was thrown on.
///
/// Kept unnormalised and squared, so that neither a stick nor a target
/// costs a square root or a division: with `d` the throw and `D` its
/// length, a target at `t` from the thrower lies `t·d / D` along the line
/// and `|t×d| / D` across it. Across, `|t×d| ≤ w·D` is compared squared.
/// Along, the target must lie from a stick length before the landing
/// point to [`SKID`] beyond it: with `e = D² − t·d` (how far before the
/// landing point, times `D`), `−SKID·D ≤ e ≤ STICK_LENGTH·D`, compared
/// squared against the bound of `e`'s own side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sweep {
    from: Point,
    dx: f64,
    dy: f64,
    /// `D²`.
    length_squared: f64,
    /// `(STICK_LENGTH·D)²` and `(SKID·D)²`: the bounds of `e²` before and
    /// beyond the landing point.
    before_squared: f64,
    beyond_squared: f64,
}

impl Sweep {
    /// The sweep of a stick thrown from `from` that landed at `landing`.
    pub fn new(from: Point, landing: Landing) -> Sweep {
        let (dx, dy) = (landing.at.x - from.x, landing.at.y - from.y);
        let length_squared = (dx * dx + dy * dy).max(1e-18);
        Sweep {
            from,
            dx,
            dy,
            length_squared,
            before_squared: STICK_LENGTH * STICK_LENGTH * length_squared,
            beyond_squared: SKID * SKID * length_squared,
        }
    }

    /// Whether the stick fells `target`: across the line at most half the
    /// stick's and the target's widths together, along it from a stick
    /// length before the landing point to [`SKID`] beyond.
    pub fn fells(&self, target: &Target) -> bool {
        let (tx, ty) = (target.at.x - self.from.x, target.at.y - self.from.y);
        let before = self.length_squared - (tx * self.dx + ty * self.dy);
        let cross = ty * self.dx - tx * self.dy;
        let half_widths = (STICK_WIDTH + target.width) / 2.0;
        // Selects, not branches, and `&`, not `&&`: whether a random throw
        // meets a target is a branch the processor would often mispredict.
        let along_bound = if before >= 0.0 {
            self.before_squared
        } else {
            self.beyond_squared
        };
        (cross * cross <= half_widths * half_widths * self.length_squared)
            & (before * before <= along_bound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Generator;
    use rand::{Rng, SeedableRng};

    /// Tolerance ±1.5 percentage points; with 40,000 samples the sampling
    /// error's standard deviation is at most 0.25 points.
    #[test]
    fn presets_hit_a_tower_from_8_m_at_their_rates() {
        let from = Point { x: 2.5, y: 0.0 };
        let tower = Target {
            at: Point { x: 2.5, y: 8.0 },
            width: TOWER_WIDTH,
        };
        for (skill, rate) in [
            (Skill::BEGINNER, 0.25),
            (Skill::EXPERIENCED, 0.335),
            (Skill::ADVANCED, 0.42),
        ] {
            let mut rng = Generator::seed_from_u64(2026);
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
        let field = Field::of(&kubb::Ruleset::SEED);
        let from = Point { x: 2.5, y: 0.0 };
        let aim = Point { x: 2.5, y: aim_y };
        let mut rng = Generator::seed_from_u64(7);
        let inside = (0..20_000)
            .filter(|_| inkast(&mut rng, from, aim, skill, &field, Team::B).1)
            .count();
        inside as f64 / 20_000.0
    }

    /// Aimed 40 cm before the back line, the scatter takes better throwers'
    /// pieces out less often; aimed at the middle of the half, only the
    /// bounce takes a piece out (20,000 throws: the sampling error's
    /// standard deviation is under 0.4 points, the tolerance 1.5).
    #[test]
    fn better_throwers_land_more_inkasts_and_deep_aims_land_out_more() {
        let rates: Vec<f64> = Skill::PRESETS
            .iter()
            .map(|skill| inkast_in_rate(skill, 9.6))
            .collect();
        assert!(rates[0] < rates[1] && rates[1] < rates[2], "{rates:?}");
        let bounce_only = 1.0 - INKAST_BOUNCE_OUT;
        assert!(rates[0] < bounce_only - 0.03, "{rates:?}");
        for skill in Skill::PRESETS {
            let middle = inkast_in_rate(&skill, 7.5);
            assert!(
                (middle - bounce_only).abs() < 0.015,
                "{}: {middle:.3} in at the middle",
                skill.name
            );
        }
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

    /// The straight-throw shortcut of `direction` gives the general
    /// formula's values to the bit, for throws of every length the field
    /// has and beyond, both ways along it, from either sign of zero across.
    #[test]
    fn straight_throws_take_the_general_formulas_values() {
        let mut rng = Generator::seed_from_u64(16);
        for _ in 0..200_000 {
            let dy: f64 = rng.random_range(-20.0..20.0) * 10f64.powi(rng.random_range(-9..3));
            for dx in [0.0, -0.0] {
                let (fast, general) = (direction(dx, dy), general_direction(dx, dy));
                assert_eq!(
                    [fast.0.to_bits(), fast.1.to_bits(), fast.2.to_bits()],
                    [
                        general.0.to_bits(),
                        general.1.to_bits(),
                        general.2.to_bits()
                    ],
                    "dx {dx} dy {dy}"
                );
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_throws() {
        let from = Point { x: 1.0, y: 0.0 };
        let aim = Point { x: 3.0, y: 6.0 };
        let run = || {
            let mut rng = Generator::seed_from_u64(42);
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

    proptest::proptest! {
        /// The squared sweep decides as the plain geometry does (along the
        /// line `t·d / D`, across `|t×d| / D`, each compared with its
        /// bounds), wherever a target is not within a micrometre of an
        /// edge, where rounding may decide either way.
        #[test]
        fn the_sweep_fells_what_the_plain_geometry_fells(
            from_x in 0.0..5.0f64, from_y in 0.0..10.0f64,
            to_x in 0.0..5.0f64, to_y in 0.0..10.0f64,
            offset_along in -0.6..0.6f64, offset_across in -0.12..0.12f64,
            king in proptest::bool::ANY,
        ) {
            let from = Point { x: from_x, y: from_y };
            let (dx, dy) = (to_x - from_x, to_y - from_y);
            let distance = (dx * dx + dy * dy).sqrt();
            proptest::prop_assume!(distance > 0.01);
            let (ux, uy) = (dx / distance, dy / distance);
            let width = if king { KING_WIDTH } else { TOWER_WIDTH };
            let target = Target {
                at: Point {
                    x: to_x + ux * offset_along - uy * offset_across,
                    y: to_y + uy * offset_along + ux * offset_across,
                },
                width,
            };
            let (tx, ty) = (target.at.x - from_x, target.at.y - from_y);
            let along = (tx * ux + ty * uy) - distance;
            let across = (ty * ux - tx * uy).abs();
            let half_widths = (STICK_WIDTH + width) / 2.0;
            let margin = 1e-6;
            proptest::prop_assume!((along + STICK_LENGTH).abs() > margin);
            proptest::prop_assume!((along - SKID).abs() > margin);
            proptest::prop_assume!((across - half_widths).abs() > margin);
            let plain = (-STICK_LENGTH..=SKID).contains(&along) && across <= half_widths;
            let landing = Landing { at: Point { x: to_x, y: to_y } };
            proptest::prop_assert_eq!(Sweep::new(from, landing).fells(&target), plain);
        }
    }
}
