//! The record format's mistakes: each one reported with its line and
//! column and what was expected there.

use super::Record;
use super::tests::GAME;

/// The message for `GAME` with `from` replaced by `to`.
pub(super) fn error_of(from: &str, to: &str) -> String {
    assert!(GAME.contains(from), "{from:?}");
    let text = GAME.replacen(from, to, 1);
    match Record::parse(&text) {
        Ok(_) => panic!("{to:?} was read"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn every_mistake_is_located() {
    let cases = [
        // The version line.
        (
            "dice-of-doom record 1",
            "",
            "line 1, column 1: not a game record: its first line must be `dice-of-doom record 1`",
        ),
        (
            "dice-of-doom record 1",
            "# a board\n  b-2 b-2",
            "line 1, column 1: not a game record: its first line must be `dice-of-doom record 1`",
        ),
        (
            "dice-of-doom record 1",
            "dice-of-doom record 2",
            "line 1, column 21: record version `2` is not known: this program reads version 1",
        ),
        (
            "dice-of-doom record 1",
            "dice-of-doom record 1.1",
            "line 1, column 21: record version `1.1` is not known: this program reads version 1",
        ),
        // The header's lines.
        (
            "rules: classic",
            "rules classic",
            "line 2, column 1: expected a field such as `players: 2`, found `rules classic`",
        ),
        (
            "rules: classic",
            "  colour: red",
            "line 2, column 3: unknown field `colour` (fields: rules, map, players, max-dice, first, player a to h, seed, date, event, result, then board and moves)",
        ),
        (
            "rules: classic",
            "rules:",
            "line 2, column 7: rules: no value",
        ),
        (
            "map: 2x2",
            "map: 2x2\nrules: classic",
            "line 4, column 1: `rules` is given twice (first on line 2)",
        ),
        (
            "max-dice: 3\n",
            "",
            "line 12, column 1: the record has no `max-dice:` line before its board",
        ),
        (
            "first: a\n",
            "",
            "line 12, column 1: the record has no `first:` line before its board",
        ),
        (
            "map: 2x2\n",
            "",
            "line 12, column 1: the record has no `map:` line before its board",
        ),
        (
            "rules: classic\n",
            "",
            "line 12, column 1: the record has no `rules:` line before its board",
        ),
        (
            "players: 2\n",
            "",
            "line 12, column 1: the record has no `players:` line before its board",
        ),
        (
            "seed: 0",
            "moves: 3",
            "line 9, column 8: moves: the moves come after the board",
        ),
        (
            "board:",
            "board: b-2",
            "line 13, column 8: board: the rows of the board go on the lines below `board:`",
        ),
        // Each field's value.
        (
            "rules: classic",
            "rules: chance",
            "line 2, column 8: rules: unknown rule set `chance` (this program knows classic, lol4, racket and dicewars)",
        ),
        (
            "map: 2x2",
            "map: 2x3",
            "line 3, column 6: map: expected a map such as `3x3` (a rhombus of side 2 to 10) or `territories` (a map drawn in the board part), not `2x3`",
        ),
        (
            "map: 2x2",
            "map: 11x11",
            "line 3, column 6: map: expected a map such as `3x3` (a rhombus of side 2 to 10) or `territories` (a map drawn in the board part), not `11x11`",
        ),
        (
            "map: 2x2",
            "map: hex",
            "line 3, column 6: map: expected a map such as `3x3` (a rhombus of side 2 to 10) or `territories` (a map drawn in the board part), not `hex`",
        ),
        (
            "players: 2",
            "players: 9",
            "line 4, column 10: players: must be a whole number from 2 to 8, not `9`",
        ),
        (
            "players: 2",
            "players: +2",
            "line 4, column 10: players: must be a whole number from 2 to 8, not `+2`",
        ),
        (
            "max-dice: 3",
            "max-dice: 0",
            "line 5, column 11: max-dice: must be a whole number from 1 to 9, not `0`",
        ),
        (
            "max-dice: 3",
            "max-dice: 99999999999999999999",
            "line 5, column 11: max-dice: must be a whole number from 1 to 9, not `99999999999999999999`",
        ),
        (
            "first: a",
            "first: c",
            "line 6, column 8: first: `c` is not a player of this game of 2 players (a to b)",
        ),
        (
            "first: a",
            "first: ab",
            "line 6, column 8: first: expected a player's letter, not `ab`",
        ),
        (
            "player a: person",
            "player e: person",
            "line 7, column 8: player: `e` is not a player of this game of 2 players (a to b)",
        ),
        (
            "player a: person",
            "player a: people",
            "line 7, column 11: player a: expected `person` or `computer AI, BUDGET` (such as `computer search, 1 s`)",
        ),
        (
            "player b: computer search, 1 s",
            "player b: computer deep-blue, 1 s",
            "line 8, column 11: player b: no opponent is called `deep-blue` (opponents: perfect, search, lol, greedy, random, lol4, racket, dicewars, chance, defensive, strategic, mcts)",
        ),
        (
            "player b: computer search, 1 s",
            "player b: computer search",
            "line 8, column 11: player b: give the computer's budget per move: `computer search, 1 s`, `computer search, 20000 nodes` or `computer search, no limit`",
        ),
        (
            "player b: computer search, 1 s",
            "player b: computer search, 0 s",
            "line 8, column 11: player b: the think time must be from 0.001 to 3600 seconds, not `0`",
        ),
        (
            "player b: computer search, 1 s",
            "player b: computer search, -1 s",
            "line 8, column 11: player b: `-1` is not a number of seconds",
        ),
        (
            "player b: computer search, 1 s",
            "player b: computer search, 0 nodes",
            "line 8, column 11: player b: the node budget must be a whole number from 1 to 18,446,744,073,709,551,615, not `0`",
        ),
        (
            "player b: computer search, 1 s",
            "player b: computer search, 1 s, 2 s",
            "line 8, column 11: player b: the think time is given twice",
        ),
        (
            "player b: computer search, 1 s",
            "player b: computer search, 5 nodes, 6 nodes",
            "line 8, column 11: player b: the node budget is given twice",
        ),
        (
            "player b: computer search, 1 s",
            "player b: computer search, no limit, 1 s",
            "line 8, column 11: player b: `no limit` goes alone, without a think time or nodes",
        ),
        (
            "player b: computer search, 1 s",
            "player b: computer search, soon",
            "line 8, column 11: player b: expected a budget such as `1 s`, `20000 nodes` or `no limit`, found `soon`",
        ),
        (
            "seed: 0",
            "seed: -1",
            "line 9, column 7: seed: must be a whole number from 0 to 18,446,744,073,709,551,615, not `-1`",
        ),
        (
            "seed: 0",
            "seed: 18446744073709551616",
            "line 9, column 7: seed: must be a whole number from 0 to 18,446,744,073,709,551,615, not `18446744073709551616`",
        ),
        (
            "date: 2026-11-24 06:10:00 UTC",
            "date: yesterday",
            "line 10, column 7: date: expected a date such as `2026-11-24` or `2026-11-24 06:10:00 UTC`",
        ),
        (
            "date: 2026-11-24 06:10:00 UTC",
            "date: 2026-13-01",
            "line 10, column 7: date: there is no date 2026-13-01",
        ),
        (
            "date: 2026-11-24 06:10:00 UTC",
            "date: 2026-11-24 24:00",
            "line 10, column 7: date: there is no date 2026-11-24 24:00",
        ),
        (
            "result: b wins",
            "result: b won",
            "line 12, column 9: result: expected `b wins`, `a and b tie` or `unfinished`, not `b won`",
        ),
        (
            "result: b wins",
            "result: a and a tie",
            "line 12, column 9: result: expected `b wins`, `a and b tie` or `unfinished`, not `a and a tie`",
        ),
        // The board.
        (
            "  a-2 b-1",
            "  a-2 z-1",
            "line 15, column 7: unknown player `z` (players are `a` to `h`)",
        ),
        (
            "  a-2 b-1",
            "  a-2 b-4",
            "line 15, column 7: 4 dice is more than the 3 a cell may hold in this game (use a larger dice limit)",
        ),
        (
            "  a-2 b-1",
            "  a-2 c-1",
            "line 15, column 7: player `c` is not in this game of 2 players (use a larger player count)",
        ),
        (
            "  a-2 b-1",
            "  a-2 b1",
            "line 15, column 7: expected a cell such as `a-2`, found `b1`",
        ),
        (
            "  a-2 b-1",
            "  a-2 b-1 a-1 a-1 a-1 a-1 a-1",
            "line 14, column 5: the board has 9 cells, but the map has 4",
        ),
        (
            "  a-2 b-1",
            "  a-2",
            "line 14, column 5: the board has 3 cells, but the map has 4",
        ),
        (
            "    b-2 b-2\n  a-2 b-1",
            "    b-2 b-2 a-2\n  b-1",
            "line 14, column 5: this row has 3 cells, but a 2x2 board has 2 in every row",
        ),
        (
            "  a-2 b-1",
            "  a-2 b-1\nresult: b wins",
            "line 16, column 1: expected a row of the board or `moves:`, found `result: b wins`",
        ),
        (
            "    b-2 b-2\n  a-2 b-1\n",
            "",
            "line 13, column 1: no cells found: write the board as rows of cells such as `a-2 b-1`",
        ),
        // The moves.
        (
            "a: 2 -> 3",
            "a 2 -> 3",
            "line 17, column 1: expected a move such as `a: 3 -> 7` or `a: end turn`, found `a 2 -> 3`",
        ),
        (
            "a: 2 -> 3",
            "a: 2 => 3",
            "line 17, column 1: expected a move such as `a: 3 -> 7` or `a: end turn`, found `a: 2 => 3`",
        ),
        (
            "a: 2 -> 3",
            "ab: 2 -> 3",
            "line 17, column 1: expected a move such as `a: 3 -> 7` or `a: end turn`, found `ab: 2 -> 3`",
        ),
        (
            "a: 2 -> 3",
            "a: 2 -> 300",
            "line 17, column 1: expected a move such as `a: 3 -> 7` or `a: end turn`, found `a: 2 -> 300`",
        ),
        (
            "a: 2 -> 3",
            "b: 2 -> 3",
            "line 17, column 1: it is a's move here, not b's",
        ),
        (
            "a: 2 -> 3",
            "a: end turn",
            "line 17, column 4: end turn is not a legal move here (legal: 2 -> 3)",
        ),
        (
            "a: 2 -> 3",
            "  a: 2 -> 0",
            "line 17, column 6: 2 -> 0 is not a legal move here (legal: 2 -> 3)",
        ),
        (
            "a: 2 -> 3",
            "a: 2 -> 9",
            "line 17, column 4: 2 -> 9 is not a legal move here (legal: 2 -> 3)",
        ),
        (
            "b: end turn\n",
            "b: end turn\na: 2 -> 3\n",
            "line 21, column 1: the game is over here (a cannot attack): no move can follow",
        ),
        (
            "a: 2 -> 3",
            "a: 2 -> 3 rolls 4 against 5",
            "line 17, column 11: the attacker holds 2 dice, but the roll has 1 for it",
        ),
        (
            "a: 2 -> 3",
            "a: 2 -> 3 rolls 4+1 against 5+5",
            "line 17, column 11: the defender holds 1 die, but the roll has 2 for it",
        ),
        (
            "a: 2 -> 3",
            "a: 2 -> 3 rolls 4+7 against 5",
            "line 17, column 11: a die shows 1 to 6, not `7`",
        ),
        (
            "a: 2 -> 3",
            "a: 2 -> 3 rolls 4+6",
            "line 17, column 11: expected a roll such as `rolls 4+6+2 against 5+1`, found `rolls 4+6`",
        ),
        (
            "a: end turn",
            "a: end turn rolls 1 against 1",
            "line 18, column 13: `end turn` rolls no dice",
        ),
        // The result against the moves.
        (
            "result: b wins",
            "result: a wins",
            "line 12, column 9: the result says `a wins`, but after these moves the game is over: b wins",
        ),
        (
            "result: b wins",
            "result: unfinished",
            "line 12, column 9: the result says `unfinished`, but after these moves the game is over: b wins",
        ),
        (
            "b: end turn\n",
            "",
            "line 12, column 9: the result says `b wins`, but after these moves the game is not over: b is to move",
        ),
        // Cut short.
        (
            "board:\n    b-2 b-2\n  a-2 b-1\nmoves:\na: 2 -> 3\na: end turn\nb: 0 -> 2\nb: end turn\n",
            "",
            "line 12, column 15: the record ends before its board (a `board:` line): it is cut short",
        ),
        (
            "moves:\na: 2 -> 3\na: end turn\nb: 0 -> 2\nb: end turn\n",
            "",
            "line 15, column 10: the record ends before its moves (a `moves:` line): it is cut short",
        ),
        (
            "\n  a-2 b-1\nmoves:\na: 2 -> 3\na: end turn\nb: 0 -> 2\nb: end turn\n",
            "\n  a-2 b",
            "line 15, column 8: the record ends before its moves (a `moves:` line): it is cut short",
        ),
        (
            "b: end turn\n",
            "b: end tu",
            "line 20, column 1: expected a move such as `a: 3 -> 7` or `a: end turn`, found `b: end tu`",
        ),
    ];
    for (from, to, expected) in cases {
        assert_eq!(error_of(from, to), expected, "{from:?} -> {to:?}");
    }
}
