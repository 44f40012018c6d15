// Puzzles: the server chooses one near the solver's rating
// (GET /api/gt/puzzles/next), checks each move and answers the
// opponent's reply (POST /api/gt/puzzles/{id}/attempts with the solver's
// moves so far), and rates puzzle and solver when the attempt is over.
// The legal moves and the positions after a move come from the server
// too (POST /api/gt/position): the page holds no rules. The solver is
// known by a random token kept in this browser (localStorage).
import { api, showError, announce, say } from "/api.js";
import { NAMES, squareOrder, plainBoard, targetsFrom } from "/board.js";
import { loadLanguage } from "/i18n.js";

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
};

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
  const side = puzzle.board.side_to_move;
  $("title").textContent = `Puzzle ${puzzle.id}`;
  $("board").dataset.puzzle = puzzle.position;
  $("task").textContent = puzzle.goal === "save"
    ? `${NAMES[side]} to play: every move but one loses. Find the move that saves the game.`
    : `${NAMES[side]} to play and win in ${puzzle.wins_in} move${puzzle.wins_in === 1 ? "" : "s"}.`;
  $("puzzle-rating").textContent = `Puzzle rating ${puzzle.rating}`;
  $("themes").textContent = puzzle.themes.join(", ") || "no theme";
  $("solver-rating").textContent = String(puzzle.solver_rating);
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
    say(`${move}: correct. The opponent answers ${answer.reply}. Keep going.`, true);
    return;
  }
  state.over = true;
  state.busy = false;
  $("puzzle-rating").textContent = `Puzzle rating ${answer.rating}`;
  if (answer.solved) {
    state.solved += 1;
    say(puzzle.goal === "save" ? `${move}: correct, that saves the game!` : `${move}: correct, solved!`, true);
  } else {
    state.failed += 1;
    say(`${move}: wrong. The answer was ${answer.expected.join(" ")}.`, false);
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

loadNext().catch((error) => showError($("error"), error));
