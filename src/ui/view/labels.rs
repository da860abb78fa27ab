//! Where each territory's label goes on a map drawn as a raster: its
//! number over its owner and dice (`24` over `b3`) where the territory has
//! two lines for them, else on one line (`24b3`), on the territory's own
//! characters and never on a border, so that no label runs into a
//! neighbour's; nearest the territory's middle. A territory with no room
//! for either is squeezed into the raster until it has.

use super::raster::{Edge, Raster, Scale};
use crate::game::{Grid, Map};

/// How a label is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Form {
    /// The number on a line, the owner and dice on the line below.
    Stacked,
    /// The number, the owner and the dice on one line.
    Inline,
}

/// Where a territory's label goes: its first character's column and line,
/// and its form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Label {
    pub(super) x: usize,
    pub(super) y: usize,
    pub(super) form: Form,
}

impl Label {
    /// The characters of the label for territory `t`: its number, and its
    /// owner and dice (`b3`), each as a column, a line and the text.
    pub(super) fn parts(self, t: usize, owner_dice: &str) -> [(usize, usize, String); 2] {
        let number = t.to_string();
        match self.form {
            Form::Stacked => [
                (self.x, self.y, number),
                (self.x, self.y + 1, owner_dice.to_string()),
            ],
            Form::Inline => [
                (self.x, self.y, number.clone()),
                (self.x + number.len(), self.y, owner_dice.to_string()),
            ],
        }
    }

    /// The characters just after the label where marks may go, in order
    /// of preference: after the owner and dice, then after the number.
    pub(super) fn mark_places(self, t: usize) -> [(usize, usize); 2] {
        let n = t.to_string().len();
        match self.form {
            Form::Stacked => [(self.x + 2, self.y + 1), (self.x + n, self.y)],
            Form::Inline => [(self.x + n + 2, self.y), (self.x + n + 3, self.y)],
        }
    }
}

/// The columns a territory's one-line label takes (`24b3`).
pub(super) fn inline_len(t: usize) -> usize {
    t.to_string().len() + 2
}

/// The raster of `grid` at `scale` with every territory of `map` given
/// room for its label, and the labels' places.
pub(super) fn lay_out(map: &Map, grid: &Grid, scale: Scale) -> (Raster, Vec<Label>) {
    let mut raster = Raster::new(grid, scale);
    // One territory squeezed in may squeeze out a neighbour: again, a few
    // times.
    for _ in 0..4 {
        let mut squeezed = false;
        for t in 0..map.len() {
            if place(&raster, t).is_none() {
                let at = map.place(t);
                let cell = (usize::from(at.column) / 2, usize::from(at.row));
                raster.squeeze_in(grid, scale, (t as u8, cell), inline_len(t));
                squeezed = true;
            }
        }
        if !squeezed {
            break;
        }
    }
    let labels = (0..map.len())
        .map(|t| {
            place(&raster, t).unwrap_or_else(|| {
                // Squeezed out even so (a window too small): its first
                // character, or the map's corner.
                let (x, y) = raster
                    .places()
                    .find(|&(x, y)| raster.at(x, y) == Some(t as u8))
                    .unwrap_or((1, 1));
                Label {
                    x,
                    y,
                    form: Form::Inline,
                }
            })
        })
        .collect();
    (raster, labels)
}

/// The best place for territory `t`'s label on the raster, if it has room:
/// on its characters and off its borders; stacked rather than on one line,
/// off the lines under which another territory starts rather than on them;
/// then nearest the middle of its characters.
pub(super) fn place(raster: &Raster, t: usize) -> Option<Label> {
    let id = t as u8;
    let own: Vec<(usize, usize)> = raster
        .places()
        .filter(|&(x, y)| raster.at(x, y) == Some(id))
        .collect();
    if own.is_empty() {
        return None;
    }
    let n = own.len() as f64;
    let mx = own.iter().map(|&(x, _)| x as f64 + 0.5).sum::<f64>() / n;
    let my = own.iter().map(|&(_, y)| y as f64 + 0.5).sum::<f64>() / n;
    let digits = t.to_string().len();
    // The characters a form takes from (x, y).
    let chars = |form: Form, x: usize, y: usize| -> Vec<(usize, usize)> {
        match form {
            Form::Stacked => (x..x + digits.max(2))
                .map(|c| (c, y))
                .chain((x..x + 2).map(|c| (c, y + 1)))
                .collect(),
            Form::Inline => (x..x + digits + 2).map(|c| (c, y)).collect(),
        }
    };
    let mut best: Option<((u8, u64), Label)> = None;
    for &(x, y) in &own {
        for (rank, form) in [(0, Form::Stacked), (1, Form::Inline)] {
            let taken = chars(form, x, y);
            if !taken.iter().all(|&(cx, cy)| raster.open(id, cx, cy)) {
                continue;
            }
            let over_edge = taken
                .iter()
                .any(|&(cx, cy)| raster.edge_at(cx, cy) == Edge::Below);
            let class = rank + 2 * u8::from(over_edge);
            let (w, h) = match form {
                Form::Stacked => (2.0, 2.0),
                Form::Inline => ((digits + 2) as f64, 1.0),
            };
            let dx = x as f64 + w / 2.0 - mx;
            let dy = y as f64 + h / 2.0 - my;
            // Lines are about twice as high as columns are wide.
            let distance = (dx * dx + 4.0 * dy * dy) * 16.0;
            let key = (class, distance as u64);
            if best.is_none_or(|(k, _)| key < k) {
                best = Some((key, Label { x, y, form }));
            }
        }
    }
    best.map(|(_, label)| label)
}
