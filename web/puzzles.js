// Puzzles: the server chooses one near the solver's rating, of the theme
// the solver chose or any (GET /api/gt/puzzles/next?theme=…), checks each
// move and answers the opponent's reply (POST
// /api/gt/puzzles/{id}/attempts with the solver's moves so far), and
// rates puzzle and solver when the attempt is over; the solver's results
// by theme are the server's too (GET /api/gt/puzzles/results). The legal
// moves and the positions after a move come from the server too (POST
// /api/gt/position): the page holds no rules. The solver is known by a
// random token kept in this browser (localStorage), as is the theme
// chosen.
import { api, showError, announce, say } from "/api.js";
import { colorName, squareOrder, plainBoard, targetsFrom } from "/board.js";
import { loadLanguage, onLanguageChange, t } from "/i18n.js";

// The page's words, in the reader's language, before anything is drawn.
await loadLanguage(["puzzles", "gt", "refusals"]);

const $ = (id) => document.getElementById(id);

function solverToken() {
  let token = localStorage.getItem("towers-puzzle-solver");
  if (!token) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    token = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem("towers-puzzle-solver", token);
  }
  return token;
}
const SOLVER = { "x-solver": solverToken() };

// The puzzles' themes (the server's names, in the engine's order), in
// the reader's words.
const THEMES = {
  "guard-capture": "puzzles-theme-guard-capture",
  castle: "puzzles-theme-castle",
  split: "puzzles-theme-split",
  stack: "puzzles-theme-stack",
  "quiet-move": "puzzles-theme-quiet-move",
  sacrifice: "puzzles-theme-sacrifice",
  defence: "puzzles-theme-defence",
  endgame: "puzzles-theme-endgame",
};

// The theme chosen on this browser before ("" for all of them).
const THEME_STORE = "towers-puzzle-theme";
function storedTheme() {
  const theme = localStorage.getItem(THEME_STORE) || "";
  return Object.hasOwn(THEMES, theme) ? theme : "";
}

const state = {
  puzzle: null, position: null, board: null, legal: [], moves: [], selected: null,
  focus: "D4", over: true, busy: false, solved: 0, failed: 0, last: [],
  rating: null, // the puzzle's rating as last said
  feedback: null, // what the banner says about the last move, to say again in another language
  theme: storedTheme(), // the theme asked for, "" for any
  results: null, // the solver's results by theme, as the server last said
};

function themesText(themes) {
  if (!themes.length) return t("puzzles-no-theme");
  return themes.map(themeName).join(", ");
}

// A sentence with elements in it (the counts and the rating the page
// updates): the message is formatted with a marker in each slot and the
// elements put where the markers fell, so each language places them.
function fillSentence(node, id, slots) {
  const names = Object.keys(slots);
  const markers = Object.fromEntries(names.map((name, index) => [name, `\u{E000}${index}\u{E000}`]));
  const parts = t(id, markers).split(/\u{E000}(\d+)\u{E000}/u);
  node.replaceChildren(...parts.map((part, index) => (index % 2 ? slots[names[Number(part)]] : part)));
}

function themeName(theme) {
  return THEMES[theme] ? t(THEMES[theme]) : theme;
}

// The theme chooser: all themes, or one, the chosen one selected.
function renderThemeChoice() {
  const option = (value, text) => {
    const element = document.createElement("option");
    element.value = value;
    element.textContent = text;
    return element;
  };
  $("theme").replaceChildren(
    option("", t("puzzles-theme-all")),
    ...Object.keys(THEMES).map((theme) => option(theme, themeName(theme))),
  );
  $("theme").value = state.theme;
}

// The solver's results, a row for each theme it has finished a puzzle of.
function renderResults() {
  const rows = (state.results ? state.results.by_theme : []).filter((row) => row.solved + row.failed > 0);
  $("results-none").hidden = rows.length > 0;
  $("results").hidden = rows.length === 0;
  $("results-body").replaceChildren(...rows.map((row) => {
    const line = document.createElement("tr");
    line.dataset.theme = row.theme;
    const heading = document.createElement("th");
    heading.scope = "row";
    heading.textContent = themeName(row.theme);
    const solved = document.createElement("td");
    solved.className = "solved";
    solved.textContent = String(row.solved);
    const failed = document.createElement("td");
    failed.className = "failed";
    failed.textContent = String(row.failed);
    line.append(heading, solved, failed);
    return line;
  }));
}

async function loadResults() {
  state.results = await api("GET", "/api/gt/puzzles/results", undefined, undefined, SOLVER);
  renderResults();
}

// The words of the puzzle shown, in the page's language now.
function renderWords() {
  fillSentence($("your-rating"), "puzzles-your-rating", { rating: $("solver-rating") });
  fillSentence($("tally"), "puzzles-tally", { solved: $("solved-count"), missed: $("failed-count") });
  renderThemeChoice();
  renderResults();
  const puzzle = state.puzzle;
  if (!puzzle) return;
  const side = puzzle.board.side_to_move;
  $("title").textContent = t("puzzles-title", { id: String(puzzle.id) });
  $("task").textContent = puzzle.goal === "save"
    ? t("puzzles-task-save", { color: colorName(side) })
    : t("puzzles-task-win", { color: colorName(side), moves: puzzle.wins_in });
  $("puzzle-rating").textContent = t("puzzles-rating", { rating: String(state.rating) });
  $("themes").textContent = themesText(puzzle.themes);
}

// The banner's words about a move, kept to say again after a switch.
function tell(words, good) {
  state.feedback = { words, good };
  say(words(), good);
}

// The solver's side at the bottom of the board.
function orientation() {
  return squareOrder(state.puzzle ? state.puzzle.board.side_to_move : "red");
}

async function after(position, move) {
  return api("POST", "/api/gt/position", move ? { position, move } : { position });
}

async function loadNext() {
  $("feedback").hidden = true;
  $("next").hidden = true;
  $("skip").hidden = false;
  state.busy = true;
  state.legal = [];
  const query = state.theme ? `?theme=${encodeURIComponent(state.theme)}` : "";
  const puzzle = await api("GET", `/api/gt/puzzles/next${query}`, undefined, undefined, SOLVER);
  state.puzzle = puzzle;
  state.moves = [];
  state.selected = null;
  state.last = [];
  state.over = false;
  state.rating = puzzle.rating;
  state.feedback = null;
  $("board").dataset.puzzle = puzzle.position;
  $("solver-rating").textContent = String(puzzle.solver_rating);
  renderWords();
  state.busy = false;
  await setPosition(puzzle.position);
  announce(`${$("title").textContent}. ${$("task").textContent}`);
}

async function setPosition(position) {
  const answer = await after(position);
  state.position = answer.position;
  state.board = answer.board;
  state.legal = state.over ? [] : answer.legal;
  renderBoard();
}

function targetsOf(square) {
  if (state.over || state.busy) return [];
  return targetsFrom(state.legal, square);
}

const renderBoard = plainBoard($("board"), {
  state,
  order: orientation,
  targetsOf,
  play: (move) => play(move.text).catch((error) => showError($("error"), error)),
});

// Shows the position after `move` (its text) and marks the move's squares.
async function show(move) {
  const shown = await after(state.position, move);
  state.position = shown.position;
  state.board = shown.board;
  state.last = [shown.last_move.from, shown.last_move.to];
  return shown;
}

async function play(move) {
  state.busy = true;
  const puzzle = state.puzzle;
  state.moves.push(move);
  await show(move);
  state.legal = [];
  renderBoard();
  const answer = await api("POST", `/api/gt/puzzles/${puzzle.id}/attempts`, { moves: state.moves }, undefined, SOLVER);
  if (answer.solver_rating !== null && answer.solver_rating !== undefined) {
    $("solver-rating").textContent = String(answer.solver_rating);
  }
  if (!answer.complete) {
    const replied = await show(answer.reply);
    state.legal = replied.legal;
    state.busy = false;
    renderBoard();
    tell(() => t("puzzles-keep-going", { move, reply: answer.reply }), true);
    return;
  }
  state.over = true;
  state.busy = false;
  state.rating = answer.rating;
  $("puzzle-rating").textContent = t("puzzles-rating", { rating: String(answer.rating) });
  if (answer.solved && answer.other_win) {
    // Another forced win than the puzzle's line: right, and the line is
    // shown for the faster one (or one as fast).
    state.solved += 1;
    tell(() => t("puzzles-solved-otherwise", { move, moves: answer.other_win, line: puzzle.wins_in, answer: answer.expected.join(" ") }), true);
  } else if (answer.solved) {
    state.solved += 1;
    tell(() => t(puzzle.goal === "save" ? "puzzles-saved" : "puzzles-solved", { move }), true);
  } else {
    state.failed += 1;
    tell(() => t("puzzles-wrong", { move, answer: answer.expected.join(" ") }), false);
  }
  $("solved-count").textContent = String(state.solved);
  $("failed-count").textContent = String(state.failed);
  renderBoard();
  $("skip").hidden = true;
  $("next").hidden = false;
  $("next").focus();
  if (answer.rated) await loadResults();
}

$("next").addEventListener("click", () => loadNext().catch((error) => showError($("error"), error)));
$("skip").addEventListener("click", () => loadNext().catch((error) => showError($("error"), error)));
// Another theme: remembered, and the next puzzle is of it.
$("theme").addEventListener("change", () => {
  state.theme = $("theme").value;
  localStorage.setItem(THEME_STORE, state.theme);
  showError($("error"), null);
  loadNext().catch((error) => showError($("error"), error));
});

// A switch of language keeps the puzzle, its moves and the selection.
onLanguageChange(() => {
  renderWords();
  renderBoard();
  if (state.feedback && !$("feedback").hidden) $("feedback").textContent = state.feedback.words();
});

renderWords();
loadNext().catch((error) => showError($("error"), error));
loadResults().catch((error) => showError($("error"), error));
