// The Kubb scorekeeper: keeps score with the rules on the phone
// (kubb-rules.js, the twin of the server's rules engine) and sends every
// entry through the phone's outbox (offline.js). Each tap is checked and
// shown at once, with or without a signal: an entry the rules refuse is
// refused here, in the server's words, and never queued. The server
// stays the authority: what it refuses stops the sending and waits, with
// its reason, for the referee.
import { api, tokens, live, element, showError, redraw, announce, showMissing, connection, takeLinkToken } from "/api.js";
import { Outbox, savedState, saveState, savedRecord, saveRecord } from "/offline.js";
import { Match, RuleError, checkEntry, pieceName } from "/kubb-rules.js";
import { loadLanguage, onLanguageChange, t, formatNumber, refusalText } from "/i18n.js";
import { followCall } from "/tournament-call.js";

// The page's words, in the reader's language, before anything is drawn.
await loadLanguage(["kubb", "refusals"]);

const $ = (id) => document.getElementById(id);
const id = new URLSearchParams(location.search).get("id");
const SVG = "http://www.w3.org/2000/svg";
const TEAMS = ["A", "B"];
// The smallest tap target, in CSS pixels (WCAG 2.5.5), and the smallest
// piece drawn (WCAG 2.5.8's 24 px).
const TARGET_PX = 46;
const PIECE_PX = 26;
// `server`: the server's last state; `record`: its events in force;
// `base`: those replayed by the rules on the phone; `state`: what is
// shown, the rules' view after the entries waiting on this phone.
const page = { server: null, record: null, base: null, local: null, state: null, felled: new Set(), king: false, spot: null };

// A link of the match: the referee's or a team's (docs/api.md, "Team links").
takeLinkToken(id);
// The team this phone scores for (a team's link), or null: the referee's.
const myTeam = { "team-a": "A", "team-b": "B" }[tokens.seat(id)] || null;
const outbox = new Outbox(id, tokens.get(id));
// A tournament's match, opened from the organiser's link: its call to a
// pitch is shown above the score.
const tournament = new URLSearchParams(location.search).get("tournament");
if (id && tournament) followCall($("call"), tournament, id, myTeam);

// A message of the scorekeeper, told the ruleset: Dutch names the pieces
// and sticks as each ruleset's players do (Toren, Ridder, werpstick in
// Koning & Torens; basiskubb, veldkubb, werpstok in the standard game).
function say(message, args = {}) {
  return t(message, { ruleset: page.state?.ruleset || "standard", ...args });
}

// A refusal of the rules on the phone, in the page's language.
function ruleText(error) {
  return refusalText(error.code, error.params, error.message);
}

function svg(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null) node.setAttribute(key, value);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

function team(letter) {
  return page.state.teams.find((t) => t.team === letter);
}

function otherTeam(letter) {
  return letter === "A" ? "B" : "A";
}

// Entries saved on the phone and not yet recorded by the server.
function waiting() {
  return outbox.entries();
}

function phase() {
  return page.state.phase.name;
}

function canMark() {
  return !page.spot && phase() === "throwing" && page.state.status !== "finished" && mayEnter();
}

// The team whose decision is due (its turn's throws, or its placements);
// null when either team may enter (the start, the next game).
function actingTeam() {
  const { phase: { name }, thrower } = page.state;
  if (name === "inkast" || name === "throwing") return thrower;
  if (name === "placement") return otherTeam(thrower);
  return null;
}

// A team's phone enters its own team's decisions; the referee's anything.
function mayEnter() {
  const acting = actingTeam();
  return !myTeam || !acting || acting === myTeam;
}

// Where to draw a standing piece: its place when known, else spread in a
// row of its half so no two share a spot.
function placeOf(piece, unplaced, field) {
  if (piece.at) return piece.at;
  const row = unplaced.indexOf(piece.number);
  const y = piece.half === "A" ? field.length * 0.3 : field.length * 0.7;
  const perRow = 4;
  return {
    x: (field.width / (perRow + 1)) * ((row % perRow) + 1),
    y: y + (piece.half === "A" ? -1 : 1) * 0.6 * Math.floor(row / perRow),
  };
}

// Metres per CSS pixel of the field as drawn (its viewBox fitted into
// the box), for targets of 44 px.
function metresPerPixel(box) {
  const matrix = box.getScreenCTM();
  return matrix && matrix.a > 0 ? 1 / matrix.a : 0.02;
}

// `kind` and `half` say what the piece is and where, as data.
function pieceTarget({ label, at, shape, text, onpress, pressable, key, hit, kind, half }) {
  const group = svg("g", {
    class: "piece-target" + (pressable ? " pressable" : ""),
    "data-piece": key,
    "data-key": key,
    "data-kind": kind,
    "data-half": half,
    role: pressable ? "button" : "img",
    tabindex: pressable ? 0 : -1,
    "aria-label": label,
    onclick: () => pressable && onpress(),
    onkeydown: (event) => {
      if (pressable && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        onpress();
      }
    },
  });
  group.append(svg("circle", { cx: at.x, cy: at.y, r: hit, class: "hit" }), shape, text);
  return group;
}

function drawLines(box, field) {
  box.append(
    svg("rect", { x: 0, y: 0, width: field.width, height: field.length, class: "lawn-rect" }),
    svg("line", { x1: 0, y1: field.length / 2, x2: field.width, y2: field.length / 2, class: "midline" }),
  );
  for (const t of page.state.teams) {
    const base = t.team === "A" ? 0 : field.length;
    // Beyond the pieces lying down, which lie beyond the towers (drawn up
    // to 26 px, most of a metre on a small phone).
    box.append(svg("text", { x: 0.05, y: t.team === "A" ? -1.12 : field.length + 1.38, class: "team-label", translate: "no" }, `${t.team}: ${t.name}`));
    if (t.line.at === "knight" && typeof t.line.y === "number") {
      // The line advanced to a knight: drawn and named, the baseline faint.
      box.append(
        svg("line", { x1: 0, y1: t.line.y, x2: field.width, y2: t.line.y, class: "advanced-line" }),
        svg("text", { x: field.width - 0.05, y: t.line.y + (t.team === "A" ? -0.1 : 0.35), class: "line-label", "text-anchor": "end" }, say("kubb-line-label", { team: t.team, piece: t.line.piece })),
      );
    }
    box.append(svg("line", { x1: 0, y1: base, x2: field.width, y2: base, class: "baseline" }));
  }
}

function drawKing(box, field, hit, size) {
  const king = field.king;
  const standing = page.state.king_standing;
  const chosen = page.king;
  const pressable = canMark() && standing;
  const half = Math.max(0.16, size / 2);
  box.append(pieceTarget({
    key: "king",
    kind: "king",
    label: !standing ? say("kubb-king-felled") : chosen ? say("kubb-king-marked") : say("kubb-king"),
    at: king,
    hit,
    pressable,
    onpress: toggleKing,
    shape: svg("rect", { x: king.x - half, y: king.y - half * 1.4, width: half * 2, height: half * 2.8, rx: 0.04, class: "king" + (chosen ? " chosen" : "") + (standing ? "" : " fallen") }),
    text: svg("text", { x: king.x, y: king.y + 0.1, class: "king-label", "text-anchor": "middle" }, say("kubb-king-letter")),
  }));
}

function drawFallen(box, field, pieces, size) {
  const width = Math.max(0.5, size * 1.3);
  pieces.forEach((piece, index) => {
    const y = piece.half === "A" ? -0.72 : field.length + 0.75;
    const x = 0.1 + index * (width + 0.05);
    const group = svg("g", { role: "img", "data-fallen": piece.id, "aria-label": say("kubb-fallen", { piece: piece.id, half: piece.half }) });
    group.append(
      svg("rect", { x, y: y - 0.16, width, height: 0.3, rx: 0.04, class: "fallen" }),
      svg("text", { x: x + width / 2, y: y + 0.08, class: "fallen-label", "text-anchor": "middle" }, piece.id),
    );
    box.append(group);
  });
}

function renderField() {
  const { field, pieces } = page.state;
  const margin = 1.45;
  const box = $("field");
  const viewWidth = field.width + 0.4;
  box.setAttribute("viewBox", `-0.2 ${-margin} ${viewWidth} ${field.length + 2 * margin}`);
  const perPixel = metresPerPixel(box);
  const hit = Math.max(0.3, (TARGET_PX / 2) * perPixel);
  // A piece is drawn 0.4 m wide, and never smaller than PIECE_PX.
  const size = Math.max(0.4, PIECE_PX * perPixel);
  box.classList.toggle("placing", Boolean(page.spot));
  redraw(box, () => {
    box.replaceChildren();
    drawLines(box, field);
    const down = pieces.filter((p) => p.state === "down");
    const unplaced = pieces.filter((p) => p.state === "knight" && !p.at).map((p) => p.number);
    // A piece a time-limit tie-break removed is off the field.
    const standing = pieces.filter((p) => p.state === "tower" || p.state === "knight")
      .map((piece) => ({ piece, at: placeOf(piece, unplaced, field) }));
    const spots = [...standing.map((s) => s.at), field.king];
    for (const { piece, at } of standing) {
      const owner = piece.state === "tower" ? piece.team : piece.half;
      const chosen = page.felled.has(piece.number);
      const kind = piece.state === "tower" ? "tower" : "knight";
      // Never wider than the way to the nearest piece: no piece covers another.
      const drawn = Math.min(size, 2 * clearOf(at, spots, size));
      box.append(pieceTarget({
        key: piece.id,
        kind,
        half: owner,
        label: say(PIECE_LABEL[piece.state === "knight" && !piece.at ? "unplaced" : kind], { piece: piece.id, half: owner, marked: chosen ? "yes" : "no" }),
        at,
        hit: clearOf(at, spots, hit),
        pressable: canMark(),
        onpress: () => togglePiece(piece.number),
        shape: svg("rect", { x: at.x - drawn / 2, y: at.y - drawn / 2, width: drawn, height: drawn, rx: kind === "knight" ? drawn / 2 : 0.03, class: `shape team-${owner}` + (chosen ? " chosen" : "") }),
        text: svg("text", { x: at.x, y: at.y + 0.08, class: "piece-label", "text-anchor": "middle" }, piece.id),
      }));
    }
    drawKing(box, field, clearOf(field.king, spots, hit), Math.min(size, 2 * clearOf(field.king, spots, size)));
    drawFallen(box, field, down, size);
  });
}

// A piece's label by what it is: a tower, a knight, a knight whose spot
// nobody noted.
const PIECE_LABEL = { tower: "kubb-piece-tower", knight: "kubb-piece-knight", unplaced: "kubb-piece-knight-unplaced" };

// A target no wider than half the way to its nearest neighbour: pieces
// close together never take each other's taps.
function clearOf(at, spots, radius) {
  let nearest = Infinity;
  for (const other of spots) {
    const distance = Math.hypot(other.x - at.x, other.y - at.y);
    if (distance > 0) nearest = Math.min(nearest, distance);
  }
  return Math.min(radius, nearest / 2);
}

function togglePiece(number) {
  if (page.felled.has(number)) page.felled.delete(number);
  else page.felled.add(number);
  const piece = page.state.pieces.find((p) => p.number === number);
  announce(say(page.felled.has(number) ? "kubb-announce-marked" : "kubb-announce-unmarked", { piece: piece.id }));
  render();
}

function toggleKing() {
  page.king = !page.king;
  announce(say(page.king ? "kubb-announce-king-marked" : "kubb-announce-king-unmarked"));
  render();
}

// A tap on the field while a spot is asked for: where the piece landed,
// in metres on the field.
$("field").addEventListener("click", (event) => {
  if (!page.spot) return;
  const box = $("field");
  const point = box.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const at = point.matrixTransform(box.getScreenCTM().inverse());
  const spot = page.spot;
  page.spot = null;
  record(spot.event({ x: Math.round(at.x * 100) / 100, y: Math.round(at.y * 100) / 100 }));
});

function playersOf(letter) {
  const t = team(letter);
  return t.players.length ? t.players : [t.name];
}

// --- the state: the server's events, then this phone's entries ---------

// The rules' state after the server's events and every entry waiting
// here, up to the first one refused (by the server, or by the rules
// after the referee changed what comes before it).
function rebuild() {
  if (!page.record) {
    page.state = page.server;
    page.blocked = null;
    return;
  }
  let local = page.base;
  const entries = waiting();
  page.blocked = null;
  for (const [index, entry] of entries.entries()) {
    if (entry.refused) {
      const reason = entry.reason ? refusalText(entry.reason.code, entry.reason.params, entry.reason.english) : entry.refused;
      page.blocked = { index, reason, conflict: entry.conflict };
      break;
    }
    try {
      local = local.apply(entry.event);
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      page.blocked = { index, reason: ruleText(error) };
      break;
    }
  }
  page.local = local;
  const sent = page.blocked ? page.blocked.index : entries.length;
  page.state = { ...page.server, ...local.view(), seq: page.record.seq + sent, id };
}

function setRecord(record) {
  saveRecord(id, record);
  try {
    page.base = Match.replay(record.ruleset, record.settings, record.events);
    page.record = record;
  } catch (error) {
    // The server is the authority: should the phone's rules ever refuse
    // what it recorded, the page shows the server's state and sends
    // entries unchecked, as before the rules were on the phone.
    page.record = null;
    page.local = null;
    console.error("the rules on this phone refuse the server's record", error);
  }
}

// Records an entry: checked by the rules on the phone (refused at once,
// never queued, when they refuse it), saved here, then sent.
async function record(event) {
  showError($("error"), null);
  if (page.blocked) {
    showError($("error"), new Error(say("kubb-blocked")));
    return;
  }
  try {
    checkEntry(event);
    if (page.local) page.local.apply(event);
  } catch (error) {
    if (!(error instanceof RuleError)) throw error;
    // Refused: nothing is recorded, and the marks are cleared as after
    // any entry; the reason names what was wrong.
    page.felled.clear();
    page.king = false;
    render();
    const reason = new Error(ruleText(error));
    showError($("error"), reason);
    announce(reason.message);
    return;
  }
  outbox.add(event, page.record ? page.record.seq : page.state.seq);
  page.felled.clear();
  page.king = false;
  render();
  await sync();
}

async function sync() {
  renderSync("sending");
  let stale = false;
  const state = await outbox.flush((entry, answer) => {
    // Recorded: it joins the events in force. Another phone's entries in
    // between (the answer's number is not this entry's) are fetched.
    if (answer.seq === entry.seq && page.record && page.record.seq === entry.seq - 1) {
      setRecord({ ...page.record, seq: answer.seq, events: [...page.record.events, entry.event] });
    } else {
      stale = true;
    }
  });
  if (stale || outbox.refusal()) await refreshRecord().catch(() => {});
  // A live refresh may have shown a newer state while this flush waited.
  if (state && (!page.server || state.seq >= page.server.seq)) setState(state);
  else render();
}

function player() {
  return $("player").value;
}

function hit() {
  const pieces = page.state.pieces.filter((p) => page.felled.has(p.number));
  return {
    hit: {
      knights: pieces.filter((p) => p.state === "knight").map((p) => p.number),
      towers: pieces.filter((p) => p.state === "tower").map((p) => p.number),
      king: page.king,
    },
  };
}

function button(text, onclick, primary, key) {
  return element("button", { class: primary ? "primary" : "", "data-key": key || text, onclick }, text);
}

// Asks for a tap where the piece landed; "Spot unknown" skips it.
// `prompt` is the message asking for it.
function askSpot(prompt, event) {
  page.spot = { prompt, event };
  render();
  announce(say(prompt));
}

function stickButtons(buttons) {
  const marked = page.felled.size + (page.king ? 1 : 0);
  buttons.push(button(marked ? say("kubb-hit-marked", { count: marked }) : say("kubb-hit"), () => {
    if (page.king && !confirm(say("kubb-confirm-king-stick"))) return;
    record({ event: "stick", player: player(), outcome: hit() });
  }, true, "hit"));
  buttons.push(button(say("kubb-miss"), () => record({ event: "stick", player: player(), outcome: "miss" }), false, "miss"));
  buttons.push(button(say("kubb-foul"), () => record({ event: "stick", player: player(), outcome: "foul" }), false, "foul"));
}

function inkastButtons(buttons, more) {
  buttons.push(button(say("kubb-landed-in"), () => askSpot("kubb-tap-landed", (at) => ({ event: "inkast", player: player(), landed_in: true, at })), true, "landed-in"));
  buttons.push(button(say("kubb-landed-out"), () => record({ event: "inkast", player: player(), landed_in: false }), false, "landed-out"));
  more.push(button(say("kubb-inkast-king"), () => {
    if (!confirm(say("kubb-confirm-king-inkast"))) return;
    record({ event: "inkast", player: player(), landed_in: true, king_felled: true });
  }, false, "king-inkast"));
  // A knight left standing in the target half from an earlier turn may
  // be knocked out and thrown in again: a rescue.
  const target = otherTeam(page.state.thrower);
  for (const piece of page.state.pieces.filter((p) => p.state === "knight" && p.half === target)) {
    if (canRescue(piece.number)) {
      more.push(button(say("kubb-rescue", { piece: piece.id }), () => record({ event: "rescue", player: player(), piece: piece.number }), false, `rescue-${piece.id}`));
    }
  }
}

function canRescue(number) {
  if (!page.local) return true;
  try {
    page.local.apply({ event: "rescue", player: player(), piece: number });
    return true;
  } catch {
    return false;
  }
}

function placementButtons(buttons) {
  buttons.push(button(say("kubb-placed"), () => askSpot("kubb-tap-placed", (at) => ({ event: "placement", at })), true, "placed"));
  buttons.push(button(say("kubb-placed-unknown"), () => record({ event: "placement" }), false, "placed-unknown"));
}

function startButtons(buttons) {
  for (const letter of TEAMS) {
    buttons.push(button(say("kubb-starts", { team: team(letter).name }), () => record({ event: "start", team: letter }), true, `start-${letter}`));
  }
}

function renderPlayers() {
  const names = playersOf(page.state.thrower);
  const current = player();
  $("player").replaceChildren(...[...new Set(names)].map((name) => element("option", { value: name, selected: name === current }, name)));
}

function renderControls() {
  const state = page.state;
  const buttons = [];
  const more = [];
  const name = phase();
  const over = state.status === "finished";
  $("player-label").hidden = over || !(name === "inkast" || name === "throwing");
  renderPlayers();
  if (page.spot) {
    buttons.push(element("span", { class: "prompt" }, say(page.spot.prompt)));
    const spot = page.spot;
    buttons.push(button(say("kubb-spot-unknown"), () => { page.spot = null; record(spot.event(undefined)); }, false, "spot-unknown"));
    buttons.push(button(say("kubb-cancel"), () => { page.spot = null; render(); }, false, "cancel-spot"));
  } else if (over) confirmButtons(buttons);
  else if (!mayEnter()) buttons.push(element("span", { class: "prompt" }, say("kubb-other-phone", { team: team(actingTeam()).name })));
  else if (name === "starting_throw") startButtons(buttons);
  else if (name === "inkast") inkastButtons(buttons, more);
  else if (name === "placement") placementButtons(buttons);
  else if (name === "throwing") stickButtons(buttons);
  else if (name === "game_over") buttons.push(button(say("kubb-next-game"), () => record({ event: "next_game" }), true, "next-game"));
  // A match with a time limit: the referee calls time (docs/kubb.md, "Tournament settings").
  const limit = state.settings?.time_limit;
  if (limit && !state.time_called && !over && !myTeam) {
    more.push(button(say("kubb-call-time", { minutes: limit.minutes, tieBreak: limit.tie_break }), () => record({ event: "time_called" }), false, "call-time"));
  }
  redraw($("controls"), () => {
    $("buttons").replaceChildren(...buttons);
    $("more-buttons").replaceChildren(...more);
  });
  $("more-buttons").hidden = !more.length;
  $("controls").hidden = !tokens.get(id);
  // The setup (teams and players) is never undone; a team's phone takes
  // back only what it has not sent.
  $("undo").disabled = !waiting().length && (state.events <= 1 || Boolean(myTeam));
}

function statusText() {
  const state = page.state;
  const phaseView = state.phase;
  const thrower = team(state.thrower).name;
  switch (phaseView.name) {
    case "starting_throw": return say("kubb-status-start");
    case "inkast": return say("kubb-status-inkast", { thrower, piece: phaseView.queue[0].piece, target: team(otherTeam(state.thrower)).name, attempt: phaseView.queue[0].attempt });
    case "placement": return say("kubb-status-placement", { team: team(otherTeam(state.thrower)).name, pieces: phaseView.to_place.join(", "), count: phaseView.to_place.length });
    case "throwing": return say("kubb-status-throwing", { thrower, count: state.sticks_left, turn: state.turn, kingAttack: state.king_attack.allowed ? "yes" : "no" });
    case "game_over": return gameOverText(phaseView);
    default: return "";
  }
}

// How a game ended, from the typed end of the rules (kubb-rules.js and
// the server's view): each way a message of its own; the rules' English
// words only where the message quotes them (the reason a king fell too
// early) or for an end this page does not know yet.
function gameOverText({ winner, reason, end }) {
  const args = { how: "other", reason: reason || "", side: "", more: 0, fewer: 0 };
  switch (end?.kind) {
    case "king_felled_by_inkast": Object.assign(args, { how: "inkast", side: end.thrower }); break;
    case "king_felled": Object.assign(args, { how: "king", side: end.thrower }); break;
    case "king_felled_too_early": Object.assign(args, { how: "early", side: end.thrower }); break;
    case "more_towers_knocked": Object.assign(args, { how: "more-towers", side: end.team, more: end.more, fewer: end.fewer }); break;
    case "equal_towers_knocked": Object.assign(args, { how: "level", more: end.towers }); break;
    case "time_called": args.how = "time"; break;
    default: break;
  }
  if (winner) return say("kubb-game-won", { winner: team(winner).name, ...args });
  return say("kubb-game-drawn", args);
}

// Once the match is over, each team's phone agrees with the result or
// disputes it; the referee's word settles it (docs/api.md, "Team links").
function confirmButtons(buttons) {
  const confirmation = page.server?.result_confirmation;
  // The server judges the result from every entry: agreeing waits for them.
  if (waiting().length) {
    buttons.push(element("span", { class: "prompt", id: "confirmation" }, say("kubb-over-entries-waiting")));
    return;
  }
  buttons.push(element("span", { class: "prompt", id: "confirmation" }, confirmationText(confirmation)));
  if (!confirmation) return;
  const said = myTeam ? confirmation[myTeam.toLowerCase()] : confirmation.referee || null;
  if (confirmation.state === "confirmed" && !myTeam) return;
  if (said !== true) buttons.push(button(myTeam ? say("kubb-agree") : say("kubb-confirm"), () => sendConfirmation(true), true, "agree"));
  if (myTeam && said !== false) buttons.push(button(say("kubb-dispute"), () => sendConfirmation(false), false, "dispute"));
}

// Each team's word on the result, as the messages select it.
const SAID = (value) => (value === true ? "agreed" : value === false ? "disputed" : "pending");

function confirmationText(confirmation) {
  if (!confirmation) return say("kubb-over");
  const rating = confirmation.rating === "unconfirmed" || confirmation.rating === "counted" ? confirmation.rating : "none";
  if (confirmation.state === "confirmed") return say(confirmation.referee ? "kubb-confirmed-referee" : "kubb-confirmed-teams", { rating });
  const [teamA, teamB] = TEAMS.map((letter) => team(letter).name);
  const args = { teamA, teamB, a: SAID(confirmation.a), b: SAID(confirmation.b), rating };
  return say(confirmation.state === "disputed" ? "kubb-result-disputed" : "kubb-result-waiting", args);
}

async function sendConfirmation(agree) {
  try {
    setState(await api("POST", `/api/kubb/matches/${id}/confirm`, { agree }, tokens.get(id)));
    announce(say(agree ? "kubb-agreement-recorded" : "kubb-dispute-recorded"));
  } catch (error) {
    showError($("error"), error);
  }
}

// The team links, for the referee to hand to each team's phone.
function renderShare() {
  const saved = localStorage.getItem(`towers-team-tokens-${id}`);
  $("share").hidden = Boolean(myTeam) || !saved || !tokens.get(id);
  // Drawn once: a QR code shown stays shown through the redraws.
  if ($("share").hidden || $("share-links").firstChild) return;
  const teamTokens = JSON.parse(saved);
  const rows = TEAMS.map((letter) => {
    const url = `${location.origin}/kubb?id=${id}#seat=team-${letter.toLowerCase()}&token=${teamTokens[letter.toLowerCase()]}`;
    const code = element("div", { class: "qr", hidden: true });
    const copied = element("span", { class: "muted", "aria-live": "polite" });
    return element("li", {},
      element("span", { class: "share-team" }, say("kubb-share-phone", { team: team(letter).name })),
      element("p", { class: "row" },
        button(say("kubb-copy-link"), async () => {
          try {
            await navigator.clipboard.writeText(url);
            copied.textContent = say("kubb-copied");
          } catch {
            copied.textContent = url;
          }
        }, false, `copy-${letter}`),
        button(say("kubb-qr"), () => showCode(code, url, team(letter).name), false, `qr-${letter}`),
        copied),
      code);
  });
  $("share-links").replaceChildren(...rows);
}

async function showCode(box, url, name) {
  box.hidden = !box.hidden;
  if (box.hidden || box.firstChild) return;
  const { qrSvg } = await import("/qr.js");
  const drawn = qrSvg(url, { label: say("kubb-qr-label", { team: name }) });
  if (typeof drawn === "string") box.innerHTML = drawn;
  else box.append(drawn);
  box.append(element("p", { class: "muted link-text" }, url));
}

// The match's result: won by a team, or drawn (time called with the
// games level); null while it goes on.
function matchResult() {
  const state = page.state;
  if (state.status !== "finished") return null;
  if (state.winner) return say("kubb-match-won", { team: team(state.winner).name });
  return say("kubb-match-drawn", { a: state.teams[0].games_won, b: state.teams[1].games_won });
}

function renderStatus() {
  $("status").textContent = statusText();
  // The turn in data, the same in every language (for scripts and tests).
  const { state } = page;
  Object.assign($("status").dataset, {
    phase: phase(), thrower: state.thrower, turn: state.turn, kingAttack: Boolean(state.king_attack?.allowed), finished: state.status === "finished",
  });
  const result = matchResult();
  $("result").hidden = !result;
  $("result").textContent = result || "";
  $("export-log").href = `/api/kubb/matches/${id}/export?format=log`;
  $("export-notation").href = `/api/kubb/matches/${id}/export?format=notation`;
}

function lineText(t) {
  return t.line.at === "knight" ? say("kubb-line-advanced", { piece: t.line.piece }) : say("kubb-line-baseline");
}

// The scoreboard: games, towers standing, knights, the line.
function renderScoreboard() {
  const state = page.state;
  const rows = TEAMS.map((letter) => {
    const t = team(letter);
    const towers = state.pieces.filter((p) => p.state === "tower" && p.team === letter).length;
    const knights = state.pieces.filter((p) => p.state === "knight" && p.half === letter).length;
    return element("tr", {},
      element("th", { scope: "row", translate: "no" }, `${letter}: ${t.name}`),
      element("td", {}, formatNumber(t.games_won)),
      element("td", {}, say("kubb-towers-of", { count: towers })),
      element("td", {}, formatNumber(knights)),
      element("td", {}, lineText(t)));
  });
  $("scoreboard").replaceChildren(...rows);
  // The columns that name pieces and sticks, as the ruleset's players do.
  $("column-towers").textContent = say("kubb-column-towers");
  $("column-knights").textContent = say("kubb-column-knights");
  $("column-sticks").textContent = say("kubb-column-sticks");
  $("turn-line").textContent = phase() === "throwing"
    ? say("kubb-turn-line", { team: team(state.thrower).name, turn: state.turn, count: state.sticks_left })
    : "";
}

function renderSync(mode) {
  const count = waiting().length;
  let text;
  if (page.blocked && page.blocked.index < count) text = say("kubb-sync-refused", { count });
  else if (mode === "sending" && count) text = say("kubb-sync-sending", { count });
  else if (count) text = say("kubb-sync-saved", { count });
  else text = say("kubb-synced");
  $("sync").textContent = text;
  $("sync").classList.toggle("unsynced", count > 0);
}

// An entry in words, as the outbox lists it.
function entryText(event) {
  const who = { by: event.player ? "yes" : "no", player: event.player || "" };
  switch (event.event) {
    case "stick": {
      const outcome = event.outcome;
      if (outcome === "miss") return say("kubb-entry-miss", who);
      if (outcome === "foul") return say("kubb-entry-foul", who);
      const hit = outcome.hit;
      const pieces = [...hit.knights, ...hit.towers].map(pieceName).join(", ");
      const king = !hit.king ? "no" : pieces ? "also" : "only";
      return say("kubb-entry-hit", { ...who, pieces, king });
    }
    case "inkast":
      if (event.king_felled) return say("kubb-entry-inkast-king", who);
      return say(event.landed_in ? "kubb-entry-inkast-in" : "kubb-entry-inkast-out", who);
    case "placement": return say("kubb-entry-placement");
    case "rescue": return say("kubb-entry-rescue", { ...who, piece: pieceName(event.piece) });
    case "start": return say("kubb-entry-start", { team: team(event.team).name });
    case "next_game": return say("kubb-entry-next-game");
    case "time_called": return say("kubb-entry-time-called");
    default: return event.event;
  }
}

// The entries not yet recorded by the server; a refused one with its
// reason and the referee's choices.
function renderOutbox() {
  const entries = waiting();
  const box = $("outbox");
  box.hidden = !entries.length;
  if (!entries.length) return;
  const blocked = page.blocked;
  const items = entries.map((entry, index) => {
    const refused = blocked && blocked.index === index;
    const state = refused ? "kubb-entry-refused" : blocked && index > blocked.index ? "kubb-entry-waits" : "kubb-entry-saved";
    const item = element("li", { class: refused ? "refused" : "", "data-entry": index },
      element("span", {}, say(state, { entry: entryText(entry.event) })));
    if (refused) {
      item.append(element("p", { class: "reason" }, say(entry.refused ? "kubb-refused-server" : "kubb-refused-rules", { reason: blocked.reason })));
      const choices = element("p", { class: "row" },
        button(say("kubb-drop"), () => dropEntry(index), false, "drop-entry"));
      if (blocked.conflict) choices.append(button(say("kubb-send-after"), () => sendAfterOthers(), true, "send-after"));
      item.append(choices);
    }
    return item;
  });
  $("outbox-list").replaceChildren(...items);
  // The lawn says so too, where the referee looks.
  if (blocked) showError($("error"), new Error(say("kubb-not-recorded", { entry: entryText(entries[blocked.index].event), reason: blocked.reason })));
  $("outbox-title").textContent = say(blocked ? "kubb-outbox-blocked" : "kubb-outbox-saved", { count: entries.length });
}

function dropEntry(index) {
  const entry = waiting()[index];
  outbox.drop(index);
  announce(say("kubb-dropped", { entry: entryText(entry.event) }));
  render();
  sync().catch(() => {});
}

async function sendAfterOthers() {
  await refreshRecord();
  outbox.rebase((page.record || page.server).seq);
  render();
  await sync();
}

async function renderStats() {
  page.stats = await api("GET", `/api/kubb/matches/${id}/stats`);
  drawStats();
}

// The players' table from the statistics last fetched.
function drawStats() {
  if (!page.stats) return;
  const rows = Object.entries(page.stats.players).map(([name, s]) =>
    element("tr", {},
      element("td", { translate: "no" }, name),
      element("td", {}, formatNumber(s.sticks)),
      element("td", {}, formatNumber(s.hits)),
      element("td", {}, s.hit_rate === null ? "–" : say("kubb-hit-rate", { percent: Math.round(s.hit_rate * 100) })),
      element("td", {}, `${formatNumber(s.inkast_in)}/${formatNumber(s.inkast_throws)}`)));
  $("stats").replaceChildren(...rows);
}

// The bar: A's share, the draw's (time called can leave a match level)
// and B's, rounded once so that they sum to 100.
function showProbability(a, draw, label) {
  const b = 100 - a - draw;
  $("prob-a").style.width = `${a}%`;
  $("prob-draw").style.width = `${draw}%`;
  $("prob-b").style.width = `${b}%`;
  // A share too thin for its label shows none.
  $("prob-a").textContent = a >= 20 ? say("kubb-odds-team", { team: team("A").name, percent: a }) : "";
  $("prob-draw").textContent = draw >= 20 ? say("kubb-odds-draw", { percent: draw }) : "";
  $("prob-b").textContent = b >= 20 ? say("kubb-odds-team", { team: team("B").name, percent: b }) : "";
  $("probability").setAttribute("aria-label", label);
}

function shares(a, b) {
  const pa = Math.round(a * 100);
  const pb = Math.round(b * 100);
  return [pa, Math.max(0, 100 - pa - pb)];
}

// The odds the page knows without asking the server: none before the
// start, the result once the match is over, and none while entries wait
// on this phone (the play-outs need the server). True when it knows.
function renderKnownOdds() {
  const state = page.state;
  const neutral = phase() === "starting_throw" && state.events <= 1;
  const unknown = waiting().length > 0;
  $("probability").classList.toggle("neutral", state.status !== "finished" && (neutral || unknown));
  if (state.status === "finished") {
    const [a, draw] = state.winner ? [state.winner === "A" ? 100 : 0, 0] : [0, 100];
    showProbability(a, draw, say("kubb-odds-over", { result: matchResult() }));
  } else if (neutral) {
    showProbability(50, 0, say("kubb-odds-not-started"));
  } else if (unknown) {
    showProbability(50, 0, say("kubb-odds-offline"));
    // No shares on the grey bar: they would read as odds.
    $("prob-a").textContent = say("kubb-odds-need-connection");
    $("prob-b").textContent = "";
  } else {
    return false;
  }
  if (unknown || state.status === "finished") {
    $("advice").textContent = unknown ? say("kubb-advice-offline") : "";
  }
  return true;
}

async function renderProbability() {
  if (renderKnownOdds()) return;
  page.chances = await api("GET", `/api/kubb/matches/${id}/probability?games=1000`);
  drawOdds();
}

// The odds last fetched, drawn again after a switch of language.
function drawOdds() {
  if (!page.chances || renderKnownOdds()) return;
  const [a, draw] = shares(page.chances.a, page.chances.b);
  const b = 100 - a - draw;
  showProbability(a, draw, say("kubb-odds", { teamA: team("A").name, a, teamB: team("B").name, b, draw }));
}

async function renderAdvice() {
  if (waiting().length || page.state.status === "finished") return;
  page.advice = await api("GET", `/api/kubb/matches/${id}/advice?games=300`);
  drawAdvice();
}

// The decisions the server advises (`choice.kind`), each a message of its
// own; the server's English words where none fits.
const DECISIONS = {
  inkast: "inkast",
  placement: "place",
  throw_at_king: "king",
  throw_away: "away",
  throw_at_piece: "piece",
};

// The advice last fetched, said again after a switch of language.
function drawAdvice() {
  const advice = page.advice;
  if (!advice || waiting().length || page.state.status === "finished") return;
  if (!advice.best) {
    $("advice").textContent = "";
    return;
  }
  // Half to even, as the server's own words round the same spot.
  const tenths = (value) => formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1, roundingMode: "halfEven" });
  const choice = advice.choice;
  const decision = DECISIONS[choice.kind] || "other";
  const spot = decision === "inkast" || decision === "place";
  $("advice").textContent = say("kubb-advice", {
    team: team(advice.deciding).name,
    decision,
    best: advice.best,
    piece: decision === "piece" ? choice.piece : "",
    x: spot ? tenths(choice.x) : "",
    y: spot ? tenths(choice.y) : "",
    percent: Math.round(advice.options[0].win_probability * 100),
    gain: tenths(advice.gain * 100),
  });
}

// The field last: its targets are sized for the space the rest leaves.
function render() {
  rebuild();
  renderControls();
  renderStatus();
  renderScoreboard();
  renderOutbox();
  renderSync();
  renderKnownOdds();
  renderField();
  renderShare();
}

// The server's state: shown, with the odds, advice and statistics only
// it has, when nothing waits on this phone.
function setState(state) {
  page.server = state;
  saveState(id, state);
  render();
  renderProbability().catch(() => {});
  renderAdvice().catch(() => {});
  if (!waiting().length) renderStats().catch(() => {});
}

$("undo").addEventListener("click", async () => {
  showError($("error"), null);
  const entries = waiting();
  if (entries.length) {
    const last = entries[entries.length - 1];
    outbox.drop();
    announce(say("kubb-taken-back-local", { entry: entryText(last.event) }));
    render();
    sync().catch(() => {});
    return;
  }
  try {
    const state = await api("POST", `/api/kubb/matches/${id}/undo`, {}, tokens.get(id));
    await refreshRecord();
    setState(state);
    announce(say("kubb-taken-back"));
  } catch (error) {
    showError($("error"), error);
  }
});

// The server's events in force, unless an answer that came back first
// was newer (a fetch can overtake another).
async function refreshRecord() {
  const record = await api("GET", `/api/kubb/matches/${id}/events`);
  if (!page.record || record.seq >= page.record.seq) setRecord(record);
}

async function refresh() {
  const [state] = await Promise.all([api("GET", `/api/kubb/matches/${id}`), refreshRecord()]);
  if (!page.server || state.seq >= page.server.seq) setState(state);
}

connection.onChange((state) => {
  if (state === "online") sync().catch(() => {});
});
// Entries waiting are tried again every five seconds.
setInterval(() => { if (waiting().length && !page.blocked) sync().catch(() => {}); }, 5000);
window.addEventListener("resize", () => page.state && renderField());
// A switch of language keeps the match, its entries and the outbox, and
// says it all again in the new words.
onLanguageChange(() => {
  if (!page.state) return;
  render();
  drawOdds();
  drawAdvice();
  drawStats();
});

if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});

async function start() {
  if (!id) {
    showMissing("match", null);
    return;
  }
  try {
    await refresh();
  } catch (error) {
    if (error.status === 404) {
      showMissing("match", id);
      return;
    }
    // No network: the state and events last seen on this phone, if any.
    const saved = savedState(id);
    const events = savedRecord(id);
    if (!saved) throw error;
    if (events) setRecord(events);
    setState(saved);
  }
  if (waiting().length) sync().catch(() => {});
  live(id, (message) => {
    // Another phone's entry: fetched, unless this phone's own are on their way.
    // The socket's first message is a snapshot: an entry made between this
    // page's load and the socket's opening shows only there.
    const news = message.type === "event" || message.type === "snapshot";
    if (news && message.seq !== page.record?.seq && !outbox.sending) refresh().catch(() => {});
  }, () => refresh().catch(() => {}));
}
start().catch((error) => showError($("error"), error));
