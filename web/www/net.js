// Two people on two machines: loaded by the page (app.js) only when the crate's game
// server (the `web` example) serves it. The server keeps each shared game (its
// ruleset, start position, moves, a standing draw offer and an end the players made)
// and checks every move with the crate; each page plays the game locally in
// WebAssembly, as in the other modes, and sends its moves, draw offers and
// resignations.
//
// The imports point one way: app.js imports this module and calls `startNetPlay`
// with the few things of the page it may use; this module imports nothing from app.js.
import { Game } from "./pkg/column_checkers_web.js";

const capital = (c) => c.charAt(0).toUpperCase() + c.slice(1);
const $ = (id) => document.getElementById(id);
const POLL_MS = 700;

/**
 * Adds network play to the page. `page` is what the page lets this module do:
 * - `say(text, error)`: a message under the board;
 * - `enter(remote, game)`: show a shared game (a `Game` of the package) played by
 *   `remote` = { color, opponent, offer, send(move), offerDraw(), resign(), leave() };
 * - `update(game, message)`: the shared game changed on the server (`game` null when
 *   only `remote.offer` did).
 */
export function startNetPlay(page) {
  let current = null; // { id, token, color, moves, key, timer, remote }

  async function api(method, path, fields) {
    const opts = { method, headers: {} };
    if (fields) {
      opts.headers["Content-Type"] = "application/x-www-form-urlencoded";
      opts.body = new URLSearchParams(fields).toString();
    }
    const r = await fetch(path, opts);
    const j = await r.json().catch(() => ({ error: `the server answered ${r.status}` }));
    if (!r.ok) throw new Error(j.error || `the server answered ${r.status}`);
    return j;
  }

  /** The game as the server has it, played locally, with the end the players made. */
  function replay(s) {
    const g = new Game(s.ruleset, s.options, s.start);
    for (const m of s.moves) g.play(m);
    if (s.declared && s.declared.reason === "agreement") g.agreeDraw();
    else if (s.declared) g.resign(s.declared.winner === "white" ? "black" : "white");
    return g;
  }

  /** What tells one state of the shared game from another, for the page. */
  const keyOf = (s) => JSON.stringify([s.moves.length, s.offer, s.declared]);

  function link(id) {
    const u = new URL(location.href);
    u.search = `?join=${encodeURIComponent(id)}`;
    return u.toString();
  }

  function show(s) {
    const box = $("net-game");
    const seats = `White: ${s.seats.white ? "taken" : "free"}, Black: ${s.seats.black ? "taken" : "free"}`;
    box.innerHTML = "";
    const p = document.createElement("div");
    p.textContent = `Game ${s.id} — you play ${capital(current.color)}. ${seats}. The other player opens:`;
    const a = document.createElement("input");
    a.id = "net-link";
    a.readOnly = true;
    a.value = link(s.id);
    a.size = 40;
    box.append(p, a);
  }

  function start(s, token, color) {
    stop();
    const remote = {
      color,
      opponent: "the other player",
      offer: s.offer,
      send: (move) => send(move),
      offerDraw: () => offerDraw(),
      resign: () => resign(),
      leave: () => stop(),
    };
    current = { id: s.id, token, color, moves: s.moves.length, key: keyOf(s), timer: null, remote };
    sessionStorage.setItem(`cc-seat-${s.id}`, JSON.stringify({ token, color }));
    page.enter(remote, replay(s));
    show(s);
    page.say(`game ${s.id}: you play ${capital(color)}`);
    current.timer = setInterval(poll, POLL_MS);
  }

  function stop() {
    if (current && current.timer) clearInterval(current.timer);
    current = null;
    const box = $("net-game");
    if (box) box.textContent = "";
  }

  /** Takes the server's state of the game; tells the page what changed. */
  function take(me, s, message) {
    if (current !== me) return;
    show(s);
    const key = keyOf(s);
    if (key === me.key) return;
    const news = s.moves.slice(me.moves);
    me.moves = s.moves.length;
    me.key = key;
    me.remote.offer = s.offer;
    let say = message;
    if (!say) {
      const theirs = news.length && s.turn === me.color ? `the other player plays ${news.join(", ")}` : "";
      const offered = s.offer && s.offer !== me.color ? "the other player offers a draw" : "";
      const ended = s.declared ? `the game is over: ${s.outcome}` : "";
      say = [theirs, offered, ended].filter((t) => t).join("; ");
    }
    page.update(replay(s), say);
  }

  async function poll() {
    if (!current) return;
    const me = current;
    try {
      take(me, await api("GET", `api/games/${me.id}`));
    } catch (e) {
      page.say(`the server: ${e.message}`, true);
    }
  }

  async function send(move) {
    const me = current;
    if (!me) return;
    try {
      const s = await api("POST", `api/games/${me.id}/move`, { token: me.token, ply: String(me.moves), move });
      take(me, s);
    } catch (e) {
      page.say(`the server refused ${move}: ${e.message}`, true);
      poll();
    }
  }

  async function offerDraw() {
    const me = current;
    if (!me) return;
    const accepting = me.remote.offer && me.remote.offer !== me.color;
    try {
      const s = await api("POST", `api/games/${me.id}/draw`, { token: me.token, ply: String(me.moves) });
      take(me, s, accepting ? "you accept the draw: the game is drawn" : "you offer a draw");
    } catch (e) {
      page.say(`the server refused the draw: ${e.message}`, true);
      poll();
    }
  }

  async function resign() {
    const me = current;
    if (!me) return;
    try {
      const s = await api("POST", `api/games/${me.id}/resign`, { token: me.token });
      take(me, s, `you resign: ${s.outcome}`);
    } catch (e) {
      page.say(`the server refused the resignation: ${e.message}`, true);
      poll();
    }
  }

  async function create() {
    const fields = {
      ruleset: $("ruleset").value,
      options: [...$("options").querySelectorAll("input[data-kind=ruleset]:checked")].map((i) => i.value).join(","),
      color: $("color").value,
    };
    const pos = $("net-from-position").checked ? $("position").value.trim() : "";
    if (pos) fields.position = pos;
    try {
      const r = await api("POST", "api/games", fields);
      history.replaceState(null, "", `?join=${encodeURIComponent(r.state.id)}`);
      start(r.state, r.token, r.color);
    } catch (e) {
      page.say(e.message, true);
    }
  }

  async function join(id) {
    const kept = sessionStorage.getItem(`cc-seat-${id}`);
    try {
      if (kept) {
        const { token, color } = JSON.parse(kept);
        const s = await api("GET", `api/games/${id}`);
        start(s, token, color);
        return;
      }
      const r = await api("POST", `api/games/${id}/join`, {});
      start(r.state, r.token, r.color);
    } catch (e) {
      page.say(`cannot join game ${id}: ${e.message}`, true);
    }
  }

  // the controls, after the New game box
  const fs = document.createElement("fieldset");
  fs.id = "net";
  fs.innerHTML = `<legend>Two people on two machines</legend>
    <div><button id="net-create" type="button">Create a game to share</button>
    <label><input id="net-from-position" type="checkbox"> from the position below</label></div>
    <div class="hint">With the game, the colour and the options above; the other player opens the link.</div>
    <div id="net-game"></div>`;
  $("setup").after(fs);
  $("net-create").addEventListener("click", create);
  document.body.dataset.net = "1";

  const wanted = new URLSearchParams(location.search).get("join");
  if (wanted) join(wanted);
}
