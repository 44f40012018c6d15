// The ratings pages. Without a name: a game's leaderboard (Guard & Towers
// players, Kubb teams or Kubb players). With `game` and `name`: that
// player's page, with the rating after each rated result drawn over time
// and the results themselves. The server rates: this page shows it.
import { api, element, showError, playerPage } from "/api.js";
import { loadLanguage, onLanguageChange, t, formatNumber, formatDate } from "/i18n.js";

// The page's words, in the reader's language, before anything is drawn.
await loadLanguage(["players", "refusals"]);

const $ = (id) => document.getElementById(id);
const query = new URLSearchParams(location.search);
const SVG = "http://www.w3.org/2000/svg";

// A rating or deviation to the point, as the language writes numbers
// (ratings go without thousands separators, as rating lists print them).
function rounded(value) {
  return formatNumber(Math.round(value), { useGrouping: false });
}

// A name shown as entered, never translated.
function named(name, href) {
  return element("a", { href, translate: "no" }, name);
}

// What the page shows, drawn again when the language switches.
let redraw = () => {};
onLanguageChange(() => redraw());

async function showBoard() {
  $("board").hidden = false;
  const kind = $("board-kind");
  kind.value = `${query.get("game") || "gt"}/${query.get("of") || "entrants"}`;
  const load = async () => {
    const [game, of] = kind.value.split("/");
    const board = await api("GET", `/api/ratings?game=${game}&of=${of}`);
    redraw = () => drawBoard(game, of, board);
    redraw();
  };
  kind.addEventListener("change", () => load().catch((failure) => showError($("error"), failure)));
  await load();
}

function drawBoard(game, of, board) {
  const head = element("tr", {},
    element("th", { scope: "col" }, "#"),
    element("th", { scope: "col", l10n: ["players-col-name"] }),
    element("th", { scope: "col", l10n: ["players-col-rating"] }),
    element("th", { scope: "col" }, "±"),
    element("th", { scope: "col", l10n: ["players-col-games"] }));
  const rows = board.leaders.map((leader) => element("tr", {},
    element("td", {}, formatNumber(leader.rank)),
    element("td", {}, named(leader.name, playerPage(game, leader.name, of))),
    element("td", {}, rounded(leader.rating)),
    element("td", {}, rounded(leader.deviation)),
    element("td", {}, formatNumber(leader.games))));
  const empty = element("tr", {}, element("td", { colspan: "5", class: "muted", l10n: ["players-nobody"] }));
  $("leaders").replaceChildren(element("thead", {}, head), element("tbody", {}, rows.length ? rows : empty));
}

// A rated result: won, drawn or lost, with which colour (Guard & Towers)
// or for which team (a Kubb player).
function outcome(played) {
  const args = { outcome: played.outcome };
  if (played.color) return [t("players-result-colour", { ...args, colour: played.color })];
  if (played.team) {
    const marks = t("players-result-team", { ...args, team: "\u{E000}" }).split("\u{E000}");
    return [marks[0], element("span", { translate: "no" }, played.team), marks[1]];
  }
  return [t("players-result", args)];
}

function where(played) {
  if (played.game) {
    const href = played.color ? `/gt?id=${played.game}` : `/kubb?id=${played.game}`;
    return element("a", { href, l10n: ["players-the-game"] });
  }
  if (played.tournament) return element("a", { href: `/tournament?id=${played.tournament}`, l10n: ["players-the-tournament"] });
  return "";
}

// The rating after each result as a line, with the ± band as a shaded
// polygon; the scale is the history's own.
function drawChart(history) {
  const chart = $("chart");
  const highs = history.map((p) => p.rating + p.deviation);
  const lows = history.map((p) => p.rating - p.deviation);
  const top = Math.max(...highs);
  const bottom = Math.min(...lows);
  const x = (i) => history.length === 1 ? 160 : 8 + (i * 304) / (history.length - 1);
  const y = (value) => 112 - ((value - bottom) * 104) / Math.max(top - bottom, 1);
  const points = (values) => values.map((value, i) => `${x(i).toFixed(1)},${y(value).toFixed(1)}`);
  const band = document.createElementNS(SVG, "polygon");
  band.setAttribute("class", "chart-band");
  band.setAttribute("points", [...points(highs), ...points(lows).reverse()].join(" "));
  const line = document.createElementNS(SVG, "polyline");
  line.setAttribute("class", "chart-line");
  line.setAttribute("points", points(history.map((p) => p.rating)).join(" "));
  chart.replaceChildren(band, line);
  const last = history[history.length - 1];
  chart.setAttribute("aria-label", t("players-chart", { count: history.length, first: rounded(history[0].rating), last: rounded(last.rating) }));
}

function record(r) {
  return { wins: r.wins, draws: r.draws, losses: r.losses };
}

async function showPlayer(game, name) {
  const of = query.get("of") || "entrants";
  const page = await api("GET", `/api/players/${game}/${encodeURIComponent(name)}${of === "players" ? "?of=players" : ""}`);
  $("player").hidden = false;
  $("player-name").textContent = page.name;
  $("back").href = `/players?game=${game}&of=${of}`;
  redraw = () => drawPlayer(game, of, page);
  redraw();
}

const BOARDS = { gt: "players-board-gt", "kubb-players": "players-board-kubb-players", "kubb-entrants": "players-board-kubb-teams" };

function drawPlayer(game, of, page) {
  document.title = t("players-shown-title", { name: page.name });
  const rating = { rating: rounded(page.rating), deviation: rounded(page.deviation) };
  $("player-summary").textContent = page.rank
    ? t("players-summary-ranked", { ...rating, rank: page.rank, board: t(BOARDS[game === "gt" ? "gt" : `kubb-${of}`]) })
    : t("players-summary", rating);
  $("player-record").textContent = page.by_color
    ? t("players-record-colours", {
      games: page.games,
      ...record(page.record),
      ...Object.fromEntries(Object.entries(record(page.by_color.red)).map(([key, value]) => [`red_${key}`, value])),
      ...Object.fromEntries(Object.entries(record(page.by_color.blue)).map(([key, value]) => [`blue_${key}`, value])),
    })
    : t("players-record", { games: page.games, ...record(page.record) });
  if (page.stats) {
    $("player-stats").hidden = false;
    const stats = page.stats;
    const counts = { king: stats.king_attempts, inkastIn: stats.inkast_in, inkasts: stats.inkast_throws };
    $("player-stats-text").textContent = stats.hit_rate === null
      ? t("players-stats-no-sticks", counts)
      : t("players-stats", { ...counts, percent: Math.round(stats.hit_rate * 100), sticks: stats.sticks });
  }
  drawChart(page.history);
  const head = element("tr", {},
    ["players-col-date", "players-col-against", "players-col-result", "players-col-rating"].map((id) => element("th", { scope: "col", l10n: [id] })),
    element("th", { scope: "col" }, ""));
  const rows = [...page.history].reverse().map((played) => element("tr", {},
    element("td", {}, formatDate(played.at_ms, { year: "numeric", month: "numeric", day: "numeric" })),
    element("td", {}, named(played.opponent, playerPage(game, played.opponent))),
    element("td", {}, outcome(played)),
    element("td", {}, t("players-rating", { rating: rounded(played.rating), deviation: rounded(played.deviation) })),
    element("td", {}, where(played))));
  $("history").replaceChildren(element("thead", {}, head), element("tbody", {}, rows));
}

const game = query.get("game");
const name = query.get("name");
(name && game ? showPlayer(game, name) : showBoard()).catch((failure) => showError($("error"), failure));
