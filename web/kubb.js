// The Kubb scorekeeper: shows the server's state of the match and turns
// taps into referee events; the server's rules engine accepts or refuses
// them, in plain words.
import { api, tokens, live, element, showError } from "/api.js";

const $ = (id) => document.getElementById(id);
const id = new URLSearchParams(location.search).get("id");
const SVG = "http://www.w3.org/2000/svg";
const page = { state: null, felled: new Set(), king: false };

function svg(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

function team(letter) {
  return page.state.teams.find((t) => t.team === letter);
}

// Where to draw a piece: its place when known, else a row in its half.
function placeOf(piece, index, field) {
  if (piece.at) return piece.at;
  const half = piece.half;
  const y = half === "A" ? field.length * 0.3 : field.length * 0.7;
  return { x: 0.5 + (index % 5), y: y + (half === "A" ? -1 : 1) * 0.35 * Math.floor(index / 5) };
}

function selectable(piece) {
  return page.state.phase.name === "throwing" && (piece.state === "tower" || piece.state === "knight");
}

function renderField() {
  const { field, pieces } = page.state;
  const margin = 0.8;
  const box = $("field");
  box.setAttribute("viewBox", `${-margin} ${-margin} ${field.width + 2 * margin} ${field.length + 2 * margin}`);
  box.replaceChildren(
    svg("rect", { x: 0, y: 0, width: field.width, height: field.length, fill: "#65a30d", stroke: "#fff", "stroke-width": 0.05 }),
    svg("line", { x1: 0, y1: field.length / 2, x2: field.width, y2: field.length / 2, stroke: "#fff", "stroke-width": 0.03, "stroke-dasharray": "0.2 0.2" }),
  );
  for (const t of page.state.teams) {
    if (t.line.at === "knight" && typeof t.line.y === "number") {
      box.append(svg("line", { x1: 0, y1: t.line.y, x2: field.width, y2: t.line.y, stroke: "#facc15", "stroke-width": 0.04 }));
    }
    const y = t.team === "A" ? -0.35 : field.length + 0.6;
    box.append(svg("text", { x: 0, y, "font-size": 0.35, fill: "#1d1d1f" }, `${t.team}: ${t.name}`));
  }
  const king = field.king;
  const kingShape = svg("rect", {
    x: king.x - 0.15, y: king.y - 0.15, width: 0.3, height: 0.3,
    fill: page.state.king_standing ? (page.king ? "#fde047" : "#f5f5f4") : "#a8a29e",
    class: "piece-shape" + (page.king ? " chosen" : ""),
    role: "button", tabindex: page.state.phase.name === "throwing" && page.state.king_standing ? 0 : -1,
    "aria-label": page.king ? "King, marked as felled" : "King",
    onclick: () => toggleKing(),
    onkeydown: (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggleKing(); } },
  });
  box.append(kingShape, svg("text", { x: king.x - 0.1, y: king.y + 0.1, "font-size": 0.3, "pointer-events": "none" }, "♚"));
  let waiting = 0;
  pieces.forEach((piece) => {
    if (piece.state === "removed") return; // taken out by a time-limit tie-break
    if (piece.state === "down") {
      const y = piece.half === "A" ? field.length * 0.12 : field.length * 0.88;
      const at = { x: field.width - 0.4 - 0.35 * (waiting++ % 10), y };
      box.append(svg("rect", { x: at.x - 0.12, y: at.y - 0.06, width: 0.24, height: 0.12, fill: "#78716c", "aria-label": `${piece.id} lies down` }));
      return;
    }
    const at = placeOf(piece, piece.number % 5, field);
    const owner = piece.state === "tower" ? piece.team : piece.half;
    const chosen = page.felled.has(piece.number);
    const canPick = selectable(piece);
    const label = `${piece.id}, ${piece.state === "tower" ? "tower" : "knight"} of team ${owner}` + (chosen ? ", marked as felled" : "");
    const shape = svg("rect", {
      x: at.x - 0.18, y: at.y - 0.18, width: 0.36, height: 0.36, rx: piece.state === "knight" ? 0.18 : 0.02,
      fill: owner === "A" ? "#c2410c" : "#1d4ed8",
      class: "piece-shape" + (chosen ? " chosen" : ""),
      "data-piece": piece.id,
      role: canPick ? "button" : "img",
      tabindex: canPick ? 0 : -1,
      "aria-label": label,
      onclick: () => canPick && togglePiece(piece.number),
      onkeydown: (event) => { if (canPick && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); togglePiece(piece.number); } },
    });
    box.append(shape, svg("text", { x: at.x - 0.14, y: at.y + 0.08, "font-size": 0.22, fill: "#fff", "pointer-events": "none" }, piece.id));
  });
}

function togglePiece(number) {
  if (page.felled.has(number)) page.felled.delete(number);
  else page.felled.add(number);
  render();
}

function toggleKing() {
  if (page.state.phase.name !== "throwing" || !page.state.king_standing) return;
  page.king = !page.king;
  render();
}

function playersOf(letter) {
  const t = team(letter);
  return t.players.length ? t.players : [t.name];
}

async function send(event) {
  showError($("error"), null);
  try {
    const state = await api("POST", `/api/kubb/matches/${id}/events`, { event }, tokens.get(id));
    page.felled.clear();
    page.king = false;
    setState(state);
  } catch (error) {
    showError($("error"), error);
  }
}

function player() {
  return $("player").value;
}

function hit() {
  const pieces = page.state.pieces.filter((p) => page.felled.has(p.number));
  return {
    hit: {
      knights: pieces.filter((p) => p.state === "knight").map((p) => p.number),
      towers: pieces.filter((p) => p.state === "tower").map((p) => p.number),
      king: page.king,
    },
  };
}

function button(text, onclick, primary) {
  return element("button", { class: primary ? "primary" : "", onclick }, text);
}

function renderControls() {
  const state = page.state;
  const phase = state.phase;
  const buttons = [];
  const throwing = phase.name === "inkast" || phase.name === "throwing";
  $("player-label").hidden = !throwing;
  if (throwing) {
    const names = playersOf(state.thrower);
    const current = player();
    $("player").replaceChildren(...names.map((name) => element("option", { value: name, selected: name === current }, name)));
  }
  if (state.status === "finished") {
    buttons.push(element("span", {}, "The match is over."));
  } else if (phase.name === "starting_throw") {
    buttons.push(button(`${team("A").name} starts`, () => send({ event: "start", team: "A" }), true));
    buttons.push(button(`${team("B").name} starts`, () => send({ event: "start", team: "B" }), true));
  } else if (phase.name === "inkast") {
    buttons.push(button("Landed in", () => send({ event: "inkast", player: player(), landed_in: true }), true));
    buttons.push(button("Landed out", () => send({ event: "inkast", player: player(), landed_in: false })));
    buttons.push(button("Felled the king", () => send({ event: "inkast", player: player(), landed_in: true, king_felled: true })));
  } else if (phase.name === "placement") {
    buttons.push(button("The defenders placed it", () => send({ event: "placement" }), true));
  } else if (phase.name === "throwing") {
    const marked = page.felled.size + (page.king ? 1 : 0);
    buttons.push(button(marked ? `Hit: ${marked} felled` : "Hit (tap what fell)", () => send({ event: "stick", player: player(), outcome: hit() }), true));
    buttons.push(button("Miss", () => send({ event: "stick", player: player(), outcome: "miss" })));
    buttons.push(button("Foul", () => send({ event: "stick", player: player(), outcome: "foul" })));
  } else if (phase.name === "game_over") {
    buttons.push(button("Next game", () => send({ event: "next_game" }), true));
  }
  // A match with a time limit: the referee calls time (docs/kubb.md, "Tournament settings").
  const limit = state.settings.time_limit;
  if (limit && !state.time_called && state.status !== "finished") {
    buttons.push(button(`Call time (${limit.minutes} min, ${limit.tie_break})`, () => send({ event: "time_called" })));
  }
  $("buttons").replaceChildren(...buttons);
  const referee = Boolean(tokens.get(id));
  $("controls").hidden = !referee;
}

function renderStatus() {
  const state = page.state;
  const phase = state.phase;
  const thrower = team(state.thrower).name;
  let text;
  switch (phase.name) {
    case "starting_throw": text = "Who starts? Enter the result of the starting throw."; break;
    case "inkast": text = `${thrower} throws ${phase.queue[0].piece} into the other half (attempt ${phase.queue[0].attempt}).`; break;
    case "placement": text = `The defenders place ${phase.to_place.join(", ")}.`; break;
    case "throwing": text = `${thrower} throws: ${state.sticks_left} stick(s) left, turn ${state.turn}.` + (state.king_attack.allowed ? " The king may be attacked." : ""); break;
    case "game_over": text = phase.winner ? `Game over: ${team(phase.winner).name} won it (${phase.reason}).` : `Game over: drawn (${phase.reason}).`; break;
    default: text = "";
  }
  $("status").textContent = text;
  const winner = state.winner;
  $("result").hidden = !winner;
  if (winner) $("result").textContent = `${team(winner).name} wins the match!`;
  $("summary").textContent = state.summary;
  $("export-log").href = `/api/kubb/matches/${id}/export?format=log`;
  $("export-notation").href = `/api/kubb/matches/${id}/export?format=notation`;
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

async function renderProbability() {
  const chances = await api("GET", `/api/kubb/matches/${id}/probability?games=1000`);
  const a = Math.round(chances.a * 100);
  const b = Math.round(chances.b * 100);
  $("prob-a").style.width = `${Math.max(a, 0)}%`;
  $("prob-b").style.width = `${Math.max(100 - a, 0)}%`;
  // A share too thin for its label shows none.
  $("prob-a").textContent = a >= 20 ? `${team("A").name} ${a} %` : "";
  $("prob-b").textContent = b >= 20 ? `${team("B").name} ${b} %` : "";
  $("probability").setAttribute("aria-label", `Win probability: ${team("A").name} ${a} %, ${team("B").name} ${b} %`);
}

async function renderAdvice() {
  const advice = await api("GET", `/api/kubb/matches/${id}/advice?games=300`);
  $("advice").textContent = advice.best
    ? `Advice for ${team(advice.deciding).name}: ${advice.best} (${Math.round(advice.options[0].win_probability * 100)} % to win the match, +${(advice.gain * 100).toFixed(1)} points over the usual choice)`
    : "";
}

function render() {
  renderField();
  renderControls();
  renderStatus();
}

function setState(state) {
  page.state = state;
  render();
  renderStats().catch(() => {});
  renderProbability().catch(() => {});
  renderAdvice().catch(() => {});
}

$("undo").addEventListener("click", async () => {
  showError($("error"), null);
  try {
    setState(await api("POST", `/api/kubb/matches/${id}/undo`, {}, tokens.get(id)));
  } catch (error) {
    showError($("error"), error);
  }
});

async function refresh() {
  setState(await api("GET", `/api/kubb/matches/${id}`));
}

async function start() {
  if (!id) {
    showError($("error"), new Error("No match id in the address."));
    return;
  }
  await refresh();
  live(id, (message) => {
    if (message.type === "event" && message.seq !== page.state.seq) refresh().catch(() => {});
  });
}
start().catch((error) => showError($("error"), error));
