// The Guard & Towers page: draws what the server says and sends what the
// player clicks. Legal moves, results and clocks come from the server.
import { api, tokens, live, element, showError } from "/api.js";

const $ = (id) => document.getElementById(id);
const id = new URLSearchParams(location.search).get("id");
const COLUMNS = "ABCDEFG";
const page = {
  state: null,
  positions: [],
  viewPly: null, // null: follow the game
  selected: null,
  focus: "D4",
  fetchedAt: 0,
};

function token() {
  return tokens.get(id);
}

function mySeat() {
  return page.state && page.state.my_seat;
}

// Position notation to a map square -> piece (display only).
function parsePosition(text) {
  const pieces = {};
  const ranks = text.split(" ")[0].split("/");
  ranks.forEach((rankText, index) => {
    const rank = 7 - index;
    let column = 0;
    for (let i = 0; i < rankText.length; ) {
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

function shownPosition() {
  if (page.viewPly === null) return page.state.position;
  return page.positions[page.viewPly] || page.state.position;
}

function isLive() {
  return page.viewPly === null;
}

function myLegalMoves() {
  const state = page.state;
  if (!isLive() || !state || state.status !== "active") return [];
  if (!token() || state.side_to_move !== mySeat()) return [];
  return state.legal_moves;
}

function squareOrder() {
  // Each player sees their own side at the bottom: Red starts on rank 7.
  const flipped = mySeat() === "red";
  const ranks = flipped ? [1, 2, 3, 4, 5, 6, 7] : [7, 6, 5, 4, 3, 2, 1];
  const columns = flipped ? [...COLUMNS].reverse() : [...COLUMNS];
  return { ranks, columns };
}

function describe(square, piece) {
  if (!piece) return `${square}, empty`;
  if (piece.guard) return `${square}, ${piece.color} guard`;
  return `${square}, ${piece.color} tower of ${piece.height}`;
}

function renderBoard() {
  const pieces = parsePosition(shownPosition());
  const legal = myLegalMoves();
  const moves = page.state.moves;
  const lastIndex = (page.viewPly === null ? moves.length : page.viewPly) - 1;
  const last = lastIndex >= 0 ? moves[lastIndex].split("-") : [];
  const targets = page.selected
    ? legal.filter((m) => m.startsWith(page.selected + "-")).map((m) => m.split("-")[1])
    : [];
  const { ranks, columns } = squareOrder();
  const board = $("board");
  board.replaceChildren();
  for (const rank of ranks) {
    board.append(element("div", { class: "coord", "aria-hidden": "true" }, String(rank)));
    for (const column of columns) {
      const square = column + rank;
      const piece = pieces[square];
      const dark = (COLUMNS.indexOf(column) + rank) % 2 === 0;
      const classes = ["square"];
      if (dark) classes.push("dark");
      if (square === "D1" || square === "D7") classes.push("castle");
      if (last.includes(square)) classes.push("last");
      if (square === page.selected) classes.push("selected");
      if (targets.includes(square)) classes.push("target");
      if (piece) classes.push("occupied");
      const label = describe(square, piece) + (targets.includes(square) ? ", move here" : "");
      const button = element("button", {
        class: classes.join(" "),
        "data-square": square,
        "aria-label": label,
        tabindex: square === page.focus ? "0" : "-1",
        onclick: () => clickSquare(square),
      });
      if (piece) {
        button.append(element("span", { class: `piece ${piece.color}${piece.guard ? " guard" : ""}`, "aria-hidden": "true" },
          piece.guard ? "♛" : String(piece.height)));
      }
      board.append(button);
    }
  }
  board.append(element("div"));
  for (const column of columns) board.append(element("div", { class: "coord", "aria-hidden": "true" }, column));
}

// Arrow keys move between squares; Enter or Space presses one.
$("board").addEventListener("keydown", (event) => {
  const steps = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  const step = steps[event.key];
  if (!step) return;
  event.preventDefault();
  const { ranks, columns } = squareOrder();
  const x = columns.indexOf(page.focus[0]);
  const y = ranks.indexOf(Number(page.focus[1]));
  const nx = Math.min(6, Math.max(0, x + step[0]));
  const ny = Math.min(6, Math.max(0, y + step[1]));
  page.focus = columns[nx] + ranks[ny];
  renderBoard();
  document.querySelector(`[data-square="${page.focus}"]`).focus();
});

function clickSquare(square) {
  page.focus = square;
  const legal = myLegalMoves();
  if (page.selected) {
    const move = legal.find((m) => m.startsWith(`${page.selected}-${square}-`));
    if (move) {
      page.selected = null;
      play(move);
      return;
    }
  }
  page.selected = legal.some((m) => m.startsWith(square + "-")) ? square : null;
  renderBoard();
  const again = document.querySelector(`[data-square="${square}"]`);
  if (again) again.focus();
}

async function act(method, path, body) {
  showError($("error"), null);
  try {
    const state = await api(method, path, body, token());
    setState(state);
  } catch (error) {
    showError($("error"), error);
    await refresh();
  }
}

function play(move) {
  return act("POST", `/api/gt/games/${id}/moves`, { move });
}

$("move-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const move = $("move-input").value.trim();
  if (!move) return;
  $("move-input").value = "";
  play(move);
});
$("resign").addEventListener("click", () => {
  if (confirm("Resign this game?")) act("POST", `/api/gt/games/${id}/resign`, {});
});
$("offer-draw").addEventListener("click", () => act("POST", `/api/gt/games/${id}/draw`, { action: "offer" }));
$("accept-draw").addEventListener("click", () => act("POST", `/api/gt/games/${id}/draw`, { action: "accept" }));
$("decline-draw").addEventListener("click", () => act("POST", `/api/gt/games/${id}/draw`, { action: "decline" }));
$("join").addEventListener("click", async () => {
  showError($("error"), null);
  try {
    const joined = await api("POST", `/api/gt/games/${id}/join`, { name: "Player" });
    tokens.set(id, joined.token, joined.seat);
    await refresh();
  } catch (error) {
    showError($("error"), error);
  }
});

function navigate(ply) {
  const total = page.state.moves.length;
  page.viewPly = ply === null || ply >= total ? null : Math.max(0, ply);
  page.selected = null;
  render();
}
$("first").addEventListener("click", () => navigate(0));
$("back").addEventListener("click", () => navigate((page.viewPly ?? page.state.moves.length) - 1));
$("forward").addEventListener("click", () => navigate(page.viewPly === null ? null : page.viewPly + 1));
$("latest").addEventListener("click", () => navigate(null));

function renderMoves() {
  const list = $("moves");
  list.replaceChildren();
  const current = page.viewPly === null ? page.state.moves.length : page.viewPly;
  const redFirst = page.state.start.endsWith(" r");
  page.state.moves.forEach((move, index) => {
    const turn = redFirst ? index : index + 1;
    if (turn % 2 === 0 || index === 0) {
      list.append(element("span", { class: "muted" }, `${Math.floor(turn / 2) + 1}.`));
      if (turn % 2 === 1) list.append(element("span", {}, "…"));
    }
    list.append(element("button", {
      class: index + 1 === current ? "current" : "",
      "aria-label": `Move ${index + 1}: ${move}`,
      onclick: () => navigate(index + 1),
    }, move));
  });
  list.scrollTop = list.scrollHeight;
}

const NAMES = { red: "Red", blue: "Blue" };

function seatName(seat) {
  const info = page.state.seats[seat];
  return info && info.name ? `${NAMES[seat]} (${info.name})` : NAMES[seat];
}

function renderStatus() {
  const state = page.state;
  const me = mySeat();
  let text;
  if (state.status === "waiting") {
    text = "Waiting for the opponent to join.";
  } else if (state.status === "finished") {
    text = "The game is over.";
  } else if (me && state.side_to_move === me) {
    text = page.selected ? `${page.selected} selected: choose where to move.` : "Your move.";
  } else if (me) {
    text = `${seatName(state.side_to_move)} is thinking…`;
  } else {
    text = `${seatName(state.side_to_move)} to move. You are watching.`;
  }
  if (!isLive()) text = `Viewing move ${page.viewPly} of ${state.moves.length}. ` + text;
  $("status").textContent = text;
  const result = state.result;
  $("result").hidden = !result;
  if (result) {
    const who = result.winner ? `${seatName(result.winner)} wins` : "Draw";
    $("result").textContent = `${who} — ${result.reason} (${result.score})`;
  }
  const seated = Boolean(me);
  const active = state.status === "active";
  $("resign").hidden = !(seated && active);
  const offerFromOther = state.draw_offer && state.draw_offer !== me;
  $("offer-draw").hidden = !(seated && active && !state.draw_offer);
  $("accept-draw").hidden = !(seated && active && offerFromOther);
  $("decline-draw").hidden = !(seated && active && offerFromOther);
  $("move-form").hidden = !(seated && active);
  const freeSeat = Object.values(state.seats).some((seat) => seat.player.type === "human" && !seat.taken);
  $("join").hidden = !(freeSeat && !token());
  $("share").hidden = !(state.status === "waiting" && token());
  $("share-link").value = location.href;
  $("position").value = shownPosition();
  $("record").href = `/api/gt/games/${id}/record`;
}

function formatClock(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function renderClocks() {
  const clock = page.state && page.state.clock;
  $("clocks").hidden = !clock;
  if (!clock) return;
  const spent = Date.now() - page.fetchedAt;
  for (const seat of ["red", "blue"]) {
    const running = clock.running === seat;
    const ms = clock[`${seat}_ms`] - (running ? spent : 0);
    const box = $(`clock-${seat}`);
    box.textContent = `${NAMES[seat]} ${formatClock(ms)}`;
    box.classList.toggle("running", running);
  }
}
setInterval(renderClocks, 250);

function render() {
  renderBoard();
  renderMoves();
  renderStatus();
  renderClocks();
}

function setState(state) {
  page.state = { ...state, my_seat: token() ? tokens.seat(id) : null };
  page.fetchedAt = Date.now();
  render();
}

async function refresh() {
  const [state, positions] = await Promise.all([
    api("GET", `/api/gt/games/${id}`),
    api("GET", `/api/gt/games/${id}/positions`),
  ]);
  page.positions = positions.positions;
  setState(state);
}

$("analyse").addEventListener("click", async () => {
  $("analysis").textContent = "Thinking…";
  try {
    const analysis = await api("POST", "/api/gt/analysis", { position: shownPosition(), movetime_ms: 1000, rules: page.state.rules });
    if (analysis.over) {
      $("analysis").textContent = `Game over: ${analysis.result} (${analysis.reason})`;
      return;
    }
    const redToMove = shownPosition().endsWith(" r");
    const [kind, value] = analysis.score.split(" ");
    let redShare = 0.5;
    if (kind === "cp") {
      const forRed = (redToMove ? 1 : -1) * Number(value);
      redShare = 1 / (1 + Math.exp(-forRed / 200));
    } else {
      const moverWins = kind === "win";
      redShare = moverWins === redToMove ? 1 : 0;
    }
    $("evalbar").hidden = false;
    $("evalbar-red").style.height = `${Math.round(redShare * 100)}%`;
    $("analysis").textContent = `Best: ${analysis.best_move} · score ${analysis.score} for the side to move · depth ${analysis.depth} · line ${analysis.pv.join(" ")}`;
  } catch (error) {
    $("analysis").textContent = error.message;
  }
});

async function start() {
  if (!id) {
    showError($("error"), new Error("No game id in the address."));
    return;
  }
  await refresh();
  live(id, () => refresh().catch((error) => showError($("error"), error)));
}
start().catch((error) => showError($("error"), error));
