// The page: any ruleset of column-checkers against the computer or a person at the
// same screen, by clicks on the crate's SVG board. Everything runs here, in
// WebAssembly; the computer thinks in a Web Worker (worker.js) so the page never
// freezes. When the page is served by the crate's game server (the `web` example), it
// also plays two people on two machines: it loads net.js and hands it the callbacks
// it needs (net.js imports nothing from this file).
import init, { Game, levels, rulesets } from "./pkg/column_checkers_web.js";

const $ = (id) => document.getElementById(id);

// Rule options that Epaminondas keeps in its position text rather than in the
// ruleset's options (the position text's last field).
const POSITION_OPTIONS = {
  epaminondas: [
    ["symmetry", "symmetry rule: a crossing may not leave a mirror position"],
    ["repetition", "threefold repetition is a draw"],
  ],
  neocrossings: [
    ["symmetry", "symmetry rule: a crossing may not leave a mirror position"],
    ["repetition", "threefold repetition is a draw"],
  ],
};

let RULESETS = [];
let game = null;
/** The level the page offers first: one a person learning the game can beat. */
const FIRST_LEVEL = 3;
/** The settings of the game on the board: the computer's level (1 to 10) and the seed
 * of its chance (drawn for each game), the thinking time of level 10, the hints and
 * the analysis (`ms`). */
let setup = { ruleset: "emergo", options: [], mode: "computer", human: "white", level: FIRST_LEVEL, seed: 0, ms: 1000 };
/** The remote game, when two people play on two machines (net.js hands it over):
 * { color, opponent, offer (the side whose draw offer stands, or null), send(move),
 *   offerDraw(), resign(), leave() }. */
let remote = null;
/** A draw offer standing at this screen (two people at one screen): the side that
 * offered it, or null. It lapses when the other side moves. */
let offer = null;
let worker = null;
let request = 0; // the computer's request under way (0: none)
let requestKind = null; // what it was asked: "move", or "draw" (an offer to answer)
let downloadUrl = null;
/** The second worker: hints and the analysis line, never the computer's moves. */
let helper = null;
/** Its request under way: { id, key (the position it searches), hint (show the move
 * on the board when it answers) }, or null. */
let helperAsk = null;
/** Its last answer: { key, turn, r }. */
let analysed = null;
/** The hint on the board: { key, text, squares }; gone with the next move. */
let hint = null;
/** The move list's view: null for the game as it stands, or the number of moves after
 * which the board shows the game (stepping through it changes nothing of the game). */
let viewPly = null;

function say(text, error) {
  $("message").textContent = text || "";
  $("message").className = error ? "error" : "";
}

function setBusy(busy) {
  document.body.dataset.busy = busy ? "1" : "0";
  document.body.classList.toggle("thinking", busy);
}

const capital = (c) => c.charAt(0).toUpperCase() + c.slice(1);

// ---------------------------------------------------------------------------
// Drawing

function render() {
  const s = game.state();
  if (viewPly !== null && viewPly >= s.moves.length) viewPly = null;
  // the game shown: the game itself, or a copy of it read back from its record and
  // taken back to the move viewed
  let shown = game;
  if (viewPly !== null) {
    shown = Game.fromPdn(s.pdn, s.ruleset, s.options);
    for (let k = s.moves.length; k > viewPly; k--) shown.undo();
  }
  const v = shown === game ? s : shown.state();
  const info = RULESETS.find((r) => r.name === s.ruleset);
  const who = remote
    ? `you play ${capital(remote.color)} against ${remote.opponent}`
    : setup.mode === "computer"
      ? `you play ${capital(setup.human)} against the computer at level ${setup.level}`
      : "two players at this screen";
  $("title").textContent = `${s.ruleset}${s.options.length ? " " + s.options.join(" ") : ""} (${who})`;
  $("about").textContent = info ? info.about : "";

  $("board").innerHTML = shown.svg({ flip: $("flip").checked, status: false });
  document.body.classList.toggle("viewing", shown !== game);
  const cells = {};
  for (const el of $("board").querySelectorAll("[data-square]")) cells[el.dataset.square] = el;
  // the outlined cells go last among the cells (still under the towers), so that
  // their outlines show whole
  const shapes = $("board").querySelectorAll("svg > rect[x], svg > polygon");
  let after = shapes[shapes.length - 1];
  const outline = (names, cls) => {
    for (const n of names) {
      const c = cells[n];
      if (!c) continue;
      c.classList.add(cls);
      if (c !== after) { after.after(c); after = c; }
    }
  };
  if (v.last) {
    outline(v.last.taken, "taken");
    outline(v.last.squares, "last");
  }
  columns = {};
  for (const c of shown.columns()) columns[c.square] = c;
  if (shown === game) {
    for (const n of s.clicks) if (cells[n]) cells[n].classList.add("picked");
    markNext(cells, s.next, s.clicks.length > 0);
  }
  if (v.last) markTaken(cells, v.last.taken);
  if (hint && hint.key !== positionKey()) hint = null;
  if (hint && shown === game) markHint(cells, hint.squares);
  if (shown !== game) shown.free();

  const toMove = capital(s.turn);
  $("turn").dataset.turn = s.outcome ? "over" : s.turn;
  $("turn-text").textContent = s.outcome ? "Game over" : `${toMove} to move`;
  let status = [];
  if (!s.outcome) {
    // the men in hand (Emergo), which the board leaves out
    if (v.inHand.white + v.inHand.black > 0) status.push(`in hand: White ${v.inHand.white}, Black ${v.inHand.black}`);
    if (s.clicks.length) status.push(`clicked ${s.clicks.join("-")}`);
    if (request) status.push(requestKind === "draw" ? "the computer considers the draw offer…" : "the computer is thinking…");
    else if (remote && s.turn !== remote.color) status.push(`waiting for ${remote.opponent}`);
  }
  if (viewPly !== null) status.unshift(`the board shows the game after move ${viewPly} of ${s.moves.length}: click a square to return`);
  $("status").textContent = status.join("; ");
  $("outcome").textContent = s.outcome ? `Game over: ${s.outcome.text}` : "";
  // the board's labels of tall columns read from the top down: say so, as the
  // crate's text diagrams do
  $("board-note").textContent = s.columnLegend ? `Labels: ${s.columnLegend}.` : "";
  showEnds(s);

  const ol = $("moves");
  ol.innerHTML = "";
  // the record's notation, as the PDN below writes the moves
  const ms = s.recordMoves.slice();
  if (s.startTurn === "black" && ms.length) ms.unshift("…");
  const shift = ms.length - s.recordMoves.length; // 1 when the list opens with "…"
  const current = viewPly === null ? s.moves.length : viewPly;
  for (let i = 0; i < ms.length; i += 2) {
    const li = document.createElement("li");
    for (let j = i; j < Math.min(i + 2, ms.length); j++) {
      if (j > i) li.append("  ");
      const ply = j + 1 - shift; // the moves played once this one is
      const span = document.createElement("span");
      span.textContent = ms[j];
      if (ply >= 1) {
        span.className = "ply";
        span.dataset.ply = String(ply);
        span.title = "show the game after this move";
        if (ply === current) span.classList.add("current");
      }
      li.append(span);
    }
    if (i + 2 >= ms.length) li.className = "last";
    ol.appendChild(li);
  }
  const cur = ol.querySelector(".current");
  if (viewPly === null || !cur) ol.scrollTop = ol.scrollHeight;
  else cur.scrollIntoView({ block: "nearest" });
  $("view-back").disabled = current === 0;
  $("view-forward").disabled = viewPly === null;

  $("position").value = s.position;
  $("fen").textContent = s.fen && s.fen !== s.position ? `FEN: ${s.fen}` : "";
  $("record").value = s.pdn;
  if (downloadUrl) URL.revokeObjectURL(downloadUrl);
  downloadUrl = URL.createObjectURL(new Blob([s.pdn], { type: "application/x-pdn" }));
  $("download").href = downloadUrl;
  $("download").download = `${s.ruleset}.pdn`;

  $("undo").disabled = (s.moves.length === 0 && !(s.outcome && s.outcome.declared)) || !!remote;
  $("hint").disabled = !hintAllowed();
  // a search of a position gone is of no use: stop it
  if (helperAsk && helperAsk.key !== positionKey()) restartHelper();
  maybeAnalyse();
  showAnalysis();
  $("back").disabled = s.clicks.length === 0;
  document.body.dataset.moves = String(s.moves.length);
  document.body.dataset.ruleset = s.ruleset;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** Marks the squares the API names as clickable next, drawn over the pieces: once a
 * piece is clicked, a dot on each empty destination and a ring around an occupied
 * one (as draughts sites do); before the first click of a move, a faint small dot
 * (Emergo's entry squares, the men that may move). */
function markNext(cells, next, picked) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  for (const n of next) {
    const c = cells[n];
    if (!c) continue;
    c.classList.add("next");
    const b = c.getBBox();
    const size = Math.min(b.width, b.height);
    const mark = document.createElementNS(SVG_NS, "circle");
    mark.setAttribute("cx", String(b.x + b.width / 2));
    mark.setAttribute("cy", String(b.y + b.height / 2));
    const occupied = !!columns[n];
    let cls;
    if (!picked) cls = "start";
    else cls = occupied ? "dest-ring" : "dest";
    const r = cls === "dest-ring" ? size * 0.44 : cls === "dest" ? size * 0.16 : size * 0.11;
    mark.setAttribute("r", String(r));
    mark.setAttribute("class", `mark ${cls}`);
    mark.dataset.mark = n;
    svg.append(mark);
  }
}

/** Marks the squares of the men the last move took with a cross, plain on an emptied
 * square as on one where a column stands again. */
function markTaken(cells, taken) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  for (const n of taken) {
    const c = cells[n];
    if (!c) continue;
    const b = c.getBBox();
    const cx = b.x + b.width / 2;
    const cy = b.y + b.height / 2;
    const d = Math.min(b.width, b.height) * 0.2;
    const cross = document.createElementNS(SVG_NS, "path");
    cross.setAttribute("d", `M${cx - d},${cy - d}L${cx + d},${cy + d}M${cx - d},${cy + d}L${cx + d},${cy - d}`);
    cross.setAttribute("class", "mark taken-x");
    cross.dataset.mark = n;
    svg.append(cross);
  }
}

/** Marks the hinted move: its squares outlined in blue, an arrow along its path. */
function markHint(cells, squares) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const centres = [];
  for (const n of squares) {
    const c = cells[n];
    if (!c) continue;
    const o = c.cloneNode(false);
    o.removeAttribute("data-square");
    o.setAttribute("class", "mark hint-outline");
    o.dataset.mark = n;
    svg.append(o);
    const b = c.getBBox();
    centres.push([b.x + b.width / 2, b.y + b.height / 2, Math.min(b.width, b.height)]);
  }
  if (centres.length < 2) return;
  const arrow = document.createElementNS(SVG_NS, "path");
  arrow.setAttribute("d", centres.map(([x, y], i) => `${i ? "L" : "M"}${x},${y}`).join(""));
  arrow.setAttribute("class", "mark hint-arrow");
  svg.append(arrow);
  // the head, at the last square, pointing along the last step
  const [x1, y1] = centres[centres.length - 2];
  const [x2, y2, size] = centres[centres.length - 1];
  const a = Math.atan2(y2 - y1, x2 - x1);
  const l = size * 0.35;
  const w = size * 0.2;
  const pt = (dx, dy) => `${x2 + dx * Math.cos(a) - dy * Math.sin(a)},${y2 + dx * Math.sin(a) + dy * Math.cos(a)}`;
  const head = document.createElementNS(SVG_NS, "path");
  head.setAttribute("d", `M${pt(l * 0.4, 0)}L${pt(-l * 0.6, w)}L${pt(-l * 0.6, -w)}Z`);
  head.setAttribute("class", "mark hint-head");
  svg.append(head);
}

/** The buttons that end a game by the players: a draw offer and its answer, resigning. */
function showEnds(s) {
  const over = !!s.outcome;
  const toMove = capital(s.turn);
  let standing = null; // the side whose offer stands, for this page to answer
  if (remote) {
    $("offer-draw").textContent = "Offer a draw";
    $("resign").textContent = "Resign";
    $("offer-draw").disabled = over || !!remote.offer;
    $("resign").disabled = over;
    if (!over && remote.offer && remote.offer !== remote.color) standing = remote.offer;
    $("draw-offer-text").textContent = remote.offer === remote.color ? "You offered a draw; a move by the other player declines it." : "";
  } else if (setup.mode === "computer") {
    $("offer-draw").textContent = "Offer a draw";
    $("resign").textContent = "Resign";
    $("offer-draw").disabled = over || !!request || s.turn !== setup.human;
    $("resign").disabled = over;
    $("draw-offer-text").textContent = "";
  } else {
    $("offer-draw").textContent = `${toMove} offers a draw`;
    $("resign").textContent = `${toMove} resigns`;
    $("offer-draw").disabled = over || !!offer;
    $("resign").disabled = over;
    if (!over && offer) standing = offer;
    $("draw-offer-text").textContent = "";
  }
  const answer = $("draw-answer");
  answer.hidden = !standing;
  if (standing) {
    const other = standing === "white" ? "Black" : "White";
    $("draw-answer-text").textContent = remote
      ? `${remote.opponent} offers a draw (a move of yours declines it).`
      : `${capital(standing)} offers a draw.`;
    $("accept-draw").textContent = remote ? "Accept the draw" : `${other} accepts`;
    $("decline-draw").textContent = `${other} declines`;
    $("decline-draw").hidden = !!remote;
  }
}

let columns = {};
function describeColumn(square) {
  const c = columns[square];
  if (!c) return `${square}: empty`;
  const n = c.men.length;
  if (n === 1) {
    const man = { w: "a white man", b: "a black man", W: "a white king", B: "a black king" }[c.men];
    return `${square}: ${man}`;
  }
  return `${square}: ${n} men, bottom to top ${c.men.split("").join(" ")} (${capital(c.owner)}'s column)`;
}

// ---------------------------------------------------------------------------
// The computer, in a Web Worker

function newWorker() {
  const w = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  w.onmessage = (e) => answered(e.data);
  w.onerror = (e) => {
    say(`the computer's worker failed: ${e.message || e}`, true);
    request = 0;
    setBusy(false);
    render();
  };
  return w;
}

function stopThinking() {
  if (!request) return;
  // the search cannot be interrupted: drop the worker and start a fresh one
  request = 0;
  requestKind = null;
  worker.terminate();
  worker = newWorker();
  setBusy(false);
}

// ---------------------------------------------------------------------------
// Hints and the analysis line: a second worker searches the position on the board

/** The position on the board with its move number: a hint or an analysis of it is
 * gone once a move is played or taken back. */
function positionKey() {
  return game ? `${game.moves().length} ${game.position()}` : "";
}

function newHelper() {
  const w = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  w.onmessage = (e) => helped(e.data);
  w.onerror = (e) => {
    helperAsk = null;
    say(`the analysis worker failed: ${e.message || e}`, true);
    showAnalysis();
  };
  return w;
}

/** Drops the helper's search (it cannot be interrupted): a fresh worker. */
function restartHelper() {
  if (!helperAsk) return;
  helperAsk = null;
  helper.terminate();
  helper = newHelper();
}

/** Whether a hint may be asked for now: the person's turn in a game going on, the
 * game itself on the board. */
function hintAllowed() {
  if (!game || game.outcome() || viewPly !== null || request) return false;
  if (remote) return game.turn() === remote.color;
  return !computerToMove();
}

/** Asks the helper to search the position on the board (for a hint: `wantHint`). */
function askHelper(wantHint) {
  const key = positionKey();
  if (helperAsk && helperAsk.key === key) {
    helperAsk.hint = helperAsk.hint || wantHint;
    return;
  }
  restartHelper();
  const id = 1 + Math.floor(Math.random() * 1e9);
  helperAsk = { id, key, hint: wantHint };
  // at full strength, whatever the computer's level
  helper.postMessage({ id, kind: "move", ruleset: game.ruleset, options: game.options, position: game.position(), ms: setup.ms });
}

function askHint() {
  if (!hintAllowed()) return;
  const key = positionKey();
  if (analysed && analysed.key === key) {
    showHint(analysed.r);
    render();
    return;
  }
  askHelper(true);
  say("looking for a hint…");
  showAnalysis();
}

/** The analysis line follows the game while its box is ticked (not while the
 * computer thinks of its move: the two would share the machine). */
function maybeAnalyse() {
  if (!$("analysis").checked || !game || game.outcome() || viewPly !== null || request) return;
  const key = positionKey();
  if ((analysed && analysed.key === key) || (helperAsk && helperAsk.key === key)) return;
  askHelper(false);
}

function helped(r) {
  if (!helperAsk || r.id !== helperAsk.id) return; // a search of a position gone
  const ask = helperAsk;
  helperAsk = null;
  if (r.error) {
    say(`the analysis failed: ${r.error}`, true);
  } else if (ask.key === positionKey()) {
    analysed = { key: ask.key, turn: game.turn(), r };
    if (ask.hint) showHint(r);
  }
  render();
}

/** Puts the searched move on the board as the hint: the squares a person would
 * click for it (an entry: its one square). */
function showHint(r) {
  const m = r.move && game.legalMoves().find((l) => l.text === r.move);
  if (!m) return;
  const text = (r.pv && r.pv[0]) || r.move;
  hint = { key: positionKey(), text, squares: m.clicks };
  say(`hint: ${text} (${explainScore(r, game.turn())})`);
}

/** `n` plies in words (`1 ply`, `3 plies`), whatever its sign. */
const plies = (n) => `${Math.abs(n)} ${Math.abs(n) === 1 ? "ply" : "plies"}`;

/** The score for the side to move in the analysis line's words. */
function scoreText(r, turn) {
  if (r.winIn !== null && r.winIn !== undefined) {
    const who = r.winIn > 0 ? capital(turn) : capital(turn === "white" ? "black" : "white");
    return `${who} wins in ${plies(r.winIn)}`;
  }
  const sign = r.score > 0 ? "+" : r.score < 0 ? "−" : "±";
  return `score ${sign}${Math.abs(r.score).toFixed(2)} men for ${capital(turn)}`;
}

/** The analysis: what the helper found for the position on the board (the depth and
 * score, then the best line), or that it is searching. A slot of fixed height: the
 * page never moves for it. */
function showAnalysis() {
  const line = $("analysis-line");
  const key = positionKey();
  let rows = [];
  if ($("analysis").checked && game && !game.outcome() && viewPly === null) {
    if (analysed && analysed.key === key) {
      const r = analysed.r;
      rows = [`depth ${r.depth} · ${scoreText(r, analysed.turn)}`, `best line ${r.pv.join(" ")}`];
    } else if (helperAsk && helperAsk.key === key) {
      rows = ["analysing…"];
    }
  }
  line.replaceChildren(...rows.map((t) => {
    const span = document.createElement("span");
    span.textContent = t;
    return span;
  }));
  line.title = rows.join("\n") || "the computer's search of the position on the board";
}

// ---------------------------------------------------------------------------

function computerToMove() {
  return !remote && setup.mode === "computer" && !game.outcome() && game.turn() !== setup.human;
}

/** Asks the worker: the computer's move ("move"), or its answer to a draw offer
 * ("draw"). */
function ask(kind) {
  request += 1 + Math.floor(Math.random() * 1e6);
  requestKind = kind;
  setBusy(true);
  render();
  worker.postMessage({
    id: request,
    kind,
    ruleset: game.ruleset,
    options: game.options,
    position: game.position(),
    ms: setup.ms,
    // its moves at its level; a draw offer is weighed at full strength
    level: kind === "move" ? setup.level : undefined,
    seed: setup.seed,
    side: setup.human === "white" ? "black" : "white",
  });
}

function maybeComputer() {
  if (!computerToMove() || request) return;
  ask("move");
}

function answered(r) {
  if (r.id !== request) return; // an answer for a game since taken back or replaced
  const kind = requestKind;
  request = 0;
  requestKind = null;
  setBusy(false);
  if (kind === "draw") {
    drawAnswered(r);
  } else if (r.error) {
    say(`the computer could not move: ${r.error}`, true);
  } else if (r.move) {
    try {
      const side = game.turn();
      game.play(r.move);
      say(`the computer plays ${lastRecordMove()}: ${explainScore(r, side)} (depth ${r.depth}, ${r.nodes} positions, ${(r.ms / 1000).toFixed(1)} s)`);
    } catch (e) {
      say(`the computer's move ${r.move} was refused: ${e.message}`, true);
    }
  }
  render();
  maybeComputer();
}

/** The last move played, as the record (PDN) writes it. */
function lastRecordMove() {
  const ms = game.state().recordMoves;
  return ms[ms.length - 1];
}

/** The computer's score in words: it scores for the side to move (`side`), in men,
 * and says when it sees a forced end (`winIn` plies). */
function explainScore(r, side) {
  const other = side === "white" ? "black" : "white";
  if (r.winIn !== null && r.winIn !== undefined) {
    return `it sees a win for ${capital(r.winIn > 0 ? side : other)} in ${plies(r.winIn)}`;
  }
  if (r.score === 0) return "it counts the game level";
  return `it counts +${Math.abs(r.score).toFixed(2)} men for ${capital(r.score > 0 ? side : other)}`;
}

// ---------------------------------------------------------------------------
// The players' own ends: a draw offered and agreed, a resignation

/** The computer's answer to the person's draw offer (worker.js: `computerAcceptsDraw`:
 * it accepts unless its search counts it a man ahead). */
function drawAnswered(r) {
  const men = (score) => {
    if (r.winIn !== null && r.winIn !== undefined) return r.winIn > 0 ? "winning" : "losing";
    const n = Math.round(Math.abs(score) * 100) / 100;
    const count = `${n} man${n === 1 ? "" : "s"}`;
    return score > 0 ? `${count} ahead` : score < 0 ? `${count} behind` : "level";
  };
  if (r.error) {
    say(`the computer could not answer the draw offer: ${r.error}`, true);
  } else if (r.accepts) {
    try {
      game.agreeDraw();
      say(`the computer accepts the draw (it counts itself ${men(r.score)})`);
    } catch (e) {
      say(e.message, true);
    }
  } else {
    say(`the computer declines the draw: it counts itself ${men(r.score)}; play on`);
  }
  render();
}

function offerDraw() {
  if (!game || game.outcome()) return;
  if (remote) {
    remote.offerDraw();
  } else if (setup.mode === "computer") {
    if (request || game.turn() !== setup.human) return;
    say("you offer a draw");
    ask("draw");
  } else {
    offer = game.turn();
    say(`${capital(offer)} offers a draw`);
    render();
  }
}

function answerDraw(accept) {
  if (remote) {
    if (accept) remote.offerDraw(); // an offer against a standing one agrees
    return;
  }
  if (!offer) return;
  const by = offer;
  const other = by === "white" ? "Black" : "White";
  offer = null;
  if (accept) {
    try {
      game.agreeDraw();
      say(`${other} accepts ${capital(by)}'s draw offer: the game is drawn`);
    } catch (e) {
      say(e.message, true);
    }
  } else {
    say(`${other} declines the draw; play on`);
  }
  render();
}

function resign() {
  if (!game || game.outcome()) return;
  if (remote) { remote.resign(); return; }
  const loser = setup.mode === "computer" ? setup.human : game.turn();
  stopThinking();
  offer = null;
  try {
    const o = game.resign(loser);
    say(`${capital(loser)} resigns: ${o.text}`);
  } catch (e) {
    say(e.message, true);
  }
  render();
}

// ---------------------------------------------------------------------------
// Input

/** Shows the game after `ply` moves (the move list, its arrows); the game as it
 * stands once `ply` reaches its moves. */
function view(ply) {
  if (!game) return;
  const n = game.moves().length;
  viewPly = ply === null || ply >= n ? null : Math.max(0, ply);
  render();
}

function clickSquare(square) {
  if (!game) return;
  if (viewPly !== null) { view(null); return; }
  if (request) { say("the computer is thinking", true); return; }
  if (computerToMove()) return;
  if (remote && game.turn() !== remote.color) { say(`it is ${remote.opponent}'s turn`, true); return; }
  const mover = capital(game.turn());
  let r;
  try {
    r = game.click(square);
  } catch (e) {
    say(e.message, true);
    render();
    return;
  }
  if (r.played) {
    // a move by the side that did not offer a draw declines the offer
    if (offer && offer !== mover.toLowerCase()) offer = null;
    say(`${mover} plays ${lastRecordMove()}`);
    if (remote) remote.send(r.played);
  } else {
    say(`${square} clicked`);
  }
  render();
  if (r.played) maybeComputer();
}

function undo() {
  if (remote) return;
  viewPly = null;
  stopThinking();
  offer = null;
  const before = game.outcome();
  const ended = before && before.declared ? before.reason : null;
  const taken = [];
  if (setup.mode === "human") {
    const m = game.undo();
    if (m) taken.push(m);
  } else {
    // take moves back until one of the person's has gone and it is their turn
    let yours = false;
    while (!(yours && game.turn() === setup.human)) {
      const mover = game.turn() === "white" ? "black" : "white";
      const m = game.undo();
      if (m === undefined) break;
      yours = yours || mover === setup.human;
      taken.push(m);
    }
    if (!yours) {
      for (let i = 0; i < taken.length; i++) game.redo();
      taken.length = 0;
    }
  }
  const withdrawn = ended ? `the ${ended === "agreement" ? "agreed draw" : "resignation"}` : "";
  if (taken.length) say(`took back ${[withdrawn, ...taken.reverse()].filter((t) => t).join(", ")}`);
  else if (withdrawn) say(`took back ${withdrawn}`);
  else say("there is no move of yours to take back", true);
  render();
  maybeComputer();
}

// ---------------------------------------------------------------------------
// New games

function fillOptions() {
  const name = $("ruleset").value;
  const info = RULESETS.find((r) => r.name === name);
  const box = $("options");
  box.innerHTML = "";
  const add = (value, about, kind) => {
    const l = document.createElement("label");
    const i = document.createElement("input");
    i.type = "checkbox";
    i.value = value;
    i.dataset.kind = kind;
    l.append(i, ` ${value.replace(/^--/, "")}: ${about}`);
    box.append(l);
  };
  for (const o of info ? info.options : []) add(o.flag, o.about, "ruleset");
  for (const [v, about] of POSITION_OPTIONS[name] || []) add(v, about, "position");
  $("about").textContent = info ? info.about : "";
}

function readSetup() {
  const checked = [...$("options").querySelectorAll("input:checked")];
  return {
    ruleset: $("ruleset").value,
    options: checked.filter((i) => i.dataset.kind === "ruleset").map((i) => i.value),
    positionOptions: checked.filter((i) => i.dataset.kind === "position").map((i) => i.value),
    mode: $("mode").value,
    human: $("color").value,
    level: Number($("level").value),
    // a new game, new chances: the same seed would replay the same game
    seed: Math.floor(Math.random() * 2 ** 32),
    ms: Number($("time").value),
  };
}

/** Fills the level chooser for the game chosen in the form (its options included):
 * each level's name and its measured strength in that game (the ladder's games), the
 * level chosen kept. */
function fillLevels() {
  const checked = [...$("options").querySelectorAll("input:checked")];
  const options = checked.filter((i) => i.dataset.kind === "ruleset").map((i) => i.value);
  let list;
  try {
    list = levels($("ruleset").value, options);
  } catch (e) {
    say(e.message, true);
    return;
  }
  const select = $("level");
  const chosen = select.value || String(FIRST_LEVEL);
  select.innerHTML = "";
  for (const l of list) {
    const o = document.createElement("option");
    o.value = String(l.level);
    o.textContent = `${l.level} · ${l.name}${l.measured ? ` (${Math.round(l.score * 1000) / 10} %)` : ""}`;
    o.title = l.measured || "not measured in this game";
    o.dataset.name = `${l.level} · ${l.name}`;
    o.dataset.measured = l.measured || "";
    select.append(o);
  }
  select.value = chosen;
  showLevel();
}

/** The chosen level's measured strength, in full, under the chooser. */
function showLevel() {
  const o = $("level").selectedOptions[0];
  if (!o) return;
  $("level-strength").textContent = `Level ${o.dataset.name}: ${o.dataset.measured || "not measured in this game"}`;
}

/** Starts a game: from the start, a position text or FEN, or a PDN record. */
function newGame({ position = null, pdn = null } = {}) {
  stopThinking();
  leaveRemote();
  offer = null;
  const next = readSetup();
  let g;
  try {
    if (pdn !== null) {
      g = Game.fromPdn(pdn, next.ruleset, next.options);
    } else {
      let text = position;
      if (text === null && next.positionOptions.length) {
        const start = new Game(next.ruleset, next.options);
        text = `${start.position()} ${next.positionOptions.join(",")}`;
        start.free();
      }
      g = new Game(next.ruleset, next.options, text === null ? undefined : text);
    }
  } catch (e) {
    say(e.message, true);
    return false;
  }
  if (game) game.free();
  game = g;
  viewPly = null;
  setup = next;
  setup.ruleset = game.ruleset;
  $("ruleset").value = game.ruleset;
  $("flip").checked = setup.mode === "computer" && setup.human === "black";
  say(pdn !== null ? `loaded a game of ${game.ruleset}, ${game.moves().length} moves` : `new game of ${game.ruleset}`);
  render();
  maybeComputer();
  return true;
}

function showMode() {
  $("computer-settings").style.display = $("mode").value === "computer" ? "" : "none";
}

// ---------------------------------------------------------------------------
// Two people on two machines (only when the page comes from the game server)

/** The page shows a remote game (net.js calls it through `netPage`). */
function enterRemote(r, g) {
  stopThinking();
  offer = null;
  if (game) game.free();
  game = g;
  viewPly = null;
  remote = r;
  $("flip").checked = r.color === "black";
  render();
}

/** The remote game changed on the server (its moves, a draw offer, its end). */
function remoteUpdate(g, message) {
  if (g) {
    if (game) game.free();
    game = g;
  }
  if (message) say(message);
  render();
}

function leaveRemote() {
  if (remote) { remote.leave(); remote = null; }
}

/** What net.js may do to the page: the only way between them (net.js imports nothing
 * from this file). */
const netPage = { say, enter: enterRemote, update: remoteUpdate };

// ---------------------------------------------------------------------------

async function main() {
  await init();
  RULESETS = rulesets();
  for (const r of RULESETS) {
    const o = document.createElement("option");
    o.value = r.name;
    o.textContent = r.name;
    o.title = r.about;
    $("ruleset").append(o);
  }
  const params = new URLSearchParams(location.search);
  const first = params.get("ruleset");
  if (first && RULESETS.some((r) => r.name === first)) $("ruleset").value = first;
  if (params.get("mode") === "human") $("mode").value = "human";
  fillOptions();
  fillLevels();
  showMode();
  worker = newWorker();
  helper = newHelper();

  $("ruleset").addEventListener("change", () => { fillOptions(); fillLevels(); });
  $("options").addEventListener("change", fillLevels);
  $("level").addEventListener("change", showLevel);
  $("mode").addEventListener("change", showMode);
  $("setup").addEventListener("submit", (e) => { e.preventDefault(); newGame(); });
  $("frompos").addEventListener("click", () => newGame({ position: $("position").value }));
  $("loadpdn").addEventListener("click", () => newGame({ pdn: $("record").value }));
  $("undo").addEventListener("click", undo);
  $("back").addEventListener("click", () => {
    const sq = game.takeBackClick();
    say(sq ? `took back the click on ${sq}` : "");
    render();
  });
  $("flip").addEventListener("change", render);
  $("hint").addEventListener("click", askHint);
  $("analysis").addEventListener("change", render);
  $("moves").addEventListener("click", (e) => {
    const ply = e.target.closest("[data-ply]");
    if (ply) view(Number(ply.dataset.ply));
  });
  $("view-back").addEventListener("click", () => view((viewPly === null ? game.moves().length : viewPly) - 1));
  $("view-forward").addEventListener("click", () => view(viewPly === null ? null : viewPly + 1));
  $("offer-draw").addEventListener("click", offerDraw);
  $("accept-draw").addEventListener("click", () => answerDraw(true));
  $("decline-draw").addEventListener("click", () => answerDraw(false));
  $("resign").addEventListener("click", resign);
  $("board").addEventListener("click", (e) => {
    const cell = e.target.closest("[data-square]");
    if (cell) clickSquare(cell.dataset.square);
  });
  $("board").addEventListener("pointerover", (e) => {
    const cell = e.target.closest("[data-square]");
    if (cell) $("column").textContent = describeColumn(cell.dataset.square);
  });
  $("board").addEventListener("pointerleave", () => { $("column").textContent = ""; });

  newGame();
  document.body.dataset.ready = "1";
  if (!request) setBusy(false);
  // the game server's page adds network play
  if (params.has("net") || document.querySelector('meta[name="cc-server"]')) {
    try {
      const net = await import("./net.js");
      net.startNetPlay(netPage);
    } catch (e) {
      say(`network play is not available: ${e.message}`, true);
    }
  }
}

main().catch((e) => {
  say(`the page could not start: ${e.message || e}`, true);
  document.body.dataset.busy = "0";
});
