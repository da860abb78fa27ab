//! The players' colours, chosen to stay apart for colour-blind eyes, and
//! text painted in them.

use crossterm::style::{Color, Stylize};

use crate::game::Player;

/// The colours of the players, `a` first: the Okabe-Ito palette, chosen
/// to stay apart for colour-blind eyes (orange, sky blue, bluish green,
/// yellow, blue, vermillion, reddish purple), with a light grey for the
/// eighth instead of its black, which a dark terminal would hide. Each is
/// the nearest of the 256 colours most terminals have (xterm's palette),
/// and every cell shows its owner's letter too, so that the game reads
/// without colour (`NO_COLOR`, `--color never`).
pub const PALETTE: [Color; 8] = [
    Color::AnsiValue(214), // orange, #E69F00
    Color::AnsiValue(74),  // sky blue, #56B4E9
    Color::AnsiValue(36),  // bluish green, #009E73
    Color::AnsiValue(227), // yellow, #F0E442
    Color::AnsiValue(25),  // blue, #0072B2
    Color::AnsiValue(166), // vermillion, #D55E00
    Color::AnsiValue(175), // reddish purple, #CC79A7
    Color::AnsiValue(250), // light grey
];

/// The colour of a player knocked out of the game (no cell left): a dark
/// grey, darker than any player's.
pub const OUT_COLOR: Color = Color::AnsiValue(240);

/// The colour that shows a player's cells.
pub fn player_color(player: Player) -> Color {
    PALETTE[player.index() as usize % PALETTE.len()]
}

/// `text` in the player's colour when `color` is on.
pub fn paint(text: &str, player: Player, color: bool) -> String {
    if color {
        text.with(player_color(player)).bold().to_string()
    } else {
        text.to_string()
    }
}
