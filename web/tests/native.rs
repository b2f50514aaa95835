//! The bindings' game natively (`cargo test -p column-checkers-web`): the same calls
//! the JavaScript API makes, without a browser. `api.test.mjs` runs the same games
//! under Node against the built package.

use column_checkers::{Color, Ruleset};
use column_checkers_player::any::DRAW_DECLINE;
use column_checkers_web::{perft_of, playouts, Drawing, Table, Thinking};
use serde_json::{json, Value};

const OPENING: [&str; 13] = [
    "d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6", "g6-e6-c6", "b6-d6", "d7-d5", "c6-e6",
];

#[test]
fn the_italian_opening_by_clicks_and_moves() {
    let mut g = Table::new("emergo", &[], None).unwrap();
    assert_eq!(g.legal_moves().as_array().unwrap().len(), 40);
    for m in &OPENING[..9] {
        g.play(m).unwrap();
    }
    assert_eq!(g.next_names(), ["g6"]);
    assert_eq!(
        g.click("d8").unwrap_err(),
        "no move starts on d8: the column there cannot capture; capture is compulsory; a move starts on g6"
    );
    assert_eq!(g.click("g6").unwrap().next, ["e6"]);
    assert_eq!(
        g.click("d8").unwrap_err(),
        "no move goes on to d8 after g6; it may go on to e6"
    );
    assert_eq!(g.names(g.clicks()), ["g6"]);
    g.click("e6").unwrap();
    let done = g.click("c6").unwrap();
    assert_eq!(done.played.as_deref(), Some("g6xe6xc6"));
    assert!(done.clicks.is_empty());
    assert_eq!(
        g.last_move(),
        json!({ "text": "g6xe6xc6", "squares": ["g6", "e6", "c6"], "taken": ["f6", "d6"] })
    );
    for m in &OPENING[10..] {
        g.play(m).unwrap();
    }
    assert_eq!(g.position_text(), "e4:w,f4:w,d5:wb,e6:bww,g7:b,d8:b b 7/8");
    let s = g.state();
    assert_eq!(s["turn"], "black");
    assert_eq!(s["inHand"], json!({ "white": 7, "black": 8 }));
    assert_eq!(s["moves"].as_array().unwrap().len(), 13);
    // the page's move list in the record's notation: the PDN's short captures
    assert_eq!(s["moves"][9], "g6xe6xc6");
    assert_eq!(s["recordMoves"][9], "g6xc6");
    assert_eq!(
        g.record_moves(),
        [
            "d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6", "g6xc6", "b6xd6", "d7xd5",
            "c6xe6"
        ]
    );
    assert_eq!(
        g.record().to_string(),
        "[Variant \"emergo\"]\n\n1. d6 d8 2. e4 g6 3. f4 g7 4. b6 d7 5. f6 g6xc6 6. b6xd6 d7xd5 7. c6xe6 *\n"
    );
    let again = Table::from_pdn(&g.record().to_string(), "lasca", &[]).unwrap();
    assert_eq!(
        again.ruleset().name(),
        "emergo",
        "the record's tag names the ruleset"
    );
    assert_eq!(again.position_text(), g.position_text());
    assert_eq!(g.undo().as_deref(), Some("c6xe6"));
    assert_eq!(g.redo().as_deref(), Some("c6xe6"));
    let svg = g.svg(Drawing {
        flip: true,
        cell: Some(40.0),
        status: false,
    });
    assert!(svg.starts_with("<svg") && svg.contains("data-square=\"e5\""));
}

#[test]
fn bad_input_is_refused_with_the_crates_messages() {
    let mut g = Table::new("emergo", &[], None).unwrap();
    assert_eq!(
        g.play("zz9").unwrap_err().to_string(),
        "no square \"zz9\" on this board"
    );
    assert!(g
        .play("e5")
        .unwrap_err()
        .to_string()
        .starts_with("e5 is not a legal move here (no man can be entered on e5 here"));
    assert!(g.moves().is_empty());
    assert!(Table::new("chess", &[], None)
        .err()
        .unwrap()
        .starts_with("unknown ruleset \"chess\""));
    assert_eq!(
        Table::new("lasca", &["--bogus".into()], None)
            .err()
            .unwrap(),
        "ruleset lasca has no option \"--bogus\"; its options: --roundabout, --repetition"
    );
    assert_eq!(
        Table::new("lasca", &["--roundabot".into()], None)
            .err()
            .unwrap(),
        "ruleset lasca has no option \"--roundabot\" (did you mean \"--roundabout\"?); \
         its options: --roundabout, --repetition"
    );
    assert!(Table::new("lasca", &[], Some("z9:w w"))
        .err()
        .unwrap()
        .starts_with("lasca: bad position text at byte 0"));
    assert!(Table::from_pdn("", "emergo", &[]).is_err());
    assert!(Table::from_pdn("1. d6 zz9 *", "emergo", &[])
        .err()
        .unwrap()
        .contains("zz9"));
}

#[test]
fn lasca_crowning_capture_and_options() {
    let mut g = Table::new(
        "lasca",
        &["roundabout".into()],
        Some("a1:w,c3:w,d4:b,d6:bb,g7:b w"),
    )
    .unwrap();
    assert_eq!(
        g.legal_moves(),
        json!([{ "text": "c3xe5xc7", "clicks": ["c3", "e5", "c7"], "kind": "capture",
                 "captures": 2, "taken": ["d4", "d6"], "crowns": true }])
    );
    for sq in ["c3", "e5"] {
        assert_eq!(g.click(sq).unwrap().played, None);
    }
    assert_eq!(g.click("c7").unwrap().played.as_deref(), Some("c3xe5xc7"));
    let columns = g.columns();
    let c7 = columns
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["square"] == "c7")
        .unwrap();
    assert_eq!(
        c7,
        &json!({ "square": "c7", "men": "bbW", "owner": "white" })
    );
}

#[test]
fn fen_for_the_draughts_games() {
    let g = Table::new("international", &[], Some("W:W31-50:B1-20")).unwrap();
    assert_eq!(
        g.position_text(),
        Table::new("international", &[], None)
            .unwrap()
            .position_text()
    );
    assert_eq!(g.fen().as_deref(), Some("W:W31-50:B1-20"));
    assert_eq!(
        Table::new("international", &[], Some("W:W51"))
            .err()
            .unwrap(),
        "international: bad position text at byte 3 (\"51\"): no square \"51\" on this board"
    );
    // a column game reads a FEN too, through the same reader
    assert_eq!(
        Table::new("lasca", &[], Some("W:Wa1:Bg7"))
            .unwrap()
            .position_text(),
        "a1:w,g7:b w"
    );
}

#[test]
fn every_ruleset_plays_and_the_computer_moves_legally() {
    for r in Ruleset::bases() {
        let mut g = Table::new(r.name(), &[], None).unwrap();
        for _ in 0..6 {
            let Some(c) = g.computer_move(plies(1)) else {
                break;
            };
            let legal = g.legal_moves();
            assert!(
                legal.as_array().unwrap().iter().any(|m| m["text"] == c.mv),
                "{r}: {}",
                c.mv
            );
            g.play(&c.mv).unwrap();
        }
        assert!(g.outcome().is_null() || g.is_over());
    }
    let p = playouts("emergo", &[], 10, 7, 300).unwrap();
    assert_eq!(p.games, 10);
    assert!(p.plies > 10 * 24);
}

#[test]
fn perft_equals_the_native_table() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft-native.json"
    ))
    .unwrap();
    let table: Value = serde_json::from_str(&text).unwrap();
    for (ruleset, counts) in table["counts"].as_object().unwrap() {
        for (i, count) in counts.as_array().unwrap().iter().enumerate() {
            let count = count.as_u64().unwrap();
            // a debug build: the small depths only
            if count <= 1_000_000 {
                assert_eq!(
                    perft_of(ruleset, &[], None, i as u32 + 1),
                    Ok(count),
                    "{ruleset} perft({})",
                    i + 1
                );
            }
        }
    }
    assert_eq!(
        perft_of("bashni", &["--russian-code".into()], None, 5),
        Ok(7482)
    );
}

#[test]
fn an_agreed_draw_and_a_resignation_end_the_game_and_are_recorded() {
    let mut g = Table::new("international", &[], None).unwrap();
    g.play("32-28").unwrap();
    let o = g.agree_draw().unwrap();
    assert_eq!(
        o,
        json!({ "winner": null, "reason": "agreement", "declared": true,
                "result": "1/2-1/2", "text": "1/2-1/2 draw: draw agreed" })
    );
    assert_eq!(g.outcome(), o);
    assert!(g.is_over());
    assert_eq!(g.legal_moves(), json!([]));
    assert!(g.next_names().is_empty());
    assert!(g.play("19-23").unwrap_err().to_string().contains("over"));
    assert!(g.click("19").unwrap_err().contains("game is over"));
    assert!(g.agree_draw().unwrap_err().contains("over"));
    assert!(g.resign(Color::White).unwrap_err().contains("over"));
    // the record says it, and reads back to the same end
    let pdn = g.record().to_string();
    assert!(pdn.contains("[Result \"1-1\"]"), "{pdn}"); // FMJD's draw
    let again = Table::from_pdn(&pdn, "emergo", &[]).unwrap();
    assert_eq!(again.outcome(), o);
    // undo withdraws the agreement with the last move
    assert_eq!(g.undo().as_deref(), Some("32-28"));
    assert!(g.outcome().is_null());

    // White resigns on Black's turn
    let mut g = Table::new("emergo", &[], None).unwrap();
    for m in ["d6", "d8", "e4"] {
        g.play(m).unwrap();
    }
    let o = g.resign(Color::White).unwrap();
    assert_eq!(o["winner"], "black");
    assert_eq!(o["reason"], "resignation");
    assert_eq!(o["text"], "0-1 Black wins: resignation");
    let again = Table::from_pdn(&g.record().to_string(), "lasca", &[]).unwrap();
    assert_eq!(again.outcome(), o);
    assert_eq!(again.moves(), ["d6", "d8", "e4"]);
    // the clicks of a move being entered are dropped
    let mut g = Table::new("lasca", &[], None).unwrap();
    g.click("c3").unwrap();
    assert_eq!(g.names(g.clicks()), ["c3"]);
    g.resign(Color::Black).unwrap();
    assert!(g.clicks().is_empty());
    // a resignation at the start is withdrawn alone
    let mut g = Table::new("lasca", &[], None).unwrap();
    g.resign(Color::White).unwrap();
    assert_eq!(g.undo(), None);
    assert!(g.outcome().is_null());
    assert_eq!(
        "red".parse::<Color>().unwrap_err().to_string(),
        "no side \"red\": a side is \"white\" or \"black\""
    );
    assert_eq!(" Black".parse(), Ok(Color::Black));
}

/// A search to `depth` plies with time enough for it (the tests stay deterministic).
fn plies(depth: u32) -> Thinking {
    Thinking::new(600_000.0, Some(depth)).unwrap()
}

#[test]
fn the_computer_accepts_a_draw_unless_a_man_ahead() {
    // level at the start: it accepts
    let g = Table::new("lasca", &[], None).unwrap();
    let a = g.computer_accepts_draw(Color::Black, plies(2)).unwrap();
    assert!(a.accepts && a.score < DRAW_DECLINE, "{a:?}");
    assert_eq!(a.depth, 2);
    // three men against one: White declines, Black accepts (scores for each side)
    let g = Table::new("lasca", &[], Some("a1:w,c3:w,e3:w,g7:b w")).unwrap();
    let white = g.computer_accepts_draw(Color::White, plies(2)).unwrap();
    let black = g.computer_accepts_draw(Color::Black, plies(2)).unwrap();
    assert!(!white.accepts && white.score >= DRAW_DECLINE, "{white:?}");
    assert!(black.accepts && black.score <= -DRAW_DECLINE, "{black:?}");
    assert_eq!(white.score, -black.score);
    assert!(white.nodes > 0);
    // nothing was played or agreed
    assert!(g.outcome().is_null() && g.moves().is_empty());
    let mut over = Table::new("lasca", &[], None).unwrap();
    over.agree_draw().unwrap();
    assert_eq!(over.computer_accepts_draw(Color::White, plies(1)), None);
}

#[test]
fn the_computer_thinks_for_a_time_and_tells_its_line() {
    // by time alone: it stops near the time given, having searched a few plies
    let g = Table::new("international", &[], None).unwrap();
    let t = std::time::Instant::now();
    let c = g
        .computer_move(Thinking::new(300.0, None).unwrap())
        .unwrap();
    let spent = t.elapsed();
    assert!(spent < std::time::Duration::from_millis(3_000), "{spent:?}");
    assert!(c.depth >= 2, "{c:?}");
    assert!(c.win_in.is_none() && c.score.abs() < 100, "{c:?}");
    assert_eq!(c.line.first(), Some(&c.mv), "{c:?}");
    // the line starts with the move, and every move of it is legal in turn
    let c = g.computer_move(plies(4)).unwrap();
    assert!(c.line.len() >= 4, "{c:?}");
    let mut line = Table::new("international", &[], None).unwrap();
    assert_eq!(line.play(&c.mv).unwrap(), c.line[0]);
    for m in &c.line[1..] {
        line.play(m).unwrap();
    }
    // the line in the record's notation: Black's forced capture 19x30 for 19x24x30
    let mut g = Table::new("international", &[], Some("W:W35,33:B19,24")).unwrap();
    g.play("35-30").unwrap();
    let c = g.computer_move(plies(2)).unwrap();
    assert_eq!(c.line[0], "24x35");
    // a forced win: Lasca, White to move takes Black's last soldier
    let g = Table::new("lasca", &[], Some("a1:w,c3:w,d4:b w")).unwrap();
    let c = g.computer_move(plies(3)).unwrap();
    assert_eq!(c.mv, "c3xe5");
    assert_eq!(c.win_in, Some(1), "{c:?}");
    assert!(c.score > 900_000, "{c:?}");
    // the limits refused in words
    assert!(Thinking::new(0.0, None)
        .unwrap_err()
        .contains("from 1 to 600000"));
    assert!(Thinking::new(f64::NAN, None).is_err());
    assert!(Thinking::new(1000.0, Some(0))
        .unwrap_err()
        .contains("depth is 0 plies"));
}

#[test]
fn the_column_legend_shows_with_a_tall_column() {
    let g = Table::new("lasca", &[], None).unwrap();
    assert_eq!(g.state()["columnLegend"], Value::Null);
    let g = Table::new("lasca", &[], Some("a1:w,c3:bw,g7:b w")).unwrap();
    let legend = g.state()["columnLegend"].as_str().unwrap().to_string();
    assert!(legend.contains("from the top man down"), "{legend}");
    assert!(legend.contains("from the bottom up"), "{legend}");
}
