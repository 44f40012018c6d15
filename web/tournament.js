// The tournament pages. Without an id: the form that creates one. With an
// id: the public view (standings, rounds with links to the live games,
// crosstable, bracket, exports), kept live by the tournament's socket;
// and, in the browser that holds the organiser's token, the organiser's
// panel. The server pairs, scores and ranks: this page shows what it says.
import { api, tokens, live, element, showError, playerPage } from "/api.js";

const $ = (id) => document.getElementById(id);
const id = new URLSearchParams(location.search).get("id");
const error = $("error");

// Runs an action, showing its error (the server's reason) if it fails.
async function attempt(action) {
  showError(error, null);
  try {
    await action();
  } catch (failure) {
    showError(error, failure);
  }
}

function number(input) {
  return input.value === "" ? undefined : Number(input.value);
}

function setupCreate() {
  $("create").hidden = false;
  const options = () => {
    const format = $("format").value;
    for (const label of document.querySelectorAll("[data-for]")) {
      label.hidden = !label.dataset.for.split(" ").includes(format);
    }
    for (const label of document.querySelectorAll("[data-game]")) {
      label.hidden = label.dataset.game !== $("game").value;
    }
  };
  $("format").addEventListener("change", options);
  $("game").addEventListener("change", options);
  options();
  $("create-form").addEventListener("submit", (event) => {
    event.preventDefault();
    attempt(async () => {
      const format = $("format").value;
      const body = { title: $("title").value, game: $("game").value, format };
      if (format === "swiss") body.rounds = number($("rounds"));
      if (format === "pools-knockout") {
        body.pools = number($("pools"));
        body.qualifiers = number($("qualifiers"));
      }
      if (format === "knockout" || format === "pools-knockout") body.third_place = $("third-place").checked;
      if (body.game === "kubb") body.ruleset = $("ruleset").value;
      const created = await api("POST", "/api/tournaments", body);
      tokens.set(created.id, created.token, "organiser");
      location.href = `/tournament?id=${created.id}`;
    });
  });
}

function gamePage(state, game) {
  return state.game === "gt" ? `/gt?id=${game}` : `/kubb?id=${game}`;
}

function renderStandings(state) {
  const keys = state.standings.length ? Object.keys(state.standings[0].tiebreaks) : [];
  const head = element("tr", {},
    ["#", "Name", "Points", ...keys.map((key) => key.replaceAll("_", " ")), "W-D-L"].map((text) => element("th", { scope: "col" }, text)));
  const rows = state.standings.map((line) => element("tr", {},
    element("td", {}, String(line.rank)),
    element("td", {}, element("a", { href: playerPage(state.game, line.name) }, line.name),
      (line.withdrawn ? " (withdrawn)" : "") + (line.pool ? ` · pool ${line.pool}` : "")),
    element("td", {}, String(line.points)),
    keys.map((key) => element("td", {}, String(line.tiebreaks[key]))),
    element("td", {}, `${line.wins}-${line.draws}-${line.losses}`)));
  $("standings").replaceChildren(element("thead", {}, head), element("tbody", {}, rows));
}

function renderRounds(state) {
  const rounds = [...state.rounds].reverse().map((round) => element("section", {},
    element("h3", {}, `Round ${round.round}${round.stage === "main" ? "" : ` (${round.stage})`}`),
    element("ul", { class: "pairings" }, round.pairings.map((pairing) => element("li", {},
      element("span", {}, pairing.second === null ? `${pairing.first} — bye` : `${pairing.first} – ${pairing.second}`),
      pairing.score === null ? null : element("span", { class: "score" }, pairing.score),
      pairing.game === null ? null : element("a", { href: gamePage(state, pairing.game) }, pairing.score === null ? "watch live" : "see the game"))))));
  $("rounds-list").replaceChildren(...(rounds.length ? rounds : [element("p", { class: "muted" }, "No round is paired yet.")]));
}

function renderCrosstable(state) {
  const names = state.crosstable.map((row) => row.name);
  const head = element("tr", {}, element("th", {}, ""), names.map((name) => element("th", { scope: "col" }, name)));
  const rows = state.crosstable.map((row, r) => element("tr", {},
    element("th", { scope: "row" }, row.name),
    row.results.map((scores, c) => element("td", {}, r === c ? "—" : scores.join(" ")))));
  $("crosstable").replaceChildren(element("thead", {}, head), element("tbody", {}, rows));
}

function statusText(state) {
  const entrants = `${state.entrants.length} entrant${state.entrants.length === 1 ? "" : "s"}`;
  if (state.status === "waiting") return `Registration open: ${entrants}.`;
  const open = state.rounds.length && state.rounds[state.rounds.length - 1].pairings.filter((p) => p.second !== null && p.score === null).length;
  if (state.status === "finished") return `Finished after ${state.rounds.length} rounds.`;
  return `Round ${state.rounds.length} under way: ${open} game${open === 1 ? "" : "s"} still playing.`;
}

function renderOrganiser(state) {
  $("organiser").hidden = false;
  $("players-label").hidden = state.game !== "kubb";
  $("start-round").disabled = state.status === "finished";
  const choices = [];
  for (const round of [...state.rounds].reverse()) {
    for (const pairing of round.pairings) {
      if (pairing.second === null) continue;
      const label = `Round ${round.round}: ${pairing.first} – ${pairing.second}${pairing.score ? ` (${pairing.score})` : ""}`;
      choices.push(element("option", { value: JSON.stringify({ round: round.round, first: pairing.first, second: pairing.second }) }, label));
    }
  }
  const chosen = $("result-pairing").value;
  $("result-pairing").replaceChildren(...choices);
  if (choices.some((option) => option.value === chosen)) $("result-pairing").value = chosen;
}

async function renderGames(state) {
  const { games } = await api("GET", `/api/tournaments/${id}/games`, undefined, tokens.get(id));
  const seatLabel = { red: "Play Red", blue: "Play Blue", referee: "Score this match" };
  $("games").replaceChildren(...[...games].reverse().map((game) => element("li", {},
    element("span", {}, `Round ${game.round}: ${game.first} – ${game.second}`),
    game.tokens.flatMap(({ seat, token }) => [
      element("button", {
        onclick: () => {
          tokens.set(game.game, token, seat === "referee" ? undefined : seat);
          location.href = gamePage(state, game.game);
        },
      }, seatLabel[seat] || seat),
      element("span", { class: "token", title: `${seat} token` }, `${seat}: ${token}`),
    ]))));
}

function render(state) {
  document.title = `${state.title} — towers`;
  $("heading").textContent = `${state.title} · ${state.game === "gt" ? "Guard & Towers" : "Kubb"} · ${state.format.replaceAll("-", " ")}`;
  $("status").textContent = statusText(state);
  const champion = state.status === "finished" && state.standings.length ? state.standings[0].name : null;
  $("champion").hidden = !champion;
  $("champion").textContent = champion ? `${champion} wins the tournament` : "";
  renderStandings(state);
  renderRounds(state);
  renderCrosstable(state);
  const knockout = state.has_bracket && state.rounds.some((round) => round.stage === "knockout");
  $("bracket-section").hidden = !knockout;
  if (knockout) $("bracket").src = `/api/tournaments/${id}/bracket?seq=${state.seq}`;
  if (tokens.get(id)) {
    renderOrganiser(state);
    renderGames(state).catch((failure) => showError(error, failure));
  }
}

function setupOrganiser() {
  const token = () => tokens.get(id);
  $("register-form").addEventListener("submit", (event) => {
    event.preventDefault();
    attempt(async () => {
      const players = $("players").value.split(",").map((p) => p.trim()).filter(Boolean);
      const body = { name: $("entrant").value.trim() };
      if (players.length) body.players = players;
      render(await api("POST", `/api/tournaments/${id}/entrants`, body, token()));
      $("entrant").value = "";
      $("players").value = "";
      $("entrant").focus();
    });
  });
  $("start-round").addEventListener("click", () => attempt(async () => {
    render((await api("POST", `/api/tournaments/${id}/rounds`, {}, token())).state);
  }));
  $("result-form").addEventListener("submit", (event) => {
    event.preventDefault();
    attempt(async () => {
      const pairing = JSON.parse($("result-pairing").value || "null");
      if (!pairing) throw new Error("no pairing to record yet");
      const body = { ...pairing, score: $("result-score").value.trim() };
      render(await api("POST", `/api/tournaments/${id}/results`, body, token()));
      $("result-score").value = "";
    });
  });
}

async function show() {
  $("view").hidden = false;
  $("export-pairings").href = `/api/tournaments/${id}/export?table=pairings`;
  $("export-standings").href = `/api/tournaments/${id}/export?table=standings`;
  if (tokens.get(id)) setupOrganiser();
  await attempt(async () => render(await api("GET", `/api/tournaments/${id}`)));
  live(id, (message) => {
    if (message.state) render(message.state);
  });
}

if (id) show();
else setupCreate();
