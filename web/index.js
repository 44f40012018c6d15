// The landing page: start a game (engine, friend, public challenge, Kubb
// match), the lobby of open challenges, and the archive of both games.
import { api, tokens, element, showError } from "/api.js";
import { settingsFields, readSettings } from "/kubb-settings.js";
import { loadLanguage, onLanguageChange, t, formatDate } from "/i18n.js";

// The page's words, in the reader's language, before anything is drawn.
await loadLanguage(["home", "kubb"]);

const $ = (id) => document.getElementById(id);
const errorBox = $("error");

// A message with elements in some of its places (a link, a name kept as
// data): formatted with a mark where each goes, then split at the marks,
// so that the sentence stays whole in every language.
const MARK = "\u{E000}";
function withElements(id, args, nodes) {
  const marks = Object.fromEntries(Object.keys(nodes).map((key) => [key, `${MARK}${key}${MARK}`]));
  return t(id, { ...args, ...marks }).split(MARK).map((part, i) => (i % 2 ? nodes[part] : part));
}

// A name shown as it was entered, never translated.
function nameElement(name) {
  return element("span", { translate: "no" }, name);
}

// The sentences with links, drawn again in each language.
function drawSentences() {
  $("intro").replaceChildren(...withElements("home-intro", {}, {
    lesson: element("a", { href: "/lesson", l10n: ["home-intro-lesson"] }),
    puzzles: element("a", { href: "/puzzles", l10n: ["home-intro-puzzles"] }),
  }));
  $("rated-text").replaceChildren(...withElements("home-rated", {}, {
    signedIn: element("a", { href: "/account", l10n: ["home-rated-signed-in"] }),
  }));
  $("tournaments-line").replaceChildren(...withElements("home-tournaments-line", {}, {
    link: element("a", { href: "/tournament", l10n: ["home-tournaments-link"] }),
  }));
  $("ratings-line").replaceChildren(...withElements("home-ratings-line", {}, {
    link: element("a", { href: "/players", l10n: ["home-ratings-link"] }),
  }));
}
drawSentences();

// The names the form starts with, in the page's language; a name the
// reader typed stays when the language switches.
const DEFAULT_NAMES = { "gt-name": "home-default-name", "team-a": "home-team-a", "team-b": "home-team-b" };
const defaultsShown = {};
function fillDefaultNames() {
  for (const [field, id] of Object.entries(DEFAULT_NAMES)) {
    const input = $(field);
    const shown = defaultsShown[field] ?? input.defaultValue;
    if (input.value === shown) input.value = t(id);
    defaultsShown[field] = t(id);
  }
}
fillDefaultNames();

function myName() {
  return $("gt-name").value.trim() || t("home-default-name");
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
    if (account && $("gt-name").value === defaultsShown["gt-name"]) $("gt-name").value = account.name;
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

// A challenge: who waits, with which colour, on which clock.
function challengeRow(game) {
  const [red, blue] = game.names;
  const waiting = red ? "red" : "blue";
  const who = red || blue;
  const name = () => (who ? nameElement(who) : t("home-someone"));
  const control = game.settings.time_control;
  const clock = control
    ? { clock: "set", minutes: Math.round(control.initial_ms / 60000), seconds: Math.round(control.increment_ms / 1000) }
    : { clock: "none" };
  const mine = Boolean(tokens.get(game.id));
  const action = mine
    ? element("a", { class: "button", href: `/gt?id=${game.id}`, l10n: ["home-challenge-mine"] })
    : element("button", { class: "primary", "data-key": game.id, onclick: () => accept(game.id) },
      withElements("home-challenge-play", {}, { name: name() }));
  return element("li", { class: "challenge" },
    element("span", {}, withElements("home-challenge", { colour: waiting, ...clock }, { name: name() })),
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

let lobbyGames = [];

async function loadLobby() {
  const lobby = await api("GET", "/api/gt/games?status=waiting&limit=20");
  // Redrawn only when it changed: the list is a live region.
  const signature = JSON.stringify(lobby.games.map((game) => [game.id, game.names]));
  if (signature === lobbyShown) return;
  lobbyShown = signature;
  lobbyGames = lobby.games;
  showLobby();
}

function showLobby() {
  const rows = lobbyGames.map(challengeRow);
  const focused = document.activeElement && document.activeElement.dataset.key;
  $("lobby").replaceChildren(...(rows.length ? rows : [element("li", { class: "muted", l10n: ["home-lobby-empty"] })]));
  const again = focused && $("lobby").querySelector(`[data-key="${CSS.escape(focused)}"]`);
  if (again) again.focus();
}

function dateText(ms) {
  return formatDate(ms, { year: "numeric", month: "short", day: "numeric" });
}

// Why a Guard & Towers game ended, as the server words it: the rules'
// reasons have their messages; one with the server's detail (a time
// forfeit by how much, a crashed engine) is shown as sent.
const REASONS = {
  "guard captured": "home-reason-guard-captured",
  "castle reached": "home-reason-castle-reached",
  "no legal move": "home-reason-no-legal-move",
  "threefold repetition": "home-reason-threefold-repetition",
  "no progress": "home-reason-no-progress",
  resignation: "home-reason-resignation",
  "draw agreed": "home-reason-draw-agreed",
  "time forfeit": "home-reason-time-forfeit",
  unterminated: "home-reason-unterminated",
};

// A listed game's result, from its typed `outcome`: the winning side
// (`red`/`blue`, Kubb's `a`/`b`) or none, whether drawn, and why.
function gtResult(game) {
  const outcome = game.outcome;
  if (!outcome) return [t("home-result-finished")];
  const [red, blue] = game.names;
  const winner = (name) => ({ name: nameElement(name || "?") });
  const result = outcome.winner === "red" ? withElements("home-result-red", {}, winner(red))
    : outcome.winner === "blue" ? withElements("home-result-blue", {}, winner(blue))
      : [t(outcome.drawn ? "home-result-draw" : "home-result-none")];
  if (!outcome.reason) return result;
  const why = REASONS[outcome.reason] ? t(REASONS[outcome.reason]) : nameElement(outcome.reason);
  return withElements("home-result-why", {}, { result: element("span", {}, result), why });
}

// A Kubb match's result: the winning team by name, or drawn (time called
// with the games level, under no tie-break).
function kubbResult(game) {
  const outcome = game.outcome;
  if (!outcome) return [t("home-result-finished")];
  if (outcome.drawn) return [t("home-kubb-drawn")];
  const side = { a: 0, b: 1 }[outcome.winner];
  if (side === undefined) return [t("home-result-finished")];
  const name = game.names[side] ? nameElement(game.names[side]) : t(side ? "home-team-b" : "home-team-a");
  return withElements("home-kubb-won", {}, { name });
}

let archive = [];

async function loadArchive() {
  const [gt, kubb] = await Promise.all([
    api("GET", "/api/gt/games?status=finished&limit=50"),
    api("GET", "/api/kubb/matches?status=finished&limit=50"),
  ]);
  archive = [
    ...gt.games.map((game) => ({ kind: "gt", label: "home-game-gt", page: "/gt", result: gtResult, game })),
    ...kubb.games.map((game) => ({ kind: "kubb", label: "home-game-kubb", page: "/kubb", result: kubbResult, game })),
  ].sort((a, b) => b.game.updated_ms - a.game.updated_ms);
  showArchive();
}

function showArchive() {
  const kind = $("archive-kind").value;
  const name = $("archive-name").value.trim().toLowerCase();
  const shown = archive.filter((entry) => (!kind || entry.kind === kind)
    && (!name || entry.game.names.some((n) => n && n.toLowerCase().includes(name))));
  const rows = shown.map((entry) => element("tr", {},
    element("td", {}, element("a", { href: `${entry.page}?id=${entry.game.id}`, l10n: [entry.label] })),
    element("td", {}, withElements("home-versus", {}, {
      first: nameElement(entry.game.names[0] || "?"),
      second: nameElement(entry.game.names[1] || "?"),
    })),
    element("td", {}, dateText(entry.game.created_ms)),
    element("td", {}, entry.result(entry.game))));
  $("archive").replaceChildren(...(rows.length ? rows : [element("tr", {}, element("td", { colspan: 4, class: "muted", l10n: ["home-archive-empty"] }))]));
}
$("archive-kind").addEventListener("change", showArchive);
$("archive-name").addEventListener("input", showArchive);

// A switch of language redraws what the page drew in words, keeping the
// form as filled in.
onLanguageChange(() => {
  drawSentences();
  fillDefaultNames();
  showLobby();
  showArchive();
});

loadArchive().catch((error) => showError(errorBox, error));
loadLobby().catch((error) => showError(errorBox, error));
setInterval(() => loadLobby().catch(() => {}), 3000);
