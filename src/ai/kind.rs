//! The opponents by name: [`AiKind`], how each kind is called, described
//! and built ([`AiKind::build`], the one registry of opponents), which
//! kind a rule set gives the computer and which one rates the hints; and
//! the wrapper that turns the ratings of opponents that take every attack
//! as won into estimates where the rules roll dice.

use std::fmt;

use super::{
    Analysis, Budget, Chance, DefensivePlayer, DiceWarsPlayer, Greedy, Lol, Lol4Player, Perfect,
    RacketPlayer, RandomPlayer, Search, SearchConfig, StrategicPlayer, Strategy,
};
use crate::game::{Position, Rules};

/// The kinds of opponent, by name: `perfect`, `search`, `lol`, `greedy` and
/// `random` ([`AiKind::name`], parsed back by [`str::parse`]).
///
/// ```
/// use dice_of_doom::ai::AiKind;
/// assert_eq!("lol".parse::<AiKind>(), Ok(AiKind::Lol));
/// assert_eq!(AiKind::Lol.to_string(), "lol");
/// assert!("deep-blue".parse::<AiKind>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum AiKind {
    /// `perfect`: [`Perfect`].
    Perfect,
    /// `search`: [`Search`] with its default settings.
    #[default]
    Search,
    /// `lol`: [`Lol`].
    Lol,
    /// `greedy`: [`Greedy`].
    Greedy,
    /// `random`: [`RandomPlayer`].
    Random,
    /// `lol4`: [`Lol4Player`].
    Lol4,
    /// `racket`: [`RacketPlayer`].
    Racket,
    /// `dicewars`: [`DiceWarsPlayer`].
    Dicewars,
    /// `chance`: [`Chance`].
    Chance,
    /// `defensive`: [`DefensivePlayer`].
    Defensive,
    /// `strategic`: [`StrategicPlayer`].
    Strategic,
}

impl AiKind {
    /// The computer player of the rule set's own source: the Land of Lisp
    /// book's (`lol`, `lol4`), Realm of Racket's, the original Dice Wars'.
    ///
    /// ```
    /// use dice_of_doom::ai::AiKind;
    /// use dice_of_doom::game::RuleSet;
    /// assert_eq!(AiKind::of_the_book(RuleSet::Lol4), AiKind::Lol4);
    /// ```
    pub fn of_the_book(set: crate::game::RuleSet) -> AiKind {
        use crate::game::RuleSet;
        match set {
            RuleSet::Classic => AiKind::Lol,
            RuleSet::Lol4 => AiKind::Lol4,
            RuleSet::Racket => AiKind::Racket,
            RuleSet::Dicewars => AiKind::Dicewars,
        }
    }

    /// Every kind, in order.
    pub const ALL: [AiKind; 11] = [
        AiKind::Perfect,
        AiKind::Search,
        AiKind::Lol,
        AiKind::Greedy,
        AiKind::Random,
        AiKind::Lol4,
        AiKind::Racket,
        AiKind::Dicewars,
        AiKind::Chance,
        AiKind::Defensive,
        AiKind::Strategic,
    ];

    /// The kind's name.
    pub const fn name(self) -> &'static str {
        match self {
            AiKind::Perfect => "perfect",
            AiKind::Search => "search",
            AiKind::Lol => "lol",
            AiKind::Greedy => "greedy",
            AiKind::Random => "random",
            AiKind::Lol4 => "lol4",
            AiKind::Racket => "racket",
            AiKind::Dicewars => "dicewars",
            AiKind::Chance => "chance",
            AiKind::Defensive => "defensive",
            AiKind::Strategic => "strategic",
        }
    }

    /// How the kind plays, in a few words.
    pub const fn description(self) -> &'static str {
        match self {
            AiKind::Perfect => {
                "Perfect play on the memoised tree (falls back to `search` on large trees)"
            }
            AiKind::Search => "Iterative-deepening alpha-beta with a transposition table",
            AiKind::Lol => "Land of Lisp's second AI: depth-4 alpha-beta with the book's score",
            AiKind::Greedy => "Plays the move whose resulting position scores best, one move deep",
            AiKind::Random => "Plays a random legal move",
            AiKind::Lol4 => {
                "Land of Lisp's last AI: depth-2 paranoid search with the book's rounded odds"
            }
            AiKind::Racket => "Realm of Racket's AI: depth-4 minimax rating cells won",
            AiKind::Dicewars => "Dice Wars' original AI: a filtered random attacker",
            AiKind::Chance => {
                "Expectimax over its own turn with exact battle odds (plays as `search` without dice)"
            }
            AiKind::Defensive => {
                "The HTML5 Dice Wars port's defensive AI: attacks it can hold, one way out first"
            }
            AiKind::Strategic => {
                "The HTML5 Dice Wars port's strategic AI: one attack deep, the best expected board"
            }
        }
    }

    /// A new opponent of this kind, with default settings, seeded.
    pub fn build(self, seed: u64) -> Box<dyn Strategy> {
        match self {
            AiKind::Perfect => Box::new(SureProofs(Perfect::new())),
            AiKind::Search => Box::new(SureProofs(Search::new(SearchConfig::default()))),
            AiKind::Lol => Box::new(Lol::new()),
            AiKind::Greedy => Box::new(Greedy::new()),
            AiKind::Random => Box::new(RandomPlayer::new(seed)),
            AiKind::Lol4 => Box::new(Lol4Player),
            AiKind::Racket => Box::new(RacketPlayer),
            AiKind::Dicewars => Box::new(DiceWarsPlayer::new(seed)),
            AiKind::Chance => Box::new(Chance::default()),
            AiKind::Defensive => Box::new(DefensivePlayer),
            AiKind::Strategic => Box::new(StrategicPlayer),
        }
    }
}

impl fmt::Display for AiKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`AiKind`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no opponent is called `{0}`")]
pub struct UnknownAiKind(pub String);

impl std::str::FromStr for AiKind {
    type Err = UnknownAiKind;

    fn from_str(name: &str) -> Result<AiKind, UnknownAiKind> {
        AiKind::ALL
            .into_iter()
            .find(|kind| kind.name() == name)
            .ok_or_else(|| UnknownAiKind(name.to_string()))
    }
}

/// An opponent whose proofs take every attack as won (`perfect`,
/// `search`): where the rules roll dice its ratings are estimates
/// ([`Analysis::unproven_under`]).
struct SureProofs<S>(S);

impl<S: Strategy> Strategy for SureProofs<S> {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn analyse(
        &mut self,
        rules: &Rules,
        position: &Position,
        budget: Budget,
        full: bool,
    ) -> Option<Analysis> {
        self.0
            .analyse(rules, position, budget, full)
            .map(|a| a.unproven_under(rules))
    }
}

impl AiKind {
    /// The opponent the game gives the computer under a rule set unless
    /// told otherwise: [`Chance`] where the attacks roll dice (`lol4`,
    /// Dice Wars), [`Search`] where they always win (classic, Realm of
    /// Racket).
    ///
    /// ```
    /// use dice_of_doom::ai::AiKind;
    /// use dice_of_doom::game::RuleSet;
    /// assert_eq!(AiKind::for_rules(RuleSet::Lol4), AiKind::Chance);
    /// assert_eq!(AiKind::for_rules(RuleSet::Classic), AiKind::Search);
    /// ```
    pub fn for_rules(set: crate::game::RuleSet) -> AiKind {
        match set.policy().battle {
            crate::game::Battle::Dice => AiKind::Chance,
            crate::game::Battle::Sure => AiKind::Search,
        }
    }

    /// Whether this opponent rates moves as if every attack won (those
    /// written for the classic rules and Realm of Racket's): under rules
    /// that roll dice its ratings, "exact" ones included, would not be true.
    ///
    /// ```
    /// use dice_of_doom::ai::AiKind;
    /// assert!(AiKind::Lol.assumes_sure_attacks());
    /// assert!(!AiKind::Lol4.assumes_sure_attacks());
    /// ```
    pub const fn assumes_sure_attacks(self) -> bool {
        matches!(
            self,
            AiKind::Perfect | AiKind::Search | AiKind::Lol | AiKind::Greedy | AiKind::Racket
        )
    }

    /// The opponent that rates moves for hints under a rule set when
    /// `self` was chosen: `self`, unless the rules roll dice and it assumes
    /// every attack wins; then the rule set's own ([`AiKind::for_rules`]).
    ///
    /// ```
    /// use dice_of_doom::ai::AiKind;
    /// use dice_of_doom::game::RuleSet;
    /// assert_eq!(AiKind::Lol.rater_under(RuleSet::Lol4), AiKind::Chance);
    /// assert_eq!(AiKind::Lol.rater_under(RuleSet::Classic), AiKind::Lol);
    /// assert_eq!(AiKind::Dicewars.rater_under(RuleSet::Dicewars), AiKind::Dicewars);
    /// ```
    pub fn rater_under(self, set: crate::game::RuleSet) -> AiKind {
        if set.policy().battle == crate::game::Battle::Dice && self.assumes_sure_attacks() {
            AiKind::for_rules(set)
        } else {
            self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::testing;
    use crate::game::{Move, Player};

    #[test]
    fn under_dice_the_hints_come_from_an_opponent_that_knows_chance() {
        use crate::game::RuleSet::{Classic, Dicewars, Lol4, Racket};
        let cases = [
            (Classic, AiKind::Search, AiKind::Search),
            (Classic, AiKind::Perfect, AiKind::Perfect),
            (Racket, AiKind::Search, AiKind::Search),
            (Lol4, AiKind::Search, AiKind::Chance),
            (Lol4, AiKind::Perfect, AiKind::Chance),
            (Lol4, AiKind::Lol, AiKind::Chance),
            (Lol4, AiKind::Greedy, AiKind::Chance),
            (Lol4, AiKind::Racket, AiKind::Chance),
            (Lol4, AiKind::Lol4, AiKind::Lol4),
            (Lol4, AiKind::Dicewars, AiKind::Dicewars),
            (Dicewars, AiKind::Search, AiKind::Chance),
            (Dicewars, AiKind::Chance, AiKind::Chance),
            (Dicewars, AiKind::Lol4, AiKind::Lol4),
            (Dicewars, AiKind::Defensive, AiKind::Defensive),
            (Lol4, AiKind::Strategic, AiKind::Strategic),
        ];
        for (set, chosen, expected) in cases {
            assert_eq!(chosen.rater_under(set), expected, "{set} {chosen}");
        }
    }

    #[test]
    fn every_kind_plays_only_legal_moves_to_the_end() {
        for (side, players) in [(2, 2), (3, 2), (3, 3), (4, 4)] {
            let rules = Rules::classic(side, players, 3).unwrap();
            for (g, board) in testing::random_boards(&rules, 17, 3)
                .into_iter()
                .enumerate()
            {
                for kind in AiKind::ALL {
                    let build = |p: Player| -> Box<dyn Strategy> {
                        match kind {
                            // Small trees only: the fallback is tested too.
                            AiKind::Perfect => Box::new(Perfect::with_max_positions(5_000)),
                            AiKind::Search => Box::new(Search::new(SearchConfig {
                                table_entries: 1 << 12,
                                ..SearchConfig::default()
                            })),
                            _ => kind.build(g as u64 * 10 + u64::from(p.index())),
                        }
                    };
                    let mut seats: Vec<Box<dyn Strategy>> =
                        Player::all(rules.players()).map(build).collect();
                    let mut position = Position::start(&rules, board, Player::A).unwrap();
                    let budget = Budget::nodes(2_000);
                    while !position.is_game_over(&rules) {
                        let seat = &mut seats[usize::from(position.player().index())];
                        let analysis = seat.analyse(&rules, &position, budget, false).unwrap();
                        let menu: Vec<Move> = analysis.moves.iter().map(|m| m.mv).collect();
                        assert_eq!(menu, position.moves(&rules), "{kind}");
                        let mv = analysis.chosen().unwrap();
                        position = position.play(&rules, mv).unwrap();
                    }
                    assert!(seats[0].choose(&rules, &position, budget).is_none());
                }
            }
        }
    }
}
