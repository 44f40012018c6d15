// The Guard & Towers page: draws what the server says and sends what the
// player clicks, drags or types. Legal moves, results, clocks and
// evaluations come from the server, and so do the board and the moves, as
// data (the page reads no notation).
import { api, tokens, live, element, showError, redraw, announce, showMissing, connection, playerPage, takeLinkToken } from "/api.js";
import { describe, colorName, reasonText, scoreFor, scoreText, tablebaseText, scorePoints, mistakeKind, squareOrder as orderFrom, squareClasses, pieceShape, pieceAt, targetsFrom, drawBoard, arrowKeys } from "/board.js";
import { loadLanguage, onLanguageChange, t, localize } from "/i18n.js";

// The page's words, in the reader's language, before anything is drawn.
await loadLanguage(["gt", "refusals"]);

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const id = params.get("id");
// A seat's link, such as a tournament's (`#seat=red&token=…`).
takeLinkToken(id);
const page = {
  state: null,
  positions: [],
  boards: [], // the positions as data, to draw
  viewPly: null, // null: follow the game
  selected: null,
  focus: "D4",
  fetchedAt: 0,
  pending: null, // the move in flight
  dragFrom: null,
  analysing: false,
  analysisAsked: 0,
  lastPly: 0,
  drawAnswer: null, // who declined the last draw offer, said until the next move
  leaving: false, // on the way to the return game
  review: null, // the finished review: its positions' verdicts and the moves it covered
  analysisWords: null, // what the analysis line says, in the reader's language now
};

function token() {
  return tokens.get(id);
}

function mySeat() {
  return page.state && page.state.my_seat;
}

function other(seat) {
  return seat === "red" ? "blue" : "red";
}

function shownPosition() {
  if (page.viewPly === null) return page.state.position;
  return page.positions[page.viewPly] || page.state.position;
}

function shownBoard() {
  if (page.viewPly === null) return page.state.board;
  return page.boards[page.viewPly] || page.state.board;
}

function isLive() {
  return page.viewPly === null;
}

function myLegalMoves() {
  const state = page.state;
  if (!isLive() || !state || state.status !== "active" || page.pending) return [];
  if (!token() || state.side_to_move !== mySeat()) return [];
  return state.legal;
}

// Each player sees their own side at the bottom (an invited friend the
// side they are asked to take): Red starts on rank 7.
function flipped() {
  return (mySeat() || freeSeat()) === "red";
}

function bottomSeat() {
  return flipped() ? "red" : "blue";
}

function squareOrder() {
  return orderFrom(flipped() ? "red" : "blue");
}

function targetsOf(square) {
  return targetsFrom(myLegalMoves(), square);
}

function lastMoveShown() {
  const moves = page.state.played;
  const index = (page.viewPly === null ? moves.length : page.viewPly) - 1;
  return index >= 0 ? moves[index] : null;
}

function squareButton(square, piece, context) {
  const { targets, last, movable, arrived } = context;
  const classes = squareClasses(square, piece, { selected: page.selected, targets, last });
  if (movable.has(square)) classes.push("mine");
  const description = describe(square, piece);
  let label = description;
  if (square === page.selected) label = t("gt-square-selected", { description });
  else if (targets.includes(square)) label = t("gt-square-target", { description });
  const button = element("button", {
    class: classes.join(" "),
    "data-square": square,
    "data-key": square,
    "aria-label": label,
    tabindex: square === page.focus ? "0" : "-1",
    onclick: (event) => { if (event.detail === 0) pressSquare(square); },
    onpointerdown: (event) => pointerDown(event, square),
  });
  if (piece) {
    const shape = pieceShape(piece);
    if (arrived && arrived.to === square) {
      shape.classList.add("arriving");
      shape.style.setProperty("--from-x", `${arrived.dx * 100}%`);
      shape.style.setProperty("--from-y", `${arrived.dy * 100}%`);
    }
    button.append(shape);
  }
  return button;
}

// The move that has just arrived, for its short animation: where it came
// from, in squares on the screen.
function arrival(last) {
  if (!last || page.state.moves.length === page.lastPly || !isLive()) return null;
  const { from, to } = last;
  const { ranks, columns } = squareOrder();
  return {
    to,
    dx: columns.indexOf(from[0]) - columns.indexOf(to[0]),
    dy: ranks.indexOf(Number(from[1])) - ranks.indexOf(Number(to[1])),
  };
}

function renderBoard() {
  const legal = myLegalMoves();
  const lastMove = lastMoveShown();
  const context = {
    targets: page.selected ? targetsOf(page.selected) : [],
    last: lastMove ? [lastMove.from, lastMove.to] : [],
    movable: new Set(legal.map((move) => move.from)),
    arrived: arrival(lastMove),
  };
  page.lastPly = page.state.moves.length;
  const board = $("board");
  board.classList.toggle("pending", Boolean(page.pending));
  board.setAttribute("aria-busy", page.pending ? "true" : "false");
  drawBoard(board, shownBoard(), squareOrder(), (square, piece) => squareButton(square, piece, context));
}

arrowKeys($("board"), squareOrder, () => page.focus, (square) => {
  page.focus = square;
  renderBoard();
});

// A press of a square: the second of two presses plays the move, the
// first selects a piece that can move.
function pressSquare(square) {
  page.focus = square;
  if (page.pending) return;
  if (page.selected && targetsOf(page.selected).includes(square)) {
    const from = page.selected;
    const move = myLegalMoves().find((legal) => legal.from === from && legal.to === square);
    page.selected = null;
    play(move.text);
    return;
  }
  const targets = targetsOf(square);
  const wasSelected = page.selected;
  page.selected = targets.length ? square : null;
  render();
  if (page.selected) {
    announce(t("gt-announce-selected", { description: describe(square, pieceAt(shownBoard(), square)), count: targets.length, targets: targets.join(", ") }));
  } else if (wasSelected) {
    announce(t("gt-announce-cleared"));
  }
}

// Pointer: a tap is a press; a drag from a piece to a target plays it.
function pointerDown(event, square) {
  if (event.button !== 0) return;
  page.dragFrom = square;
  pressSquare(square);
}

document.addEventListener("pointerup", (event) => {
  const from = page.dragFrom;
  page.dragFrom = null;
  if (!from || page.selected !== from) return;
  const under = document.elementFromPoint(event.clientX, event.clientY);
  const square = under && under.closest("[data-square]");
  if (square && square.dataset.square !== from) pressSquare(square.dataset.square);
});

async function act(method, path, body) {
  showError($("error"), null);
  try {
    const state = await api(method, path, body, token());
    setState(state);
    return true;
  } catch (error) {
    showError($("error"), error);
    await refresh().catch(() => {});
    return false;
  }
}

async function play(move) {
  page.pending = move;
  render();
  const played = await act("POST", `/api/gt/games/${id}/moves`, { move });
  page.pending = null;
  render();
  if (played) announce(t("gt-announce-you-played", { move }));
}

$("move-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const move = $("move-input").value.trim();
  if (!move || page.pending) return;
  $("move-input").value = "";
  play(move);
});
$("resign").addEventListener("click", () => {
  if (confirm(t("gt-confirm-resign"))) act("POST", `/api/gt/games/${id}/resign`, {});
});
$("offer-draw").addEventListener("click", () => act("POST", `/api/gt/games/${id}/draw`, { action: "offer" }));
$("accept-draw").addEventListener("click", () => act("POST", `/api/gt/games/${id}/draw`, { action: "accept" }));
$("decline-draw").addEventListener("click", () => act("POST", `/api/gt/games/${id}/draw`, { action: "decline" }));
$("join-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  showError($("error"), null);
  try {
    // A rated game is played under a name of one's own: the server says so.
    const name = $("join-name").value.trim() || (page.state.rated ? undefined : t("gt-guest"));
    const joined = await api("POST", `/api/gt/games/${id}/join`, { name, invite: params.get("invite") || undefined });
    tokens.set(id, joined.token, joined.seat);
    await refresh();
    announce(t("gt-announce-seat", { color: joined.seat }));
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

// The move at `index` (0 for the first) as the move list numbers it: the
// server numbers a game's moves and says who played each, Red's and
// Blue's turn together, so Red's 17th move is "17." and Blue's "17…".
function moveNumber(index) {
  const { number, by } = page.state.played[index];
  return { number, mover: by, label: by === "red" ? `${number}.` : `${number}…` };
}

function renderMoves() {
  const list = $("moves");
  const current = page.viewPly === null ? page.state.moves.length : page.viewPly;
  redraw(list, () => {
    list.replaceChildren();
    page.state.played.forEach(({ text: move }, index) => {
      const { number, mover } = moveNumber(index);
      if (mover === "red" || index === 0) {
        list.append(element("span", { class: "muted" }, `${number}.`));
        if (mover === "blue") list.append(element("span", {}, "…"));
      }
      list.append(element("button", {
        class: index + 1 === current ? "current" : "",
        "data-key": `ply-${index + 1}`,
        "aria-current": index + 1 === current ? "step" : undefined,
        l10n: ["gt-move-label", { number, color: colorName(mover), move }],
        onclick: () => navigate(index + 1),
      }, element("span", { translate: "no" }, move)));
    });
  });
  // The move shown stays in view.
  const shown = list.querySelector(".current");
  if (shown) list.scrollTop = shown.offsetTop - list.clientHeight / 2;
  else if (isLive()) list.scrollTop = list.scrollHeight;
}

// Who sits in a seat, in words: the name, and whether it is a bot
// account (an engine program, not a person at the board).
function occupantWords(info) {
  if (!info || !info.name) return null;
  if (info.player.type === "engine") return t("gt-engine-name", { level: info.player.level });
  return info.player.type === "bot" ? t("gt-occupant-bot", { name: info.name }) : info.name;
}

function seatName(seat) {
  const words = occupantWords(page.state.seats[seat]);
  return words ? t("gt-seat-named", { color: colorName(seat), occupant: words }) : colorName(seat);
}

// The result in the words of whoever reads it.
function resultText(result) {
  const me = mySeat();
  const reason = reasonText(result.reason);
  // An imported contest log without the server's verdict has no result.
  if (result.score === "*") return t("gt-result-none", { reason });
  if (!result.winner) return t("gt-result-draw", { reason });
  if (me) return t(result.winner === me ? "gt-result-you-won" : "gt-result-you-lost", { reason });
  return t("gt-result-won", { seat: seatName(result.winner), reason });
}

function statusText() {
  const state = page.state;
  const me = mySeat();
  let text;
  if (state.status === "waiting" && freeSeat()) text = t("gt-status-join");
  else if (state.status === "waiting") text = t(me ? "gt-status-waiting-opponent" : "gt-status-waiting-players");
  else if (state.status === "finished") text = t("gt-status-over");
  else if (page.pending) text = t("gt-status-sending", { move: page.pending });
  else if (me && state.side_to_move === me) text = page.selected ? t("gt-status-selected", { square: page.selected }) : t("gt-status-your-move");
  else if (me) text = t("gt-status-thinking", { seat: seatName(state.side_to_move) });
  else text = t("gt-status-watching", { seat: seatName(state.side_to_move) });
  if (!isLive()) text = `${viewingText()} ` + text;
  return text;
}

// Which move the board shows, numbered as the move list numbers it.
function viewingText() {
  if (page.viewPly === 0) return t("gt-viewing-start");
  const index = page.viewPly - 1;
  const { label, mover, number } = moveNumber(index);
  const last = moveNumber(page.state.moves.length - 1).number;
  return t("gt-viewing", { label, move: page.state.moves[index], color: colorName(mover), number, last });
}

// A seat a person may still take, for a visitor who holds none.
function freeSeat() {
  if (token()) return null;
  return ["red", "blue"].find((seat) => page.state.seats[seat].player.type === "human" && !page.state.seats[seat].taken) || null;
}

function youText() {
  const me = mySeat();
  const free = freeSeat();
  if (!me && free) {
    const host = occupantWords(page.state.seats[other(free)]);
    return host ? t("gt-you-invited-against", { color: colorName(free), host }) : t("gt-you-invited", { color: colorName(free) });
  }
  if (!me) return t("gt-you-watching-game");
  const opponent = occupantWords(page.state.seats[other(me)]);
  return opponent ? t("gt-you-play-against", { color: colorName(me), opponent }) : t("gt-you-play", { color: colorName(me) });
}

// The open draw offer, or the answer to the last one, in the words of
// whoever reads it.
function drawText() {
  const offer = page.state.draw_offer;
  const me = mySeat();
  if (page.state.status !== "active") return null;
  if (!offer) return drawAnswerText(page.drawAnswer);
  if (offer === me) return t("gt-draw-you-offered");
  return t("gt-draw-offers", { seat: seatName(offer) });
}

function drawAnswerText(decliner) {
  if (!decliner) return null;
  const me = mySeat();
  if (decliner === me) return t("gt-draw-you-declined");
  if (me) return t("gt-draw-declined-yours", { seat: seatName(decliner) });
  return t("gt-draw-declined", { seat: seatName(decliner) });
}

// Where the rematch stands, in the reader's words.
function rematchText() {
  const rematch = page.state.rematch;
  if (!rematch) return null;
  const me = mySeat();
  if (rematch.state === "offered") return rematch.seat === me ? t("gt-rematch-you-offered") : t("gt-rematch-offers", { seat: seatName(rematch.seat) });
  if (rematch.state === "declined") return rematch.seat === me ? t("gt-rematch-you-declined") : t("gt-rematch-declined", { seat: seatName(rematch.seat) });
  return t("gt-rematch-agreed");
}

function renderStatus() {
  const state = page.state;
  const me = mySeat();
  $("you").textContent = youText();
  $("status").textContent = statusText();
  const result = state.result;
  $("result-box").hidden = !result;
  if (result) $("result").textContent = resultText(result);
  const lost = Boolean(result && me && result.winner && result.winner !== me);
  $("result-box").classList.toggle("lost", lost);
  renderRematch();
  $("review-link").hidden = !result;
  const draw = drawText();
  $("draw-box").hidden = !draw;
  $("draw-text").textContent = draw || "";
  const seated = Boolean(me);
  const active = state.status === "active";
  const offerFromOther = state.draw_offer && state.draw_offer !== me;
  $("resign").hidden = !(seated && active);
  $("offer-draw").hidden = !(seated && active && !state.draw_offer);
  $("accept-draw").hidden = !(seated && active && offerFromOther);
  $("decline-draw").hidden = !(seated && active && offerFromOther);
  $("move-form").hidden = !(seated && active);
  const free = freeSeat();
  $("join-form").hidden = !free;
  if (free) {
    localize($("join-text"), "gt-join-text", { color: colorName(free) });
    localize($("join"), "gt-join-as", { color: colorName(free) });
  }
  const invite = tokens.invite(id);
  $("share").hidden = !(state.status === "waiting" && token() && invite);
  if (invite) {
    const link = `${location.origin}/gt?id=${id}&invite=${invite}`;
    $("share-link").value = link;
    $("share-text").textContent = link;
    $("share-sheet").hidden = !navigator.share;
  }
  $("position").value = shownPosition();
  $("record").href = `/api/gt/games/${id}/record`;
  $("review").hidden = state.status !== "finished";
}

// The rematch: offered (by either side), answered, or agreed, when the
// players' pages go on to the return game. A game against the engine or
// a bot has no one to ask: its Rematch starts a new game at once.
function renderRematch() {
  const state = page.state;
  const me = mySeat();
  const rematch = state.rematch;
  const people = ["red", "blue"].every((seat) => state.seats[seat].player.type === "human");
  const offerToMe = Boolean(me && rematch && rematch.state === "offered" && rematch.seat !== me);
  const myOffer = Boolean(me && rematch && rematch.state === "offered" && rematch.seat === me);
  const agreed = Boolean(rematch && rematch.state === "agreed");
  const text = people ? rematchText() : null;
  $("rematch-text").hidden = !text;
  $("rematch-text").textContent = text || "";
  $("rematch").hidden = !me || offerToMe || myOffer || agreed;
  $("accept-rematch").hidden = !offerToMe;
  $("decline-rematch").hidden = !offerToMe;
  $("rematch-link").hidden = !agreed;
  if (agreed) $("rematch-link").href = `/gt?id=${rematch.game}`;
  if (agreed && me) followRematch(rematch.game);
}

// A player's page goes on to the agreed return game with the seat token
// this browser was given for it (the offerer's with its offer).
function followRematch(game) {
  const mine = rematchSeat.get();
  if (!mine || page.leaving) return;
  page.leaving = true;
  tokens.set(game, mine.token, mine.seat);
  rematchSeat.clear();
  location.href = `/gt?id=${game}`;
}

// The seat and token this browser holds for this game's return game.
const rematchSeat = {
  key: `towers-rematch-${id}`,
  get() {
    try {
      return JSON.parse(localStorage.getItem(this.key));
    } catch {
      return null;
    }
  },
  set(seat, token) {
    localStorage.setItem(this.key, JSON.stringify({ seat, token }));
  },
  clear() {
    localStorage.removeItem(this.key);
  },
};

async function answerRematch(action) {
  showError($("error"), null);
  try {
    const answer = await api("POST", `/api/gt/games/${id}/rematch`, { action }, token());
    if (answer.token) rematchSeat.set(answer.seat, answer.token);
    setState(answer.state);
    announce(rematchText() || "");
  } catch (error) {
    showError($("error"), error);
    await refresh().catch(() => {});
  }
}

function formatClock(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function renderClocks() {
  const clock = page.state && page.state.clock;
  $("clock-top").hidden = !clock;
  $("clock-bottom").hidden = !clock;
  if (!clock) return;
  const spent = Date.now() - page.fetchedAt;
  const places = { [bottomSeat()]: "clock-bottom", [other(bottomSeat())]: "clock-top" };
  for (const seat of ["red", "blue"]) {
    const running = clock.running === seat;
    const ms = clock[`${seat}_ms`] - (running ? spent : 0);
    const box = $(places[seat]);
    box.textContent = t("gt-clock", { seat: seatName(seat), time: formatClock(ms) });
    box.setAttribute("aria-label", t(running ? "gt-clock-label-running" : "gt-clock-label", { color: colorName(seat), time: formatClock(ms) }));
    box.classList.toggle("running", running);
  }
}

// A rated game names its players, each a link to their ratings page.
function renderRated() {
  const state = page.state;
  const names = ["red", "blue"].map((seat) => state.seats[seat].name).filter(Boolean);
  $("rated").hidden = !state.rated;
  if (!state.rated) return;
  const links = names.map((name) => element("a", { href: playerPage("gt", name), translate: "no" }, name));
  $("rated").replaceChildren(t("gt-rated"), ...links.flatMap((link) => [" · ", link]));
}

function render() {
  renderBoard();
  renderMoves();
  renderStatus();
  renderRated();
  renderClocks();
  renderEvalbar();
  drawArrows();
  if (page.analysing) analyseShown();
}

function setState(state) {
  const before = page.state;
  page.state = { ...state, my_seat: token() ? tokens.seat(id) : null };
  page.fetchedAt = Date.now();
  render();
  announceChange(before, page.state);
}

// Says what changed since the last state: the opponent's move, a draw
// offer, the result.
function announceChange(before, after) {
  if (!before) return;
  const me = mySeat();
  if (after.played.length > before.played.length) {
    const move = after.played[after.played.length - 1];
    if (move.by !== me) announce(t("gt-announce-played", { seat: seatName(move.by), move: move.text }));
  }
  if (after.draw_offer && after.draw_offer !== before.draw_offer) announce(drawText());
  if (after.rematch && JSON.stringify(after.rematch) !== JSON.stringify(before.rematch)) announce(rematchText());
  if (after.result && !before.result) announce(resultText(after.result));
}

// What the state alone does not say: a declined draw offer leaves no
// offer behind, so the event itself is noted, and said until the next move.
function noteEvent(message) {
  if (message.type !== "event") return;
  const event = message.event;
  if (event.type === "draw_declined") page.drawAnswer = event.seat;
  else if (event.type === "moved" || event.type === "draw_offered") page.drawAnswer = null;
  if (event.type === "draw_declined" && page.state) announce(drawAnswerText(event.seat));
}

async function refresh() {
  const [state, positions] = await Promise.all([
    api("GET", `/api/gt/games/${id}`),
    api("GET", `/api/gt/games/${id}/positions`),
  ]);
  page.positions = positions.positions;
  page.boards = positions.boards;
  setState(state);
}

// Analysis: on, it follows the position shown; a late answer for a
// position no longer shown is dropped.
let analysis = null;

function analyseShown() {
  const position = shownPosition();
  if (analysis && analysis.position === position) return;
  const asked = ++page.analysisAsked;
  const mover = shownBoard().side_to_move;
  analysis = { position, mover, result: null };
  showAnalysis(() => t("gt-thinking"));
  api("POST", "/api/gt/analysis", { position, movetime_ms: 500, rules: page.state.rules })
    .then((answer) => {
      if (asked !== page.analysisAsked) return;
      analysis.result = answer;
      showAnalysis(() => analysisText(answer, mover));
      renderEvalbar();
      drawArrows();
    })
    .catch((error) => {
      if (asked === page.analysisAsked) showAnalysis(() => error.message);
    });
}

// The analysis line says `words()`, again after a switch of language.
function showAnalysis(words) {
  page.analysisWords = words;
  $("analysis").textContent = words ? words() : "";
}

function analysisText(answer, mover) {
  if (answer.over) return t("gt-analysis-over", { result: answer.result, reason: reasonText(answer.reason) });
  // The endgame tables' answer: "Red wins in 3 (tablebase)." — exact, no depth.
  if (answer.tablebase) return t("gt-analysis-best", { move: answer.best_move, score: tablebaseText(answer.score, mover) });
  return t("gt-analysis", { move: answer.best_move, score: scoreText(answer.score, mover), depth: answer.depth, line: answer.pv.join(" ") });
}

function renderEvalbar() {
  const bar = $("evalbar");
  const answer = page.analysing && analysis && analysis.result;
  bar.hidden = !page.analysing;
  if (!answer || answer.over) return;
  const share = scoreFor(answer.score, analysis.mover, bottomSeat());
  const fill = $("evalbar-fill");
  fill.style.height = `${Math.round(share * 100)}%`;
  fill.className = `evalbar-fill ${bottomSeat()}`;
  bar.classList.toggle("top-red", bottomSeat() === "blue");
}

// The engine's line as arrows: the best move bold, the next two fainter.
function drawArrows() {
  const svg = $("arrows");
  svg.replaceChildren(svg.querySelector("defs") || arrowHeads());
  const answer = page.analysing && analysis && analysis.result;
  if (!answer || answer.over) return;
  const box = svg.getBoundingClientRect();
  svg.setAttribute("viewBox", `0 0 ${box.width} ${box.height}`);
  const centre = (square) => {
    const node = document.querySelector(`[data-square="${square}"]`);
    const rect = node.getBoundingClientRect();
    return [rect.left - box.left + rect.width / 2, rect.top - box.top + rect.height / 2, rect.width];
  };
  const NS = "http://www.w3.org/2000/svg";
  answer.line.slice(0, 3).forEach(({ from, to }, index) => {
    const [x1, y1, size] = centre(from);
    const [x2, y2] = centre(to);
    const line = document.createElementNS(NS, "line");
    for (const [key, value] of Object.entries({ x1, y1, x2, y2, class: `arrow arrow-${index}`, "stroke-width": size * (index === 0 ? 0.16 : 0.1), "marker-end": `url(#head-${index === 0 ? "best" : "line"})` })) {
      line.setAttribute(key, value);
    }
    svg.append(line);
  });
}

// The arrows' heads, one per colour (a marker takes its own fill).
function arrowHeads() {
  const NS = "http://www.w3.org/2000/svg";
  const defs = document.createElementNS(NS, "defs");
  for (const name of ["best", "line"]) {
    const marker = document.createElementNS(NS, "marker");
    for (const [key, value] of Object.entries({ id: `head-${name}`, viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 3, markerHeight: 3, orient: "auto-start-reverse" })) marker.setAttribute(key, value);
    const path = document.createElementNS(NS, "path");
    path.setAttribute("d", "M 0 0 L 10 5 L 0 10 z");
    path.setAttribute("class", `arrow-head-${name}`);
    marker.append(path);
    defs.append(marker);
  }
  return defs;
}

$("analyse").addEventListener("click", () => {
  page.analysing = !page.analysing;
  $("analyse").setAttribute("aria-pressed", String(page.analysing));
  localize($("analyse"), page.analysing ? "gt-stop-analysing" : "gt-analyse");
  analysis = null;
  page.analysisAsked += 1;
  if (!page.analysing) showAnalysis(null);
  render();
});

$("rematch").addEventListener("click", async () => {
  const state = page.state;
  const me = mySeat();
  const opponent = state.seats[other(me)];
  if (opponent.player.type === "human") {
    answerRematch("offer");
    return;
  }
  const common = { name: state.seats[me].name || t("gt-player"), rules: state.rules, start: state.start, time_control: state.time_control || undefined };
  const body = opponent.player.type === "engine"
    ? { opponent: "engine", level: opponent.player.level, color: me, ...common }
    : { opponent: "bot", bot: opponent.name, color: other(me), ...common };
  try {
    const created = await api("POST", "/api/gt/games", body);
    tokens.set(created.id, created.token, created.seat);
    if (created.invite) tokens.setInvite(created.id, created.invite);
    location.href = `/gt?id=${created.id}`;
  } catch (error) {
    showError($("error"), error);
  }
});

$("accept-rematch").addEventListener("click", () => answerRematch("accept"));
$("decline-rematch").addEventListener("click", () => answerRematch("decline"));

// The invitation link: copied, or handed to the system's share sheet
// where the browser has one; without a clipboard it is shown selected to
// copy by hand.
$("copy-link").addEventListener("click", async () => {
  const link = $("share-link").value;
  const said = $("copied");
  try {
    if (!navigator.clipboard) throw new Error("no clipboard");
    await navigator.clipboard.writeText(link);
    localize(said, "gt-copied");
  } catch {
    $("share-link").hidden = false;
    $("share-link").focus();
    $("share-link").select();
    localize(said, "gt-copy-by-hand");
  }
});
$("share-sheet").addEventListener("click", () => {
  navigator.share({ title: t("gt-game-name"), text: t("gt-share-text"), url: $("share-link").value })
    .catch(() => {});
});

$("review-link").addEventListener("click", (event) => {
  event.preventDefault();
  $("review").click();
  $("review").focus();
});

// The review: the engine over every position of the game, the
// evaluation graph (Red's winning chance, up is good for Red) and the
// moves that cost their player the most. Costs are counted in the
// engine's score, not in winning chance: a share flattens near 0 and
// 100 %, where throwing away a forced win would count for little.
$("review").addEventListener("click", async () => {
  $("review-box").hidden = false;
  $("review").disabled = true;
  const positions = page.positions;
  const reviewed = [];
  for (const [index, position] of positions.entries()) {
    showAnalysis(() => t("gt-reviewing", { index: index + 1, total: positions.length }));
    const answer = await api("POST", "/api/gt/analysis", { position, movetime_ms: 60, rules: page.state.rules });
    reviewed.push(reviewOf(answer, page.boards[index].side_to_move));
  }
  const last = positions.length > 1 ? moveNumber(positions.length - 2).number : 0;
  page.review = { reviewed, last };
  showAnalysis(() => t("gt-review-done", { count: last }));
  drawReview();
  $("review").disabled = false;
});

function drawReview() {
  const { reviewed } = page.review;
  drawGraph(reviewed, listMistakes(reviewed));
}

// One reviewed position, `mover` to move: Red's winning share (for the
// graph), Red's score in points (for costs), the engine's best move and
// the verdict in words.
function reviewOf(answer, mover) {
  if (answer.over) {
    const winner = answer.result === "1-0" ? "red" : answer.result === "0-1" ? "blue" : null;
    const score = winner ? (winner === mover ? "win 0" : "loss 0") : "cp 0";
    return { share: winner ? Number(winner === "red") : 0.5, points: scorePoints(score, mover, "red"), best: null,
      words: () => (winner ? t("gt-review-won", { color: colorName(winner) }) : t("gt-review-drawn")) };
  }
  return { share: scoreFor(answer.score, mover, "red"), points: scorePoints(answer.score, mover, "red"),
    best: answer.best_move, words: () => scoreText(answer.score, mover) };
}

// The axes: move numbers along, Red's winning chance up; the costly
// moves ringed in their kind's colour.
const GRAPH = { left: 40, right: 292, top: 8, bottom: 122 };

function drawGraph(reviewed, mistakes) {
  const svg = $("graph");
  const NS = "http://www.w3.org/2000/svg";
  const make = (tag, attributes, text) => {
    const node = document.createElementNS(NS, tag);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const x = (ply) => (GRAPH.left + ply * (GRAPH.right - GRAPH.left) / Math.max(1, reviewed.length - 1)).toFixed(1);
  const y = (share) => (GRAPH.bottom - share * (GRAPH.bottom - GRAPH.top)).toFixed(1);
  const nodes = [];
  for (const share of [0, 0.5, 1]) {
    nodes.push(make("line", { x1: GRAPH.left, x2: GRAPH.right, y1: y(share), y2: y(share), class: share === 0.5 ? "graph-mid" : "graph-grid" }));
    nodes.push(make("text", { x: GRAPH.left - 4, y: Number(y(share)) + 3, class: "graph-axis", "text-anchor": "end" }, t("gt-graph-percent", { percent: share * 100 })));
  }
  for (const ply of moveTicks(reviewed.length - 1)) {
    nodes.push(make("line", { x1: x(ply), x2: x(ply), y1: GRAPH.bottom, y2: GRAPH.bottom + 3, class: "graph-grid" }));
    nodes.push(make("text", { x: x(ply), y: GRAPH.bottom + 13, class: "graph-axis", "text-anchor": "middle" }, String(moveNumber(ply - 1).number)));
  }
  nodes.push(make("text", { x: GRAPH.right, y: GRAPH.bottom + 25, class: "graph-axis", "text-anchor": "end" }, t("gt-graph-move")));
  nodes.push(make("polyline", { points: reviewed.map((entry, ply) => `${x(ply)},${y(entry.share)}`).join(" "), class: "graph-line" }));
  for (const entry of mistakes) {
    nodes.push(make("circle", { cx: x(entry.ply), cy: y(reviewed[entry.ply].share), r: 4, class: `graph-loss ${entry.kind}` }));
  }
  svg.replaceChildren(...nodes);
  const first = Math.round(reviewed[0].share * 100);
  const end = Math.round(reviewed[reviewed.length - 1].share * 100);
  svg.setAttribute("aria-label", t("gt-graph-described", { first, end, count: mistakes.length }));
}

// The plies whose move numbers label the axis: Red's moves (or the
// first), about six of them, at a round step.
function moveTicks(plies) {
  const moves = plies > 0 ? moveNumber(plies - 1).number : 0;
  const step = [1, 2, 5, 10, 20, 50, 100].find((s) => moves / s <= 6) || 200;
  const ticks = [];
  for (let ply = 1; ply <= plies; ply += 1) {
    const { number, mover } = moveNumber(ply - 1);
    if ((mover === "red" || ply === 1) && (number === 1 || number % step === 0) && !ticks.some((t) => moveNumber(t - 1).number === number)) ticks.push(ply);
  }
  return ticks;
}

// The moves that cost their player the most, worst first, each with its
// kind, the verdict before and after it, and the engine's better move.
function listMistakes(reviewed) {
  const mistakes = page.state.played.map(({ text: move }, index) => {
    const { label, mover } = moveNumber(index);
    const sign = mover === "red" ? 1 : -1;
    const before = reviewed[index];
    const after = reviewed[index + 1];
    const cost = sign * (before.points - after.points);
    return { move, ply: index + 1, label, mover, cost, before, after, kind: mistakeKind(sign * before.points, sign * after.points) };
  }).filter((entry) => entry.kind && entry.before.best && entry.before.best !== entry.move)
    .sort((a, b) => b.cost - a.cost)
    .slice(0, 5);
  $("review-list").replaceChildren(...(mistakes.length
    ? mistakes.map((entry) => element("li", { class: `mistake-item ${entry.kind}` },
      element("button", { class: "link", onclick: () => navigate(entry.ply) },
        t("gt-mistake", { label: entry.label, move: entry.move, color: colorName(entry.mover), kind: entry.kind })),
      t("gt-mistake-detail", { before: entry.before.words(), after: entry.after.words(), best: entry.before.best })))
    : [element("li", {}, t("gt-no-costly"))]));
  return mistakes;
}

// A switch of language redraws the page's words: the game, the move
// shown, the selection, the analysis and the review stay as they are.
let guestName = t("gt-guest");
$("join-name").value = guestName;
onLanguageChange(() => {
  if ($("join-name").value === guestName) $("join-name").value = t("gt-guest");
  guestName = t("gt-guest");
  if (!page.state) return;
  render();
  if (page.analysisWords) $("analysis").textContent = page.analysisWords();
  if (page.review) drawReview();
});

connection.onChange((state, was) => {
  if (state === "online" && was !== "online" && page.state) refresh().catch((error) => showError($("error"), error));
});

async function start() {
  if (!id) {
    showMissing("game", null);
    return;
  }
  try {
    await refresh();
  } catch (error) {
    if (error.status === 404) {
      showMissing("game", id);
      return;
    }
    throw error;
  }
  // The clocks tick only on a page that shows a game: a page for no game
  // has no clocks to set.
  setInterval(renderClocks, 250);
  live(id, (message) => {
    noteEvent(message);
    refresh().catch((error) => showError($("error"), error));
  },
    () => refresh().catch((error) => showError($("error"), error)));
}
start().catch((error) => showError($("error"), error));
