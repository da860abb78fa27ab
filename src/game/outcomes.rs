//! The outcomes of a move (`outcomes.rs`): a battle of dice as an explicit
//! chance event, whose
//! outcomes the engine lists with their exact probabilities or draws from a
//! seeded generator, and reinforcements placed at random (Dice Wars' deal
//! is in `deal.rs`).

use std::fmt;

use rand::{Rng, RngExt};

use super::rules::Dealer;
use super::{Battle, BattleOdds, Cell, IllegalMove, Move, Position, Roll, Rules};

/// What happened when a move was played: an attack's roll and result, or
/// the dice a pass placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// An attack.
    Attack {
        /// The roll, under a rule set with dice; `None` for a sure attack.
        roll: Option<Roll>,
        /// Whether the target was taken.
        taken: bool,
    },
    /// The end of a turn.
    Pass {
        /// The cells that got a die, one entry a die, in the order placed.
        placed: Vec<u8>,
        /// What is left to place later: the shared pool or the player's
        /// stock, under the rule sets that have one.
        left: Option<u8>,
    },
}

/// `rolls 4+6+2 = 12 against 5+1 = 6: taken`, `taken`, or `places 3 dice
/// (0, 4, 4), stock 5`.
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Attack { roll, taken } => {
                if let Some(roll) = roll {
                    write!(f, "rolls {roll}: ")?;
                }
                f.write_str(if *taken { "taken" } else { "held" })
            }
            Event::Pass { placed, left } => {
                write!(
                    f,
                    "places {}",
                    crate::text::count(placed.len(), "die", "dice")
                )?;
                if !placed.is_empty() {
                    let cells: Vec<String> = placed.iter().map(u8::to_string).collect();
                    write!(f, " ({})", cells.join(", "))?;
                }
                if let Some(left) = left {
                    write!(f, ", {left} left")?;
                }
                Ok(())
            }
        }
    }
}

/// A move's result: the position after it and what happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The position after the move.
    pub position: Position,
    /// What happened.
    pub event: Event,
}

/// One outcome of a move, with its exact probability.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// The chance of it: from exact counts, 1 for a sure move.
    pub probability: f64,
    /// Whether the attack took its target (true for a pass).
    pub taken: bool,
    /// The position it leads to.
    pub position: Position,
}

/// Why a recorded roll cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The move is not legal.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// The roll does not fit the attack (its dice, or its presence).
    #[error("{mv}: {why}")]
    Roll {
        /// The move.
        mv: Move,
        /// What is wrong.
        why: String,
    },
}

/// Draws random placements from a generator and notes them.
struct Drawn<'a, R: ?Sized> {
    rng: &'a mut R,
    placed: Vec<u8>,
}

impl<R: Rng + ?Sized> Dealer for Drawn<'_, R> {
    fn pick(&mut self, room: usize) -> usize {
        self.rng.random_range(0..room as u32) as usize
    }

    fn placed(&mut self, cell: usize) {
        self.placed.push(cell as u8);
    }
}

/// Replays recorded placements: each die goes where the record says, if
/// that cell had room.
struct Given<'a> {
    /// Each die's place among the cells with room, in index order.
    picks: &'a [u8],
    next: usize,
    placed: Vec<u8>,
}

impl Dealer for Given<'_> {
    fn pick(&mut self, room: usize) -> usize {
        self.picks.get(self.next).map_or(room, |&c| usize::from(c))
    }

    fn placed(&mut self, cell: usize) {
        self.next += 1;
        self.placed.push(cell as u8);
    }
}

impl Position {
    /// Plays a legal move, drawing what chance decides (the dice of a
    /// battle, random placements) from `rng`: the same generator state
    /// gives the same result on every machine when it is portable (such as
    /// `rand_chacha`). Sure moves draw nothing.
    ///
    /// ```
    /// use dice_of_doom::game::{Event, Move, Player, Position, RuleSet, Rules, Map};
    /// use rand::SeedableRng;
    /// let rules = Rules::of(RuleSet::Lol4, Map::rhombus(2).unwrap(), 2, 5).unwrap();
    /// let start = Position::start(&rules, "a-3 b-2 / b-1 a-1".parse().unwrap(), Player::A).unwrap();
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let played = start.play_rolled(&rules, Move::Attack { from: 0, to: 1 }, &mut rng).unwrap();
    /// let Event::Attack { roll: Some(roll), taken } = played.event else { panic!() };
    /// assert_eq!(taken, roll.attacker_wins());
    /// assert_eq!(played.position.board().cell(0).dice(), 1);
    /// ```
    pub fn play_rolled<R: Rng + ?Sized>(
        &self,
        rules: &Rules,
        mv: Move,
        rng: &mut R,
    ) -> Result<Played, IllegalMove> {
        if !self.is_legal(rules, mv) {
            return Err(IllegalMove { mv });
        }
        let roll = match mv {
            Move::Attack { from, to } if rules.policy().battle == Battle::Dice => Some(Roll::draw(
                self.board().cell(usize::from(from)).dice(),
                self.board().cell(usize::from(to)).dice(),
                rng,
            )),
            _ => None,
        };
        let mut dealer = Drawn {
            rng,
            placed: Vec::new(),
        };
        let won = roll.is_none_or(|r| r.attacker_wins());
        let position = self.resolve(rules, mv, won, &mut dealer);
        Ok(Played {
            event: self.event(rules, mv, roll, won, dealer.placed, &position),
            position,
        })
    }

    /// Plays a legal move as recorded: an attack under a rule set with dice
    /// with its roll (whose dice must be the two cells' dice), a pass with
    /// the cells its random placements went to (under Dice Wars; ignored
    /// where placement is not random). Nothing is drawn.
    pub fn play_recorded(
        &self,
        rules: &Rules,
        mv: Move,
        roll: Option<Roll>,
        placed: &[u8],
    ) -> Result<Played, ReplayError> {
        if !self.is_legal(rules, mv) {
            return Err(IllegalMove { mv }.into());
        }
        let bad = |why: &str| ReplayError::Roll {
            mv,
            why: why.to_string(),
        };
        let won = match (mv, rules.policy().battle, roll) {
            (Move::Attack { from, to }, Battle::Dice, Some(roll)) => {
                let a = self.board().cell(usize::from(from)).dice();
                let d = self.board().cell(usize::from(to)).dice();
                if roll.attack().len() != usize::from(a) || roll.defence().len() != usize::from(d) {
                    return Err(bad(&format!(
                        "the roll has {} against {} dice, but the battle is {a} against {d}",
                        roll.attack().len(),
                        roll.defence().len()
                    )));
                }
                roll.attacker_wins()
            }
            (Move::Attack { .. }, Battle::Dice, None) => {
                return Err(bad("an attack under these rules needs its roll"));
            }
            (_, _, Some(_)) => return Err(bad("this move rolls no dice")),
            (_, _, None) => true,
        };
        // Random placement picks among the cells with room in index order:
        // turn each recorded cell into its place in that list as it goes.
        let mut board = *self.board();
        let max = rules.max_dice();
        let mut picks = Vec::with_capacity(placed.len());
        for &cell in placed {
            let room: Vec<usize> = (0..board.len())
                .filter(|&i| {
                    let c = board.cell(i);
                    c.owner() == self.player() && c.dice() < max
                })
                .collect();
            let Some(pick) = room.iter().position(|&i| i == usize::from(cell)) else {
                return Err(bad(&format!("cell {cell} cannot take a die here")));
            };
            picks.push(pick as u8);
            let c = board.cell(usize::from(cell));
            board.set(usize::from(cell), Cell::new(c.owner(), c.dice() + 1));
        }
        let mut dealer = Given {
            picks: &picks,
            next: 0,
            placed: Vec::new(),
        };
        let position = self.resolve(rules, mv, won, &mut dealer);
        if mv == Move::Pass
            && rules.policy().placement == super::Placement::Random
            && dealer.placed.as_slice() != placed
        {
            return Err(bad(&format!(
                "the pass places {} dice, not the {} recorded",
                dealer.placed.len(),
                placed.len()
            )));
        }
        Ok(Played {
            event: self.event(rules, mv, roll, won, dealer.placed, &position),
            position,
        })
    }

    fn event(
        &self,
        rules: &Rules,
        mv: Move,
        roll: Option<Roll>,
        won: bool,
        placed: Vec<u8>,
        after: &Position,
    ) -> Event {
        match mv {
            Move::Attack { .. } => Event::Attack { roll, taken: won },
            Move::Pass => Event::Pass {
                placed,
                left: match rules.policy().supply {
                    super::Supply::SharedPool(_) => Some(after.pool()),
                    super::Supply::Stock(_) => Some(after.stock(self.player())),
                    _ => None,
                },
            },
        }
    }

    /// The outcomes of a legal move with their exact probabilities, summing
    /// to 1: a battle of dice has two (taken with the chance
    /// [`BattleOdds`] counts, held otherwise), a sure move one. A pass under
    /// random placement is not listed (its placements are too many): `None`.
    ///
    /// ```
    /// use dice_of_doom::game::{Move, Player, Position, RuleSet, Rules, Map};
    /// let rules = Rules::of(RuleSet::Lol4, Map::rhombus(2).unwrap(), 2, 5).unwrap();
    /// let start = Position::start(&rules, "a-2 b-1 / b-1 a-1".parse().unwrap(), Player::A).unwrap();
    /// let outcomes = start.outcomes(&rules, Move::Attack { from: 0, to: 1 }).unwrap().unwrap();
    /// assert_eq!(format!("{:.6}", outcomes[0].probability), "0.837963");
    /// assert!(outcomes[0].taken && !outcomes[1].taken);
    /// ```
    pub fn outcomes(&self, rules: &Rules, mv: Move) -> Result<Option<Vec<Outcome>>, IllegalMove> {
        if !self.is_legal(rules, mv) {
            return Err(IllegalMove { mv });
        }
        let sure = |position| Outcome {
            probability: 1.0,
            taken: true,
            position,
        };
        Ok(match mv {
            Move::Attack { from, to } if rules.policy().battle == Battle::Dice => {
                let odds = BattleOdds::new(
                    self.board().cell(usize::from(from)).dice(),
                    self.board().cell(usize::from(to)).dice(),
                )
                .expect("a rule set with dice allows at most 8 dice a cell");
                let p = odds.probability();
                let lost = (odds.rolls() - odds.wins()) as f64 / odds.rolls() as f64;
                Some(vec![
                    Outcome {
                        probability: p,
                        taken: true,
                        position: self.resolve(rules, mv, true, &mut super::NoChance),
                    },
                    Outcome {
                        probability: lost,
                        taken: false,
                        position: self.resolve(rules, mv, false, &mut super::NoChance),
                    },
                ])
            }
            Move::Pass if rules.policy().placement == super::Placement::Random => None,
            _ => Some(vec![sure(self.resolve(
                rules,
                mv,
                true,
                &mut super::NoChance,
            ))]),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Map, Player, RuleSet, deal_territories};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn attack(from: u8, to: u8) -> Move {
        Move::Attack { from, to }
    }

    fn rules(set: RuleSet, side: usize, players: usize, max_dice: usize) -> Rules {
        let map = match set {
            RuleSet::Racket => Map::offset(side),
            _ => Map::rhombus(side),
        };
        Rules::of(set, map.unwrap(), players, max_dice).unwrap()
    }

    fn start(rules: &Rules, board: &str) -> Position {
        Position::start(rules, board.parse().unwrap(), Player::A).unwrap()
    }

    #[test]
    fn who_may_attack_whom() {
        // a-3 next to b-3 and b-1; a-1 next to b-1.
        let board = "a-3 b-3 / b-1 a-1";
        let classic = rules(RuleSet::Classic, 2, 2, 3);
        let lol4 = rules(RuleSet::Lol4, 2, 2, 5);
        let dicewars = rules(RuleSet::Dicewars, 2, 2, 8);
        assert_eq!(start(&classic, board).moves(&classic), [attack(0, 2)]);
        assert_eq!(
            start(&lol4, board).moves(&lol4),
            [attack(0, 2), attack(0, 1)]
        );
        // Dice Wars may end a turn at once.
        assert_eq!(
            start(&dicewars, board).moves(&dicewars),
            [Move::Pass, attack(0, 2), attack(0, 1)]
        );
    }

    #[test]
    fn a_lost_battle_leaves_one_die_and_the_target() {
        let lol4 = rules(RuleSet::Lol4, 2, 2, 5);
        let position = start(&lol4, "a-3 b-3 / b-1 a-1");
        let outcomes = position.outcomes(&lol4, attack(0, 1)).unwrap().unwrap();
        let odds = BattleOdds::new(3, 3).unwrap();
        assert_eq!(outcomes[0].probability, odds.probability());
        assert_eq!(outcomes[0].probability + outcomes[1].probability, 1.0);
        assert_eq!(
            *outcomes[0].position.board(),
            "a-1 a-2 / b-1 a-1".parse().unwrap()
        );
        assert_eq!(outcomes[0].position.captured(), 3);
        assert_eq!(
            *outcomes[1].position.board(),
            "a-1 b-3 / b-1 a-1".parse().unwrap()
        );
        assert_eq!(outcomes[1].position.captured(), 0);
        assert!(!outcomes[1].position.is_first_move());
        // A fixed roll replays exactly.
        let lose: Roll = "1+1+1 against 6+6+6".parse().unwrap();
        let played = position
            .play_recorded(&lol4, attack(0, 1), Some(lose), &[])
            .unwrap();
        assert_eq!(played.position, outcomes[1].position);
        assert_eq!(
            played.event.to_string(),
            "rolls 1+1+1 = 3 against 6+6+6 = 18: held"
        );
        let short: Roll = "1+1 against 6+6+6".parse().unwrap();
        assert!(
            position
                .play_recorded(&lol4, attack(0, 1), Some(short), &[])
                .is_err()
        );
        assert!(
            position
                .play_recorded(&lol4, attack(0, 1), None, &[])
                .is_err()
        );
    }

    #[test]
    fn reinforcement_by_rule_set() {
        // a holds 0, 1, 3 (a group of 3 through 0-1 and 1-3) and 2? no: b.
        let board = "a-1 a-1 / b-2 a-1";
        // lol4: the largest group (3 cells) in one sweep.
        let lol4 = rules(RuleSet::Lol4, 2, 2, 5);
        let p = Position::from_parts(board.parse().unwrap(), Player::A, 0, false);
        let next = p.play(&lol4, Move::Pass).unwrap();
        assert_eq!(*next.board(), "a-2 a-2 / b-2 a-2".parse().unwrap());
        // racket: the shared pool pays, one sweep, and is not refilled.
        let racket = rules(RuleSet::Racket, 2, 2, 3);
        let mut p = start(&racket, board);
        assert_eq!(p.pool(), 10);
        p = Position::from_parts(*p.board(), Player::A, 0, false).with_pool(2);
        let next = p.play(&racket, Move::Pass).unwrap();
        assert_eq!(*next.board(), "a-2 a-2 / b-2 a-1".parse().unwrap());
        assert_eq!(next.pool(), 0);
        // dicewars: stock += largest group, capped at 64, placed at random;
        // what finds no room stays.
        let dicewars = rules(RuleSet::Dicewars, 2, 2, 8);
        let p = start(&dicewars, "a-7 a-8 / b-2 a-8").with_stock(Player::A, 63);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let played = p.play_rolled(&dicewars, Move::Pass, &mut rng).unwrap();
        assert_eq!(
            *played.position.board(),
            "a-8 a-8 / b-2 a-8".parse().unwrap()
        );
        assert_eq!(played.position.stock(Player::A), 63);
        assert_eq!(
            played.event,
            Event::Pass {
                placed: vec![0],
                left: Some(63)
            }
        );
        assert_eq!(played.event.to_string(), "places 1 die (0), 63 left");
        let replayed = p.play_recorded(&dicewars, Move::Pass, None, &[0]).unwrap();
        assert_eq!(replayed, played);
        assert!(p.play_recorded(&dicewars, Move::Pass, None, &[1]).is_err());
    }

    #[test]
    fn knocked_out_players_are_skipped_and_the_last_one_wins() {
        let dicewars = rules(RuleSet::Dicewars, 2, 3, 8);
        // b holds nothing: after a, c moves.
        let p =
            Position::start(&dicewars, "a-2 c-1 / a-1 c-3".parse().unwrap(), Player::A).unwrap();
        assert_eq!(p.players_in().len(), 2);
        let next = p.play(&dicewars, Move::Pass).unwrap();
        assert_eq!(next.player(), Player::new(2).unwrap());
        // One player left: over, no moves, she wins.
        let over =
            Position::start(&dicewars, "a-2 a-1 / a-1 a-3".parse().unwrap(), Player::A).unwrap();
        assert!(over.is_game_over(&dicewars));
        assert!(over.moves(&dicewars).is_empty());
        assert_eq!(over.winners().to_string(), "a");
    }

    #[test]
    fn the_guard_ends_a_stalled_game() {
        let dicewars = rules(RuleSet::Dicewars, 2, 2, 8);
        let mut p = start(&dicewars, "a-8 b-8 / b-8 a-8");
        let mut passes = 0;
        while !p.is_game_over(&dicewars) {
            p = p.play(&dicewars, Move::Pass).unwrap();
            passes += 1;
        }
        // 8 whole rounds of 2 players.
        assert_eq!(passes, 16);
        assert!(p.is_stalled(&dicewars));
        assert_eq!(p.winners().len(), 2);
        // A capture resets the count.
        let classic = rules(RuleSet::Classic, 2, 2, 3);
        let q = start(&classic, "a-3 b-1 / b-1 a-1");
        assert!(!q.is_stalled(&classic));
    }

    #[test]
    fn seeded_chance_games_replay() {
        for set in [RuleSet::Lol4, RuleSet::Dicewars] {
            let r = rules(set, 4, 3, 5);
            let game = |seed: u64| {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut p = deal_territories(&r, &mut rng).unwrap();
                let mut log = Vec::new();
                for _ in 0..300 {
                    let moves = p.moves(&r);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.random_range(0..moves.len() as u32) as usize];
                    let played = p.play_rolled(&r, mv, &mut rng).unwrap();
                    log.push((mv, played.event.clone()));
                    p = played.position;
                }
                (p, log)
            };
            let (end, log) = game(9);
            assert_eq!(game(9), (end, log.clone()), "{set}");
            assert_ne!(game(10).1, log, "{set}");
        }
    }
}
