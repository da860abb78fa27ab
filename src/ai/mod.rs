//! Computer opponents, pure: no input, output or global state.
//!
//! Every opponent implements [`Strategy`]: given the rules, a position and a
//! [`Budget`], it rates the legal moves ([`Analysis`]) and picks one. The
//! opponents are:
//!
//! - [`Perfect`]: Land of Lisp's perfect play on the memoised game tree, for
//!   trees that fit a position budget, and past it on the proven value of
//!   the position alone (it falls back to [`Search`] when neither fits);
//! - [`Search`]: iterative-deepening alpha-beta with a transposition table,
//!   which plays perfectly as soon as it proves the result;
//! - [`Lol`]: the book's second AI (depth-4 alpha-beta, crude score);
//! - [`Greedy`] and [`RandomPlayer`]: baselines.
//!
//! All of them are deterministic for a given seed (and node budget), and
//! never answer a move outside [`Position::moves`]. The [`arena`] plays two
//! of them against each other on seeded random boards.

pub mod arena;
mod chance;
mod chance_eval;
mod chance_model;
mod dicewars;
mod eval;
mod greedy;
mod lol;
mod lol4;
mod perfect;
mod racket;
mod random;
mod search;
mod tt;

use std::fmt;
use std::time::{Duration, Instant};

use crate::game::{Move, Position, Rules, Share};

pub use chance::{Chance, ChanceConfig};
pub use chance_eval::Weights;
pub use chance_model::Model;
pub use dicewars::DiceWarsPlayer;
pub use eval::{evaluate, lol_score};
pub use greedy::Greedy;
pub use lol::Lol;
pub use lol4::Lol4Player;
pub use perfect::{DEFAULT_MAX_POSITIONS, PROOF_MEMORY, Perfect};
pub use racket::RacketPlayer;
pub use random::RandomPlayer;
pub use search::{DEFAULT_TABLE_ENTRIES, Search, SearchConfig};

/// How much an opponent may think about one move: a wall-clock time, a
/// number of search nodes, or both (whichever runs out first). Node budgets
/// make play reproducible whatever the machine's speed: with no time limit,
/// no decision depends on the clock.
///
/// What a node is, for each opponent:
///
/// - [`Search`]: a position the alpha-beta search (or its swindle search)
///   visits, leaves included; the clock is read every 256 nodes;
/// - [`Lol`]: a position its alpha-beta visits, over all the passes of its
///   iterative deepening (1 to 4 moves); the clock is read every 256 nodes;
/// - [`Perfect`]: a distinct position its solve enters, read every
///   [`STOP_CHECK_EVERY`](crate::analysis::STOP_CHECK_EVERY) positions, or a
///   position its proof of one position searches, read every
///   [`PROOF_CHECK_EVERY`](crate::analysis::PROOF_CHECK_EVERY); the solve
///   gets half of the budget, the proof half of what is left, and a fallback
///   [`Search`] the rest; moves answered from a tree already solved cost
///   none;
/// - [`Greedy`] and [`RandomPlayer`]: none; they do a small fixed amount of
///   work (one evaluation per legal move, or none) and ignore the budget.
///
/// [`Search`] and [`Lol`] always complete their first, one-move-deep pass,
/// so that there is always a move: a budget smaller than that pass is
/// exceeded by it. Past the budget each answers within a few thousand
/// nodes: the README states the margin measured over a time budget.
///
/// ```
/// use std::time::Duration;
/// use dice_of_doom::ai::Budget;
/// let budget = Budget::time(Duration::from_millis(500)).with_nodes(10_000);
/// assert_eq!(budget.nodes, Some(10_000));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Budget {
    /// The wall-clock think time, if limited.
    pub time: Option<Duration>,
    /// The number of positions searched, if limited.
    pub nodes: Option<u64>,
}

impl Budget {
    /// No limit: searches run until they prove the result (only sensible on
    /// small boards).
    pub const UNLIMITED: Budget = Budget {
        time: None,
        nodes: None,
    };

    /// A wall-clock limit.
    pub const fn time(time: Duration) -> Budget {
        Budget {
            time: Some(time),
            nodes: None,
        }
    }

    /// A node limit.
    pub const fn nodes(nodes: u64) -> Budget {
        Budget {
            time: None,
            nodes: Some(nodes),
        }
    }

    /// This budget with a node limit too.
    pub const fn with_nodes(self, nodes: u64) -> Budget {
        Budget {
            nodes: Some(nodes),
            ..self
        }
    }

    /// The budget left after `spent` of its time has gone.
    pub fn after(self, spent: Duration) -> Budget {
        Budget {
            time: self.time.map(|t| t.saturating_sub(spent)),
            ..self
        }
    }

    /// The budget left after `spent` of its nodes have gone.
    pub fn after_nodes(self, spent: u64) -> Budget {
        Budget {
            nodes: self.nodes.map(|n| n.saturating_sub(spent)),
            ..self
        }
    }

    /// Half of this budget: half the time and half the nodes.
    pub fn halved(self) -> Budget {
        Budget {
            time: self.time.map(|t| t / 2),
            nodes: self.nodes.map(|n| n / 2),
        }
    }
}

/// When a budget runs out.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clock {
    deadline: Option<Instant>,
    nodes: u64,
}

impl Clock {
    pub(crate) fn start(budget: Budget) -> Clock {
        Clock {
            deadline: budget.time.and_then(|t| Instant::now().checked_add(t)),
            nodes: budget.nodes.unwrap_or(u64::MAX),
        }
    }

    /// Whether `nodes` nodes use up the node budget.
    #[inline]
    pub(crate) fn out_of_nodes(&self, nodes: u64) -> bool {
        nodes >= self.nodes
    }

    /// Whether the time is up.
    pub(crate) fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// How good a move is for the player making it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rating {
    /// Proven: the perfect-play rating, the mover's share of the outcome (1
    /// for a sure win, 1/k for a k-way tie, 0 for a loss), taking every
    /// other player as an opponent.
    Exact(Share),
    /// A heuristic score from a search: higher is better; only comparable
    /// between moves of one analysis.
    Estimate(i32),
    /// Not rated (the random player rates nothing).
    Unrated,
}

impl Rating {
    /// Orders ratings for display and choice: any exact win beats every
    /// estimate, which beats any exact loss; ties sit among the estimates by
    /// their share.
    pub fn sort_key(self) -> f64 {
        match self {
            Rating::Exact(share) => (share.to_f64() - 0.5) * 2e9,
            Rating::Estimate(s) => f64::from(s),
            Rating::Unrated => f64::NEG_INFINITY,
        }
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Rating::Exact(share) => match share.shared_by() {
                Some(1) => write!(f, "win (exact {share})"),
                Some(_) => write!(f, "tie (exact {share})"),
                None if share == Share::LOSS => write!(f, "loss (exact {share})"),
                None => write!(f, "exact {share:.3}"),
            },
            Rating::Estimate(s) => write!(f, "estimate {s:+}"),
            Rating::Unrated => f.write_str("unrated"),
        }
    }
}

/// A legal move and its rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedMove {
    /// The move.
    pub mv: Move,
    /// Its rating for the player to move.
    pub rating: Rating,
}

/// An opponent's view of a position: every legal move, in menu order, with
/// its rating, and the move it would play.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Every legal move in menu order (the order of [`Position::moves`]).
    pub moves: Vec<RatedMove>,
    /// The index in `moves` of the move the opponent plays.
    pub choice: usize,
}

impl Analysis {
    /// The analysis of a fixed-depth search that rated each move of `menu`
    /// with a value (higher better): the first best move chosen, the values
    /// times `scale` as estimates.
    pub(crate) fn of_values(menu: Vec<Move>, values: &[f64], scale: f64) -> Analysis {
        let mut choice = 0;
        for (i, &v) in values.iter().enumerate() {
            if v > values[choice] {
                choice = i;
            }
        }
        let moves = menu
            .into_iter()
            .zip(values)
            .map(|(mv, &v)| RatedMove {
                mv,
                rating: Rating::Estimate((v * scale).round() as i32),
            })
            .collect();
        Analysis { moves, choice }
    }

    /// The same analysis with no rating claimed exact when the rules roll
    /// dice: a perfect-play rating of the searches that take every attack
    /// as won ([`Search`], [`Perfect`]) proves nothing there, so each
    /// becomes an estimate (a win +1,000,000, a loss -1,000,000, a share in
    /// between), which keeps the order of the moves.
    ///
    /// ```
    /// use dice_of_doom::ai::{Analysis, RatedMove, Rating};
    /// use dice_of_doom::game::{Map, Move, RuleSet, Rules, Share};
    /// let analysis = Analysis {
    ///     moves: vec![RatedMove { mv: Move::Pass, rating: Rating::Exact(Share::WIN) }],
    ///     choice: 0,
    /// };
    /// let lol4 = Rules::of(RuleSet::Lol4, Map::rhombus(2).unwrap(), 2, 5).unwrap();
    /// assert_eq!(analysis.clone().unproven_under(&lol4).moves[0].rating, Rating::Estimate(1_000_000));
    /// let classic = Rules::classic(2, 2, 3).unwrap();
    /// assert_eq!(analysis.clone().unproven_under(&classic), analysis);
    /// ```
    pub fn unproven_under(mut self, rules: &Rules) -> Analysis {
        if rules.policy().battle == crate::game::Battle::Dice {
            for m in &mut self.moves {
                if let Rating::Exact(share) = m.rating {
                    m.rating = Rating::Estimate(((share.to_f64() - 0.5) * 2e6).round() as i32);
                }
            }
        }
        self
    }

    /// The move the opponent plays.
    pub fn chosen(&self) -> Option<Move> {
        self.moves.get(self.choice).map(|m| m.mv)
    }
}

/// A computer opponent.
pub trait Strategy: Send {
    /// The opponent's name, as the command line spells it.
    fn name(&self) -> &'static str;

    /// Rates the legal moves for the player to move and says which one the
    /// opponent plays; `None` when the game is over. `full` asks for a rating
    /// of every move (for hints), which may cost more than [`Strategy::choose`].
    fn analyse(
        &mut self,
        rules: &Rules,
        position: &Position,
        budget: Budget,
        full: bool,
    ) -> Option<Analysis>;

    /// The move the opponent plays, always one of `position.moves(rules)`;
    /// `None` when the game is over.
    fn choose(&mut self, rules: &Rules, position: &Position, budget: Budget) -> Option<Move> {
        self.analyse(rules, position, budget, false)
            .and_then(|a| a.chosen())
    }
}

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
}

impl AiKind {
    /// Every kind, in order.
    pub const ALL: [AiKind; 9] = [
        AiKind::Perfect,
        AiKind::Search,
        AiKind::Lol,
        AiKind::Greedy,
        AiKind::Random,
        AiKind::Lol4,
        AiKind::Racket,
        AiKind::Dicewars,
        AiKind::Chance,
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

/// The index of the first move with the highest rating.
pub(crate) fn first_best(moves: &[RatedMove]) -> usize {
    let mut best = 0;
    for (i, m) in moves.iter().enumerate() {
        if m.rating.sort_key() > moves[best].rating.sort_key() {
            best = i;
        }
    }
    best
}

#[cfg(test)]
pub(crate) mod testing;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Player;

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

    #[test]
    fn ratings_print_and_order() {
        let tie = |k| Rating::Exact(Share::tie(k).unwrap());
        let cases = [
            (Rating::Exact(Share::WIN), "win (exact 1)"),
            (Rating::Exact(Share::LOSS), "loss (exact 0)"),
            (tie(2), "tie (exact 1/2)"),
            (tie(3), "tie (exact 1/3)"),
            (
                Rating::Exact(Share::probability(0.625).unwrap()),
                "exact 0.625",
            ),
            (Rating::Estimate(-12), "estimate -12"),
            (Rating::Unrated, "unrated"),
        ];
        for (rating, text) in cases {
            assert_eq!(rating.to_string(), text);
        }
        let order = [
            Rating::Exact(Share::WIN),
            Rating::Estimate(400),
            tie(2),
            Rating::Estimate(-400),
            Rating::Exact(Share::LOSS),
            Rating::Unrated,
        ];
        for pair in order.windows(2) {
            assert!(pair[0].sort_key() > pair[1].sort_key(), "{pair:?}");
        }
    }
}
