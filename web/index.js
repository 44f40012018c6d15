import { api, tokens, element, showError } from "/api.js";

const $ = (id) => document.getElementById(id);
const errorBox = $("error");

function gtOptions() {
  const options = { name: $("gt-name").value.trim() || "Player" };
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
$("play-friend").addEventListener("click", () =>
  create("/api/gt/games", { opponent: "friend", color: $("gt-color").value, ...gtOptions() }, "/gt"));
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
// The tournament settings of docs/kubb.md; the server checks them.
function timeLimit() {
  const minutes = Number($("time-limit").value);
  return minutes > 0 ? { minutes, tie_break: $("tie-break").value } : undefined;
}
$("score-kubb").addEventListener("click", () =>
  create("/api/kubb/matches", {
    ruleset: $("ruleset").value,
    opening: $("opening").value,
    opening_thrower_rule: $("thrower-rule").value === "on",
    base_kubb_double: $("double").value === "on",
    time_limit: timeLimit(),
    team_a: team("team-a", "players-a"),
    team_b: team("team-b", "players-b"),
  }, "/kubb"));

async function loadArchive() {
  const archive = await api("GET", "/api/gt/games?status=finished&limit=20");
  const rows = archive.games.map((game) =>
    element("tr", {},
      element("td", {}, element("a", { href: `/gt?id=${game.id}` }, game.id)),
      element("td", {}, game.settings.players.map((p) => (p.type === "engine" ? `computer ${p.level}` : p.type)).join(" vs ")),
      element("td", {}, game.result || "")));
  $("archive").replaceChildren(...(rows.length ? rows : [element("tr", {}, element("td", { colspan: 3, class: "muted" }, "No finished games yet."))]));
}
loadArchive().catch((error) => showError(errorBox, error));
