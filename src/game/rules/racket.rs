//! Realm of Racket's rules: sure attacks on offset rows of hexagons, one
//! pool of reinforcements for the whole game, the board list the book's
//! `distribute` reverses at every pass, and the book's board of alternating
//! owners.

use crate::game::MAX_DICE_LIMIT;
use crate::game::MapKind;
use crate::game::ruleset::{
    Attack, Battle, CANNOT_ATTACK, Deal, Defaults, Ending, Placement, Policy, SURE_ATTACK,
    SURE_TAKE, Spec, Supply,
};

/// The dice of Realm of Racket's shared pool.
pub const RACKET_POOL: u8 = 10;

/// The `racket` rule set.
pub(in crate::game) const SPEC: Spec = Spec {
    name: "racket",
    title: "Dice of Doom (racket)",
    summary: "Realm of Racket: sure attacks, offset rows, a shared pool of 10 dice",
    in_short: [
        SURE_ATTACK,
        SURE_TAKE,
        "- Attack at least once, then end your turn: you get one die per cell of \
         yours with room from one pool of 10 dice for the whole game (captures \
         never refill it), top-left first and bottom-right first on alternate \
         turns, as the book's board list flips at every pass.",
        CANNOT_ATTACK,
    ],
    policy: Policy {
        attack: Attack::MoreDice,
        battle: Battle::Sure,
        supply: Supply::SharedPool(RACKET_POOL),
        placement: Placement::ReversingSweep,
        attack_first: true,
        ending: Ending::NoAttack,
        quiet_rounds: None,
    },
    defaults: Defaults {
        players: 2,
        max_dice: 3,
        side: Some(3),
        max_dice_limit: MAX_DICE_LIMIT,
    },
    deal: Deal::Alternating,
    hexagons: MapKind::Offset,
    solvable: true,
};

#[cfg(test)]
mod tests {
    use crate::game::{
        Ground, Map, Move, Player, Position, RuleSet, Rules, alternating_board, deal_game,
    };
    use rand::SeedableRng;

    fn rules() -> Rules {
        Rules::of(RuleSet::Racket, Map::offset(3).unwrap(), 2, 3).unwrap()
    }

    fn board_of(text: &str) -> crate::game::Board {
        text.parse().unwrap()
    }

    fn attack(from: u8, to: u8) -> Move {
        Move::Attack { from, to }
    }

    /// The book's neighbours on its 3x3 board (`neighbors`: upper right,
    /// lower right, upper left, lower left, right, left; the odd row
    /// shifted left), worked out by hand from its `even-row` and `odd-row`.
    #[test]
    fn the_neighbours_are_the_book_s() {
        let book: [&[u8]; 9] = [
            &[4, 3, 1],
            &[5, 4, 2, 0],
            &[5, 1],
            &[0, 6, 4],
            &[1, 7, 0, 6, 5, 3],
            &[2, 8, 1, 7, 4],
            &[4, 3, 7],
            &[5, 4, 8, 6],
            &[5, 7],
        ];
        let rules = rules();
        for (cell, expected) in book.iter().enumerate() {
            assert_eq!(rules.map().neighbours(cell), *expected, "cell {cell}");
        }
    }

    /// A game worked through by hand on the book's code: `distribute` folds
    /// over the board list consing each territory onto a new list, so after
    /// every pass the list is reversed; `attacks` lists moves by the list's
    /// order of sources, each source's targets in `neighbors` order, with
    /// the pass first once a move has been made.
    #[test]
    fn every_pass_reverses_the_list_as_the_book_s_distribute_does() {
        let rules = rules();
        let board = board_of("a-3 b-1 b-3 / b-1 b-1 a-1 / b-3 a-1 b-1");
        // A pool of 7, so that b's sweep runs out of dice.
        let start = Position::start(&rules, board, Player::A)
            .unwrap()
            .with_pool(7);
        assert!(!start.is_reversed());
        // The list in index order: 0's targets 4, 3, 1 (all b-1).
        assert_eq!(
            start.moves(&rules),
            [attack(0, 4), attack(0, 3), attack(0, 1)]
        );
        let p = start.play(&rules, attack(0, 1)).unwrap();
        assert_eq!(p.moves(&rules), [Move::Pass, attack(1, 4)]);
        // a's pass sweeps the list in index order: cells 0, 1, 5 and 7 get a
        // die each (4 from the pool, 3 left), and leaves the list reversed.
        let p = p.play(&rules, Move::Pass).unwrap();
        assert_eq!(
            *p.board(),
            board_of("a-2 a-3 b-3 / b-1 b-1 a-2 / b-3 a-2 b-1")
        );
        assert_eq!((p.pool(), p.is_reversed()), (3, true));
        // b's attacks: 2 -> 5 and 6 -> 7, listed from the highest source.
        assert_eq!(p.moves(&rules), [attack(6, 7), attack(2, 5)]);
        let p = p.play(&rules, attack(6, 7)).unwrap();
        assert_eq!(p.moves(&rules), [Move::Pass, attack(2, 5)]);
        // b's pass sweeps the reversed list: 8, 7 and 6 take the pool's
        // last 3 dice (in index order they would have gone to 3, 4 and 6);
        // the list is back in index order.
        let p = p.play(&rules, Move::Pass).unwrap();
        assert_eq!(
            *p.board(),
            board_of("a-2 a-3 b-3 / b-1 b-1 a-2 / b-2 b-3 b-2")
        );
        assert_eq!((p.pool(), p.is_reversed()), (0, false));
        assert_eq!(
            p.moves(&rules),
            [attack(0, 4), attack(0, 3), attack(1, 4), attack(5, 4)]
        );
        // The order is part of the position: the same board, player and
        // pool with the list the other way round is another position.
        assert_ne!(p, p.with_reversed(true));
    }

    #[test]
    fn the_book_s_board_alternates_owners_from_a() {
        let rules = rules();
        for seed in 0..20 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let board = alternating_board(&rules, Player::A, &mut rng).unwrap();
            for (n, cell) in board.cells().iter().enumerate() {
                assert_eq!(usize::from(cell.owner().index()), n % 2, "seed {seed}");
                assert!((1..=3).contains(&cell.dice()));
            }
            let start = Position::start(&rules, board, Player::A).unwrap();
            assert!(start.can_attack(&rules), "seed {seed}");
        }
        // Dealing a racket game deals that board, on the offset rows.
        let (rules, start) =
            deal_game(RuleSet::Racket, Ground::Hexagons(4), 2, 3, Player::A, 5).unwrap();
        assert_eq!(rules.map().kind(), crate::game::MapKind::Offset);
        let owners: String = start
            .board()
            .cells()
            .iter()
            .map(|c| c.owner().letter())
            .collect();
        assert_eq!(owners, "abababababababab");
    }
}
