// Puzzles: the server chooses one near the solver's rating
// (GET /api/gt/puzzles/next), checks each move and answers the
// opponent's reply (POST /api/gt/puzzles/{id}/attempts with the solver's
// moves so far), and rates puzzle and solver when the attempt is over.
// The legal moves and the positions after a move come from the server
// too (POST /api/gt/position): the page holds no rules. The solver is
// known by a random token kept in this browser (localStorage).
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

const state = {
  puzzle: null, position: null, board: null, legal: [], moves: [], selected: null,
  focus: "D4", over: true, busy: false, solved: 0, failed: 0, last: [],
  rating: null, // the puzzle's rating as last said
  feedback: null, // what the banner says about the last move, to say again in another language
};

// The puzzle's themes (the server's names), in the reader's words.
const THEMES = {
  "guard-capture": "puzzles-theme-guard-capture",
  castle: "puzzles-theme-castle",
  split: "puzzles-theme-split",
  stack: "puzzles-theme-stack",
  defence: "puzzles-theme-defence",
};

function themesText(themes) {
  if (!themes.length) return t("puzzles-no-theme");
  return themes.map((theme) => (THEMES[theme] ? t(THEMES[theme]) : theme)).join(", ");
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

// The words of the puzzle shown, in the page's language now.
function renderWords() {
  fillSentence($("your-rating"), "puzzles-your-rating", { rating: $("solver-rating") });
  fillSentence($("tally"), "puzzles-tally", { solved: $("solved-count"), missed: $("failed-count") });
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
  const puzzle = await api("GET", "/api/gt/puzzles/next", undefined, undefined, SOLVER);
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
  if (answer.solved) {
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
}

$("next").addEventListener("click", () => loadNext().catch((error) => showError($("error"), error)));
$("skip").addEventListener("click", () => loadNext().catch((error) => showError($("error"), error)));

// A switch of language keeps the puzzle, its moves and the selection.
onLanguageChange(() => {
  renderWords();
  renderBoard();
  if (state.feedback && !$("feedback").hidden) $("feedback").textContent = state.feedback.words();
});

renderWords();
loadNext().catch((error) => showError($("error"), error));
