//! The game a command line asks for, resolved once: the rule set's
//! defaults applied, the map options completed, conflicts and ranges
//! checked, then the rules and start dealt or read, with the seed; every
//! front-end reads that value.
//!
//! `load.rs` reads board and map files, `maps.rs` holds the map options and
//! the `map` command, `again.rs` the command that plays a game again.

pub(in crate::cli) mod again;
pub(in crate::cli) mod load;
pub(in crate::cli) mod maps;
