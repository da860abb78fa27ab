//! The learned evaluation's model and its weights file: one small network
//! rating each player from her features, a softmax over the players left.

use std::fmt::Write as _;

use super::features::{FEATURES, PlayerFeatures, SLOTS};

/// The most hidden units a model may have (its activations live on the
/// stack).
pub const MAX_HIDDEN: usize = 64;

/// The first line of a weights file.
const MAGIC: &str = "dice-of-doom learned evaluation 1";

/// A player's rating is `v . x + w2 . tanh(w1 x + b1)` for her features
/// `x`; her chance of winning, the softmax of the ratings over the players
/// left.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// Hidden units.
    pub hidden: usize,
    /// Input to hidden weights, one row of [`FEATURES`] a hidden unit.
    pub w1: Vec<f32>,
    /// Hidden biases.
    pub b1: Vec<f32>,
    /// Hidden to rating weights.
    pub w2: Vec<f32>,
    /// Input to rating weights (the linear part).
    pub v: Vec<f32>,
}

impl Net {
    /// A player's rating from her features.
    pub fn rate(&self, x: &[f32; FEATURES]) -> f32 {
        let mut s: f32 = self.v.iter().zip(x).map(|(w, x)| w * x).sum();
        for h in 0..self.hidden.min(MAX_HIDDEN) {
            let row = &self.w1[h * FEATURES..(h + 1) * FEATURES];
            let z: f32 = self.b1[h] + row.iter().zip(x).map(|(w, x)| w * x).sum::<f32>();
            s += self.w2[h] * z.tanh();
        }
        s
    }

    /// Each slot's chance of winning: the softmax of the ratings of the
    /// players left, 0 for the others.
    pub fn chances(&self, f: &PlayerFeatures) -> [f32; SLOTS] {
        let mut out = [0f32; SLOTS];
        let mut top = f32::NEG_INFINITY;
        for ((o, row), &alive) in out.iter_mut().zip(&f.rows).zip(&f.alive) {
            if alive {
                *o = self.rate(row);
                top = top.max(*o);
            }
        }
        let mut sum = 0f32;
        for (o, &alive) in out.iter_mut().zip(&f.alive) {
            *o = if alive { (*o - top).exp() } else { 0.0 };
            sum += *o;
        }
        if sum > 0.0 {
            for o in &mut out {
                *o /= sum;
            }
        }
        out
    }

    /// The CRC-32 of the weights' bits, in the file's order.
    pub fn checksum(&self) -> u32 {
        let mut h = crc32fast::Hasher::new();
        for w in self
            .w1
            .iter()
            .chain(&self.b1)
            .chain(&self.w2)
            .chain(&self.v)
        {
            h.update(&w.to_bits().to_le_bytes());
        }
        h.finalize()
    }
}

/// Why a weights file does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// The first line is not the format's.
    #[error("not a weights file (its first line is not `{MAGIC}`)")]
    Magic,
    /// A line the format needs is missing.
    #[error("the line `{0}` is missing")]
    Missing(&'static str),
    /// A number does not read.
    #[error("line `{0}`: a number does not read")]
    Number(&'static str),
    /// A row has the wrong count of numbers.
    #[error("line `{key}`: {found} numbers where {wanted} were expected")]
    Count {
        /// The line.
        key: &'static str,
        /// The numbers found.
        found: usize,
        /// The numbers expected.
        wanted: usize,
    },
    /// The file was made for another count of features, or too many hidden
    /// units.
    #[error("{0} features or hidden units do not fit this program")]
    Shape(usize),
    /// The weights are not the ones the trainer wrote.
    #[error("the weights' checksum {found:08x} is not the recorded {recorded:08x}")]
    Checksum {
        /// The checksum the file records.
        recorded: u32,
        /// The checksum of the weights read.
        found: u32,
    },
}

/// A weights file: the model, and how the trainer made it.
#[derive(Clone, Debug, PartialEq)]
pub struct WeightsFile {
    /// The rule set's name.
    pub rules: String,
    /// The command that made it.
    pub command: String,
    /// The games played for it.
    pub games: u64,
    /// The positions fitted.
    pub samples: u64,
    /// The CRC-32 of the training data (every sample's features and
    /// target, as f32 bits, in order).
    pub data_crc: u32,
    /// The fit's settings and results, as the trainer reports them.
    pub notes: Vec<String>,
    /// The model.
    pub net: Net,
}

impl WeightsFile {
    /// Reads a weights file, checking the weights against their recorded
    /// checksum.
    ///
    /// # Errors
    /// A line is missing or malformed, the shape does not fit, or the
    /// checksum differs.
    pub fn parse(text: &str) -> Result<WeightsFile, WeightsError> {
        let mut lines = text.lines();
        if lines.next() != Some(MAGIC) {
            return Err(WeightsError::Magic);
        }
        let mut fields: Vec<(&str, &str)> = Vec::new();
        let mut notes = Vec::new();
        for line in lines {
            if let Some(note) = line.strip_prefix("note ") {
                notes.push(note.to_string());
            } else if let Some((k, v)) = line.split_once(' ') {
                fields.push((k, v));
            }
        }
        let get = |key: &'static str| {
            fields
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| *v)
                .ok_or(WeightsError::Missing(key))
        };
        let int = |key: &'static str| {
            get(key)?
                .trim()
                .parse::<u64>()
                .map_err(|_| WeightsError::Number(key))
        };
        let hex = |key: &'static str| {
            u32::from_str_radix(get(key)?.trim(), 16).map_err(|_| WeightsError::Number(key))
        };
        let features = int("features")? as usize;
        let hidden = int("hidden")? as usize;
        if features != FEATURES {
            return Err(WeightsError::Shape(features));
        }
        if hidden > MAX_HIDDEN {
            return Err(WeightsError::Shape(hidden));
        }
        let row = |key: &'static str, wanted: usize| -> Result<Vec<f32>, WeightsError> {
            let values = get(key)?
                .split_whitespace()
                .map(|s| s.parse::<f32>().map_err(|_| WeightsError::Number(key)))
                .collect::<Result<Vec<f32>, _>>()?;
            if values.len() != wanted {
                return Err(WeightsError::Count {
                    key,
                    found: values.len(),
                    wanted,
                });
            }
            Ok(values)
        };
        let net = Net {
            hidden,
            w1: row("w1", hidden * FEATURES)?,
            b1: row("b1", hidden)?,
            w2: row("w2", hidden)?,
            v: row("v", FEATURES)?,
        };
        let recorded = hex("weights-crc32")?;
        let found = net.checksum();
        if recorded != found {
            return Err(WeightsError::Checksum { recorded, found });
        }
        Ok(WeightsFile {
            rules: get("rules")?.to_string(),
            command: get("command")?.to_string(),
            games: int("games")?,
            samples: int("samples")?,
            data_crc: hex("data-crc32")?,
            notes,
            net,
        })
    }

    /// The file's text, which [`WeightsFile::parse`] reads back exactly.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let row = |values: &[f32]| {
            values
                .iter()
                .map(|v| format!("{v:?}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let net = &self.net;
        let _ = writeln!(out, "{MAGIC}");
        let _ = writeln!(out, "rules {}", self.rules);
        let _ = writeln!(out, "command {}", self.command);
        let _ = writeln!(out, "games {}", self.games);
        let _ = writeln!(out, "samples {}", self.samples);
        let _ = writeln!(out, "data-crc32 {:08x}", self.data_crc);
        for note in &self.notes {
            let _ = writeln!(out, "note {note}");
        }
        let _ = writeln!(out, "features {FEATURES}");
        let _ = writeln!(out, "hidden {}", net.hidden);
        let _ = writeln!(out, "w1 {}", row(&net.w1));
        let _ = writeln!(out, "b1 {}", row(&net.b1));
        let _ = writeln!(out, "w2 {}", row(&net.w2));
        let _ = writeln!(out, "v {}", row(&net.v));
        let _ = writeln!(out, "weights-crc32 {:08x}", net.checksum());
        out
    }
}
