//! The timeline of a tour walked step by step: which moves each step of an animation
//! draws, and when. Small boards take one move per step; large ones are cut into
//! sections of consecutive moves so an animation has at most [`MAX_STEPS`] steps.
//! The animated SVG, the GIF and the numbered frames all read the same timeline.

use svg::node::element::Animate;

use super::frame::num;
use knights_core::{BadOption, Error};

/// The most steps an animation has: past this many moves, steps are sections.
pub const MAX_STEPS: usize = 400;

/// Steps the finished tour stays on screen before the animation starts again.
pub const HOLD_STEPS: usize = 3;

/// How often an animation plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repeat {
    /// Again and again.
    Forever,
    /// This many times (at least once), then it stays on the finished tour.
    Times(u32),
}

impl std::str::FromStr for Repeat {
    type Err = Error;
    fn from_str(s: &str) -> Result<Repeat, Error> {
        match s {
            "forever" => Ok(Repeat::Forever),
            "once" => Ok(Repeat::Times(1)),
            _ => match s.parse::<u32>() {
                Ok(n) if (1..=MAX_PLAYS).contains(&n) => Ok(Repeat::Times(n)),
                _ => Err(BadOption::Loop {
                    text: s.into(),
                    most: MAX_PLAYS,
                }
                .into()),
            },
        }
    }
}

/// The most times an animation plays, when not forever: a GIF counts the plays after
/// the first in 16 bits.
pub const MAX_PLAYS: u32 = 65536;

/// The slowest an animation plays, in steps per second (a step every 100 s).
pub const MIN_SPEED: f64 = 0.01;

/// The fastest an animation plays, in steps per second: a GIF frame shows for at
/// least two hundredths of a second.
pub const MAX_SPEED: f64 = 50.0;

/// How an animation plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// Steps per second.
    pub speed: f64,
    /// How often it plays.
    pub repeat: Repeat,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            speed: 4.0,
            repeat: Repeat::Forever,
        }
    }
}

impl Timing {
    /// The timing with `speed` steps per second, checked.
    pub fn new(speed: f64, repeat: Repeat) -> Result<Timing, Error> {
        if !(MIN_SPEED..=MAX_SPEED).contains(&speed) {
            let (least, most) = (MIN_SPEED, MAX_SPEED);
            return Err(BadOption::Speed { speed, least, most }.into());
        }
        Ok(Timing { speed, repeat })
    }

    /// Seconds per step.
    pub fn step_seconds(&self) -> f64 {
        1.0 / self.speed
    }
}

/// The moves of a tour cut into animation steps: step `k` draws moves
/// `cuts[k] .. cuts[k + 1]`, move `i` leaving step `i` of the path (a closed tour's
/// last move goes back to the start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Steps {
    cuts: Vec<usize>,
}

impl Steps {
    /// `moves` moves cut into steps of one move each, or of `ceil(moves / max)` moves
    /// when there are more than `max`.
    pub fn new(moves: usize, max: usize) -> Steps {
        let per = moves.div_ceil(max.max(1)).max(1);
        let mut cuts: Vec<usize> = (0..moves).step_by(per).collect();
        cuts.push(moves);
        Steps { cuts }
    }

    /// Number of steps.
    pub fn len(&self) -> usize {
        self.cuts.len() - 1
    }

    /// Whether there is no step at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The moves step `k` draws.
    pub fn moves(&self, k: usize) -> std::ops::Range<usize> {
        self.cuts[k]..self.cuts[k + 1]
    }

    /// Moves made once step `k` is done (`k` from 0), or before any step for `None`.
    pub fn made(&self, k: Option<usize>) -> usize {
        k.map_or(0, |k| self.cuts[k + 1])
    }

    /// Whether a step draws more than one move.
    pub fn sectioned(&self) -> bool {
        (0..self.len()).any(|k| self.moves(k).len() > 1)
    }

    /// The fraction of one play at which state `s` begins (state 0: nothing drawn;
    /// state `k + 1`: step `k` done). The finished tour holds `HOLD_STEPS` steps.
    pub fn key_time(&self, s: usize) -> f64 {
        s as f64 / (self.len() + HOLD_STEPS) as f64
    }

    /// Seconds one play lasts.
    pub fn duration(&self, t: &Timing) -> f64 {
        (self.len() + HOLD_STEPS) as f64 * t.step_seconds()
    }
}

impl Steps {
    /// Gives an animation this timeline's duration and repetition, keeping its last
    /// value when it stops.
    pub fn timed<T: svg::Node>(&self, mut anim: T, timing: &Timing) -> T {
        let count = match timing.repeat {
            Repeat::Forever => "indefinite".to_string(),
            Repeat::Times(n) => n.to_string(),
        };
        anim.assign("dur", format!("{}s", num(self.duration(timing))));
        anim.assign("repeatCount", count);
        anim.assign("fill", "freeze");
        anim
    }

    /// An animation of `visibility`: visible from state `from` until state `until`
    /// (`None`: to the end).
    pub fn visible(&self, from: usize, until: Option<usize>, timing: &Timing) -> Animate {
        let (a, b) = (
            key(self.key_time(from)),
            until.map(|u| key(self.key_time(u))),
        );
        let (values, times) = match (from, b) {
            (0, None) => ("visible".to_string(), "0".to_string()),
            (0, Some(b)) => ("visible;hidden".into(), format!("0;{b}")),
            (_, None) => ("hidden;visible".into(), format!("0;{a}")),
            (_, Some(b)) => ("hidden;visible;hidden".into(), format!("0;{a};{b}")),
        };
        let anim = Animate::new()
            .set("attributeName", "visibility")
            .set("calcMode", "discrete")
            .set("values", values)
            .set("keyTimes", times);
        self.timed(anim, timing)
    }
}

/// A key time with six decimals (three are too coarse for hundreds of steps).
pub fn key(v: f64) -> String {
    let s = format!("{v:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s.is_empty() {
        "0".into()
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_tours_take_one_move_per_step_and_large_ones_sections() {
        let s = Steps::new(63, MAX_STEPS);
        assert_eq!(s.len(), 63);
        assert!(!s.sectioned());
        assert_eq!(s.moves(5), 5..6);
        let big = Steps::new(900, 400);
        assert_eq!(big.len(), 300);
        assert!(big.sectioned());
        let covered: usize = (0..big.len()).map(|k| big.moves(k).len()).sum();
        assert_eq!(covered, 900);
        assert_eq!(big.made(Some(299)), 900);
        assert_eq!(big.made(None), 0);
        assert!(Steps::new(0, 10).is_empty());
    }

    #[test]
    fn loops_and_speeds_are_checked() {
        assert_eq!("forever".parse::<Repeat>().unwrap(), Repeat::Forever);
        assert_eq!("once".parse::<Repeat>().unwrap(), Repeat::Times(1));
        assert_eq!("3".parse::<Repeat>().unwrap(), Repeat::Times(3));
        assert!("0".parse::<Repeat>().is_err());
        assert!(Timing::new(0.0, Repeat::Forever).is_err());
        assert!(Timing::new(f64::NAN, Repeat::Forever).is_err());
        assert!(Timing::new(1e-300, Repeat::Forever).is_err());
        assert!(Timing::new(51.0, Repeat::Forever).is_err());
        assert!(Timing::new(0.01, Repeat::Forever).is_ok());
        assert!("65536".parse::<Repeat>().is_ok());
        assert!("65537".parse::<Repeat>().is_err());
        let t = Timing::new(2.0, Repeat::Forever).unwrap();
        let s = Steps::new(10, 400);
        assert_eq!(s.duration(&t), (10 + HOLD_STEPS) as f64 * 0.5);
        assert_eq!(s.key_time(0), 0.0);
    }
}
