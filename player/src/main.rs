//! `column-checkers-player`: the computer player on the command line.
fn main() {}
