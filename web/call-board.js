// The call board (`/tournament/board?id=…`): a tournament's pitches with
// the match on each, the next calls, the results just in and the
// standings, for the big screen beside the pitches and for a phone. It
// reads only: no controls, no session, no token. The tournament's live
// socket redraws it on every change (a call shows as soon as the server
// sends it); a fresh read every POLL_MS and on every reconnection makes
// it whole again after the network drops, whatever the socket missed.
import { api, live, element, showMissing, announce, connection } from "/api.js";
import { loadLanguage, onLanguageChange, t, formatNumber, formatDate, localize } from "/i18n.js";

await loadLanguage(["board"]);

const $ = (id) => document.getElementById(id);
const id = new URLSearchParams(location.search).get("id");

// How long a new call stands out on its pitch (and a new result in its list).
const FRESH_MS = 8000;
// How often the board reads the whole state besides the socket: a socket
// whose network went away without a word would otherwise stay silent.
const POLL_MS = 20000;
// At most this many next calls and results, before the big screen's fit.
const LIST_MOST = 6;
// The big screen's layout (the stylesheet's): there the lists keep the
// items that fit their column; on a phone the page scrolls.
const WIDE = matchMedia("(min-width: 1000px) and (orientation: landscape)");

let shown = null;
// The pairings seen on a pitch or finished, so that a new one stands out
// (none on the first drawing: everything is new then).
let seenCalled = null;
let seenFinished = null;
const freshUntil = new Map();

const key = (round, index) => `${round}:${index}`;

// A message with elements in some of its places (a name kept as data):
// formatted with a mark where each goes, then split at the marks, so the
// sentence stays whole in every language.
const MARK = "\u{E000}";
function withElements(messageId, args, nodes) {
  const marks = Object.fromEntries(Object.keys(nodes).map((name) => [name, `${MARK}${name}${MARK}`]));
  return t(messageId, { ...args, ...marks }).split(MARK).map((part, i) => (i % 2 ? nodes[part] : part));
}

// A name or a score, shown as entered.
function data(text, attributes = {}) {
  return element("span", { translate: "no", ...attributes }, text);
}

function time(ms) {
  return formatDate(ms, { hour: "numeric", minute: "2-digit" });
}

// Every pairing with its round and place, in the order the server calls
// them: a knockout's next matches decided before their round is paired
// (`ahead`) come last.
function pairings(state) {
  return [...state.rounds.flatMap((round) => round.pairings.map((pairing, index) => ({ ...pairing, round: round.round, index }))),
    ...(state.ahead ?? [])];
}

// Notes the pairings new since the last drawing, which stand out for a while.
function noteFresh(all) {
  const now = Date.now();
  const called = all.filter((p) => p.second !== null && p.state !== "waiting");
  const finished = all.filter((p) => p.second !== null && p.state === "finished");
  const firstTime = seenCalled === null;
  for (const pairing of called) {
    const k = key(pairing.round, pairing.index);
    if (firstTime || seenCalled.has(k)) continue;
    freshUntil.set(`call ${k}`, now + FRESH_MS);
    if (pairing.pitch !== null) announce(t("board-call-announced", { pitch: pairing.pitch, first: pairing.first, second: pairing.second }));
  }
  for (const pairing of finished) {
    const k = key(pairing.round, pairing.index);
    if (!firstTime && !seenFinished.has(k)) freshUntil.set(`result ${k}`, now + FRESH_MS);
  }
  seenCalled = new Set(called.map((p) => key(p.round, p.index)));
  seenFinished = new Set(finished.map((p) => key(p.round, p.index)));
  // Drawn again when the newest highlight ends.
  const last = Math.max(0, ...freshUntil.values());
  if (last > now) setTimeout(draw, last - now + 50);
}

function fresh(kind, pairing) {
  return (freshUntil.get(`${kind} ${key(pairing.round, pairing.index)}`) || 0) > Date.now();
}

function render(state) {
  // A read that crossed a newer message on the way is older news.
  if (shown && state.seq < shown.seq) return;
  shown = state;
  noteFresh(pairings(state));
  draw();
}

function draw() {
  if (!shown) return;
  const state = shown;
  const all = pairings(state);
  document.title = t("board-shown-title", { title: state.title });
  $("board-title").textContent = state.title;
  drawStatus(state);
  drawPitches(state, all);
  drawNext(all);
  drawResults(all);
  drawStandings(state);
  fitNames();
  fitLists();
}

function drawStatus(state) {
  const status = $("board-status");
  const round = state.rounds.length;
  if (state.status === "finished") localize(status, "board-status-finished");
  else if (round === 0) localize(status, "board-status-waiting");
  else if (state.settings && state.settings.rounds) localize(status, "board-status-round-of", { round, rounds: state.settings.rounds });
  else localize(status, "board-status-round", { round });
}

function drawPitches(state, all) {
  const list = $("pitches");
  const count = state.pitches.length;
  // Columns and rows by the number of pitches, so that every pitch fits
  // the big screen; the type scales with the rows (the stylesheet).
  const columns = count <= 4 ? 1 : count <= 8 ? 2 : count <= 12 ? 3 : 4;
  list.style.setProperty("--columns", columns);
  list.style.setProperty("--rows", Math.max(2, Math.ceil(count / columns)));
  list.dataset.columns = columns;
  if (!count) {
    list.replaceChildren(element("li", { class: "pitch-none", l10n: ["board-no-pitches"] }));
    return;
  }
  const byKey = new Map(all.map((p) => [key(p.round, p.index), p]));
  list.replaceChildren(...state.pitches.map((pitch) => drawPitch(pitch, pitch.pairing && byKey.get(key(pitch.pairing.round, pitch.pairing.index)))));
}

function drawPitch(pitch, pairing) {
  const stateName = pairing ? pairing.state : "free";
  const isFresh = pairing && fresh("call", pairing);
  const classes = ["pitch", `pitch-${stateName}`];
  if (!pitch.in_play) classes.push("pitch-out");
  if (isFresh) classes.push("fresh");
  const item = element("li", { class: classes.join(" "), "data-pitch": pitch.name, "data-state": stateName },
    element("div", { class: "pitch-head" },
      element("span", { class: "pitch-label" }, withElements("board-pitch", {}, { name: data(pitch.name, { class: "pitch-name" }) })),
      isFresh ? element("span", { class: "pitch-new", l10n: ["board-just-called"] }) : null));
  if (pairing) {
    item.dataset.round = pairing.round;
    item.dataset.index = pairing.index;
    if (pairing.due_at !== null) item.dataset.due = pairing.due_at;
    item.append(
      element("div", { class: "pitch-teams" }, data(pairing.first, { class: "team" }), data(pairing.second, { class: "team" })),
      element("p", { class: "pitch-status" }, pitchStatus(pairing)));
  } else {
    item.append(element("p", { class: "pitch-status", l10n: [pitch.in_play ? "board-pitch-free" : "board-pitch-out"] }));
  }
  if (pairing && !pitch.in_play) item.append(element("p", { class: "pitch-status", l10n: ["board-pitch-out"] }));
  markOverdue(item);
  return item;
}

function pitchStatus(pairing) {
  if (pairing.state === "playing" && pairing.started_at !== null) {
    return [element("span", { l10n: ["board-playing", { time: time(pairing.started_at) }] }),
      element("span", { class: "overdue-mark", l10n: ["board-overdue"] })];
  }
  if (pairing.called_at !== null) return element("span", { l10n: ["board-called", { time: time(pairing.called_at) }] });
  return null;
}

// A match running long by this screen's clock (the server's `overdue` is
// as of its last message; the clock goes on between messages).
function markOverdue(item) {
  const due = Number(item.dataset.due);
  item.classList.toggle("overdue", item.dataset.state === "playing" && Boolean(due) && Date.now() > due);
}

// The waiting pairings, in the order the server calls them.
function drawNext(all) {
  const waiting = all.filter((p) => p.second !== null && p.state === "waiting").slice(0, LIST_MOST);
  const list = $("next-calls");
  if (!waiting.length) {
    list.replaceChildren(element("li", { class: "none", l10n: ["board-next-none"] }));
    return;
  }
  list.replaceChildren(...waiting.map((p) => element("li", { class: "call", "data-round": p.round, "data-index": p.index },
    element("span", { class: "call-round", l10n: ["board-pairing-round", { round: p.round }] }),
    data(p.first, { class: "team" }),
    data(p.second, { class: "team" }))));
}

// The latest results, newest first.
function drawResults(all) {
  const finished = all.filter((p) => p.second !== null && p.state === "finished" && p.score !== null);
  finished.sort((a, b) => (b.finished_at ?? 0) - (a.finished_at ?? 0) || b.round - a.round || b.index - a.index);
  const list = $("results");
  if (!finished.length) {
    list.replaceChildren(element("li", { class: "none", l10n: ["board-results-none"] }));
    return;
  }
  list.replaceChildren(...finished.slice(0, LIST_MOST).map((p) => {
    const team = (name) => data(name, { class: p.winner === name ? "team winner" : "team" });
    return element("li", { class: fresh("result", p) ? "result fresh" : "result", "data-round": p.round, "data-index": p.index },
      team(p.first), data(String(p.score), { class: "score" }), team(p.second));
  }));
}

function drawStandings(state) {
  const head = element("tr", {},
    element("th", { scope: "col", class: "rank" }, element("span", { class: "sr-only", l10n: ["board-col-rank"] })),
    element("th", { scope: "col", class: "name", l10n: ["board-col-team"] }),
    element("th", { scope: "col", class: "points", l10n: ["board-col-points"] }));
  const rows = state.standings.map((standing) => element("tr", { class: standing.withdrawn ? "withdrawn" : undefined, "data-team": standing.name },
    element("td", { class: "rank" }, formatNumber(standing.rank)),
    element("td", { class: "name" }, data(standing.name)),
    element("td", { class: "points" }, formatNumber(standing.points))));
  $("standings").replaceChildren(element("thead", {}, head), element("tbody", {}, rows));
}

// On the big screen a name too long for its pitch or its row of the
// standings is drawn smaller, down to NAME_LEAST of its size (then cut
// with an ellipsis), rather than wrapped onto a line there is no room
// for. The names of one pitch, and those of the standings, keep one size.
const NAME_LEAST = 0.7;
function fitNames() {
  if (!WIDE.matches) return;
  const groups = [...document.querySelectorAll(".pitch")].map((pitch) => pitch.querySelectorAll(".team"));
  groups.push(document.querySelectorAll("#standings td.name span"));
  for (const names of groups) fitGroup([...names]);
}

function fitGroup(names) {
  if (!names.length) return;
  for (const name of names) name.style.fontSize = "";
  const size = parseFloat(getComputedStyle(names[0]).fontSize);
  const ratio = Math.min(1, ...names.map((name) => name.clientWidth / name.scrollWidth));
  if (ratio >= 1) return;
  const fitted = `${Math.max(Math.floor(size * ratio), Math.ceil(size * NAME_LEAST))}px`;
  for (const name of names) name.style.fontSize = fitted;
}

// On the big screen each list keeps the items that fit its column (the
// first ones: the next calls, the newest results, the top of the table).
function fitLists() {
  if (!WIDE.matches) return;
  for (const [box, list] of [["next-calls", "next-calls"], ["results", "results"], ["standings-fit", "standings"]]) {
    const container = $(box);
    const items = list === "standings" ? $(list).tBodies[0] : $(list);
    if (!items) continue;
    while (items.children.length > 1 && overflows(container)) items.lastElementChild.remove();
  }
}

function overflows(container) {
  return container.scrollHeight > container.clientHeight + 1;
}

function tick() {
  const clock = $("clock");
  const now = time(Date.now());
  if (clock.textContent !== now) clock.textContent = now;
  for (const item of document.querySelectorAll(".pitch[data-due]")) markOverdue(item);
}

// A read of the whole state: the first one, the fallback for a silent
// socket and the catch-up after a reconnection.
async function refresh() {
  try {
    render(await api("GET", `/api/tournaments/${id}`));
  } catch (failure) {
    // No such tournament: said plainly, and nothing more to wait for.
    if (failure.status === 404) {
      stop();
      showMissing("tournament", id);
      localize(document.querySelector("title"), "board-page-title");
    }
    // Anything else (no network) is the connection banner's to say;
    // the socket and the next read bring the board back.
  }
}

// A screen that stays on while the board shows (a phone laid on the
// table; a big screen ignores it).
async function keepAwake() {
  try {
    if (navigator.wakeLock && document.visibilityState === "visible") await navigator.wakeLock.request("screen");
  } catch {
    // Refused (battery saver): the board still shows.
  }
}

let stop = () => {};
function start() {
  tick();
  setInterval(tick, 1000);
  const poll = setInterval(refresh, POLL_MS);
  const close = live(id, (message) => {
    if (message.state) render(message.state);
  }, refresh);
  stop = () => {
    clearInterval(poll);
    close();
  };
  connection.onChange((state) => {
    if (state === "online") refresh();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      refresh();
      keepAwake();
    }
  });
  WIDE.addEventListener("change", draw);
  window.addEventListener("resize", draw);
  onLanguageChange(draw);
  keepAwake();
  refresh();
}

if (id) start();
else showMissing("tournament", null);
