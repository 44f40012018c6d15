// What the Guard & Towers pages share to draw a board and say a score:
// the board's squares and their keys, drawn from the board the server
// sends as data (`{side_to_move, pieces: [{kind, square, color, stones}]}`,
// never read from notation), the plain board of the lesson and the
// puzzles, and the engine's score in the player's words. A move is the
// server's data too: `{from, to, stones, text}`.

import { element, redraw, announce } from "/api.js";
import { t, formatNumber } from "/i18n.js";

export const COLUMNS = "ABCDEFG";
// The colours' names, in the reader's language.
const COLOR_NAMES = { red: "gt-red", blue: "gt-blue" };
export function colorName(color) {
  return t(COLOR_NAMES[color]);
}

// Why a game ended (the server's termination, "guard captured" or, with
// a detail, "time forfeit: …"), in the reader's words; a reason the page
// does not know is shown as the server wrote it.
const REASONS = {
  "guard captured": "gt-reason-guard-captured",
  "castle reached": "gt-reason-castle-reached",
  "no legal move": "gt-reason-no-legal-move",
  "threefold repetition": "gt-reason-threefold-repetition",
  "no progress": "gt-reason-no-progress",
  resignation: "gt-reason-resignation",
  "draw agreed": "gt-reason-draw-agreed",
  unterminated: "gt-reason-unterminated",
  "time forfeit": "gt-reason-time-forfeit",
  "illegal move": "gt-reason-illegal-move",
  "engine crash": "gt-reason-engine-crash",
  disconnect: "gt-reason-disconnect",
  adjudication: "gt-reason-adjudication",
};
export function reasonText(reason) {
  if (REASONS[reason]) return t(REASONS[reason]);
  const split = reason.indexOf(": ");
  const name = split < 0 ? null : reason.slice(0, split);
  if (name && REASONS[name]) return t("gt-reason-detail", { reason: t(REASONS[name]), detail: reason.slice(split + 2) });
  return reason;
}

// The order the squares are drawn in, with `bottom`'s side at the bottom:
// Red starts on rank 7, so Red's view draws rank 1 first (at the top) and
// the files mirrored, turning the board as a whole.
export function squareOrder(bottom) {
  return bottom === "red"
    ? { ranks: [1, 2, 3, 4, 5, 6, 7], columns: [...COLUMNS].reverse() }
    : { ranks: [7, 6, 5, 4, 3, 2, 1], columns: [...COLUMNS] };
}

// The classes of a square on every page: its colour, the castles, the
// selected piece, its targets, the last move and an occupant.
export function squareClasses(square, piece, { selected, targets, last }) {
  const classes = ["square"];
  if ((COLUMNS.indexOf(square[0]) + Number(square[1])) % 2 === 0) classes.push("dark");
  if (square === "D1" || square === "D7") classes.push("castle");
  if (last.includes(square)) classes.push("last");
  if (square === selected) classes.push("selected");
  if (targets.includes(square)) classes.push("target");
  if (piece) classes.push("occupied");
  return classes;
}

// A piece as drawn on its square.
export function pieceShape(piece) {
  const guard = piece.kind === "guard";
  return element("span", { class: `piece ${piece.color}${guard ? " guard" : ""}`, "aria-hidden": "true" },
    guard ? "♛" : String(piece.stones));
}

// The piece on `square` of `board`, or undefined on an empty square.
export function pieceAt(board, square) {
  return board.pieces.find((piece) => piece.square === square);
}

// The squares the piece on `square` may go to by one of `moves`.
export function targetsFrom(moves, square) {
  return moves.filter((move) => move.from === square).map((move) => move.to);
}

// A square as a button that `view.press` answers: the lesson's and the
// puzzles' (the game page adds dragging and a move's arrival to it).
function plainSquare(square, piece, view) {
  const targeted = view.targets.includes(square);
  const button = element("button", {
    class: squareClasses(square, piece, view).join(" "),
    "data-square": square,
    "data-key": square,
    tabindex: square === view.focus ? "0" : "-1",
    "aria-label": targeted ? t("gt-square-target", { description: describe(square, piece) }) : describe(square, piece),
    onclick: () => view.press(square),
  });
  if (piece) button.append(pieceShape(piece));
  return button;
}

// The lesson's and the puzzles' board in `node` (the game page adds
// dragging and its own words to its own): `state` holds the `board`, its
// `legal` moves, the `last` move's squares and the `selected` and `focus`
// squares; `order()` is the squares' order, `targetsOf(square)` where the
// piece there may go now, `play(move)` plays one of the legal moves. The
// second of two presses plays the move, the first selects a piece that
// can move; arrow keys move the focus. Answers the function that draws
// the board again.
export function plainBoard(node, { state, order, targetsOf, play }) {
  function render() {
    const view = {
      focus: state.focus,
      selected: state.selected,
      targets: state.selected ? targetsOf(state.selected) : [],
      last: state.last,
      press,
    };
    drawBoard(node, state.board, order(), (square, piece) => plainSquare(square, piece, view));
  }
  function press(square) {
    state.focus = square;
    const selected = state.selected;
    if (selected && targetsOf(selected).includes(square)) {
      state.selected = null;
      play(state.legal.find((move) => move.from === selected && move.to === square));
      return;
    }
    const targets = targetsOf(square);
    state.selected = targets.length ? square : null;
    render();
    if (targets.length) announce(t("gt-announce-can-go", { square, targets: targets.join(", ") }));
  }
  arrowKeys(node, order, () => state.focus, (square) => {
    state.focus = square;
    render();
  });
  return render;
}

// Draws the server's `data` board into `board` in `order`, with the
// coordinates along the left and the bottom; `makeSquare(square, piece)`
// draws each square.
export function drawBoard(board, data, order, makeSquare) {
  const pieces = Object.fromEntries(data.pieces.map((piece) => [piece.square, piece]));
  redraw(board, () => {
    board.replaceChildren();
    for (const rank of order.ranks) {
      board.append(element("div", { class: "coord", "aria-hidden": "true" }, String(rank)));
      for (const column of order.columns) board.append(makeSquare(column + rank, pieces[column + rank]));
    }
    board.append(element("div"));
    for (const column of order.columns) board.append(element("div", { class: "coord", "aria-hidden": "true" }, column));
  });
}

// Arrow keys move the focus from square to square on the screen (Enter
// and Space press the focused one, as for any button). `order()` is the
// squares' order now, `focus()` the focused square; `moveTo(square)`
// redraws the board with that square focused.
export function arrowKeys(board, order, focus, moveTo) {
  const steps = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  board.addEventListener("keydown", (event) => {
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    const { ranks, columns } = order();
    const square = focus();
    const x = Math.min(6, Math.max(0, columns.indexOf(square[0]) + step[0]));
    const y = Math.min(6, Math.max(0, ranks.indexOf(Number(square[1])) + step[1]));
    const next = columns[x] + ranks[y];
    moveTo(next);
    board.querySelector(`[data-square="${next}"]`).focus();
  });
}

// A square and its occupant, as a screen reader says it.
export function describe(square, piece) {
  if (!piece) return t("gt-square-empty", { square });
  if (piece.kind === "guard") return t("gt-square-guard", { square, color: piece.color });
  return t("gt-square-tower", { square, color: piece.color, stones: piece.stones });
}

// The engine's score (`cp N`, `win N`, `loss N`, for `mover`) as the
// winning share of `seat`, 0 to 1.
export function scoreFor(score, mover, seat) {
  const [kind, value] = score.split(" ");
  let moverShare;
  if (kind === "cp") moverShare = 1 / (1 + Math.exp(-Number(value) / 200));
  else moverShare = kind === "win" ? 1 : 0;
  return mover === seat ? moverShare : 1 - moverShare;
}

// The score in words: who is ahead by how many stones (100 centistones
// are one tower stone), or who wins in how many moves.
export function scoreText(score, mover) {
  const [kind, value] = score.split(" ");
  const opponent = mover === "red" ? "blue" : "red";
  if (kind === "win") return t("gt-score-wins", { color: colorName(mover), moves: Number(value) });
  if (kind === "loss") return t("gt-score-wins", { color: colorName(opponent), moves: Number(value) });
  const stones = Number(value) / 100;
  if (Math.abs(stones) < 0.05) return t("gt-score-level");
  const ahead = stones > 0 ? mover : opponent;
  // Tenths of a stone: "1.0 stone", "1.5 stones".
  const amount = Math.round(Math.abs(stones) * 10) / 10;
  return t("gt-score-ahead", {
    color: colorName(ahead),
    stones: formatNumber(amount, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    count: amount,
  });
}

// The endgame tables' verdict: exact, so a win in so many moves or a draw.
export function tablebaseText(score, mover) {
  const [kind, value] = score.split(" ");
  const opponent = mover === "red" ? "blue" : "red";
  if (kind === "win") return t("gt-tablebase-wins", { color: colorName(mover), moves: Number(value) });
  if (kind === "loss") return t("gt-tablebase-wins", { color: colorName(opponent), moves: Number(value) });
  return t("gt-tablebase-draw");
}

// A forced win counts more than any material lead, sooner more than later.
const FORCED = 100000;
// Leads beyond this many centistones (50 stones) count as this much: only
// a forced result is worth more.
const MOST_CP = 5000;

// The engine's score as points for `seat` (centistones; a forced win
// nearly FORCED, a forced loss nearly minus it). Unlike the winning
// share, points do not flatten near the ends: a forced win thrown away
// is the costliest move there is.
export function scorePoints(score, mover, seat) {
  const [kind, value] = score.split(" ");
  let points;
  if (kind === "win") points = FORCED - Number(value);
  else if (kind === "loss") points = Number(value) - FORCED;
  else points = Math.max(-MOST_CP, Math.min(MOST_CP, Number(value)));
  return mover === seat ? points : -points;
}

// What a move that took its player from `before` to `after` points was:
// a blunder (a forced win let go, a forced loss walked into, or three
// stones or more lost), a mistake (one and a half), an inaccuracy (half
// a stone), or nothing to speak of (null).
export function mistakeKind(before, after) {
  const winning = (points) => points > FORCED / 2;
  const losing = (points) => points < -FORCED / 2;
  const cost = before - after;
  if ((winning(before) && !winning(after)) || (losing(after) && !losing(before)) || cost >= 300) return "blunder";
  if (cost >= 150) return "mistake";
  if (cost >= 50) return "inaccuracy";
  return null;
}
