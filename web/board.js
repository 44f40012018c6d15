// What the Guard & Towers pages share to draw a board and say a score:
// reading the position notation for display (never to decide a rule),
// the board's squares and their keys, and the engine's score in the
// player's words.

import { element, redraw, announce } from "/api.js";

export const COLUMNS = "ABCDEFG";
export const NAMES = { red: "Red", blue: "Blue" };

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
  return element("span", { class: `piece ${piece.color}${piece.guard ? " guard" : ""}`, "aria-hidden": "true" },
    piece.guard ? "♛" : String(piece.height));
}

// A square as a button that `view.press` answers: the lesson's and the
// puzzles' (the game page adds dragging and a move's arrival to it).
export function plainSquare(square, piece, view) {
  const targeted = view.targets.includes(square);
  const button = element("button", {
    class: squareClasses(square, piece, view).join(" "),
    "data-square": square,
    "data-key": square,
    tabindex: square === view.focus ? "0" : "-1",
    "aria-label": describe(square, piece) + (targeted ? ", move here" : ""),
    onclick: () => view.press(square),
  });
  if (piece) button.append(pieceShape(piece));
  return button;
}

// A press of a square on a board whose `view` says `selected()`, the
// `targetsOf(square)`, the `legal` moves and how to `play(move)` and
// `render()`: the second of two presses plays the move, the first
// selects a piece that can move (the lesson's and the puzzles' boards;
// the game page adds dragging and its own words).
export function pressSquare(view, square) {
  const selected = view.selected();
  if (selected && view.targetsOf(selected).includes(square)) {
    view.select(null);
    view.play(view.legal().find((m) => m.startsWith(`${selected}-${square}-`)));
    return;
  }
  const targets = view.targetsOf(square);
  view.select(targets.length ? square : null);
  view.render();
  if (targets.length) announce(`${square} selected: it can go to ${targets.join(", ")}.`);
}

// Draws `position` into `board` in `order`, with the coordinates along
// the left and the bottom; `makeSquare(square, piece)` draws each square.
export function drawBoard(board, position, order, makeSquare) {
  const pieces = parsePosition(position);
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

// Position notation to a map square -> piece (display only).
export function parsePosition(text) {
  const pieces = {};
  const ranks = text.split(" ")[0].split("/");
  ranks.forEach((rankText, index) => {
    const rank = 7 - index;
    let column = 0;
    for (let i = 0; i < rankText.length;) {
      const c = rankText[i];
      if (c === "r" || c === "b") {
        pieces[COLUMNS[column] + rank] = { color: c === "r" ? "red" : "blue", height: Number(rankText[i + 1]) };
        column += 1;
        i += 2;
      } else if (c === "R" || c === "B") {
        pieces[COLUMNS[column] + rank] = { color: c === "R" ? "red" : "blue", guard: true };
        column += 1;
        i += 2;
      } else {
        column += Number(c);
        i += 1;
      }
    }
  });
  return pieces;
}

export function describe(square, piece) {
  if (!piece) return `${square}, empty`;
  if (piece.guard) return `${square}, ${piece.color} guard`;
  return `${square}, ${piece.color} tower of ${piece.height}`;
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
  if (kind === "win") return `${NAMES[mover]} wins in ${value}.`;
  if (kind === "loss") return `${NAMES[opponent]} wins in ${value}.`;
  const stones = Number(value) / 100;
  if (Math.abs(stones) < 0.05) return "Level.";
  const ahead = stones > 0 ? mover : opponent;
  const amount = Math.abs(stones).toFixed(1);
  return `${NAMES[ahead]} is ahead by ${amount} stone${amount === "1.0" ? "" : "s"}.`;
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
