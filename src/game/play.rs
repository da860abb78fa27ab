//! A move as it was played: the move with the dice it rolled and the cells
//! its placed dice went to, what a game record keeps of each move and what
//! the arena and the game's history replay.

use super::{Event, Move, Placement, Roll, Rules};

/// One move as played: the move, with the dice it rolled, if it rolled any,
/// and where the dice of a pass went under random placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    /// The move.
    pub mv: Move,
    /// The dice thrown, for an attack under rules with chance.
    pub roll: Option<Roll>,
    /// Where the dice of a pass went, one cell a die in the order placed,
    /// under a rule set that places them at random (Dice Wars).
    pub placed: Placed,
}

impl From<Move> for Play {
    fn from(mv: Move) -> Play {
        Play {
            mv,
            roll: None,
            placed: Placed::default(),
        }
    }
}

impl Play {
    /// A move as a record keeps it, from what playing it did: an attack
    /// with its roll, a pass with the cells its dice went to where the rules
    /// place them at random.
    pub fn of(rules: &Rules, mv: Move, event: &Event) -> Play {
        match event {
            Event::Attack { roll, .. } => Play {
                mv,
                roll: *roll,
                placed: Placed::default(),
            },
            Event::Pass { placed, .. } => Play {
                mv,
                roll: None,
                placed: match rules.policy().placement {
                    Placement::Random => Placed::new(placed).unwrap_or_default(),
                    Placement::Sweep | Placement::ReversingSweep => Placed::default(),
                },
            },
        }
    }
}

/// The cells a pass put its dice on, one entry a die: at most
/// [`MAX_STOCK`](super::MAX_STOCK), as a stock holds.
///
/// ```
/// use dice_of_doom::game::Placed;
/// let placed = Placed::new(&[0, 4, 4]).unwrap();
/// assert_eq!((placed.cells(), placed.to_string().as_str()), (&[0, 4, 4][..], "places 0 4 4"));
/// assert!(Placed::new(&[0; 65]).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placed {
    cells: [u8; super::MAX_STOCK as usize],
    len: u8,
}

impl Default for Placed {
    fn default() -> Placed {
        Placed {
            cells: [0; super::MAX_STOCK as usize],
            len: 0,
        }
    }
}

impl Placed {
    /// The cells, if there are not too many.
    pub fn new(cells: &[u8]) -> Option<Placed> {
        let mut placed = Placed::default();
        placed.cells.get_mut(..cells.len())?.copy_from_slice(cells);
        placed.len = cells.len() as u8;
        Some(placed)
    }

    /// The cells, in the order the dice went.
    pub fn cells(&self) -> &[u8] {
        &self.cells[..usize::from(self.len)]
    }
}

/// `places 0 4 4`.
impl std::fmt::Display for Placed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("places")?;
        for cell in self.cells() {
            write!(f, " {cell}")?;
        }
        Ok(())
    }
}
