//! The fit of the learned evaluation's model to the trainer's samples:
//! log-loss of the softmax over the players left against each game's
//! outcome, minimised by Adam over shuffled batches, plainly written, on
//! one thread (so that the weights are the same whatever the threads that
//! played the games).

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::features::{FEATURES, NAMES, SLOTS};
use super::net::Net;
use super::train::{Sample, TrainConfig};

/// The model's parameters while fitting, in f64: `w1`, `b1`, `w2`, `v`
/// end to end.
struct Params {
    hidden: usize,
    p: Vec<f64>,
}

impl Params {
    fn len(hidden: usize) -> usize {
        hidden * FEATURES + 2 * hidden + FEATURES
    }

    /// Small random weights from `rng`, the linear part starting at zero.
    fn init(hidden: usize, rng: &mut ChaCha8Rng) -> Params {
        let mut p = vec![0.0; Params::len(hidden)];
        let scale = 1.0 / (FEATURES as f64).sqrt();
        for w in &mut p[..hidden * FEATURES] {
            *w = (rng.random::<f64>() * 2.0 - 1.0) * scale;
        }
        let w2 = hidden * FEATURES + hidden;
        for w in &mut p[w2..w2 + hidden] {
            *w = (rng.random::<f64>() * 2.0 - 1.0) * 0.1;
        }
        Params { hidden, p }
    }

    /// A player's rating and the hidden activations.
    fn rate(&self, x: &[f32; FEATURES], act: &mut [f64]) -> f64 {
        let h = self.hidden;
        let (w1, rest) = self.p.split_at(h * FEATURES);
        let (b1, rest) = rest.split_at(h);
        let (w2, v) = rest.split_at(h);
        let mut s: f64 = v.iter().zip(x).map(|(w, &x)| w * f64::from(x)).sum();
        for j in 0..h {
            let row = &w1[j * FEATURES..(j + 1) * FEATURES];
            let z = b1[j]
                + row
                    .iter()
                    .zip(x)
                    .map(|(w, &x)| w * f64::from(x))
                    .sum::<f64>();
            act[j] = z.tanh();
            s += w2[j] * act[j];
        }
        s
    }

    /// The players' chances for a sample, with each one's activations.
    fn chances(&self, s: &Sample, acts: &mut [Vec<f64>]) -> [f64; SLOTS] {
        let mut p = [0.0; SLOTS];
        let mut top = f64::NEG_INFINITY;
        for (((q, row), &alive), act) in p.iter_mut().zip(&s.x).zip(&s.alive).zip(acts) {
            if alive {
                *q = self.rate(row, act);
                top = top.max(*q);
            }
        }
        let mut sum = 0.0;
        for (q, &alive) in p.iter_mut().zip(&s.alive) {
            *q = if alive { (*q - top).exp() } else { 0.0 };
            sum += *q;
        }
        for q in &mut p {
            *q /= sum.max(f64::MIN_POSITIVE);
        }
        p
    }

    /// Adds the gradient of the sample's log-loss to `grad`; returns the
    /// loss.
    fn accumulate(&self, s: &Sample, acts: &mut [Vec<f64>], grad: &mut [f64]) -> f64 {
        let h = self.hidden;
        let p = self.chances(s, acts);
        let mut loss = 0.0;
        for i in 0..SLOTS {
            if !s.alive[i] {
                continue;
            }
            let t = f64::from(s.target[i]);
            if t > 0.0 {
                loss -= t * p[i].max(1e-12).ln();
            }
            let g = p[i] - t;
            let x = &s.x[i];
            let w2 = &self.p[h * FEATURES + h..h * FEATURES + 2 * h];
            let v0 = h * FEATURES + 2 * h;
            for (k, &xk) in x.iter().enumerate() {
                grad[v0 + k] += g * f64::from(xk);
            }
            for j in 0..h {
                let a = acts[i][j];
                grad[h * FEATURES + h + j] += g * a;
                let dz = g * w2[j] * (1.0 - a * a);
                grad[h * FEATURES + j] += dz;
                for (k, &xk) in x.iter().enumerate() {
                    grad[j * FEATURES + k] += dz * f64::from(xk);
                }
            }
        }
        loss
    }

    fn net(&self) -> Net {
        let h = self.hidden;
        let f = |r: std::ops::Range<usize>| self.p[r].iter().map(|&w| w as f32).collect();
        Net {
            hidden: h,
            w1: f(0..h * FEATURES),
            b1: f(h * FEATURES..h * FEATURES + h),
            w2: f(h * FEATURES + h..h * FEATURES + 2 * h),
            v: f(h * FEATURES + 2 * h..Params::len(h)),
        }
    }
}

/// How well a model predicts a set of samples.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    /// Mean log-loss.
    pub loss: f64,
    /// Mean log-loss of the even chance among the players left.
    pub uniform: f64,
    /// The share of samples whose most likely player (by the model) won.
    pub hits: f64,
    /// The same for the player with the most cells.
    pub most_cells: f64,
}

/// Scores `net` on `samples`.
pub fn score(net: &Net, samples: &[Sample]) -> Score {
    let (mut loss, mut uniform, mut hits, mut most) = (0.0, 0.0, 0.0, 0.0);
    for s in samples {
        let f = super::PlayerFeatures {
            rows: s.x,
            alive: s.alive,
        };
        let p = net.chances(&f);
        let left = s.alive.iter().filter(|&&a| a).count().max(1) as f64;
        let (mut best, mut cells) = (0, 0);
        for i in 0..SLOTS {
            let t = f64::from(s.target[i]);
            if t > 0.0 {
                loss -= t * f64::from(p[i]).max(1e-12).ln();
                uniform += t * left.ln();
            }
            if p[i] > p[best] {
                best = i;
            }
            if s.x[i][0] > s.x[cells][0] {
                cells = i;
            }
        }
        hits += f64::from(s.target[best]);
        most += f64::from(s.target[cells]);
    }
    let n = samples.len().max(1) as f64;
    Score {
        loss: loss / n,
        uniform: uniform / n,
        hits: hits / n,
        most_cells: most / n,
    }
}

/// Fits the model to `samples` (from the games `origin` names, one a
/// sample): every tenth game's samples (game numbers ending in 9) held out
/// to score the fit, the rest fitted. Returns the model and notes on the
/// fit for the weights file.
pub fn fit(config: &TrainConfig, samples: &[Sample], origin: &[u64]) -> (Net, Vec<String>) {
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (s, &g) in samples.iter().zip(origin) {
        if g % 10 == 9 {
            test.push(*s);
        } else {
            train.push(*s);
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed ^ 0xf17_f17);
    let hidden = config.hidden.clamp(1, super::net::MAX_HIDDEN);
    let mut params = Params::init(hidden, &mut rng);
    let n = params.p.len();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, eps): (f64, f64, f64) = (0.9, 0.999, 1e-8);
    let mut acts = vec![vec![0.0; hidden]; SLOTS];
    let mut grad = vec![0.0; n];
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut step = 0i32;
    let batch = config.batch.max(1);
    for _ in 0..config.epochs {
        // Fisher-Yates with u32 draws: the same on every machine.
        for i in (1..order.len()).rev() {
            let j = rng.random_range(0..=i as u32) as usize;
            order.swap(i, j);
        }
        for chunk in order.chunks(batch) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            for &i in chunk {
                params.accumulate(&train[i], &mut acts, &mut grad);
            }
            step += 1;
            let scale = 1.0 / chunk.len() as f64;
            let (c1, c2) = (1.0 - b1.powi(step), 1.0 - b2.powi(step));
            for k in 0..n {
                let g = grad[k] * scale;
                m[k] = b1 * m[k] + (1.0 - b1) * g;
                v[k] = b2 * v[k] + (1.0 - b2) * g * g;
                params.p[k] -= config.rate * (m[k] / c1) / ((v[k] / c2).sqrt() + eps);
            }
        }
    }
    let net = params.net();
    let (fitted, held) = (score(&net, &train), score(&net, &test));
    let linear: Vec<String> = NAMES
        .iter()
        .zip(&net.v)
        .map(|(name, w)| format!("{name} {w:+.2}"))
        .collect();
    let notes = vec![
        format!(
            "fitted {} samples, held out {} (the games numbered 9 mod 10)",
            train.len(),
            test.len()
        ),
        format!(
            "log-loss fitted {:.4}, held out {:.4} (even chances {:.4})",
            fitted.loss, held.loss, held.uniform
        ),
        format!(
            "held out: the model's favourite won {:.1}%, the player with most cells {:.1}%",
            100.0 * held.hits,
            100.0 * held.most_cells
        ),
        format!("linear part: {}", linear.join(", ")),
    ];
    (net, notes)
}
