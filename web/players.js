// The ratings pages. Without a name: a game's leaderboard (Guard & Towers
// players, Kubb teams or Kubb players). With `game` and `name`: that
// player's page, with the rating after each rated result drawn over time
// and the results themselves. The server rates: this page shows it.
import { api, element, showError, playerPage } from "/api.js";
import { loadLanguage } from "/i18n.js";

// The page's words, in the reader's language, before anything is drawn.
await loadLanguage(["players", "refusals"]);

const $ = (id) => document.getElementById(id);
const query = new URLSearchParams(location.search);
const SVG = "http://www.w3.org/2000/svg";

function rounded(value) {
  return String(Math.round(value));
}

async function showBoard() {
  $("board").hidden = false;
  const kind = $("board-kind");
  kind.value = `${query.get("game") || "gt"}/${query.get("of") || "entrants"}`;
  const load = async () => {
    const [game, of] = kind.value.split("/");
    const board = await api("GET", `/api/ratings?game=${game}&of=${of}`);
    const head = element("tr", {}, ["#", "Name", "Rating", "±", "Games"].map((text) => element("th", { scope: "col" }, text)));
    const rows = board.leaders.map((leader) => element("tr", {},
      element("td", {}, String(leader.rank)),
      element("td", {}, element("a", { href: playerPage(game, leader.name, of) }, leader.name)),
      element("td", {}, rounded(leader.rating)),
      element("td", {}, rounded(leader.deviation)),
      element("td", {}, String(leader.games))));
    const empty = element("tr", {}, element("td", { colspan: "5", class: "muted" }, "Nobody is rated yet: play a rated game."));
    $("leaders").replaceChildren(element("thead", {}, head), element("tbody", {}, rows.length ? rows : empty));
  };
  kind.addEventListener("change", () => load().catch((failure) => showError($("error"), failure)));
  await load();
}

function outcome(played) {
  return { win: "won", draw: "drew", loss: "lost" }[played.outcome];
}

function where(played) {
  if (played.game) {
    const href = played.color ? `/gt?id=${played.game}` : `/kubb?id=${played.game}`;
    return element("a", { href }, "the game");
  }
  if (played.tournament) return element("a", { href: `/tournament?id=${played.tournament}` }, "the tournament");
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
  chart.setAttribute("aria-label", `Rating after each of ${history.length} rated results, from ${rounded(history[0].rating)} to ${rounded(last.rating)}`);
}

function record(r) {
  return `${r.wins} won, ${r.draws} drawn, ${r.losses} lost`;
}

async function showPlayer(game, name) {
  const of = query.get("of") || "entrants";
  const page = await api("GET", `/api/players/${game}/${encodeURIComponent(name)}${of === "players" ? "?of=players" : ""}`);
  $("player").hidden = false;
  document.title = `${page.name} — towers`;
  $("player-name").textContent = page.name;
  const board = game === "gt" ? "Guard & Towers" : of === "players" ? "Kubb players" : "Kubb teams";
  $("player-summary").textContent = `${rounded(page.rating)} ± ${rounded(page.deviation)}${page.rank ? ` · number ${page.rank} of ${board}` : ""}`;
  const colours = page.by_color ? ` · with Red: ${record(page.by_color.red)} · with Blue: ${record(page.by_color.blue)}` : "";
  $("player-record").textContent = `${page.games} rated: ${record(page.record)}${colours}`;
  if (page.stats) {
    $("player-stats").hidden = false;
    const rate = page.stats.hit_rate === null ? "no sticks yet" : `${Math.round(page.stats.hit_rate * 100)} % of ${page.stats.sticks} sticks hit`;
    $("player-stats-text").textContent = `${rate} · ${page.stats.king_attempts} at the king · ${page.stats.inkast_in} of ${page.stats.inkast_throws} inkasts in`;
  }
  drawChart(page.history);
  const head = element("tr", {}, ["Date", "Against", "Result", "Rating", ""].map((text) => element("th", { scope: "col" }, text)));
  const rows = [...page.history].reverse().map((played) => element("tr", {},
    element("td", {}, new Date(played.at_ms).toLocaleDateString()),
    element("td", {}, element("a", { href: playerPage(game, played.opponent) }, played.opponent)),
    element("td", {}, `${outcome(played)}${played.color ? ` (${played.color})` : ""}${played.team ? ` for ${played.team}` : ""}`),
    element("td", {}, `${rounded(played.rating)} ± ${rounded(played.deviation)}`),
    element("td", {}, where(played))));
  $("history").replaceChildren(element("thead", {}, head), element("tbody", {}, rows));
  $("back").href = `/players?game=${game}&of=${of}`;
}

const game = query.get("game");
const name = query.get("name");
(name && game ? showPlayer(game, name) : showBoard()).catch((failure) => showError($("error"), failure));
