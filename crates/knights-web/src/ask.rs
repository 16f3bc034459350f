//! What a visitor asks for, as one string of `key=value` pairs (a URL's hash): the
//! board and how to build it (the options `knights tour` takes), and how to draw it
//! (those `knights render` takes). Each value is read by the same parser the command
//! line's option uses, so a bad one is refused with the same one-line reason.

use knights_construct::Algo;
use knights_core::{Board, Error, Leaper, Topology};
use knights_render::{self as render, Show, Theme};

/// A tour (a construction's) or a tourney (a generator's closed cycles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One tour of the board: `knights tour`.
    Tour,
    /// Closed cycles covering the board: `knights tourney`.
    Tourney,
}

/// A request: what to build and how to draw it.
#[derive(Debug)]
pub struct Ask {
    /// The board, `WxH` or `WxHxD...`, as written.
    pub board: String,
    /// A tour or a tourney.
    pub kind: Kind,
    /// `algo`: the construction, or the tourney's generator; `None`: the default
    /// (auto for a tour, neural for a tourney).
    pub algo: Option<String>,
    /// `variant`: the construction's variant.
    pub variant: Option<String>,
    /// `open`: an open tour (`open`, `open=1` or `open=true`).
    pub open: bool,
    /// `seed`: for constructions that make random choices.
    pub seed: u64,
    /// `start=X,Y`: the start square, for searches.
    pub start: Option<(u32, u32)>,
    /// `topology`: plane, cylinder, moebius or torus.
    pub topology: Option<Topology>,
    /// `leaper=A,B`.
    pub leaper: Option<Leaper>,
    /// `blur=K`: Parberry's blur of a closed tour, K exchanges.
    pub blur: Option<u64>,
    /// `theme`: a built-in theme's name (web, print, teaching).
    pub theme: String,
    /// `show`: the layers, as `--show` takes them.
    pub show: Option<String>,
    /// `style`: auto, detail or overview.
    pub style: render::Style,
    /// `region=X0,Y0,X1,Y1`.
    pub region: Option<render::Region>,
    /// `legend`: a legend beside the board.
    pub legend: bool,
}

impl Default for Ask {
    fn default() -> Ask {
        Ask {
            board: "8x8".into(),
            kind: Kind::Tour,
            algo: None,
            variant: None,
            open: false,
            seed: 0,
            start: None,
            topology: None,
            leaper: None,
            blur: None,
            theme: "web".into(),
            show: None,
            style: render::Style::Auto,
            region: None,
            legend: false,
        }
    }
}

impl Ask {
    /// Reads `board=8x8&algo=besa&...`; an empty value or a key given twice counts once
    /// (the last), an unknown key is refused by name.
    pub fn parse(text: &str) -> Result<Ask, Error> {
        let mut ask = Ask::default();
        for pair in text
            .trim_start_matches('#')
            .split('&')
            .filter(|p| !p.is_empty())
        {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            ask.set(key, &unescape(value))?;
        }
        Ok(ask)
    }

    /// Sets one option from its key and value.
    fn set(&mut self, key: &str, value: &str) -> Result<(), Error> {
        let given = (!value.is_empty()).then(|| value.to_string());
        match key {
            "board" => self.board = value.to_string(),
            "kind" => self.kind = kind(value)?,
            "algo" => self.algo = given,
            "variant" => self.variant = given,
            "open" => self.open = flag(key, value)?,
            "closed" => self.open = !flag(key, value)?,
            "seed" => self.seed = number(key, value)?,
            "start" => self.start = given.map(|v| pair(key, &v)).transpose()?,
            "topology" => self.topology = given.map(|v| v.parse()).transpose()?,
            "leaper" => self.leaper = given.map(|v| leaper(&v)).transpose()?,
            "blur" => self.blur = given.map(|v| number(key, &v)).transpose()?,
            "theme" => self.theme = given.unwrap_or_else(|| "web".into()),
            "show" => self.show = given,
            "style" => self.style = value.parse()?,
            "region" => self.region = given.map(|v| v.parse()).transpose()?,
            "legend" => self.legend = flag(key, value)?,
            _ => {
                return Err(Error::invalid(format!(
                    "'{key}' is not an option: board, kind, algo, variant, open, seed, start, topology, leaper, blur, theme, show, style, region, legend"
                )))
            }
        }
        Ok(())
    }

    /// The board asked for, as `knights tour` reads it.
    pub fn board(&self) -> Result<Board, Error> {
        self.board.parse()
    }

    /// The construction asked for (a tour's).
    pub fn algo(&self) -> Result<Algo, Error> {
        match &self.algo {
            Some(name) => name.parse(),
            None => Ok(Algo::Auto),
        }
    }

    /// The drawing options, as `knights render`'s `--theme`, `--show`, `--style`,
    /// `--region` and `--legend` make them.
    pub fn options(&self) -> Result<render::Options, Error> {
        Ok(render::Options {
            theme: Theme::load(&self.theme)?,
            show: match &self.show {
                Some(s) => Show::parse(s)?,
                None => Show::Defaults,
            },
            style: self.style,
            region: self.region,
            legend: self.legend,
            ..render::Options::default()
        })
    }
}

/// `kind=tour` or `kind=tourney`.
fn kind(value: &str) -> Result<Kind, Error> {
    match value {
        "" | "tour" => Ok(Kind::Tour),
        "tourney" => Ok(Kind::Tourney),
        _ => Err(Error::invalid(format!(
            "kind '{value}' is neither tour nor tourney"
        ))),
    }
}

/// A switch: present (`open`), or `1`, `true`, `0`, `false`.
fn flag(key: &str, value: &str) -> Result<bool, Error> {
    match value {
        "" | "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err(Error::invalid(format!(
            "{key}='{value}': write {key}, {key}=1 or {key}=0"
        ))),
    }
}

/// A whole number.
fn number(key: &str, value: &str) -> Result<u64, Error> {
    value
        .parse()
        .map_err(|_| Error::invalid(format!("{key}='{value}' is not a whole number")))
}

/// `X,Y`, as `--start` takes it.
fn pair(key: &str, value: &str) -> Result<(u32, u32), Error> {
    let bad = || {
        Error::invalid(format!(
            "{key}='{value}' is not a square: write X,Y, e.g. 0,0 for the bottom-left"
        ))
    };
    let (x, y) = value.split_once(',').ok_or_else(bad)?;
    Ok((
        x.trim().parse().map_err(|_| bad())?,
        y.trim().parse().map_err(|_| bad())?,
    ))
}

/// `A,B`, as `--leaper` takes it.
fn leaper(value: &str) -> Result<Leaper, Error> {
    let bad = || {
        Error::invalid(format!(
            "'{value}' is not a leaper: write A,B, e.g. 1,2 for the knight or 1,4 for the giraffe"
        ))
    };
    let (a, b) = value.split_once(',').ok_or_else(bad)?;
    Leaper::new(
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    )
}

/// `%2C` and the like decoded (a URL's hash may escape the commas of `show`).
fn unescape(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_is_read_into_the_options() {
        let a =
            Ask::parse("#board=52x22&leaper=1%2C4&open&show=turns,crossings&kind=tour").unwrap();
        assert_eq!(a.board, "52x22");
        assert_eq!(a.leaper, Some(Leaper::new(1, 4).unwrap()));
        assert!(a.open);
        assert_eq!(a.show.as_deref(), Some("turns,crossings"));
        assert_eq!(a.kind, Kind::Tour);
    }

    #[test]
    fn bad_values_are_refused_in_one_line() {
        for bad in [
            "colour=red",
            "seed=x",
            "leaper=1",
            "kind=path",
            "open=maybe",
            "topology=sphere",
        ] {
            let e = Ask::parse(bad).unwrap_err().to_string();
            assert!(!e.is_empty() && !e.contains('\n'), "{bad}: {e}");
        }
    }
}
