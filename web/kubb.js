// The Kubb scorekeeper: shows the server's state of the match and turns
// taps into referee events; the server's rules engine accepts or refuses
// them, in plain words. Every entry goes through the phone's outbox
// (offline.js), so scoring goes on without a signal: the entries are
// saved on the phone and checked by the rules when they are sent.
import { api, tokens, live, element, showError, redraw, announce, showMissing, connection } from "/api.js";
import { Outbox, savedState, saveState } from "/offline.js";

const $ = (id) => document.getElementById(id);
const id = new URLSearchParams(location.search).get("id");
const SVG = "http://www.w3.org/2000/svg";
const TEAMS = ["A", "B"];
// The smallest tap target, in CSS pixels (WCAG 2.5.5).
const TARGET_PX = 46;
const page = { state: null, felled: new Set(), king: false, spot: null };
const outbox = new Outbox(id, tokens.get(id));

function svg(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null) node.setAttribute(key, value);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

function team(letter) {
  return page.state.teams.find((t) => t.team === letter);
}

function otherTeam(letter) {
  return letter === "A" ? "B" : "A";
}

// Entries saved on the phone and not yet recorded by the server.
function waiting() {
  return outbox.entries();
}

function offlinePad() {
  return waiting().length > 0;
}

function phase() {
  return page.state.phase.name;
}

// Pieces the waiting entries (since their last "next game") say fell:
// drawn as felled until the server has recorded them.
function felledOnPhone() {
  const numbers = new Set();
  let king = false;
  for (const { event } of waiting()) {
    if (event.event === "next_game") {
      numbers.clear();
      king = false;
    } else if (event.event === "stick" && event.outcome.hit) {
      for (const n of [...event.outcome.hit.knights, ...event.outcome.hit.towers]) numbers.add(n);
      king = king || event.outcome.hit.king;
    }
  }
  return { numbers, king };
}

function canMark() {
  return !page.spot && (offlinePad() || phase() === "throwing");
}

// Where to draw a standing piece: its place when known, else spread in a
// row of its half so no two share a spot.
function placeOf(piece, unplaced, field) {
  if (piece.at) return piece.at;
  const row = unplaced.indexOf(piece.number);
  const y = piece.half === "A" ? field.length * 0.3 : field.length * 0.7;
  const perRow = 4;
  return {
    x: (field.width / (perRow + 1)) * ((row % perRow) + 1),
    y: y + (piece.half === "A" ? -1 : 1) * 0.6 * Math.floor(row / perRow),
  };
}

// Metres per CSS pixel of the field as drawn (its viewBox fitted into
// the box), for targets of 44 px.
function metresPerPixel(box) {
  const matrix = box.getScreenCTM();
  return matrix && matrix.a > 0 ? 1 / matrix.a : 0.02;
}

function pieceTarget({ label, at, shape, text, onpress, pressable, key, hit }) {
  const group = svg("g", {
    class: "piece-target" + (pressable ? " pressable" : ""),
    "data-piece": key,
    "data-key": key,
    role: pressable ? "button" : "img",
    tabindex: pressable ? 0 : -1,
    "aria-label": label,
    onclick: () => pressable && onpress(),
    onkeydown: (event) => {
      if (pressable && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        onpress();
      }
    },
  });
  group.append(svg("circle", { cx: at.x, cy: at.y, r: hit, class: "hit" }), shape, text);
  return group;
}

function drawLines(box, field) {
  box.append(
    svg("rect", { x: 0, y: 0, width: field.width, height: field.length, class: "lawn-rect" }),
    svg("line", { x1: 0, y1: field.length / 2, x2: field.width, y2: field.length / 2, class: "midline" }),
  );
  for (const t of page.state.teams) {
    const base = t.team === "A" ? 0 : field.length;
    box.append(svg("text", { x: 0.05, y: t.team === "A" ? -0.25 : field.length + 0.5, class: "team-label" }, `${t.team}: ${t.name}`));
    if (t.line.at === "knight" && typeof t.line.y === "number") {
      // The line advanced to a knight: drawn and named, the baseline faint.
      box.append(
        svg("line", { x1: 0, y1: t.line.y, x2: field.width, y2: t.line.y, class: "advanced-line" }),
        svg("text", { x: field.width - 0.05, y: t.line.y + (t.team === "A" ? -0.1 : 0.35), class: "line-label", "text-anchor": "end" }, `${t.team} throws from ${t.line.piece}`),
      );
    }
    box.append(svg("line", { x1: 0, y1: base, x2: field.width, y2: base, class: "baseline" }));
  }
}

function drawKing(box, field, hit, phoneFelled) {
  const king = field.king;
  const standing = page.state.king_standing && !phoneFelled;
  const chosen = page.king;
  const pressable = canMark() && standing;
  box.append(pieceTarget({
    key: "king",
    label: !standing ? "King, felled" : chosen ? "King, marked as felled" : "King",
    at: king,
    hit,
    pressable,
    onpress: toggleKing,
    shape: svg("rect", { x: king.x - 0.16, y: king.y - 0.22, width: 0.32, height: 0.44, rx: 0.04, class: "king" + (chosen ? " chosen" : "") + (standing ? "" : " fallen") }),
    text: svg("text", { x: king.x, y: king.y + 0.1, class: "king-label", "text-anchor": "middle" }, "K"),
  }));
}

function drawFallen(box, field, pieces) {
  pieces.forEach((piece, index) => {
    const y = piece.half === "A" ? -0.75 : field.length + 0.75;
    const x = 0.1 + index * 0.55;
    const group = svg("g", { role: "img", "data-fallen": piece.id, "aria-label": `${piece.id} lies down in ${piece.half}'s half` });
    group.append(
      svg("rect", { x, y: y - 0.16, width: 0.5, height: 0.3, rx: 0.04, class: "fallen" }),
      svg("text", { x: x + 0.25, y: y + 0.08, class: "fallen-label", "text-anchor": "middle" }, piece.id),
    );
    box.append(group);
  });
}

function renderField() {
  const { field, pieces } = page.state;
  const margin = 1.1;
  const box = $("field");
  const viewWidth = field.width + 0.4;
  box.setAttribute("viewBox", `-0.2 ${-margin} ${viewWidth} ${field.length + 2 * margin}`);
  const hit = Math.max(0.3, (TARGET_PX / 2) * metresPerPixel(box));
  const phone = felledOnPhone();
  box.classList.toggle("placing", Boolean(page.spot));
  redraw(box, () => {
    box.replaceChildren();
    drawLines(box, field);
    const down = pieces.filter((p) => p.state === "down" || phone.numbers.has(p.number));
    const unplaced = pieces.filter((p) => p.state === "knight" && !p.at).map((p) => p.number);
    // A piece a time-limit tie-break removed is off the field.
    const standing = pieces.filter((p) => p.state !== "down" && p.state !== "removed" && !phone.numbers.has(p.number))
      .map((piece) => ({ piece, at: placeOf(piece, unplaced, field) }));
    const spots = [...standing.map((s) => s.at), field.king];
    for (const { piece, at } of standing) {
      const owner = piece.state === "tower" ? piece.team : piece.half;
      const chosen = page.felled.has(piece.number);
      const kind = piece.state === "tower" ? "tower" : "knight";
      box.append(pieceTarget({
        key: piece.id,
        label: `${piece.id}, ${kind} in ${owner}'s half${piece.state === "knight" && !piece.at ? ", spot not recorded" : ""}${chosen ? ", marked as felled" : ""}`,
        at,
        hit: clearOf(at, spots, hit),
        pressable: canMark(),
        onpress: () => togglePiece(piece.number),
        shape: svg("rect", { x: at.x - 0.2, y: at.y - 0.2, width: 0.4, height: 0.4, rx: kind === "knight" ? 0.2 : 0.03, class: `shape team-${owner}` + (chosen ? " chosen" : "") }),
        text: svg("text", { x: at.x, y: at.y + 0.08, class: "piece-label", "text-anchor": "middle" }, piece.id),
      }));
    }
    drawKing(box, field, clearOf(field.king, spots, hit), phone.king);
    drawFallen(box, field, down);
  });
}

// A target no wider than half the way to its nearest neighbour: pieces
// close together never take each other's taps.
function clearOf(at, spots, radius) {
  let nearest = Infinity;
  for (const other of spots) {
    const distance = Math.hypot(other.x - at.x, other.y - at.y);
    if (distance > 0) nearest = Math.min(nearest, distance);
  }
  return Math.min(radius, nearest / 2);
}

function togglePiece(number) {
  if (page.felled.has(number)) page.felled.delete(number);
  else page.felled.add(number);
  const piece = page.state.pieces.find((p) => p.number === number);
  announce(`${piece.id} ${page.felled.has(number) ? "marked as felled" : "no longer marked"}.`);
  render();
}

function toggleKing() {
  page.king = !page.king;
  announce(page.king ? "King marked as felled." : "King no longer marked.");
  render();
}

// A tap on the field while a spot is asked for: where the piece landed,
// in metres on the field.
$("field").addEventListener("click", (event) => {
  if (!page.spot) return;
  const box = $("field");
  const point = box.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const at = point.matrixTransform(box.getScreenCTM().inverse());
  const spot = page.spot;
  page.spot = null;
  record(spot.event({ x: Math.round(at.x * 100) / 100, y: Math.round(at.y * 100) / 100 }));
});

function playersOf(letter) {
  const t = team(letter);
  return t.players.length ? t.players : [t.name];
}

// Records an entry: saved on the phone, then sent (at once when online).
async function record(event) {
  showError($("error"), null);
  outbox.add(event, page.state.seq);
  page.felled.clear();
  page.king = false;
  // Drawn again once the server answered (or could not be reached).
  await sync();
}

async function sync() {
  renderSync("sending");
  const { state, refused } = await outbox.flush();
  if (refused.length) {
    showError($("error"), new Error(refused.map((r) => r.reason).join(" · ")));
  }
  if (state) setState(state);
  else render();
}

function player() {
  return $("player").value;
}

function hit() {
  const pieces = page.state.pieces.filter((p) => page.felled.has(p.number));
  // A piece is a knight or a tower as the state last known says; on the
  // phone's pad a piece felled as a tower earlier is still a tower.
  return {
    hit: {
      knights: pieces.filter((p) => p.state === "knight").map((p) => p.number),
      towers: pieces.filter((p) => p.state !== "knight").map((p) => p.number),
      king: page.king,
    },
  };
}

function button(text, onclick, primary, key) {
  return element("button", { class: primary ? "primary" : "", "data-key": key || text, onclick }, text);
}

// Asks for a tap where the piece landed; "Spot unknown" skips it.
function askSpot(prompt, event) {
  page.spot = { prompt, event };
  render();
  announce(prompt);
}

function stickButtons(buttons) {
  const marked = page.felled.size + (page.king ? 1 : 0);
  buttons.push(button(marked ? `Hit: ${marked} felled` : "Hit (tap what fell)", () => {
    if (page.king && !confirm("Felling the king ends the game. Record it?")) return;
    record({ event: "stick", player: player(), outcome: hit() });
  }, true, "hit"));
  buttons.push(button("Miss", () => record({ event: "stick", player: player(), outcome: "miss" })));
  buttons.push(button("Foul", () => record({ event: "stick", player: player(), outcome: "foul" })));
}

function inkastButtons(buttons) {
  buttons.push(button("Landed in: tap where", () => askSpot("Tap the field where it landed.", (at) => ({ event: "inkast", player: player(), landed_in: true, at })), true, "landed-in"));
  buttons.push(button("Landed out", () => record({ event: "inkast", player: player(), landed_in: false })));
  buttons.push(button("Felled the king", () => {
    if (!confirm("An inkast that fells the king ends the game. Record it?")) return;
    record({ event: "inkast", player: player(), landed_in: true, king_felled: true });
  }));
}

function placementButtons(buttons) {
  buttons.push(button("Placed: tap where", () => askSpot("Tap the field where the defenders placed it.", (at) => ({ event: "placement", at })), true, "placed"));
}

function startButtons(buttons) {
  for (const letter of TEAMS) {
    buttons.push(button(`${team(letter).name} starts`, () => record({ event: "start", team: letter }), true, `start-${letter}`));
  }
}

// Without the server's word on where the match stands, every kind of
// entry is offered (the rare ones small, in short words); the rules
// check them when they are sent.
function padButtons(buttons, more) {
  stickButtons(buttons);
  more.push(button("In: tap spot", () => askSpot("Tap the field where it landed.", (at) => ({ event: "inkast", player: player(), landed_in: true, at })), false, "landed-in"));
  more.push(button("Out", () => record({ event: "inkast", player: player(), landed_in: false }), false, "landed-out"));
  more.push(button("Placed", () => askSpot("Tap the field where the defenders placed it.", (at) => ({ event: "placement", at })), false, "placed"));
  more.push(button("King by inkast", () => {
    if (!confirm("An inkast that fells the king ends the game. Record it?")) return;
    record({ event: "inkast", player: player(), landed_in: true, king_felled: true });
  }, false, "king-inkast"));
  more.push(button("Next game", () => record({ event: "next_game" }), false, "next-game"));
  for (const letter of TEAMS) {
    more.push(button(`${letter} starts`, () => record({ event: "start", team: letter }), false, `start-${letter}`));
  }
}

function renderPlayers() {
  const names = offlinePad() ? [...playersOf("A"), ...playersOf("B")] : playersOf(page.state.thrower);
  const current = player();
  $("player").replaceChildren(...[...new Set(names)].map((name) => element("option", { value: name, selected: name === current }, name)));
}

function renderControls() {
  const state = page.state;
  const buttons = [];
  const more = [];
  const name = phase();
  const pad = offlinePad();
  $("player-label").hidden = !(pad || name === "inkast" || name === "throwing");
  renderPlayers();
  if (page.spot) {
    buttons.push(element("span", { class: "prompt" }, page.spot.prompt));
    const spot = page.spot;
    buttons.push(button("Spot unknown", () => { page.spot = null; record(spot.event(undefined)); }, false, "spot-unknown"));
    buttons.push(button("Cancel", () => { page.spot = null; render(); }, false, "cancel-spot"));
  } else if (pad) padButtons(buttons, more);
  else if (state.status === "finished") buttons.push(element("span", {}, "The match is over."));
  else if (name === "starting_throw") startButtons(buttons);
  else if (name === "inkast") inkastButtons(buttons);
  else if (name === "placement") placementButtons(buttons);
  else if (name === "throwing") stickButtons(buttons);
  else if (name === "game_over") buttons.push(button("Next game", () => record({ event: "next_game" }), true, "next-game"));
  // A match with a time limit: the referee calls time (docs/kubb.md, "Tournament settings").
  const limit = state.settings?.time_limit;
  if (limit && !state.time_called && state.status !== "finished") {
    more.push(button(`Call time (${limit.minutes} min, ${limit.tie_break})`, () => record({ event: "time_called" }), false, "call-time"));
  }
  redraw($("controls"), () => {
    $("buttons").replaceChildren(...buttons);
    $("more-buttons").replaceChildren(...more);
  });
  $("more-buttons").hidden = !more.length;
  $("controls").hidden = !tokens.get(id);
  // The setup (teams and players) is never undone.
  $("undo").disabled = !pad && state.events <= 1;
}

function statusText() {
  const state = page.state;
  const phaseView = state.phase;
  const thrower = team(state.thrower).name;
  if (offlinePad()) return `${waiting().length} entr${waiting().length === 1 ? "y" : "ies"} saved on this phone; the rules check them when sent.`;
  switch (phaseView.name) {
    case "starting_throw": return "Who starts? Enter the result of the starting throw.";
    case "inkast": return `${thrower} throws ${phaseView.queue[0].piece} into ${team(otherTeam(state.thrower)).name}'s half (attempt ${phaseView.queue[0].attempt}).`;
    case "placement": return `The defenders place ${phaseView.to_place.join(", ")}.`;
    case "throwing": return `${thrower} throws: ${state.sticks_left} stick${state.sticks_left === 1 ? "" : "s"} left, turn ${state.turn}.` + (state.king_attack.allowed ? " The king may be attacked." : "");
    case "game_over": return phaseView.winner
      ? `Game over: ${team(phaseView.winner).name} won it (${phaseView.reason}).`
      : `Game over: drawn (${phaseView.reason}).`;
    default: return "";
  }
}

function renderStatus() {
  const state = page.state;
  $("status").textContent = statusText();
  const winner = state.winner;
  $("result").hidden = !winner;
  if (winner) $("result").textContent = `${team(winner).name} wins the match!`;
  $("export-log").href = `/api/kubb/matches/${id}/export?format=log`;
  $("export-notation").href = `/api/kubb/matches/${id}/export?format=notation`;
}

function lineText(t) {
  return t.line.at === "knight" ? `advanced to ${t.line.piece}` : "baseline";
}

// The scoreboard: games, towers standing, knights, the line.
function renderScoreboard() {
  const state = page.state;
  const rows = TEAMS.map((letter) => {
    const t = team(letter);
    const towers = state.pieces.filter((p) => p.state === "tower" && p.team === letter).length;
    const knights = state.pieces.filter((p) => p.state === "knight" && p.half === letter).length;
    return element("tr", {},
      element("th", { scope: "row" }, `${letter}: ${t.name}`),
      element("td", {}, String(t.games_won)),
      element("td", {}, `${towers} of 5`),
      element("td", {}, String(knights)),
      element("td", {}, lineText(t)));
  });
  $("scoreboard").replaceChildren(...rows);
  $("turn-line").textContent = phase() === "throwing"
    ? `${team(state.thrower).name} throws, turn ${state.turn}, ${state.sticks_left} stick${state.sticks_left === 1 ? "" : "s"} left.`
    : "";
}

function renderSync(mode) {
  const count = waiting().length;
  let text;
  if (mode === "sending" && count) text = `Sending ${count}…`;
  else if (count) text = `Saved on this phone: ${count}`;
  else text = "Synced";
  $("sync").textContent = text;
  $("sync").classList.toggle("unsynced", count > 0);
}

async function renderStats() {
  const stats = await api("GET", `/api/kubb/matches/${id}/stats`);
  const rows = Object.entries(stats.players).map(([name, s]) =>
    element("tr", {},
      element("td", {}, name),
      element("td", {}, String(s.sticks)),
      element("td", {}, String(s.hits)),
      element("td", {}, s.hit_rate === null ? "–" : `${Math.round(s.hit_rate * 100)} %`),
      element("td", {}, `${s.inkast_in}/${s.inkast_throws}`)));
  $("stats").replaceChildren(...rows);
}

function showProbability(a, label) {
  $("prob-a").style.width = `${a}%`;
  $("prob-b").style.width = `${100 - a}%`;
  // A share too thin for its label shows none.
  $("prob-a").textContent = a >= 20 ? `${team("A").name} ${a} %` : "";
  $("prob-b").textContent = 100 - a >= 20 ? `${team("B").name} ${100 - a} %` : "";
  $("probability").setAttribute("aria-label", label);
}

// The two shares are rounded once, so they always sum to 100; before the
// first throw the bar is neutral.
async function renderProbability() {
  const neutral = phase() === "starting_throw" && page.state.events <= 1;
  $("probability").classList.toggle("neutral", neutral);
  if (neutral) {
    showProbability(50, "Win probability: the match has not started");
    return;
  }
  const chances = await api("GET", `/api/kubb/matches/${id}/probability?games=1000`);
  const a = Math.round((chances.a / (chances.a + chances.b)) * 100);
  showProbability(a, `Win probability: ${team("A").name} ${a} %, ${team("B").name} ${100 - a} %`);
}

async function renderAdvice() {
  if (offlinePad()) {
    $("advice").textContent = "";
    return;
  }
  const advice = await api("GET", `/api/kubb/matches/${id}/advice?games=300`);
  $("advice").textContent = advice.best
    ? `Advice for ${team(advice.deciding).name}: ${advice.best} (${Math.round(advice.options[0].win_probability * 100)} % to win the match, +${(advice.gain * 100).toFixed(1)} points over the usual choice)`
    : "";
}

// The field last: its targets are sized for the space the rest leaves.
function render() {
  renderControls();
  renderStatus();
  renderScoreboard();
  renderSync();
  renderField();
}

function setState(state) {
  page.state = state;
  saveState(id, state);
  render();
  if (offlinePad()) return;
  renderStats().catch(() => {});
  renderProbability().catch(() => {});
  renderAdvice().catch(() => {});
}

$("undo").addEventListener("click", async () => {
  showError($("error"), null);
  if (outbox.dropLast()) {
    announce("The last entry saved on this phone is taken back.");
    render();
    return;
  }
  try {
    setState(await api("POST", `/api/kubb/matches/${id}/undo`, {}, tokens.get(id)));
    announce("The last entry is taken back.");
  } catch (error) {
    showError($("error"), error);
  }
});

async function refresh() {
  setState(await api("GET", `/api/kubb/matches/${id}`));
}

connection.onChange((state) => {
  if (state === "online") sync().catch(() => {});
});
// Entries waiting are tried again every five seconds.
setInterval(() => { if (waiting().length) sync().catch(() => {}); }, 5000);
window.addEventListener("resize", () => page.state && renderField());

if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});

async function start() {
  if (!id) {
    showMissing("match", null);
    return;
  }
  try {
    await refresh();
  } catch (error) {
    if (error.status === 404) {
      showMissing("match", id);
      return;
    }
    // No network: the state last seen on this phone, if any.
    const saved = savedState(id);
    if (!saved) throw error;
    setState(saved);
  }
  if (waiting().length) sync().catch(() => {});
  live(id, (message) => {
    if (message.type === "event" && message.seq !== page.state.seq && !waiting().length) refresh().catch(() => {});
  }, () => refresh().catch(() => {}));
}
start().catch((error) => showError($("error"), error));
