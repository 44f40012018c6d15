// The tournament pages. Without an id: the form that creates one. With an
// id: the public view (standings, rounds with links to the live games,
// crosstable, bracket, exports), kept live by the tournament's socket;
// and, in the browser that holds the organiser's token, the organiser's
// panel. The server pairs, scores and ranks: this page shows what it says.
import { api, tokens, live, element, showError, showMissing, playerPage } from "/api.js";
import { settingsFields, readSettings } from "/kubb-settings.js";
import { loadLanguage, onLanguageChange, t, tAttribute, formatNumber, formatDate, localize, language } from "/i18n.js";

// The page's words, in the reader's language, before anything is drawn.
await loadLanguage(["tournament", "kubb", "refusals"]);

const $ = (id) => document.getElementById(id);
const id = new URLSearchParams(location.search).get("id");
const error = $("error");

// A message with elements in some of its places (a link, a name kept as
// data): formatted with a mark where each goes, then split at the marks,
// so that the sentence stays whole in every language.
const MARK = "\u{E000}";
function withElements(messageId, args, nodes) {
  const marks = Object.fromEntries(Object.keys(nodes).map((key) => [key, `${MARK}${key}${MARK}`]));
  return t(messageId, { ...args, ...marks }).split(MARK).map((part, i) => (i % 2 ? nodes[part] : part));
}

// A name (or a score, in the results' own notation) shown as entered.
function data(text, attributes = {}) {
  return element("span", { translate: "no", ...attributes }, text);
}

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

// The title the form starts with, in the page's language; one the
// organiser typed stays when the language switches.
let titleShown = null;
function fillDefaultTitle() {
  const input = $("title");
  if (input.value === (titleShown ?? input.defaultValue)) input.value = t("tournament-default-title");
  titleShown = t("tournament-default-title");
}

function setupCreate() {
  $("create").hidden = false;
  fillDefaultTitle();
  onLanguageChange(fillDefaultTitle);
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

// The tie-breaks' messages: the name (the value) and its abbreviation
// on a phone (`.short`).
const TIEBREAKS = {
  buchholz: "tournament-tiebreak-buchholz",
  median_buchholz: "tournament-tiebreak-median-buchholz",
  sonneborn_berger: "tournament-tiebreak-sonneborn-berger",
  baseline_difference: "tournament-tiebreak-baseline-difference",
  head_to_head: "tournament-tiebreak-head-to-head",
  direct_encounter: "tournament-tiebreak-direct-encounter",
  wins: "tournament-tiebreak-wins",
};

// A tie-break the page does not know yet keeps the server's key.
function tiebreakName(key) {
  const messageId = TIEBREAKS[key];
  if (!messageId) return { name: key.replaceAll("_", " "), short: key.split("_").map((w) => w[0].toUpperCase()).join("") };
  return { name: t(messageId), short: tAttribute(messageId, "short") };
}

// The formats' names in a tournament's heading, and the stages'.
const FORMATS = {
  "round-robin": "tournament-heading-round-robin",
  "double-round-robin": "tournament-heading-double-round-robin",
  swiss: "tournament-heading-swiss",
  knockout: "tournament-heading-knockout",
  "pools-knockout": "tournament-heading-pools-knockout",
};
const STAGES = { pool: "tournament-stage-pool", knockout: "tournament-stage-knockout" };

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
    element("th", { scope: "col", l10n: ["tournament-col-name"] }),
    element("th", { scope: "col" }, heading(t("tournament-col-points"), tAttribute("tournament-col-points", "short"))),
    keys.map((key) => element("th", { scope: "col", class: "wide-only" }, tiebreakName(key).name)),
    keys.length ? element("th", { scope: "col", class: "narrow-only", l10n: ["tournament-col-tiebreaks"] }) : null,
    element("th", { scope: "col", class: "nowrap" }, element("abbr", { l10n: ["tournament-col-record"] })));
  const rows = state.standings.map((line) => element("tr", {},
    element("td", {}, formatNumber(line.rank)),
    element("td", { class: "name" }, standingName(state, line)),
    element("td", {}, formatNumber(line.points)),
    keys.map((key) => element("td", { class: "wide-only" }, formatNumber(line.tiebreaks[key]))),
    keys.length ? element("td", { class: "narrow-only tiebreaks" }, keys.map((key) => element("span", {},
      element("abbr", { title: tiebreakName(key).name }, tiebreakName(key).short), ` ${formatNumber(line.tiebreaks[key])}`))) : null,
    element("td", { class: "nowrap" }, t("tournament-wdl", { wins: line.wins, draws: line.draws, losses: line.losses }))));
  $("standings").replaceChildren(element("thead", {}, head), element("tbody", {}, rows));
  $("standings-legend").replaceChildren(...(keys.length
    ? [t("tournament-legend", {
      tiebreaks: keys.map((key) => t("tournament-legend-tiebreak", tiebreakName(key))).join("; "),
    })]
    : []));
}

// An entrant's name, linked to their ratings page, and whether they
// withdrew or which pool they play in.
function standingName(state, line) {
  const name = element("a", { href: playerPage(state.game, line.name), translate: "no" }, line.name);
  const pool = line.pool ? data(String(line.pool)) : null;
  if (line.withdrawn && pool) return withElements("tournament-name-withdrawn-pool", {}, { name, pool });
  if (line.withdrawn) return withElements("tournament-name-withdrawn", {}, { name });
  if (pool) return withElements("tournament-name-pool", {}, { name, pool });
  return name;
}

// A pairing's game, live or played; a result the organiser typed has
// none (no game was played to it on the server): it says so instead.
function pairingLink(state, pairing) {
  if (pairing.result_by === "organiser") return element("span", { class: "muted", l10n: ["tournament-entered-by-organiser"] });
  if (pairing.game === null) return null;
  const link = element("a", { href: gamePage(state, pairing.game), l10n: [pairing.score === null ? "tournament-watch-live" : "tournament-see-game"] });
  if (pairing.result_by === "corrected") return [element("span", { class: "muted", l10n: ["tournament-corrected-by-organiser"] }), link];
  return link;
}

// A round's heading: its number, and its stage where the format has two.
function roundTitle(round) {
  if (round.stage === "main") return t("tournament-round", { round: round.round });
  const stage = STAGES[round.stage];
  return stage
    ? t("tournament-round-stage", { round: round.round, stage: t(stage) })
    : withElements("tournament-round-stage", { round: round.round }, { stage: data(round.stage) });
}

// Two entrants paired, or one with the bye.
function pairingNames(pairing) {
  return pairing.second === null
    ? withElements("tournament-bye", {}, { name: data(pairing.first) })
    : withElements("tournament-pairing", {}, { first: data(pairing.first), second: data(pairing.second) });
}

function renderRounds(state) {
  const rounds = [...state.rounds].reverse().map((round) => element("section", {},
    element("h3", {}, roundTitle(round)),
    element("ul", { class: "pairings" }, round.pairings.map((pairing) => element("li", {},
      element("span", {}, pairingNames(pairing)),
      pairing.score === null ? null : data(pairing.score, { class: "score" }),
      pairingLink(state, pairing))))));
  $("rounds-list").replaceChildren(...(rounds.length ? rounds : [element("p", { class: "muted", l10n: ["tournament-no-round"] })]));
}

function renderCrosstable(state) {
  const names = state.crosstable.map((row) => row.name);
  const head = element("tr", {}, element("th", {}, ""), names.map((name) => element("th", { scope: "col", translate: "no" }, name)));
  const rows = state.crosstable.map((row, r) => element("tr", {},
    element("th", { scope: "row", translate: "no" }, row.name),
    row.results.map((scores, c) => element("td", { translate: "no" }, r === c ? "—" : scores.join(" ")))));
  $("crosstable").replaceChildren(element("thead", {}, head), element("tbody", {}, rows));
}

function statusText(state) {
  if (state.status === "waiting") return t("tournament-status-registration", { entrants: state.entrants.length });
  if (state.status === "finished") return t("tournament-status-finished", { rounds: state.rounds.length });
  const open = state.rounds.length && state.rounds[state.rounds.length - 1].pairings.filter((p) => p.second !== null && p.score === null).length;
  return t("tournament-status-playing", { round: state.rounds.length, open });
}

function renderOrganiser(state) {
  $("organiser").hidden = false;
  $("players-label").hidden = state.game !== "kubb";
  $("start-round").disabled = state.status === "finished";
  const choices = [];
  for (const round of [...state.rounds].reverse()) {
    for (const pairing of round.pairings) {
      if (pairing.second === null) continue;
      const label = pairing.score
        ? t("tournament-pairing-choice-score", { round: round.round, first: pairing.first, second: pairing.second, score: pairing.score })
        : t("tournament-pairing-choice", { round: round.round, first: pairing.first, second: pairing.second });
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
// Each seat's name, as elements: an entrant's name is data.
const KUBB_SEATS = {
  referee: () => [t("tournament-seat-referee")],
  "team-a": (game) => [data(game.first)],
  "team-b": (game) => [data(game.second)],
};
const GT_SEATS = {
  red: (game) => withElements("tournament-seat-red", {}, { name: data(game.first) }),
  blue: (game) => withElements("tournament-seat-blue", {}, { name: data(game.second) }),
};
// The seat's name in words, for a label.
const SEAT_WORDS = {
  referee: () => t("tournament-seat-referee"),
  "team-a": (game) => game.first,
  "team-b": (game) => game.second,
  red: (game) => t("tournament-seat-red", { name: game.first }),
  blue: (game) => t("tournament-seat-blue", { name: game.second }),
};
const GT_PLAY = { red: "tournament-play-red", blue: "tournament-play-blue" };
// The QR codes shown (`game seat`), kept open when the list is redrawn.
const qrOpen = new Set();
let gamesShown = null;

// A Kubb match's links name the tournament too, so that its phones show
// the match's call to a pitch (tournament-call.js).
function seatUrl(state, game, seat, token) {
  const page = state.game === "kubb" ? `${gamePage(state, game)}&tournament=${encodeURIComponent(id)}` : gamePage(state, game);
  return `${location.origin}${page}#seat=${encodeURIComponent(seat)}&token=${encodeURIComponent(token)}`;
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
    said.textContent = t("tournament-copied");
    setTimeout(() => { if (said.textContent === t("tournament-copied")) said.textContent = ""; }, 5000);
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
    said.textContent = t(copied ? "tournament-copied" : "tournament-copy-by-hand");
  }
}

function seatLink(state, game, seat, token) {
  const name = SEAT_WORDS[seat](game);
  const url = seatUrl(state, game.game, seat, token);
  const key = `${game.game} ${seat}`;
  const said = element("span", { class: "copied", role: "status" });
  const field = element("input", { class: "seat-url", readonly: "", value: url, l10n: ["tournament-seat-url", { name }], hidden: "" });
  const qr = element("figure", { class: "seat-qr", hidden: "" });
  const toggle = element("button", { type: "button", class: "qr-toggle", "aria-expanded": "false", l10n: ["tournament-qr-show"] });
  // The encoder is loaded when a QR code is first asked for.
  const showQr = async (open) => {
    if (open && !qr.firstChild) {
      const { qrSvg } = await import("/qr.js");
      if (qr.firstChild) return;
      const picture = element("div", { class: "qr-picture" });
      picture.innerHTML = qrSvg(url, { ecl: "L", label: t("tournament-qr-label", { name }) });
      qr.append(picture, element("figcaption", { class: "seat-url-text" }, url));
    }
    qr.hidden = !open;
    localize(toggle, open ? "tournament-qr-hide" : "tournament-qr-show");
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
      l10n: [GT_PLAY[seat]],
    })
    : null;
  const seats = state.game === "gt" ? GT_SEATS : KUBB_SEATS;
  const item = element("li", { class: "seat-link", "data-seat": seat },
    element("a", { href: url, class: "seat-name" }, seats[seat](game)),
    element("div", { class: "row" },
      element("button", { type: "button", onclick: () => copyLink(url, field, said), l10n: ["tournament-copy-link"] }),
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
  const shown = JSON.stringify([games, [...typed], language()]);
  if (shown === gamesShown) return;
  gamesShown = shown;
  const seats = state.game === "gt" ? GT_SEATS : KUBB_SEATS;
  $("games").replaceChildren(...[...games].reverse().map((game) => element("li", { "data-game": game.game },
    element("span", { class: "game-title" },
      withElements("tournament-game-title", { round: game.round }, { first: data(game.first), second: data(game.second) })),
    typed.has(game.game)
      ? element("span", { class: "muted", l10n: ["tournament-no-game-to-play"] })
      : element("ul", { class: "seat-links" }, game.tokens
        .filter(({ seat }) => seats[seat])
        .map(({ seat, token }) => seatLink(state, game, seat, token))))));
}

// The day on its pitches, for the organiser: each pitch with the match
// called to it or played on it (flagged once it runs past its time
// limit, or far past the round's usual length), and the pairings waiting
// for a pitch, in the order they will be called.
const HH_MM = { timeStyle: "short" };

// A pairing by its round and place; a knockout match decided before its
// round is paired is among `ahead`.
function pairingAt(state, ref) {
  return state.rounds[ref.round - 1]?.pairings[ref.index]
    ?? state.ahead.find((p) => p.round === ref.round && p.index === ref.index) ?? null;
}

// Whether a playing match has run past its due time: the server's word
// when it sent the state, or the clock's since.
function overdue(pairing) {
  return pairing.overdue || (pairing.due_at !== null && Date.now() > pairing.due_at);
}

function pitchItem(state, pitch) {
  const ref = pitch.pairing;
  const pairing = ref ? pairingAt(state, ref) : null;
  const toggle = element("button", {
    type: "button",
    l10n: [pitch.in_play ? "tournament-pitch-take-out" : "tournament-pitch-bring-back"],
    onclick: () => attempt(() => savePitches(state.pitches.map((p) => ({ name: p.name, in_play: p.name === pitch.name ? !p.in_play : p.in_play })))),
  });
  const parts = [element("strong", { class: "pitch-name" }, withElements("tournament-pitch-name", {}, { name: data(pitch.name) }))];
  if (!pitch.in_play) parts.push(element("span", { class: "muted", l10n: ["tournament-pitch-out"] }));
  if (pairing) {
    parts.push(element("span", {}, pairingNames(pairing)));
    parts.push(pairing.state === "called"
      ? element("span", { l10n: ["tournament-pitch-called", { time: formatDate(pairing.called_at, HH_MM) }] })
      : element("span", { l10n: ["tournament-pitch-playing", { time: formatDate(pairing.started_at, HH_MM) }] }));
    if (pairing.state === "playing" && overdue(pairing)) parts.push(element("span", { class: "overdue", role: "status", l10n: ["tournament-pitch-overdue"] }));
    if (pairing.state === "called") {
      parts.push(element("button", {
        type: "button",
        l10n: ["tournament-pitch-mark-started"],
        onclick: () => attempt(async () => render(await api("POST", `/api/tournaments/${id}/starts`,
          { round: ref.round, first: ref.first, second: ref.second }, tokens.get(id)))),
      }));
    }
  } else if (pitch.in_play) {
    parts.push(element("span", { class: "muted", l10n: ["tournament-pitch-free"] }));
  }
  parts.push(toggle);
  return element("li", { "data-pitch": pitch.name, class: pairing && overdue(pairing) ? "pitch overdue-pitch" : "pitch" }, parts);
}

// Which playing matches are flagged, as the list shows them.
let overdueShown = "";
function overdueKey(state) {
  return [...state.rounds.flatMap((round) => round.pairings), ...state.ahead]
    .map((p) => (p.state === "playing" && overdue(p) ? "1" : "0")).join("");
}

// Redrawn only when what it shows changes, so that a button keeps its
// focus through the tournament's live updates.
let dayShown = null;

function renderDay(state) {
  overdueShown = overdueKey(state);
  const courses = state.rounds.map((round) => round.pairings.map((p) => [p.state, p.pitch, p.called_at, p.started_at]));
  const shown = JSON.stringify([state.pitches, courses, state.ahead, overdueShown, language()]);
  if (shown === dayShown) return;
  dayShown = shown;
  $("pitch-list").replaceChildren(...state.pitches.map((pitch) => pitchItem(state, pitch)));
  const all = [...state.rounds.flatMap((round) => round.pairings.map((pairing) => ({ ...pairing, round: round.round }))), ...state.ahead];
  const waiting = all.filter((pairing) => pairing.state === "waiting")
    .map((pairing) => element("li", {}, withElements("tournament-waiting-pairing", { round: pairing.round },
      { first: data(pairing.first), second: data(pairing.second) })));
  $("waiting-list").replaceChildren(...(waiting.length ? waiting : [element("li", { class: "muted", l10n: ["tournament-waiting-none"] })]));
  const names = $("pitch-names");
  if (document.activeElement !== names) names.value = state.pitches.map((pitch) => pitch.name).join("\n");
}

// The calls new pitches make come with the tournament's live update;
// asked for at once too, so the page does not wait on the socket.
async function savePitches(pitches) {
  await api("PUT", `/api/tournaments/${id}/pitches`, { pitches }, tokens.get(id));
  render(await api("GET", `/api/tournaments/${id}`));
}

let shownState = null;

function render(state) {
  shownState = state;
  document.title = t("tournament-shown-title", { title: state.title });
  const format = FORMATS[state.format] ? t(FORMATS[state.format]) : data(state.format);
  $("heading").replaceChildren(...withElements("tournament-heading",
    { game: t(state.game === "gt" ? "tournament-game-gt" : "tournament-game-kubb") },
    { title: data(state.title), format }));
  $("status").textContent = statusText(state);
  const champion = state.status === "finished" && state.standings.length ? state.standings[0].name : null;
  $("champion").hidden = !champion;
  $("champion").replaceChildren(...(champion ? withElements("tournament-champion", {}, { name: data(champion) }) : []));
  renderStandings(state);
  renderRounds(state);
  renderCrosstable(state);
  const knockout = state.has_bracket && state.rounds.some((round) => round.stage === "knockout");
  $("bracket-section").hidden = !knockout;
  if (knockout) $("bracket").src = `/api/tournaments/${id}/bracket?seq=${state.seq}`;
  $("board-link").href = `/tournament/board?id=${encodeURIComponent(id)}`;
  if (tokens.get(id)) {
    renderOrganiser(state);
    renderDay(state);
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
  $("pitches-form").addEventListener("submit", (event) => {
    event.preventDefault();
    attempt(async () => {
      const kept = new Map((shownState?.pitches ?? []).map((pitch) => [pitch.name, pitch.in_play]));
      const names = $("pitch-names").value.split("\n").map((name) => name.trim()).filter(Boolean);
      await savePitches(names.map((name) => ({ name, in_play: kept.get(name) ?? true })));
    });
  });
  // A match past its time limit is flagged without waiting for news.
  setInterval(() => {
    if (shownState && overdueKey(shownState) !== overdueShown) renderDay(shownState);
  }, 5000);
  $("result-form").addEventListener("submit", (event) => {
    event.preventDefault();
    attempt(async () => {
      const pairing = JSON.parse($("result-pairing").value || "null");
      if (!pairing) throw new Error(t("tournament-no-pairing-yet"));
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
      localize(document.querySelector("title"), "tournament-missing-title");
      document.querySelector(".missing .row").append(element("a", { class: "button", href: "/tournament", l10n: ["tournament-create-title"] }));
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

// A switch of language redraws the tournament shown (the organiser's
// form keeps what is typed in it).
onLanguageChange(() => {
  if (shownState) render(shownState);
});

if (id) show();
else setupCreate();
