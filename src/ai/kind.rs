//! The opponents by name: [`AiKind`], how each kind is called, described
//! and built ([`AiKind::build`], the one registry of opponents), which
//! kind a rule set gives the computer and which one rates the hints; and
//! the wrapper that turns the ratings of opponents that take every attack
//! as won into estimates where the rules roll dice.

use std::fmt;

use super::{
    Analysis, Budget, Chance, DefensivePlayer, DiceWarsPlayer, Greedy, Lol, Lol4Player, Mcts,
    MctsConfig, Perfect, RacketPlayer, RandomPlayer, Search, SearchConfig, StrategicPlayer,
    Strategy,
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
    /// `mcts`: [`Mcts`] with its default settings.
    Mcts,
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
    pub const ALL: [AiKind; 12] = [
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
        AiKind::Mcts,
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
            AiKind::Mcts => "mcts",
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
            AiKind::Mcts => {
                "Monte Carlo tree search over whole rounds, every player's turns included"
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
            AiKind::Mcts => Box::new(Mcts::new(MctsConfig::default(), seed)),
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
    /// The opponent the game gives the computer in a game of `players`
    /// under a rule set unless told otherwise: the strongest measured at
    /// the same think time a move. [`Mcts`] under `lol4` with three or
    /// more players (on 1,000 held-out four-player games against three
    /// `lol4`, 54.1% where [`Chance`] won 43.8%, docs/OPPONENTS.md);
    /// [`Chance`] under `lol4` with two (where `mcts` won 68.6% of 338
    /// held-out games against `lol4` and `chance` 84-90%) and in Dice Wars
    /// (where `mcts` is level with it); [`Search`] where every attack wins
    /// (classic, Realm of Racket).
    ///
    /// ```
    /// use dice_of_doom::ai::AiKind;
    /// use dice_of_doom::game::RuleSet;
    /// assert_eq!(AiKind::for_game(RuleSet::Lol4, 4), AiKind::Mcts);
    /// assert_eq!(AiKind::for_game(RuleSet::Lol4, 2), AiKind::Chance);
    /// assert_eq!(AiKind::for_game(RuleSet::Dicewars, 7), AiKind::Chance);
    /// assert_eq!(AiKind::for_game(RuleSet::Classic, 2), AiKind::Search);
    /// ```
    pub fn for_game(set: crate::game::RuleSet, players: u8) -> AiKind {
        use crate::game::RuleSet;
        match set {
            RuleSet::Lol4 if players > 2 => AiKind::Mcts,
            RuleSet::Lol4 | RuleSet::Dicewars => AiKind::Chance,
            RuleSet::Classic | RuleSet::Racket => AiKind::Search,
        }
    }

    /// [`AiKind::for_game`] with the rule set's default number of players.
    ///
    /// ```
    /// use dice_of_doom::ai::AiKind;
    /// use dice_of_doom::game::RuleSet;
    /// assert_eq!(AiKind::for_rules(RuleSet::Lol4), AiKind::Mcts);
    /// assert_eq!(AiKind::for_rules(RuleSet::Dicewars), AiKind::Chance);
    /// assert_eq!(AiKind::for_rules(RuleSet::Classic), AiKind::Search);
    /// ```
    pub fn for_rules(set: crate::game::RuleSet) -> AiKind {
        AiKind::for_game(set, set.defaults().players)
    }

    /// How many of [`Chance`]'s nodes one node of this kind costs in CPU
    /// time: 2 for [`Mcts`] (a move simulated in its tree or a rollout
    /// costs about two of `chance`'s, measured in docs/OPPONENTS.md,
    /// "Think time and nodes"), 1 for every other (those that count
    /// nodes count them at about `chance`'s pace, or ignore them).
    pub const fn node_cost(self) -> u64 {
        match self {
            AiKind::Mcts => 2,
            _ => 1,
        }
    }

    /// The budget that gives this kind about the think time a move that
    /// `budget` gives [`Chance`]: its nodes divided by the kind's
    /// [`AiKind::node_cost`] (at least 1), its time as it is. The one
    /// place that turns a strength level (`play`'s default,
    /// [`DEFAULT_NODES`](crate::session::DEFAULT_NODES), or the new-game
    /// screen's easy, normal and strong) into each opponent's budget; a
    /// budget given in nodes (`--nodes N`) is not passed through it, so
    /// every opponent gets `N`.
    ///
    /// ```
    /// use dice_of_doom::ai::{AiKind, Budget};
    /// assert_eq!(AiKind::Mcts.budget_for(Budget::nodes(200_000)), Budget::nodes(100_000));
    /// assert_eq!(AiKind::Chance.budget_for(Budget::nodes(200_000)), Budget::nodes(200_000));
    /// ```
    pub fn budget_for(self, budget: Budget) -> Budget {
        Budget {
            nodes: budget.nodes.map(|n| (n / self.node_cost()).max(1)),
            ..budget
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

    /// The opponent that rates every move for hints under rule set `set`,
    /// whoever the computer's opponents are: the strongest one that can
    /// rate its games. Where the attacks roll dice (`lol4`, Dice Wars),
    /// [`Chance`], the only one that weighs each attack's exact odds and
    /// rates every move (`dicewars`, `defensive` and `random` rate none,
    /// and the searches written for sure attacks would take every attack as
    /// won); where every attack wins (classic, Realm of Racket),
    /// [`Perfect`], which proves the value of every move where the tree
    /// fits and plays as [`Search`] past it. Both rate an estimate in
    /// hundredths of a cell ([`AiKind::ESTIMATE_PER_CELL`]).
    ///
    /// ```
    /// use dice_of_doom::ai::AiKind;
    /// use dice_of_doom::game::RuleSet;
    /// assert_eq!(AiKind::rater(RuleSet::Dicewars), AiKind::Chance);
    /// assert_eq!(AiKind::rater(RuleSet::Lol4), AiKind::Chance);
    /// assert_eq!(AiKind::rater(RuleSet::Classic), AiKind::Perfect);
    /// ```
    pub fn rater(set: crate::game::RuleSet) -> AiKind {
        match set.policy().battle {
            crate::game::Battle::Dice => AiKind::Chance,
            crate::game::Battle::Sure => AiKind::Perfect,
        }
    }

    /// What one cell (or territory) is worth in the estimates of the
    /// raters of [`AiKind::rater`]: [`Chance`] scores a position in cells
    /// and rates a move its score times 100; [`Search`]'s evaluation counts
    /// 100 a cell.
    pub const ESTIMATE_PER_CELL: i32 = 100;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::testing;
    use crate::game::{Move, Player};

    #[test]
    fn the_hints_come_from_the_strongest_rater_whoever_plays() {
        use crate::game::RuleSet;
        for set in RuleSet::ALL {
            let rater = AiKind::rater(set);
            assert!(rater.fit(set).is_ok(), "{set}");
            let dice = set.policy().battle == crate::game::Battle::Dice;
            assert_eq!(
                rater,
                if dice {
                    AiKind::Chance
                } else {
                    AiKind::Perfect
                }
            );
        }
    }

    #[test]
    fn the_raters_rate_every_move_of_every_rule_set() {
        use crate::game::{Map, RuleSet};
        for set in RuleSet::ALL {
            let rules = Rules::of(set, Map::rhombus(2).unwrap(), 2, 5).unwrap();
            let start =
                Position::start(&rules, "a-3 b-1 / b-2 a-2".parse().unwrap(), Player::A).unwrap();
            let analysis = AiKind::rater(set)
                .build(0)
                .analyse(&rules, &start, Budget::nodes(20_000), true)
                .unwrap();
            assert!(
                analysis
                    .moves
                    .iter()
                    .all(|m| m.rating != crate::ai::Rating::Unrated),
                "{set}: {analysis:?}"
            );
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
