//! Dice of Doom, the hexagon dice-battle game of Land of Lisp.
//!
//! - [`game`]: the pure rules engine and the memoised game tree;
//! - [`analysis`]: counting and solving whole game trees;
//! - [`cli`]: the terminal game and its commands.

pub mod analysis;
pub mod cli;
pub mod game;
