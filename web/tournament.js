// The tournament pages. Without an id: the form that creates one. With an
// id: the public view (standings, rounds with links to the live games,
// crosstable, bracket, exports), kept live by the tournament's socket;
// and, in the browser that holds the organiser's token, the organiser's
// panel. The server pairs, scores and ranks: this page shows what it says.
import { api, tokens, live, element, showError, showMissing, playerPage } from "/api.js";
import { settingsFields, readSettings } from "/kubb-settings.js";
import { loadLanguage } from "/i18n.js";

// The page's words, in the reader's language, before anything is drawn.
await loadLanguage(["tournament", "kubb", "refusals"]);

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
  settingsFields($("match-settings"), "match-");
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
      if (body.game === "kubb") {
        body.ruleset = $("ruleset").value;
        body.match_settings = readSettings("match-");
      }
      const created = await api("POST", "/api/tournaments", body);
      tokens.set(created.id, created.token, "organiser");
      location.href = `/tournament?id=${created.id}`;
    });
  });
}

function gamePage(state, game) {
  return state.game === "gt" ? `/gt?id=${game}` : `/kubb?id=${game}`;
}

// The tie-breaks' names, and their abbreviations on a phone.
const TIEBREAKS = {
  buchholz: ["Buchholz", "Bh"],
  median_buchholz: ["Median Buchholz", "MBh"],
  sonneborn_berger: ["Sonneborn–Berger", "SB"],
  baseline_difference: ["Baseline kubb difference", "BKD"],
  head_to_head: ["Head to head", "H2H"],
  direct_encounter: ["Direct encounter", "DE"],
  wins: ["Wins", "W"],
};

function tiebreakName(key) {
  const [name, short] = TIEBREAKS[key] || [key.replaceAll("_", " "), key.split("_").map((w) => w[0].toUpperCase()).join("")];
  return { name, short };
}

// A heading in full on a wide screen, abbreviated (its full name as the
// title) on a phone.
function heading(name, short) {
  return [element("span", { class: "wide-only" }, name), element("abbr", { class: "narrow-only", title: name }, short)];
}

// On a wide screen every tie-break has its column; on a phone they share
// one (abbreviated, a legend below), so that the table fits a 320 px
// screen.
function renderStandings(state) {
  const keys = state.standings.length ? Object.keys(state.standings[0].tiebreaks) : [];
  const head = element("tr", {},
    element("th", { scope: "col" }, "#"),
    element("th", { scope: "col" }, "Name"),
    element("th", { scope: "col" }, heading("Points", "Pts")),
    keys.map((key) => element("th", { scope: "col", class: "wide-only" }, tiebreakName(key).name)),
    keys.length ? element("th", { scope: "col", class: "narrow-only" }, "Tie-breaks") : null,
    element("th", { scope: "col", class: "nowrap" }, element("abbr", { title: "Won, drawn, lost" }, "W-D-L")));
  const rows = state.standings.map((line) => element("tr", {},
    element("td", {}, String(line.rank)),
    element("td", { class: "name" }, element("a", { href: playerPage(state.game, line.name) }, line.name),
      (line.withdrawn ? " (withdrawn)" : "") + (line.pool ? ` · pool ${line.pool}` : "")),
    element("td", {}, String(line.points)),
    keys.map((key) => element("td", { class: "wide-only" }, String(line.tiebreaks[key]))),
    keys.length ? element("td", { class: "narrow-only tiebreaks" }, keys.map((key) => element("span", {},
      element("abbr", { title: tiebreakName(key).name }, tiebreakName(key).short), ` ${line.tiebreaks[key]}`))) : null,
    element("td", { class: "nowrap" }, `${line.wins}-${line.draws}-${line.losses}`)));
  $("standings").replaceChildren(element("thead", {}, head), element("tbody", {}, rows));
  $("standings-legend").replaceChildren(...(keys.length
    ? ["Pts: points; W-D-L: won, drawn, lost; ", keys.map((key) => `${tiebreakName(key).short}: ${tiebreakName(key).name}`).join("; "), "."]
    : []));
}

// A pairing's game, live or played; a result the organiser typed has
// none (no game was played to it on the server): it says so instead.
function pairingLink(state, pairing) {
  if (pairing.result_by === "organiser") return element("span", { class: "muted" }, "as entered by the organiser");
  if (pairing.game === null) return null;
  const link = element("a", { href: gamePage(state, pairing.game) }, pairing.score === null ? "watch live" : "see the game");
  if (pairing.result_by === "corrected") return [element("span", { class: "muted" }, "corrected by the organiser"), link];
  return link;
}

function renderRounds(state) {
  const rounds = [...state.rounds].reverse().map((round) => element("section", {},
    element("h3", {}, `Round ${round.round}${round.stage === "main" ? "" : ` (${round.stage})`}`),
    element("ul", { class: "pairings" }, round.pairings.map((pairing) => element("li", {},
      element("span", {}, pairing.second === null ? `${pairing.first} — bye` : `${pairing.first} – ${pairing.second}`),
      pairing.score === null ? null : element("span", { class: "score" }, pairing.score),
      pairingLink(state, pairing))))));
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

// The organiser's links: for each pairing's game, one link per seat,
// that opens it on any phone (the seat's token in the fragment, which
// never reaches the server: the page keeps it and clears the address
// bar). A Kubb match has the referee's and each team's; a Guard & Towers
// game each player's, and may also be played in this browser. Each link
// can be copied or shown as a QR code to scan. A pairing whose result
// the organiser typed has no game to play: no links.
const KUBB_SEATS = { referee: () => "Referee", "team-a": (game) => game.first, "team-b": (game) => game.second };
const GT_SEATS = { red: (game) => `${game.first} (Red)`, blue: (game) => `${game.second} (Blue)` };
const GT_PLAY = { red: "Play Red", blue: "Play Blue" };
// The QR codes shown (`game seat`), kept open when the list is redrawn.
const qrOpen = new Set();
let gamesShown = null;

function seatUrl(state, game, seat, token) {
  return `${location.origin}${gamePage(state, game)}#seat=${encodeURIComponent(seat)}&token=${encodeURIComponent(token)}`;
}

// Copies `url`; where the clipboard is not to be had (a page served
// over plain http from a laptop on the club's network), the link is
// shown selected, to copy by hand.
async function copyLink(url, field, said) {
  said.textContent = "";
  try {
    if (!navigator.clipboard) throw new Error("no clipboard");
    await navigator.clipboard.writeText(url);
    field.hidden = true;
    said.textContent = "Copied";
    setTimeout(() => { if (said.textContent === "Copied") said.textContent = ""; }, 5000);
  } catch {
    field.hidden = false;
    field.focus();
    field.select();
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
    said.textContent = copied ? "Copied" : "Select the link and copy it";
  }
}

function seatLink(state, game, seat, token, name) {
  const url = seatUrl(state, game.game, seat, token);
  const key = `${game.game} ${seat}`;
  const said = element("span", { class: "copied", role: "status" });
  const field = element("input", { class: "seat-url", readonly: "", value: url, "aria-label": `Link for ${name}`, hidden: "" });
  const qr = element("figure", { class: "seat-qr", hidden: "" });
  const toggle = element("button", { type: "button", class: "qr-toggle", "aria-expanded": "false" }, "Show QR code");
  // The encoder is loaded when a QR code is first asked for.
  const showQr = async (open) => {
    if (open && !qr.firstChild) {
      const { qrSvg } = await import("/qr.js");
      if (qr.firstChild) return;
      const picture = element("div", { class: "qr-picture" });
      picture.innerHTML = qrSvg(url, { ecl: "L", label: `QR code of the link for ${name}` });
      qr.append(picture, element("figcaption", { class: "seat-url-text" }, url));
    }
    qr.hidden = !open;
    toggle.textContent = open ? "Hide QR code" : "Show QR code";
    toggle.setAttribute("aria-expanded", String(open));
    if (open) qrOpen.add(key);
    else qrOpen.delete(key);
  };
  toggle.addEventListener("click", () => showQr(qr.hidden).catch((failure) => showError(error, failure)));
  const play = state.game === "gt" && GT_PLAY[seat]
    ? element("button", {
      type: "button",
      onclick: () => {
        tokens.set(game.game, token, seat);
        location.href = gamePage(state, game.game);
      },
    }, GT_PLAY[seat])
    : null;
  const item = element("li", { class: "seat-link", "data-seat": seat },
    element("a", { href: url, class: "seat-name" }, name),
    element("div", { class: "row" },
      element("button", { type: "button", onclick: () => copyLink(url, field, said) }, "Copy link"),
      toggle, play, said),
    field, qr);
  if (qrOpen.has(key)) showQr(true).catch((failure) => showError(error, failure));
  return item;
}

async function renderGames(state) {
  const { games } = await api("GET", `/api/tournaments/${id}/games`, undefined, tokens.get(id));
  const typed = new Set(state.rounds.flatMap((round) => round.pairings)
    .filter((pairing) => pairing.result_by === "organiser" && pairing.game)
    .map((pairing) => pairing.game));
  // Redrawn only when a link changes, so that a QR code shown, a
  // "Copied" or the focus survive the tournament's live updates.
  const shown = JSON.stringify([games, [...typed]]);
  if (shown === gamesShown) return;
  gamesShown = shown;
  const seats = state.game === "gt" ? GT_SEATS : KUBB_SEATS;
  $("games").replaceChildren(...[...games].reverse().map((game) => element("li", { "data-game": game.game },
    element("span", { class: "game-title" }, `Round ${game.round}: ${game.first} – ${game.second}`),
    typed.has(game.game)
      ? element("span", { class: "muted" }, "Result entered by the organiser: no game to play.")
      : element("ul", { class: "seat-links" }, game.tokens
        .filter(({ seat }) => seats[seat])
        .map(({ seat, token }) => seatLink(state, game, seat, token, seats[seat](game)))))));
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
  let state = null;
  try {
    state = await api("GET", `/api/tournaments/${id}`);
  } catch (failure) {
    // No such tournament: said plainly, and no socket to wait on.
    if (failure.status === 404) {
      showMissing("tournament", id);
      document.title = "No tournament here — towers";
      document.querySelector(".missing .row").append(element("a", { class: "button", href: "/tournament" }, "Run a tournament"));
      return;
    }
    showError(error, failure);
  }
  $("view").hidden = false;
  $("export-pairings").href = `/api/tournaments/${id}/export?table=pairings`;
  $("export-standings").href = `/api/tournaments/${id}/export?table=standings`;
  if (tokens.get(id)) setupOrganiser();
  if (state) render(state);
  live(id, (message) => {
    if (message.state) render(message.state);
  });
}

if (id) show();
else setupCreate();
