//! A battle of dice: its exact odds, counted, and a roll drawn from a
//! seeded generator.

use std::fmt;

use rand::{Rng, RngExt};

/// The most dice on either side of a battle.
pub const MAX_BATTLE_DICE: u8 = 8;

/// The exact odds of a battle: of the `6^(attack + defence)` equally likely
/// rolls, how many the attacker wins (her sum strictly greater).
///
/// ```
/// use dice_of_doom::game::BattleOdds;
/// let odds = BattleOdds::new(2, 1).unwrap();
/// assert_eq!((odds.wins(), odds.rolls()), (181, 216));
/// assert_eq!(format!("{:.6}", odds.probability()), "0.837963");
/// assert!(BattleOdds::new(9, 1).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BattleOdds {
    wins: u64,
    rolls: u64,
}

/// How many ways each sum of `n` six-sided dice can fall, indexed by sum
/// (0 to `6 * MAX_BATTLE_DICE`).
fn sums(n: u8) -> [u64; 6 * MAX_BATTLE_DICE as usize + 1] {
    let mut ways = [0u64; 6 * MAX_BATTLE_DICE as usize + 1];
    ways[0] = 1;
    for _ in 0..n {
        let mut next = [0u64; 6 * MAX_BATTLE_DICE as usize + 1];
        for (sum, &w) in ways.iter().enumerate() {
            if w > 0 {
                for face in 1..=6 {
                    next[sum + face] += w;
                }
            }
        }
        ways = next;
    }
    ways
}

impl BattleOdds {
    /// The odds of `attack` dice against `defence` dice, each from 1 to
    /// [`MAX_BATTLE_DICE`].
    pub fn new(attack: u8, defence: u8) -> Option<BattleOdds> {
        let range = 1..=MAX_BATTLE_DICE;
        if !range.contains(&attack) || !range.contains(&defence) {
            return None;
        }
        let (a, d) = (sums(attack), sums(defence));
        let mut below = 0u64; // the defender's rolls with a sum below s
        let mut wins = 0u64;
        for s in 0..a.len() {
            wins += a[s] * below;
            below += d[s];
        }
        Some(BattleOdds {
            wins,
            rolls: 6u64.pow(u32::from(attack) + u32::from(defence)),
        })
    }

    /// The rolls the attacker wins.
    pub const fn wins(self) -> u64 {
        self.wins
    }

    /// All the rolls: `6^(attack + defence)`.
    pub const fn rolls(self) -> u64 {
        self.rolls
    }

    /// The chance that the attacker wins, `wins / rolls` (one division of
    /// two exact integers, both below 2^53).
    pub fn probability(self) -> f64 {
        self.wins as f64 / self.rolls as f64
    }
}

/// The faces of one battle's dice: the attacker's, then the defender's.
///
/// ```
/// use dice_of_doom::game::Roll;
/// let roll = Roll::new(&[4, 6, 2], &[5, 1]).unwrap();
/// assert_eq!((roll.attack_sum(), roll.defence_sum(), roll.attacker_wins()), (12, 6, true));
/// assert_eq!(roll.to_string(), "4+6+2 = 12 against 5+1 = 6");
/// assert_eq!("4+6+2 against 5+1".parse::<Roll>().unwrap(), roll);
/// assert!(Roll::new(&[7], &[1]).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Roll {
    attack: [u8; MAX_BATTLE_DICE as usize],
    defence: [u8; MAX_BATTLE_DICE as usize],
    attack_dice: u8,
    defence_dice: u8,
}

impl Roll {
    /// A roll from its faces: 1 to [`MAX_BATTLE_DICE`] dice a side, each
    /// from 1 to 6.
    pub fn new(attack: &[u8], defence: &[u8]) -> Option<Roll> {
        let fits = |f: &[u8]| {
            (1..=usize::from(MAX_BATTLE_DICE)).contains(&f.len())
                && f.iter().all(|d| (1..=6).contains(d))
        };
        if !fits(attack) || !fits(defence) {
            return None;
        }
        let mut roll = Roll {
            attack: [0; MAX_BATTLE_DICE as usize],
            defence: [0; MAX_BATTLE_DICE as usize],
            attack_dice: attack.len() as u8,
            defence_dice: defence.len() as u8,
        };
        roll.attack[..attack.len()].copy_from_slice(attack);
        roll.defence[..defence.len()].copy_from_slice(defence);
        Some(roll)
    }

    /// Rolls `attack` dice against `defence` dice (each clamped to 1 to
    /// [`MAX_BATTLE_DICE`]) with the generator given.
    pub fn draw<R: Rng + ?Sized>(attack: u8, defence: u8, rng: &mut R) -> Roll {
        let clamp = |n: u8| n.clamp(1, MAX_BATTLE_DICE);
        let (attack_dice, defence_dice) = (clamp(attack), clamp(defence));
        let mut roll = Roll {
            attack: [0; MAX_BATTLE_DICE as usize],
            defence: [0; MAX_BATTLE_DICE as usize],
            attack_dice,
            defence_dice,
        };
        for face in &mut roll.attack[..usize::from(attack_dice)] {
            *face = rng.random_range(1..=6u32) as u8;
        }
        for face in &mut roll.defence[..usize::from(defence_dice)] {
            *face = rng.random_range(1..=6u32) as u8;
        }
        roll
    }

    /// The attacker's faces.
    pub fn attack(&self) -> &[u8] {
        &self.attack[..usize::from(self.attack_dice)]
    }

    /// The defender's faces.
    pub fn defence(&self) -> &[u8] {
        &self.defence[..usize::from(self.defence_dice)]
    }

    /// The attacker's sum.
    pub fn attack_sum(&self) -> u32 {
        self.attack().iter().map(|&f| u32::from(f)).sum()
    }

    /// The defender's sum.
    pub fn defence_sum(&self) -> u32 {
        self.defence().iter().map(|&f| u32::from(f)).sum()
    }

    /// The faces without the sums, as a record writes them: `4+6+2
    /// against 5+1`.
    ///
    /// ```
    /// use dice_of_doom::game::Roll;
    /// let roll = Roll::new(&[4, 6, 2], &[5, 1]).unwrap();
    /// assert_eq!(roll.faces().to_string(), "4+6+2 against 5+1");
    /// ```
    pub fn faces(&self) -> Faces<'_> {
        Faces(self)
    }

    /// Whether the attacker wins: her sum is strictly greater.
    pub fn attacker_wins(&self) -> bool {
        self.attack_sum() > self.defence_sum()
    }
}

fn faces(f: &mut fmt::Formatter<'_>, faces: &[u8]) -> fmt::Result {
    for (i, face) in faces.iter().enumerate() {
        if i > 0 {
            f.write_str("+")?;
        }
        write!(f, "{face}")?;
    }
    Ok(())
}

/// A roll's faces without the sums (see [`Roll::faces`]).
#[derive(Clone, Copy, Debug)]
pub struct Faces<'a>(&'a Roll);

impl fmt::Display for Faces<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        faces(f, self.0.attack())?;
        f.write_str(" against ")?;
        faces(f, self.0.defence())
    }
}

/// `4+6+2 = 12 against 5+1 = 6`; a side of one die without its sum
/// (`4+6+2 = 12 against 5`).
impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        faces(f, self.attack())?;
        if self.attack().len() > 1 {
            write!(f, " = {}", self.attack_sum())?;
        }
        f.write_str(" against ")?;
        faces(f, self.defence())?;
        if self.defence().len() > 1 {
            write!(f, " = {}", self.defence_sum())?;
        }
        Ok(())
    }
}

/// Why a text is not a roll.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "not a roll: expected the faces of each side, such as `4+6+2 against 5+1` (1 to 8 dice a side, faces 1 to 6)"
)]
pub struct ParseRollError;

/// Reads `4+6+2 against 5+1`, with or without the sums (`4+6+2 = 12 against
/// 5+1 = 6`, which must be right).
impl std::str::FromStr for Roll {
    type Err = ParseRollError;

    fn from_str(s: &str) -> Result<Roll, ParseRollError> {
        let (attack, defence) = s.split_once("against").ok_or(ParseRollError)?;
        let side = |t: &str| -> Result<Vec<u8>, ParseRollError> {
            let (list, sum) = match t.split_once('=') {
                Some((list, sum)) => (list, Some(sum.trim())),
                None => (t, None),
            };
            let dice = list
                .split('+')
                .map(|d| d.trim().parse::<u8>().map_err(|_| ParseRollError))
                .collect::<Result<Vec<u8>, _>>()?;
            let total: u32 = dice.iter().map(|&d| u32::from(d)).sum();
            match sum {
                Some(sum) if sum.parse::<u32>() != Ok(total) => Err(ParseRollError),
                _ => Ok(dice),
            }
        };
        Roll::new(&side(attack)?, &side(defence)?).ok_or(ParseRollError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The attacker's wins by listing every roll, one by one.
    fn enumerate(attack: u8, defence: u8) -> (u64, u64) {
        let n = u32::from(attack) + u32::from(defence);
        let total = 6u64.pow(n);
        let mut wins = 0;
        for mut code in 0..total {
            let (mut a, mut d) = (0u32, 0u32);
            for i in 0..n {
                let face = (code % 6) as u32 + 1;
                code /= 6;
                if i < u32::from(attack) {
                    a += face;
                } else {
                    d += face;
                }
            }
            wins += u64::from(a > d);
        }
        (wins, total)
    }

    /// Every pair 1..8 v 1..8 against counting the rolls: one by one where
    /// that is quick (up to 9 dice, 10 million rolls), otherwise by
    /// enumerating the attacker's faces one by one against the defender's
    /// sums counted one by one.
    #[test]
    fn odds_equal_exhaustive_enumeration() {
        for attack in 1..=MAX_BATTLE_DICE {
            for defence in 1..=MAX_BATTLE_DICE {
                let odds = BattleOdds::new(attack, defence).unwrap();
                let (wins, rolls) = if attack + defence <= 8 {
                    enumerate(attack, defence)
                } else {
                    // Split: every attacker roll one by one against the
                    // defender's sum distribution found one roll at a time.
                    let mut at = vec![0u64; 49];
                    let d_total = 6u64.pow(u32::from(defence));
                    for mut code in 0..d_total {
                        let mut s = 0usize;
                        for _ in 0..defence {
                            s += (code % 6) as usize + 1;
                            code /= 6;
                        }
                        at[s] += 1;
                    }
                    // below[s]: the defender's rolls with a sum under s.
                    let below: Vec<u64> = (0..49).map(|s| at[..s].iter().sum()).collect();
                    let a_total = 6u64.pow(u32::from(attack));
                    let mut wins = 0;
                    for mut code in 0..a_total {
                        let mut s = 0usize;
                        for _ in 0..attack {
                            s += (code % 6) as usize + 1;
                            code /= 6;
                        }
                        wins += below[s];
                    }
                    (wins, a_total * d_total)
                };
                assert_eq!(
                    (odds.wins(), odds.rolls()),
                    (wins, rolls),
                    "{attack} v {defence}"
                );
            }
        }
    }

    #[test]
    fn odds_match_the_published_figures() {
        let p = |a, d| BattleOdds::new(a, d).unwrap().probability();
        assert_eq!(format!("{:.6}", p(2, 1)), "0.837963");
        assert_eq!(format!("{:.3}", p(3, 3)), "0.454");
        assert_eq!(format!("{:.3}", p(8, 8)), "0.471");
        // Land of Lisp's rounded table is checked in `ai::lol4`, through
        // the rounding its player uses.
    }

    #[test]
    fn rolls_are_reproducible_and_fair() {
        let mut one = ChaCha8Rng::seed_from_u64(5);
        let mut two = ChaCha8Rng::seed_from_u64(5);
        let mut won = 0;
        for _ in 0..20_000 {
            let roll = Roll::draw(3, 3, &mut one);
            assert_eq!(roll, Roll::draw(3, 3, &mut two));
            assert_eq!((roll.attack().len(), roll.defence().len()), (3, 3));
            won += u32::from(roll.attacker_wins());
        }
        // 3 v 3 wins 45.4%; 20,000 rolls land within 1.5 points.
        let rate = f64::from(won) / 20_000.0;
        assert!((rate - 0.454).abs() < 0.015, "{rate}");
    }

    #[test]
    fn rolls_parse_and_print() {
        for bad in [
            "",
            "1+2",
            "1 against",
            "7 against 1",
            "1+2 = 4 against 1",
            "0 against 1",
        ] {
            assert_eq!(bad.parse::<Roll>(), Err(ParseRollError), "{bad:?}");
        }
        let roll: Roll = "6 against 6+6".parse().unwrap();
        // A side of one die is printed without its sum.
        assert_eq!(roll.to_string(), "6 against 6+6 = 12");
        assert_eq!(roll.to_string().parse::<Roll>(), Ok(roll));
        assert!(!roll.attacker_wins());
        let roll: Roll = "4+6+2 = 12 against 5".parse().unwrap();
        assert_eq!(roll.to_string(), "4+6+2 = 12 against 5");
    }
}
