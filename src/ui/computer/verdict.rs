//! A hint's rating in one scale a player reads at a glance: a move proven
//! to the end says so in one wording (`wins (proven)`, `loses (proven)`,
//! `2-way tie (proven)`, `52% to win (proven)`); a move the computer
//! only estimated is `best` (its choice), `good` (less than one cell's or
//! territory's worth behind it) or `risky` (further behind). Under the
//! rules that roll dice each attack's chance of taking its target stands
//! beside the word (see [`super::hint_text`]).

use crate::ai::{AiKind, Analysis, Rating};
use crate::game::Share;

/// What the words mean, for the line mode's hints and the help.
pub(crate) const LEGEND: &str = "best: the computer's choice; good: less than a cell's or \
     territory's worth\nbehind it; risky: further behind; (proven): worked out to the end, \
     best play.";

/// A proven rating in words: `wins (proven)`, `loses (proven)`, `2-way
/// tie (proven)`, or the proven chance, `52% to win (proven)`.
pub(crate) fn proven(share: Share) -> String {
    match share.shared_by() {
        Some(1) => "wins (proven)".to_string(),
        Some(k) => format!("{k}-way tie (proven)"),
        None if share == Share::LOSS => "loses (proven)".to_string(),
        None => format!("{} to win (proven)", super::percent(share.to_f64())),
    }
}

/// Each move's rating of `analysis`, in menu order, in words: proven
/// values as [`proven`] says them; an estimate `best` where it is the
/// computer's choice or rated as high, `good` where it is less than
/// [`AiKind::ESTIMATE_PER_CELL`] behind the best estimate, `risky`
/// otherwise; `not rated` for a move without a rating (the raters of
/// [`AiKind::rater`] rate every move).
pub(crate) fn verdicts(analysis: &Analysis) -> Vec<String> {
    let choice = analysis.moves.get(analysis.choice).map(|m| m.rating);
    let best = match choice {
        Some(Rating::Estimate(score)) => Some(score),
        _ => analysis
            .moves
            .iter()
            .filter_map(|m| match m.rating {
                Rating::Estimate(score) => Some(score),
                _ => None,
            })
            .max(),
    };
    let chosen_score = match choice {
        Some(Rating::Estimate(score)) => Some(score),
        _ => None,
    };
    analysis
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| match m.rating {
            Rating::Exact(share) => proven(share),
            Rating::Estimate(score) => {
                let behind = best.map_or(0, |best| i64::from(best) - i64::from(score));
                if i == analysis.choice || chosen_score == Some(score) {
                    "best".to_string()
                } else if behind < i64::from(AiKind::ESTIMATE_PER_CELL) {
                    "good".to_string()
                } else {
                    "risky".to_string()
                }
            }
            Rating::Unrated => "not rated".to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::RatedMove;
    use crate::game::Move;

    fn analysis(ratings: &[Rating], choice: usize) -> Analysis {
        let moves = ratings
            .iter()
            .zip(0u8..)
            .map(|(&rating, i)| RatedMove {
                mv: Move::Attack { from: i, to: i + 1 },
                rating,
            })
            .collect();
        Analysis { moves, choice }
    }

    #[test]
    fn proven_values_have_one_wording() {
        assert_eq!(proven(Share::WIN), "wins (proven)");
        assert_eq!(proven(Share::LOSS), "loses (proven)");
        assert_eq!(proven(Share::tie(2).unwrap()), "2-way tie (proven)");
        let words = verdicts(&analysis(
            &[Rating::Exact(Share::LOSS), Rating::Exact(Share::WIN)],
            1,
        ));
        assert_eq!(words, ["loses (proven)", "wins (proven)"]);
    }

    #[test]
    fn estimates_are_best_good_or_risky_behind_the_choice() {
        let per_cell = AiKind::ESTIMATE_PER_CELL;
        let ratings = [
            Rating::Estimate(-362),
            Rating::Estimate(-362 - per_cell + 1),
            Rating::Estimate(-362 - per_cell),
            Rating::Estimate(-362),
            Rating::Estimate(-2_000),
        ];
        let words = verdicts(&analysis(&ratings, 0));
        assert_eq!(words, ["best", "good", "risky", "best", "risky"]);
    }

    #[test]
    fn beside_a_proven_choice_estimates_are_good_or_risky() {
        let ratings = [
            Rating::Estimate(50),
            Rating::Exact(Share::WIN),
            Rating::Estimate(-500),
            Rating::Unrated,
        ];
        let words = verdicts(&analysis(&ratings, 1));
        assert_eq!(words, ["good", "wins (proven)", "risky", "not rated"]);
    }
}
