//! Code written once against the crate root and its prelude serves every ruleset: a
//! random player (`Position` alone) and a click-driven GUI loop (`Introspect`,
//! `MoveInput`, the board view), each one generic function, run unchanged on every
//! ruleset of the one list (`Ruleset::ALL`, through `Ruleset::visit`).
//!
//! Nothing here names a ruleset or a module path below the root: a ruleset added to
//! the list is played by these loops with no change to this file.

use column_checkers::any::RulesetVisitor;
use column_checkers::playout::SplitMix64;
use column_checkers::prelude::*;
use column_checkers::{BoardView, EndReason, Ruleset};

/// How many random games each ruleset plays, and their length at most.
const RANDOM_GAMES: u64 = 3;
const RANDOM_PLIES: usize = 120;
/// How many games each ruleset plays by clicks, and their length at most.
const CLICKED_GAMES: u64 = 2;
const CLICKED_PLIES: usize = 30;

/// What a game came to: the plies played and how it ended, if it did.
#[derive(Debug)]
struct Played {
    plies: usize,
    outcome: Option<Outcome>,
}

/// The end of a game agrees with its position's: a game that ended by the rules
/// ended as its last position says (or by threefold repetition, which the position
/// alone cannot see, in a ruleset that has the rule); a position whose game goes on
/// has a legal move, and one that ends the game refuses every move.
fn check_end<P: Position>(game: &Game<P>) -> Result<(), String> {
    let pos = game.position();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let by_repetition = |o: Outcome| {
        o.reason() == EndReason::Repetition && pos.repetition_draws() && game.repetitions() >= 3
    };
    match (game.outcome(), pos.outcome()) {
        (Some(o), None) if by_repetition(o) => {}
        (game_end, pos_end) if game_end != pos_end => {
            return Err(format!(
                "{pos}: the game says {game_end:?}, the position {pos_end:?}"
            ));
        }
        _ => {}
    }
    match (pos.outcome(), moves.first()) {
        (None, None) => Err(format!("{pos}: no legal move, yet no outcome")),
        (Some(o), Some(mv)) if pos.clone().play(mv).is_ok() => {
            Err(format!("{pos}: {o}, yet {mv} plays"))
        }
        _ => Ok(()),
    }
}

/// A random player: from the start, a uniformly random legal move each ply until the
/// game ends or `max_plies` are played. Every move is checked as a caller would: it
/// is legal, its text reads back as itself, and `play` accepts it.
fn random_game<P: Position>(seed: u64, max_plies: usize) -> Result<Played, String> {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(P::start());
    let mut moves = MoveList::new();
    while game.outcome().is_none() && game.moves().len() < max_plies {
        let pos = game.position();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return Err(format!("{pos}: the game goes on without a legal move"));
        }
        let mv = moves[rng.below(moves.len())];
        if !pos.is_legal(&mv) {
            return Err(format!("{pos}: listed move {mv} is not legal"));
        }
        let text = mv.to_string();
        match pos.parse_move(&text) {
            Ok(read) if read == mv => {}
            other => return Err(format!("{pos}: {text} reads back as {other:?}")),
        }
        let before = pos.to_string();
        game.play(&mv).map_err(|e| format!("{before}: {mv}: {e}"))?;
    }
    check_end(&game)?;
    let plies = game.moves().len();
    let outcome = game.outcome();
    if outcome.is_none() && plies != max_plies {
        return Err(format!(
            "stopped after {plies} plies with the game going on"
        ));
    }
    Ok(Played { plies, outcome })
}

/// Draws a board view as text, one character per square on the view's drawing grid
/// (`.` an empty square, the top man's letter on an occupied one), and checks it
/// against the position: the men on the board and in hand are the position's men.
fn draw<P: Position>(pos: &P, view: &BoardView<'_>) -> Result<String, String> {
    let (width, height, coords) = view.geometry.display();
    let mut rows = vec![vec![' '; width as usize]; height as usize];
    for sq in view.geometry.squares() {
        let (x, y) = coords[sq.index()];
        rows[height as usize - 1 - y as usize][x as usize] =
            view.get(sq).top().map_or('.', |m| m.char());
    }
    for color in [Color::White, Color::Black] {
        let on_board: usize = view.occupied().map(|(_, s)| s.count(color)).sum();
        let all = on_board + view.in_hand[color.index()];
        if all != pos.men(color) {
            return Err(format!(
                "{pos}: the view shows {all} {color} men, the position has {}",
                pos.men(color)
            ));
        }
    }
    if view.turn != pos.turn() {
        return Err(format!("{pos}: the view's side to move is {}", view.turn));
    }
    let picture: Vec<String> = rows.into_iter().map(String::from_iter).collect();
    Ok(picture.join("\n"))
}

/// A GUI's loop: each ply it draws the board, picks a legal move (as a person would
/// choose one) and enters it click by click through `MoveInput`, clicking only squares
/// the input offers; the move the clicks name is played.
fn play_by_clicks<P: Introspect>(seed: u64, max_plies: usize) -> Result<Played, String> {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(P::start());
    let mut legal = MoveList::new();
    loop {
        let pos = game.position();
        let view = pos.board_view().ok_or("no board view to draw")?;
        let picture = draw(pos, &view)?;
        if picture.chars().filter(|&c| c != '\n' && c != ' ').count() != pos.geometry().len() {
            return Err(format!(
                "{pos}: the picture does not show every square\n{picture}"
            ));
        }
        if game.outcome().is_some() || game.moves().len() == max_plies {
            break;
        }
        pos.legal_moves(&mut legal);
        if legal.is_empty() {
            return Err(format!("{pos}: the game goes on without a legal move"));
        }
        let chosen = legal[rng.below(legal.len())];
        let mut input = MoveInput::new(pos);
        // a square the input does not offer is refused, and the input stays as it was
        let offered = input.next_squares();
        if let Some(other) = pos.geometry().squares().find(|s| !offered.contains(s)) {
            if input.click(other).is_ok() || !input.clicks().is_empty() {
                return Err(format!(
                    "{pos}: a click on {} was taken",
                    pos.geometry().name(other)
                ));
            }
        }
        let mut named = None;
        for sq in chosen.clicks() {
            let name = pos.geometry().name(sq);
            if !input.next_names().contains(&name) {
                return Err(format!("{pos}: {chosen}: {name} is not offered"));
            }
            named = input
                .click_name(name)
                .map_err(|e| format!("{pos}: {chosen}: clicking {name}: {e}"))?;
        }
        let Some(clicked) = named else {
            return Err(format!("{pos}: the clicks of {chosen} name no move"));
        };
        if legal.iter().filter(|&&m| m == clicked).count() != 1 || clicked != chosen {
            return Err(format!("{pos}: clicked {clicked}, chose {chosen}"));
        }
        let info = pos
            .describe(&clicked)
            .ok_or(format!("{pos}: {clicked} not described"))?;
        if info.destination() != clicked.destination() {
            return Err(format!("{pos}: {clicked} is described as ending elsewhere"));
        }
        let before = pos.to_string();
        game.play(&clicked)
            .map_err(|e| format!("{before}: {clicked}: {e}"))?;
    }
    check_end(&game)?;
    Ok(Played {
        plies: game.moves().len(),
        outcome: game.outcome(),
    })
}

/// Both loops on one ruleset: its position type is the only thing that changes.
struct BothLoops;
impl RulesetVisitor for BothLoops {
    type Output = Result<Vec<Played>, String>;
    fn visit<P: Introspect>(self) -> Self::Output {
        let mut played = Vec::new();
        for seed in 0..RANDOM_GAMES {
            played.push(
                random_game::<P>(seed, RANDOM_PLIES)
                    .map_err(|e| format!("random game {seed}: {e}"))?,
            );
        }
        for seed in 0..CLICKED_GAMES {
            played.push(
                play_by_clicks::<P>(seed, CLICKED_PLIES)
                    .map_err(|e| format!("clicked game {seed}: {e}"))?,
            );
        }
        Ok(played)
    }
}

#[test]
fn one_random_player_and_one_gui_loop_play_every_ruleset() {
    let mut plies = 0;
    let mut ended = 0;
    for &r in Ruleset::ALL {
        let games = r.visit(BothLoops).unwrap_or_else(|e| panic!("{r}: {e}"));
        assert_eq!(games.len() as u64, RANDOM_GAMES + CLICKED_GAMES, "{r}");
        for g in &games {
            assert!(g.plies > 0, "{r}: a game of no move");
        }
        plies += games.iter().map(|g| g.plies).sum::<usize>();
        ended += games.iter().filter(|g| g.outcome.is_some()).count();
    }
    // the loops reached the ends of games too, not only the ply limit
    assert!(ended > 0, "no game ended in {plies} plies");
}
