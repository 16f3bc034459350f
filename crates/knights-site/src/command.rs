//! The `knights tour` command that makes a tour of the catalogue, written from the very
//! request the build made the tour from: a page's command can only make the tour the
//! page shows, since both come from one value (a series member's and a catalogue
//! tour's alike, whatever its variant, topology, leaper or seed).

use crate::plan::Target;
use knights_core::{Leaper, Topology};

impl Target {
    /// The arguments after `knights` that make this tour: `tour BOARD --algo NAME`,
    /// then only the options that differ from the command line's defaults.
    pub fn command(&self) -> Vec<String> {
        let mut args = vec!["tour".to_string()];
        let request = self.request();
        let b = &request.board;
        args.push(match b.dims() {
            2 => format!("{}x{}", b.width(), b.height()),
            _ => b.to_string(),
        });
        let (algorithm, variant, open, seed, leaper, topology) = (
            self.algorithm.to_string(),
            &request.variant,
            request.open,
            request.seed,
            b.leaper(),
            b.topology(),
        );
        args.extend(["--algo".to_string(), algorithm]);
        if let Some(v) = variant {
            args.extend(["--variant".to_string(), v.clone()]);
        }
        if open {
            args.push("--open".to_string());
        }
        if seed != 0 {
            args.extend(["--seed".to_string(), seed.to_string()]);
        }
        if leaper != Leaper::KNIGHT {
            let (a, b) = leaper.steps();
            args.extend(["--leaper".to_string(), format!("{a},{b}")]);
        }
        if topology != Topology::Plane {
            args.extend(["--topology".to_string(), topology.to_string()]);
        }
        args
    }

    /// [`Target::command`] as one line, `knights tour ...`, as a page shows it.
    pub fn command_line(&self) -> String {
        format!("knights {}", self.command().join(" "))
    }
}
