// The landing page: start a game (engine, friend, public challenge, Kubb
// match), the lobby of open challenges, and the archive of both games.
import { api, tokens, element, showError } from "/api.js";
import { settingsFields, readSettings } from "/kubb-settings.js";
import { loadLanguage } from "/i18n.js";

// The page's words, in the reader's language, before anything is drawn.
await loadLanguage(["home", "kubb"]);

const $ = (id) => document.getElementById(id);
const errorBox = $("error");
const COLOURS = { red: "Red", blue: "Blue" };

function myName() {
  return $("gt-name").value.trim() || "Player";
}

function gtOptions() {
  const options = { name: myName() };
  const clock = $("gt-clock").value;
  if (clock) {
    const [initial, increment] = clock.split("/").map(Number);
    options.time_control = { initial_ms: initial, increment_ms: increment };
  }
  const start = $("gt-start").value.trim();
  if (start) options.start = start;
  return options;
}

async function create(path, body, page) {
  showError(errorBox, null);
  try {
    const created = await api("POST", path, body);
    if (created.token) tokens.set(created.id, created.token, created.seat);
    if (created.invite) tokens.setInvite(created.id, created.invite);
    // A Kubb match's team links, for the referee to hand to each team.
    if (created.team_tokens) localStorage.setItem(`towers-team-tokens-${created.id}`, JSON.stringify(created.team_tokens));
    location.href = `${page}?id=${created.id}`;
  } catch (error) {
    showError(errorBox, error);
  }
}

$("play-engine").addEventListener("click", () =>
  create("/api/gt/games", {
    opponent: "engine",
    level: Number($("gt-level").value),
    color: $("gt-color").value,
    ...gtOptions(),
  }, "/gt"));
// A rated game between people is played signed in, under the account's
// own name: the server takes it from the session.
function rated() {
  return $("gt-rated").checked ? { rated: true, name: undefined } : {};
}

// Signed in, the name to play under is the account's.
fetch("/api/session")
  .then((response) => (response.ok ? response.json() : null))
  .then((account) => {
    if (account && $("gt-name").value === "Player") $("gt-name").value = account.name;
  }, () => {});
$("play-friend").addEventListener("click", () =>
  create("/api/gt/games", { opponent: "friend", color: $("gt-color").value, ...gtOptions(), ...rated() }, "/gt"));
$("post-challenge").addEventListener("click", () =>
  create("/api/gt/games", { opponent: "public", color: $("gt-color").value, ...gtOptions(), ...rated() }, "/gt"));
$("watch-engines").addEventListener("click", () => {
  const level = Number($("gt-level").value);
  const { start, time_control } = gtOptions();
  create("/api/gt/games", { opponent: "engines", levels: [level, level], start, time_control }, "/gt");
});

function team(name, players) {
  return {
    name: $(name).value.trim(),
    players: $(players).value.split(",").map((p) => p.trim()).filter(Boolean),
  };
}
settingsFields($("kubb-settings"));
$("score-kubb").addEventListener("click", () =>
  create("/api/kubb/matches", {
    ruleset: $("ruleset").value,
    ...readSettings(),
    team_a: team("team-a", "players-a"),
    team_b: team("team-b", "players-b"),
    rated: $("kubb-rated").checked,
  }, "/kubb"));

function clockText(control) {
  if (!control) return "no clock";
  return `${Math.round(control.initial_ms / 60000)} min + ${Math.round(control.increment_ms / 1000)} s`;
}

// A challenge: who waits, with which colour, on which clock.
function challengeRow(game) {
  const [red, blue] = game.names;
  const waiting = red ? "red" : "blue";
  const who = red || blue || "someone";
  const mine = Boolean(tokens.get(game.id));
  const action = mine
    ? element("a", { class: "button", href: `/gt?id=${game.id}` }, "Your challenge: open it")
    : element("button", { class: "primary", "data-key": game.id, onclick: () => accept(game.id) }, `Play ${who}`);
  return element("li", { class: "challenge" },
    element("span", {}, `${who} plays ${COLOURS[waiting]}, ${clockText(game.settings.time_control)}`),
    action);
}

async function accept(id) {
  showError(errorBox, null);
  try {
    const joined = await api("POST", `/api/gt/games/${id}/join`, { name: myName() });
    tokens.set(id, joined.token, joined.seat);
    location.href = `/gt?id=${id}`;
  } catch (error) {
    showError(errorBox, error);
    loadLobby();
  }
}

// The lobby, asked again every three seconds: new challenges appear and
// taken ones go without a reload.
let lobbyShown = null;

async function loadLobby() {
  const lobby = await api("GET", "/api/gt/games?status=waiting&limit=20");
  // Redrawn only when it changed: the list is a live region.
  const signature = JSON.stringify(lobby.games.map((game) => [game.id, game.names]));
  if (signature === lobbyShown) return;
  lobbyShown = signature;
  const rows = lobby.games.map(challengeRow);
  const focused = document.activeElement && document.activeElement.dataset.key;
  $("lobby").replaceChildren(...(rows.length ? rows : [element("li", { class: "muted" }, "No open challenge right now.")]));
  const again = focused && $("lobby").querySelector(`[data-key="${CSS.escape(focused)}"]`);
  if (again) again.focus();
}

function dateText(ms) {
  return new Date(ms).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

// A listed game's result, from its typed `outcome`: the winning side
// (`red`/`blue`, Kubb's `a`/`b`) or none, whether drawn, and why.
function gtResult(game) {
  const outcome = game.outcome;
  if (!outcome) return "Finished";
  const [red, blue] = game.names;
  const why = outcome.reason ? `: ${outcome.reason}` : "";
  if (outcome.winner === "red") return `Red (${red || "?"}) won${why}`;
  if (outcome.winner === "blue") return `Blue (${blue || "?"}) won${why}`;
  if (outcome.drawn) return `Draw${why}`;
  return `No result${why}`;
}

// A Kubb match's result: the winning team by name, or drawn (time called
// with the games level, under no tie-break).
function kubbResult(game) {
  const outcome = game.outcome;
  if (!outcome) return "Finished";
  if (outcome.drawn) return "Drawn (time called, games level)";
  const side = { a: 0, b: 1 }[outcome.winner];
  if (side === undefined) return "Finished";
  return `${game.names[side] || (side ? "Team B" : "Team A")} won`;
}

let archive = [];

async function loadArchive() {
  const [gt, kubb] = await Promise.all([
    api("GET", "/api/gt/games?status=finished&limit=50"),
    api("GET", "/api/kubb/matches?status=finished&limit=50"),
  ]);
  archive = [
    ...gt.games.map((game) => ({ kind: "gt", label: "Guard & Towers", page: "/gt", result: gtResult(game), game })),
    ...kubb.games.map((game) => ({ kind: "kubb", label: "Kubb", page: "/kubb", result: kubbResult(game), game })),
  ].sort((a, b) => b.game.updated_ms - a.game.updated_ms);
  showArchive();
}

function showArchive() {
  const kind = $("archive-kind").value;
  const name = $("archive-name").value.trim().toLowerCase();
  const shown = archive.filter((entry) => (!kind || entry.kind === kind)
    && (!name || entry.game.names.some((n) => n && n.toLowerCase().includes(name))));
  const rows = shown.map((entry) => element("tr", {},
    element("td", {}, element("a", { href: `${entry.page}?id=${entry.game.id}` }, entry.label)),
    element("td", {}, entry.game.names.map((n) => n || "?").join(" vs ")),
    element("td", {}, dateText(entry.game.created_ms)),
    element("td", {}, entry.result)));
  $("archive").replaceChildren(...(rows.length ? rows : [element("tr", {}, element("td", { colspan: 4, class: "muted" }, "No finished games yet."))]));
}
$("archive-kind").addEventListener("change", showArchive);
$("archive-name").addEventListener("input", showArchive);

loadArchive().catch((error) => showError(errorBox, error));
loadLobby().catch((error) => showError(errorBox, error));
setInterval(() => loadLobby().catch(() => {}), 3000);
