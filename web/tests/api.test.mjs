// The JavaScript API under Node: the package the page loads (web/www/pkg, built with
// `wasm-bindgen --target web`), instantiated from its .wasm file as web/README.md shows
// for Node (`init({ module_or_path: bytes })`: Node cannot fetch a file: URL).
//
//   node --test web/tests/
//
// A game played through the API (moves and clicks), illegal moves and clicks refused
// with the crate's messages, records and FEN, and perft counts equal to the native
// ones: the published figures of tests/data (which the native tests check) and
// web/tests/perft-native.json (the native counts of the other rulesets).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile, readdir } from "node:fs/promises";

const pkg = new URL("../www/pkg/", import.meta.url);
const cc = await import(new URL("column_checkers_web.js", pkg));
await cc.default({ module_or_path: await readFile(new URL("column_checkers_web_bg.wasm", pkg)) });
const { Game, levels, rulesets, perft, randomPlayouts } = cc;

// the opening of the Italian rules text of Emergo, as printed there
const OPENING = ["d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6", "g6-e6-c6", "b6-d6", "d7-d5", "c6-e6"];

test("every ruleset is offered, with its options", () => {
  const names = rulesets().map((r) => r.name);
  for (const n of ["emergo", "hexemergo", "lasca", "bashni", "dameo", "stapeldammen", "epaminondas", "neocrossings", "russian", "international", "brazilian"]) {
    assert.ok(names.includes(n), n);
  }
  const lasca = rulesets().find((r) => r.name === "lasca");
  assert.deepEqual(lasca.options.map((o) => o.flag), ["--roundabout", "--repetition"]);
  for (const r of rulesets()) {
    const g = new Game(r.name);
    assert.equal(g.ruleset, r.name);
    assert.ok(g.legalMoves().length > 0, r.name);
    assert.match(g.svg({}), /^<svg/);
    g.free();
  }
});

test("the Italian rules text's Emergo opening, by moves and by clicks", () => {
  const g = new Game("emergo");
  assert.equal(g.turn(), "white");
  assert.equal(g.legalMoves().length, 40);
  assert.equal(g.play("d6"), "d6");
  assert.equal(g.position(), "d6:w b 11/12");
  for (const m of OPENING.slice(1, 9)) g.play(m);
  // Black must capture: only g6 may be clicked, then e6, then c6
  assert.deepEqual(g.nextSquares(), ["g6"]);
  assert.throws(() => g.click("d8"), { message: "no move starts on d8: the column there cannot capture; capture is compulsory; a move starts on g6" });
  assert.deepEqual(g.click("g6"), { played: null, clicks: ["g6"], next: ["e6"] });
  assert.throws(() => g.click("d8"), { message: "no move goes on to d8 after g6; it may go on to e6" });
  assert.deepEqual(g.clicks(), ["g6"], "a refused click keeps the clicks");
  assert.deepEqual(g.click("e6").next, ["c6"]);
  assert.equal(g.click("c6").played, "g6xe6xc6");
  assert.deepEqual(g.lastMove(), { text: "g6xe6xc6", squares: ["g6", "e6", "c6"], taken: ["f6", "d6"] });
  for (const m of OPENING.slice(10)) g.play(m);
  assert.deepEqual(g.moves(), ["d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6", "g6xe6xc6", "b6xd6", "d7xd5", "c6xe6"]);
  assert.equal(g.position(), "e4:w,f4:w,d5:wb,e6:bww,g7:b,d8:b b 7/8");
  assert.deepEqual(g.lastMove(), { text: "c6xe6", squares: ["c6", "e6"], taken: ["d6"] });
  assert.equal(g.pdn(), '[Variant "emergo"]\n\n1. d6 d8 2. e4 g6 3. f4 g7 4. b6 d7 5. f6 g6xc6 6. b6xd6 d7xd5 7. c6xe6 *\n');
  assert.deepEqual(g.columns().find((c) => c.square === "e6"), { square: "e6", men: "bww", owner: "white" });
  const s = g.state();
  assert.equal(s.turn, "black");
  assert.deepEqual(s.inHand, { white: 7, black: 8 });
  // the move list's notation is the record's: the PDN's short captures
  assert.equal(s.recordMoves[9], "g6xc6");
  assert.equal(s.recordMoves.length, 13);
  assert.equal(s.outcome, null);
  // undo and redo
  assert.equal(g.undo(), "c6xe6");
  assert.equal(g.redo(), "c6xe6");
  // the record reads back to the same game
  const again = Game.fromPdn(g.pdn());
  assert.deepEqual(again.moves(), g.moves());
  assert.equal(again.position(), g.position());
});

test("an illegal move is refused with its message, and the game is unchanged", () => {
  const g = new Game("emergo");
  assert.throws(() => g.play("e5"), (e) => e instanceof Error && e.message.startsWith("e5 is not a legal move here (no man can be entered on e5 here; a man must be entered; legal: e1, d2,"));
  assert.throws(() => g.play("zz9"), { message: 'no square "zz9" on this board' });
  assert.throws(() => g.click("q99"), { message: 'no square "q99" on this board' });
  assert.deepEqual(g.moves(), []);
  assert.equal(g.position(), new Game("emergo").position());
  assert.throws(() => new Game("chess"), /unknown ruleset "chess"; known: emergo/);
  assert.throws(() => new Game("lasca", ["--bogus"]), { message: 'ruleset lasca has no option "--bogus"; its options: --roundabout, --repetition' });
  assert.throws(() => new Game("lasca", [], "z9:w w"), /^Error: lasca: bad position text at byte 0/);
});

test("a Lasca capture that crowns, by clicks, from a pasted position", () => {
  const g = new Game("lasca", [], "a1:w,c3:w,d4:b,d6:bb,g7:b w");
  const [mv] = g.legalMoves();
  assert.deepEqual(mv, { text: "c3xe5xc7", clicks: ["c3", "e5", "c7"], kind: "capture", captures: 2, taken: ["d4", "d6"], crowns: true });
  g.click("c3");
  g.click("e5");
  assert.equal(g.click("c7").played, "c3xe5xc7");
  assert.deepEqual(g.columns().find((c) => c.square === "c7"), { square: "c7", men: "bbW", owner: "white" });
  assert.match(g.pdn(), /\[SetUp "1"\]\n\[FEN "a1:w,c3:w,d4:b,d6:bb,g7:b w"\]/);
});

test("the draughts games read FEN", () => {
  const g = new Game("international", [], "W:W31-50:B1-20");
  assert.equal(g.position(), new Game("international").position());
  assert.equal(g.fen(), "W:W31-50:B1-20");
  const k = new Game("russian", [], "W:WK21:B5");
  assert.equal(k.fen(), "W:WKa3:Ba7"); // the Russian board names its squares a1-h8
  // the crate's one reader of position text and FEN: its message names the square
  assert.throws(() => new Game("international", [], "W:W51"), { message: 'international: bad position text at byte 3 ("51"): no square "51" on this board' });
  // Lasca reads a FEN too (its columns here are single men)
  assert.equal(new Game("lasca", [], "W:Wa1:Bg7").position(), "a1:w,g7:b w");
});

test("options: Lasca's roundabout and Bashni's Russian code", () => {
  assert.equal(new Game("lasca", ["roundabout"]).options[0], "roundabout");
  assert.equal(perft("bashni", 8, ["--russian-code"]), 925862);
  assert.equal(perft("bashni", 8), 925939);
});

test("the computer's move is legal, and the game goes on to its end", () => {
  const g = new Game("lasca");
  let plies = 0;
  while (!g.outcome() && plies < 400) {
    const c = g.computerMove(60000, 1);
    assert.ok(g.legalMoves().some((m) => m.text === c.move), c.move);
    g.play(c.move);
    plies += 1;
  }
  const d = new Game("dameo").computerMove(60000, 2);
  assert.ok(d.nodes > 0 && typeof d.score === "number" && d.depth === 2 && d.winIn === null, JSON.stringify(d));
  const r = randomPlayouts("emergo", 20, 7);
  assert.equal(r.games, 20);
  assert.ok(r.plies > 20 * 24);
});

test("an agreed draw and a resignation end the game, are recorded, and undo withdraws them", () => {
  const g = new Game("international");
  g.play("32-28");
  const o = g.agreeDraw();
  assert.deepEqual(o, { winner: null, reason: "agreement", declared: true, result: "1/2-1/2", text: "1/2-1/2 draw: draw agreed" });
  assert.deepEqual(g.outcome(), o);
  assert.deepEqual(g.legalMoves(), []);
  assert.throws(() => g.play("19-23"), /over/);
  assert.throws(() => g.agreeDraw(), /over/);
  assert.throws(() => g.resign("black"), /over/);
  assert.match(g.pdn(), /\[Result "1-1"\]/); // FMJD's draw
  assert.deepEqual(Game.fromPdn(g.pdn()).outcome(), o);
  assert.equal(g.undo(), "32-28");
  assert.equal(g.outcome(), null);

  // White resigns on Black's turn: Black wins
  const e = new Game("emergo");
  for (const m of ["d6", "d8", "e4"]) e.play(m);
  const r = e.resign("white");
  assert.deepEqual(r, { winner: "black", reason: "resignation", declared: true, result: "0-1", text: "0-1 Black wins: resignation" });
  assert.equal(e.state().outcome.reason, "resignation");
  const back = Game.fromPdn(e.pdn());
  assert.deepEqual(back.outcome(), r);
  assert.deepEqual(back.moves(), ["d6", "d8", "e4"]);
  assert.throws(() => new Game("lasca").resign("red"), { message: 'no side "red": a side is "white" or "black"' });
  // the rules' ends are not declared
  const over = new Game("lasca", [], "c3:wb w");
  assert.deepEqual(over.outcome(), { winner: "black", reason: "no pieces", declared: false, result: "0-1", text: over.outcome().text });
});

test("the computer thinks for a time per move and tells its line", () => {
  // by time alone (performance.now() in WebAssembly): it stops near the time given
  const g = new Game("international");
  const t0 = performance.now();
  const c = g.computerMove(200);
  const spent = performance.now() - t0;
  assert.ok(spent < 2000, `${spent} ms`);
  assert.ok(c.depth >= 1 && c.pv[0] === c.move, JSON.stringify(c));
  // the line in the record's notation, every move legal in turn
  const deep = g.computerMove(60000, 4);
  assert.ok(deep.pv.length >= 4, JSON.stringify(deep));
  for (const m of deep.pv) g.play(m);
  // a forced win, in plies, and its score in men
  const win = new Game("lasca", [], "a1:w,c3:w,d4:b w").computerMove(60000, 3);
  assert.equal(win.move, "c3xe5");
  assert.equal(win.winIn, 1);
  assert.ok(win.score > 9000, JSON.stringify(win));
  // a time or a depth out of range throws, in words
  assert.throws(() => g.computerMove(0), /the time to think is 0 ms: give a number of milliseconds from 1 to 600000/);
  assert.throws(() => g.computerMove(Number.NaN), /milliseconds/);
  assert.throws(() => g.computerMove(1000, 0), /the depth is 0 plies/);
});

test("the computer plays at a level, 1 (beginner) to 10 (master), each with its measured strength", () => {
  const list = levels("lasca");
  assert.deepEqual(list.map((l) => l.level), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.equal(list[0].name, "beginner");
  assert.equal(list[9].name, "master");
  assert.match(list[0].measured, /^scores [0-9.]+ % against random moves \([0-9]+ games\)$/);
  assert.match(list[4].measured, /^scores [0-9.]+ % against level 4 \([0-9]+ games\)$/);
  assert.ok(list[4].score >= 0 && list[4].score <= 1);
  // a game the ladder has not measured
  assert.ok(levels("hexemergo").every((l) => l.measured === null && l.score === null));
  assert.throws(() => levels("chess"), /chess/);
  // each level's move is legal, the same again with its seed
  const g = new Game("emergo");
  for (let level = 1; level <= 10; level++) {
    const c = g.computerMoveAt(level, level === 10 ? 100 : undefined, 7);
    assert.ok(g.legalMoves().some((m) => m.text === c.move), `level ${level}: ${c.move}`);
    if (level < 10) assert.equal(g.computerMoveAt(level, undefined, 7).move, c.move, `level ${level}`);
  }
  assert.ok(g.computerMoveAt("2").move, "a level's text");
  // a level that is none is an Error naming what was given
  const range = "from 1 (beginner) to 10 (master)";
  for (const [bad, message] of [
    [0, `level "0" is not ${range}`],
    [11, `level "11" is not ${range}`],
    [-1, `level "-1" is not ${range}`],
    [2.5, `level "2.5" is not a number ${range}`],
    ["three", `level "three" is not a number ${range}`],
    [undefined, `level "undefined" is not a number ${range}`],
    [null, `level "null" is not a number ${range}`],
    [Number.NaN, `level "NaN" is not a number ${range}`],
  ]) {
    assert.throws(() => g.computerMoveAt(bad), (e) => e instanceof Error && e.message === message, String(bad));
  }
  assert.throws(() => g.computerMoveAt(3, 0), /milliseconds/);
  assert.throws(() => g.computerMoveAt(3, 1000, -1), /the seed is -1: give a whole number from 0 to 2\^53/);
  assert.throws(() => g.computerMoveAt(3, 1000, 0.5), /the seed is 0.5/);
  // over: null
  const over = new Game("lasca");
  over.resign("white");
  assert.equal(over.computerMoveAt(1), null);
  over.free();
  g.free();
});

test("the computer accepts a draw offer unless its search counts it a man ahead", () => {
  const level = new Game("lasca").computerAcceptsDraw("black", 60000, 2);
  assert.equal(level.accepts, true, JSON.stringify(level));
  const g = new Game("lasca", [], "a1:w,c3:w,e3:w,g7:b w");
  const white = g.computerAcceptsDraw("white", 60000, 2);
  const black = g.computerAcceptsDraw("black", 60000, 2);
  assert.ok(!white.accepts && white.score >= 1, JSON.stringify(white));
  assert.ok(black.accepts && black.score <= -1, JSON.stringify(black));
  assert.deepEqual(g.moves(), []);
  assert.equal(g.outcome(), null);
  assert.throws(() => g.computerAcceptsDraw("red", 1000), { message: 'no side "red": a side is "white" or "black"' });
  g.agreeDraw();
  assert.equal(g.computerAcceptsDraw("white", 1000), null);
});

test("the board's column labels are explained once a column is taller than one man", () => {
  assert.equal(new Game("lasca").state().columnLegend, null);
  const g = new Game("lasca", [], "a1:w,c3:bbw,g7:b w");
  assert.match(g.state().columnLegend, /from the top man down .* from the bottom up/);
  assert.match(g.svg({}), />w2b</); // c3:bbw is labelled from the top down
});

/**
 * The perft files of tests/data/perft (what the native tests read): a `ruleset NAME
 * [OPTIONS]` line, then entries of `id`, `position` and `perft DEPTH NODES` lines.
 */
async function publishedFigures() {
  const dir = new URL("../../tests/data/perft/", import.meta.url);
  const out = [];
  for (const f of (await readdir(dir)).filter((f) => f.endsWith(".perft"))) {
    let ruleset, options, id, position;
    for (const line of (await readFile(new URL(f, dir), "utf8")).split("\n")) {
      const [word, ...rest] = line.trim().split(/\s+/);
      if (word === "ruleset") [ruleset, ...options] = rest;
      else if (word === "id") id = rest.join(" ");
      else if (word === "position") position = line.trim().slice("position ".length);
      else if (word === "perft") {
        out.push({ ruleset, options, id, position, depth: Number(rest[0]), count: Number(rest[1]) });
      }
    }
  }
  return out;
}

test("perft equals the native counts", async () => {
  // every figure of the start positions up to 60 million leaves (Emergo 5,
  // international 9, ...), and of the other positions up to a million
  const published = (await publishedFigures()).filter(
    (p) => p.count <= (p.id === "start" ? 60e6 : 1e6),
  );
  assert.ok(published.length >= 70, `${published.length} figures`);
  const t0 = performance.now();
  for (const p of published) {
    assert.equal(
      perft(p.ruleset, p.depth, p.options, p.position),
      p.count,
      `${p.ruleset} ${p.options} ${p.id} perft(${p.depth})`,
    );
  }
  const native = JSON.parse(await readFile(new URL("perft-native.json", import.meta.url), "utf8"));
  for (const [ruleset, counts] of Object.entries(native.counts)) {
    counts.forEach((count, i) => assert.equal(perft(ruleset, i + 1), count, `${ruleset} perft(${i + 1})`));
  }
  // of a game's position, and from a position text
  assert.equal(new Game("emergo").perft(3), 55172);
  assert.equal(perft("international", 2, [], "W:W31-50:B1-20"), 81);
  console.log(`perft: ${published.length} published figures and the native table in ${Math.round(performance.now() - t0)} ms`);
});
