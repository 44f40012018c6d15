// The Kubb rules on the phone: a twin of `crates/kubb`'s match state
// machine (src/game.rs), so that the scorekeeper keeps score without a
// signal. It applies the same referee events with the same refusals, in
// the same words, and shows a match as the server's `KubbState` does.
// The server stays the authority; this module is held to it by a
// differential test (crates/server/tests/kubb_rules_twin.rs), which plays
// thousands of random matches through both. Change the rules there and
// here together. No I/O and no DOM: node runs it as the browser does.

// `games_to_win` null: the ruleset's own (seed 1, standard 2).
const SETTINGS_DEFAULTS = {
  opening: "6-6-6", opening_thrower_rule: false, base_kubb_double: true, time_limit: null,
  games_to_win: null, five_for_five: false,
};

// The two rulesets of the rule book (crates/kubb/src/ruleset.rs).
const RULESETS = {
  seed: {
    name: "seed", field_length: 10, field_width: 5, lag_touch_loses: true, inkast_attempts: 2,
    piece_by_piece: true, placement_from_king: 0.3, placement_from_pins: null,
    line_until_knight_falls: true, king_sticks_in_hand: 2, games_to_win: 1,
  },
  standard: {
    name: "standard", field_length: 8, field_width: 5, lag_touch_loses: false, inkast_attempts: 2,
    piece_by_piece: false, placement_from_king: 0.3, placement_from_pins: 0.3,
    line_until_knight_falls: false, king_sticks_in_hand: 1, games_to_win: 2,
  },
};

const TEAMS = ["A", "B"];
const PIECES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

const other = (team) => (team === "A" ? "B" : "A");
const index = (team) => (team === "A" ? 0 : 1);
const originalTeam = (piece) => (piece < 5 ? "A" : "B");
const spot = (piece) => piece % 5;
export const pieceName = (piece) => `${originalTeam(piece)}${spot(piece) + 1}`;

// Rust's `{:.N}`: the exact decimal value rounded half to even ("inf",
// "-0.00" for a negative zero), where JavaScript's toFixed rounds half up.
export function fixed(value, digits) {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  const magnitude = Math.abs(value);
  let text = magnitude.toFixed(digits);
  if (magnitude < 1e21) {
    const exact = magnitude.toFixed(Math.min(100, digits + 80));
    const rest = exact.slice(exact.length - 80);
    if (/^50*$/.test(rest)) {
      // A tie: toFixed went up; Rust goes to the even neighbour.
      const kept = exact.slice(0, exact.length - 80);
      const last = Number(kept[kept.length - 1]);
      if (last % 2 === 0) text = digits ? kept : kept.replace(/\.$/, "");
    }
  }
  return sign + text;
}

const pointText = (at) => `(${fixed(at.x, 2)} m, ${fixed(at.y, 2)} m)`;
const distance = (p, q) => Math.sqrt((p.x - q.x) ** 2 + (p.y - q.y) ** 2);

// A refusal of the rules, in the words the server answers with, and its
// code and params as the server sends them (crates/kubb: RuleError::code,
// RuleError::params), for the page to say it in its language.
export class RuleError extends Error {
  constructor(message, code, params = {}) {
    super(message);
    this.name = "RuleError";
    this.code = code;
    this.params = params;
  }
}

const refuse = (message, code, params) => { throw new RuleError(message, code, params); };

// A phase's name and what it waits for, counted, as a refusal's params.
const PHASE_KEYS = {
  starting_throw: "starting-throw",
  inkast: "inkast",
  placement: "placement",
  throwing: "throwing",
};
const phaseCount = (phase) => phase.name === "inkast" ? phase.queue.length : phase.name === "placement" ? phase.to_place.length : 0;
const notNow = (attempted, action, phase) => refuse(`${attempted} is not possible now: ${expectation(phase)}`, "kubb.not-now", {
  action,
  phase: PHASE_KEYS[phase.name] ?? "game-over",
  count: phaseCount(phase),
});
// A length in metres as a refusal's parameter: to the centimetre.
const metres = (length) => Math.round(length * 100) / 100;

function expectation(phase) {
  switch (phase.name) {
    case "starting_throw": return "the game starts with the starting throw";
    case "inkast": return `${phase.queue.length} inkast throw(s) come first`;
    case "placement": return `the defenders must first place ${phase.to_place.length} piece(s) that landed out twice`;
    case "throwing": return "the thrower is throwing sticks";
    default: return `the game is over: ${gameResult(phase)}`;
  }
}

const gameResult = (end) => (end.winner ? `team ${end.winner} won (${end.reason})` : `drawn (${end.reason})`);

// What may be entered, beyond what a record may hold: a new entry of a
// hit names what fell (crates/server: kubb_match::State::enter).
export function checkEntry(event) {
  const hit = event?.event === "stick" && event.outcome?.hit;
  if (hit && !(hit.knights?.length || hit.towers?.length || hit.king)) {
    refuse("a hit names what fell (knights, towers or the king); a stick that fells nothing is a miss", "kubb.hit-names-nothing");
  }
}

const sameName = (x, y) => x.toLowerCase() === y.toLowerCase();

function firstListedTwice(players) {
  players.forEach((player, i) => {
    if (players.slice(0, i).some((earlier) => sameName(earlier, player))) {
      refuse(`${player} is listed twice: a player throws for one team, once listed (names are compared in either case)`, "kubb.player-listed-twice", { player });
    }
  });
}

function checkTeam(team, rules) {
  firstListedTwice(team.players);
  const count = team.players.length;
  if (rules.opening_thrower_rule && rules.opening === "2-4-6" && count >= 1 && count < 3) {
    refuse(`under the 2-4-6 thrower rule a team's 4 opening sticks are thrown by at least 3 different players; ${team.name} lists ${count} player(s)`, "kubb.too-few-players-for-thrower-rule", { team: team.name, players: count });
  }
}

function checkTeams(rules, a, b) {
  checkTeam(a, rules);
  checkTeam(b, rules);
  if (sameName(b.name, a.name)) refuse(`both teams are named ${b.name}: give them different names`, "kubb.same-team-names", { name: b.name });
  firstListedTwice([...a.players, ...b.players]);
}

// The pieces a stick outcome names, each a real piece named once.
function hitOf(outcome) {
  const hit = typeof outcome === "object" && outcome !== null ? outcome.hit : null;
  if (!hit) return { knights: [], towers: [], king: false };
  const named = new Set();
  const setOf = (pieces) => {
    for (const piece of pieces) {
      if (piece > 9) refuse(`there is no piece number ${piece}`, "kubb.no-such-piece", { number: piece });
      if (named.has(piece)) refuse(`${pieceName(piece)} is listed twice for one stick`, "kubb.named-twice", { piece: pieceName(piece) });
      named.add(piece);
    }
    return [...new Set(pieces)].sort((p, q) => p - q);
  };
  return { knights: setOf(hit.knights || []), towers: setOf(hit.towers || []), king: Boolean(hit.king) };
}

const ACTION_NAMES = {
  starting_throw: "a starting throw",
  start: "choosing the starting team",
  inkast: "an inkast throw",
  placement: "placing a piece",
  stick: "a stick throw",
  next_game: "starting the next game",
  rescue: "a rescue",
  time_called: "calling time",
};

const decidesAtTurnEnd = (tieBreak) => tieBreak === "none" || tieBreak === "baseline-count";

// A match in progress or finished: `Match.create` a new one, `apply` an
// event for the next state (this one is never changed), `view` it.
export class Match {
  static create(rulesetName, settings = {}) {
    const base = RULESETS[rulesetName];
    if (!base) refuse(`ruleset '${rulesetName}' is not 'seed' or 'standard'`, "request.refused", { reason: `ruleset '${rulesetName}' is not 'seed' or 'standard'` });
    const rules = { ...base, ...SETTINGS_DEFAULTS, ...settings };
    // A best of 2N - 1 games: N from the settings, else the ruleset's own.
    rules.own_games_to_win = base.games_to_win;
    rules.games_to_win = settings.games_to_win ?? base.games_to_win;
    return Match.fresh(rules);
  }

  static fresh(rules) {
    const match = new Match();
    match.rules = rules;
    match.field = { length: rules.field_length, width: rules.field_width };
    match.pieces = PIECES.map((piece) => ({ state: "tower", team: originalTeam(piece) }));
    match.king_standing = true;
    match.thrower = "A";
    match.turns = 0;
    match.sticks_thrown = 0;
    match.phase = { name: "starting_throw" };
    match.lines = [{ at: "baseline" }, { at: "baseline" }];
    match.wins = [0, 0];
    match.starter = null;
    match.teams = null;
    match.time_called = false;
    match.turn_players = [];
    match.landed_this_turn = [];
    match.events = 0;
    return match;
  }

  // The match after `events`, each of which the rules accepted in order.
  static replay(rulesetName, settings, events) {
    return events.reduce((match, event) => match.apply(event), Match.create(rulesetName, settings));
  }

  clone() {
    const copy = Object.assign(new Match(), this);
    copy.pieces = this.pieces.map((piece) => ({ ...piece }));
    copy.phase = { ...this.phase };
    if (copy.phase.queue) copy.phase.queue = this.phase.queue.map((entry) => [...entry]);
    if (copy.phase.to_place) copy.phase.to_place = [...this.phase.to_place];
    copy.lines = this.lines.map((line) => ({ ...line }));
    copy.wins = [...this.wins];
    copy.turn_players = [...this.turn_players];
    copy.landed_this_turn = [...this.landed_this_turn];
    return copy;
  }

  // --- what the state says -------------------------------------------

  teamInfo(team) {
    return this.teams ? this.teams[index(team)] : { name: team, players: [] };
  }

  sticksLeft() {
    const turn = this.turns;
    const inTurn = this.rules.opening === "2-4-6" && turn < 2 ? [2, 4][turn] : 6;
    return inTurn - this.sticks_thrown;
  }

  // Pieces (numbers, ascending) matching `test`.
  piecesWhere(test) {
    return PIECES.filter((piece) => test(this.pieces[piece]));
  }

  standingTowers(team) {
    return this.piecesWhere((p) => p.state === "tower" && p.team === team);
  }

  standingKnights(half) {
    return this.piecesWhere((p) => p.state === "knight" && p.half === half);
  }

  downIn(half) {
    return this.piecesWhere((p) => p.state === "down" && p.half === half);
  }

  isKnightIn(piece, half) {
    const p = this.pieces[piece];
    return p.state === "knight" && p.half === half;
  }

  knightDepth(piece) {
    const p = this.pieces[piece];
    return p.state === "knight" && p.at ? Math.abs(p.at.y - this.field.length / 2) : Infinity;
  }

  foremostKnight(half) {
    let foremost = null;
    for (const knight of this.standingKnights(half)) {
      if (foremost === null || this.knightDepth(knight) < this.knightDepth(foremost)) foremost = knight;
    }
    return foremost;
  }

  counting_targets() {
    const opponent = other(this.thrower);
    const knights = this.standingKnights(opponent);
    return knights.length ? knights : this.standingTowers(opponent);
  }

  // Why the thrower may not throw at the king yet (null: it may).
  kingNotYet() {
    const opponent = other(this.thrower);
    const knights = this.standingKnights(opponent).length;
    const towers = this.standingTowers(opponent).length;
    if (knights > 0 || towers > 0) {
      return `team ${opponent} still has ${towers} tower(s) and ${knights} knight(s) standing in its half`;
    }
    const needed = this.rules.king_sticks_in_hand;
    if (this.sticksLeft() < needed) {
      return `the ${this.rules.name} ruleset allows a throw at the king only with at least ${needed} sticks in hand; team ${this.thrower} has ${this.sticksLeft()}`;
    }
    return null;
  }

  // "won" with the team, "drawn", or null while the match goes on.
  outcome() {
    if (this.phase.name !== "game_over") return null;
    const [a, b] = this.wins;
    const needed = this.rules.games_to_win;
    if (a >= needed || b >= needed) return { won: a >= needed ? "A" : "B" };
    const limit = this.rules.time_limit;
    if (!(this.time_called && limit && decidesAtTurnEnd(limit.tie_break))) return null;
    if (a === b) return { drawn: true };
    return { won: a > b ? "A" : "B" };
  }

  // The line `team` throws from: a line advanced to a knight that has
  // since fallen is the baseline again.
  line(team) {
    const line = this.lines[index(team)];
    return line.at === "knight" && !this.isKnightIn(line.piece, team) ? { at: "baseline" } : line;
  }

  foremostLine(team) {
    const piece = this.foremostKnight(team);
    if (piece === null) return { at: "baseline" };
    const p = this.pieces[piece];
    return { at: "knight", piece, y: p.at ? p.at.y : null };
  }

  timeBreakRunning(tieBreak) {
    return this.time_called && this.rules.time_limit?.tie_break === tieBreak;
  }

  // --- applying an event ---------------------------------------------

  // The state after `event`, or a RuleError; this state never changes.
  apply(event) {
    this.refuseWhenOver();
    this.checkPlayer(event);
    this.checkOpeningThrowers(event);
    const next = this.clone();
    if (event.event === "teams") next.nameTeams(event);
    else next.act(event);
    next.noteTurnPlayer(this, event);
    next.events = this.events + 1;
    return next;
  }

  refuseWhenOver() {
    const outcome = this.outcome();
    if (outcome?.won) refuse(`the match is over: team ${outcome.won} has won it`, "kubb.match-over", { winner: outcome.won });
    if (outcome?.drawn) refuse("the match is over: time was called with the games level, a draw", "kubb.match-drawn");
  }

  checkPlayer(event) {
    if (event.event !== "stick" && event.event !== "inkast") return;
    const team = this.teamInfo(this.thrower);
    if (!team.players.length || team.players.includes(event.player)) return;
    refuse(`${event.player} does not play for ${team.name} (team ${this.thrower}): its players are ${team.players.join(", ")}`, "kubb.not-a-player", {
      player: event.player,
      team: this.thrower,
      team_name: team.name,
      players: team.players.join(", "),
    });
  }

  openingThrowersNeeded() {
    const applies = this.rules.opening_thrower_rule && this.rules.opening === "2-4-6"
      && ["throwing", "inkast", "placement"].includes(this.phase.name);
    if (!applies) return null;
    return this.turns === 0 ? 2 : this.turns === 1 ? 3 : null;
  }

  checkOpeningThrowers(event) {
    const needed = this.openingThrowersNeeded();
    if (event.event !== "stick" || needed === null) return;
    const repeated = this.turn_players.includes(event.player);
    const reachable = this.turn_players.length + this.sticksLeft() - 1;
    if (repeated && reachable < needed) {
      const sticks = this.sticksLeft() + this.sticks_thrown;
      refuse(`under the 2-4-6 thrower rule the ${sticks} sticks of this turn are thrown by at least ${needed} different players; ${event.player} has thrown already and too few sticks are left`, "kubb.opening-throwers", { player: event.player, sticks, players: needed });
    }
  }

  noteTurnPlayer(before, event) {
    const changed = this.turns !== before.turns || this.wins[0] !== before.wins[0]
      || this.wins[1] !== before.wins[1] || this.starter !== before.starter;
    if (changed) this.turn_players = [];
    else if (event.event === "stick" && before.openingThrowersNeeded() !== null && !this.turn_players.includes(event.player)) {
      this.turn_players.push(event.player);
    }
  }

  nameTeams(event) {
    if (this.phase.name !== "starting_throw" || this.wins[0] || this.wins[1]) notNow("naming the teams", "teams", this.phase);
    checkTeams(this.rules, event.a, event.b);
    this.teams = [
      { name: event.a.name, players: [...(event.a.players || [])] },
      { name: event.b.name, players: [...(event.b.players || [])] },
    ];
  }

  // The rules' action of a referee event, played on this (fresh) copy.
  act(event) {
    const hit = event.event === "stick" ? hitOf(event.outcome) : null;
    if (event.event === "rescue" && event.piece > 9) refuse(`there is no piece number ${event.piece}`, "kubb.no-such-piece", { number: event.piece });
    this.refuseWhenOver();
    const phase = this.phase.name;
    switch (`${phase}/${event.event}`) {
      case "starting_throw/starting_throw": return this.startingThrow(event.a, event.b);
      case "starting_throw/start": return this.startGame(event.team);
      case "inkast/inkast": return this.inkast(event.landed_in, event.at ?? null, Boolean(event.king_felled));
      case "placement/placement": return this.placement(event.at ?? null);
      case "throwing/stick": return this.stick(hit);
      case "game_over/next_game": return this.nextGame();
      case "inkast/rescue": return this.rescue(event.piece);
      default:
        if (event.event === "time_called") return this.callTime();
        return notNow(ACTION_NAMES[event.event], event.event.replaceAll("_", "-"), this.phase);
    }
  }

  startingThrow(a, b) {
    const loses = (lag) => (this.rules.lag_touch_loses ? lag.king !== "none" : lag.king === "felled");
    if (!(a.distance >= 0 && b.distance >= 0)) refuse("a starting-throw distance must be a number of metres, 0 or more", "kubb.lag-distance");
    const [la, lb] = [loses(a), loses(b)];
    if (la && lb) refuse("both starting throws broke the king rule: throw again", "kubb.lag-both-broke-king-rule");
    let starter;
    if (la) starter = "B";
    else if (lb) starter = "A";
    else if (a.distance < b.distance) starter = "A";
    else if (b.distance < a.distance) starter = "B";
    else refuse("the starting throws are equally close to the king: throw again", "kubb.lag-tie");
    this.startGame(starter);
  }

  startGame(starter) {
    this.starter = starter;
    this.thrower = starter;
    this.phase = { name: "throwing" };
    if (this.timeBreakRunning("sudden")) this.removeRearMost(other(starter));
  }

  beginThrowing() {
    this.phase = { name: "throwing" };
    if (this.timeBreakRunning("accelerated")) this.removeRearMost(other(this.thrower));
  }

  inHalf(team, point) {
    const { length, width } = this.field;
    const insideWidth = point.x >= 0 && point.x <= width;
    const half = team === "A" ? point.y >= 0 && point.y < length / 2 : point.y > length / 2 && point.y <= length;
    return insideWidth && half;
  }

  inkast(landedIn, at, kingFelled) {
    const target = other(this.thrower);
    if (!kingFelled && landedIn && at && !this.inHalf(target, at)) {
      refuse(`${pointText(at)} is not in team ${target}'s half: an inkasted piece that lands there is out`, "kubb.inkast-outside", { at: pointText(at), half: target });
    }
    const { queue, to_place: toPlace } = this.phase;
    const [piece, attempt] = queue.shift();
    if (!landedIn && attempt < this.rules.inkast_attempts) {
      if (this.rules.piece_by_piece) queue.unshift([piece, attempt + 1]);
      else queue.push([piece, attempt + 1]);
    } else if (!landedIn) {
      toPlace.push(piece);
    }
    const inkastDone = !queue.length && !toPlace.length;
    if (!queue.length && toPlace.length) this.phase = { name: "placement", to_place: toPlace };
    if (kingFelled) {
      this.endGame(target, { kind: "king_felled_by_inkast", thrower: this.thrower }, `team ${this.thrower} knocked the king over with an inkasted piece`);
      return;
    }
    if (landedIn) {
      this.pieces[piece] = { state: "knight", half: target, at };
      this.landed_this_turn.push(piece);
    }
    if (inkastDone) this.beginThrowing();
  }

  placement(at) {
    const defenders = other(this.thrower);
    if (at) {
      if (!this.inHalf(defenders, at)) refuse(`team ${defenders} must place the piece in its own half; ${pointText(at)} is not`, "kubb.placement-outside-half", { at: pointText(at), team: defenders });
      const king = { x: this.field.width / 2, y: this.field.length / 2 };
      const fromKing = distance(at, king);
      const minimum = this.rules.placement_from_king;
      if (fromKing < minimum) {
        refuse(`a placed piece must stand at least one stick length (${fixed(minimum, 2)} m) from the king; ${pointText(at)} is ${fixed(fromKing, 2)} m away`, "kubb.placement-near-king", {
          at: pointText(at),
          distance: metres(fromKing),
          minimum: metres(minimum),
        });
      }
      const pinMinimum = this.rules.placement_from_pins;
      if (pinMinimum !== null) {
        const pin = this.pins().find((p) => distance(p, at) < pinMinimum);
        if (pin) {
          refuse(`the ${this.rules.name} ruleset keeps a placed piece at least one stick length (${fixed(pinMinimum, 2)} m) from every field pin; ${pointText(at)} is ${fixed(distance(pin, at), 2)} m from the pin at ${pointText(pin)}`, "kubb.placement-near-pin", {
            at: pointText(at),
            pin: pointText(pin),
            distance: metres(distance(pin, at)),
            minimum: metres(pinMinimum),
            ruleset: this.rules.name,
          });
        }
      }
    }
    const piece = this.phase.to_place.shift();
    this.pieces[piece] = { state: "knight", half: defenders, at };
    if (!this.phase.to_place.length) this.beginThrowing();
  }

  // The four corners and both ends of the centre line.
  pins() {
    const { length, width } = this.field;
    return [
      { x: 0, y: 0 }, { x: width, y: 0 }, { x: 0, y: length }, { x: width, y: length },
      { x: 0, y: length / 2 }, { x: width, y: length / 2 },
    ];
  }

  stick(hit) {
    this.checkHit(hit);
    if (hit.king) {
      const why = this.kingNotYet();
      if (why === null) this.endGame(this.thrower, { kind: "king_felled", thrower: this.thrower }, `team ${this.thrower} knocked the king over`);
      else this.endGame(other(this.thrower), { kind: "king_felled_too_early", thrower: this.thrower }, `team ${this.thrower} knocked the king over too early: ${why}`);
      return;
    }
    for (const piece of [...hit.knights, ...hit.towers]) this.pieces[piece] = { state: "down", half: other(this.thrower) };
    this.sticks_thrown += 1;
    if (this.sticksLeft() === 0 || this.fiveForFiveForfeit()) this.endTurn();
  }

  // The five-for-five forfeit (a tournament setting): in the first turn
  // of a game, once every baseline kubb of the opponent is down, the
  // batons left are forfeited.
  fiveForFiveForfeit() {
    return this.rules.five_for_five && this.turns === 0 && this.standingTowers(other(this.thrower)).length === 0;
  }

  checkHit(hit) {
    const opponent = other(this.thrower);
    const knights = this.standingKnights(opponent);
    const notKnight = hit.knights.find((piece) => !knights.includes(piece));
    if (notKnight !== undefined) refuse(`${pieceName(notKnight)} is not a knight standing in team ${opponent}'s half`, "kubb.not-a-knight", { piece: pieceName(notKnight), half: opponent });
    const towers = this.standingTowers(opponent);
    const notTower = hit.towers.find((piece) => !towers.includes(piece));
    if (notTower !== undefined) refuse(`${pieceName(notTower)} is not a standing tower of team ${opponent}`, "kubb.not-a-tower", { piece: pieceName(notTower), team: opponent });
    const double = this.rules.base_kubb_double && hit.knights.length === knights.length;
    if (hit.towers.length && knights.length && !double) {
      refuse(`tower ${spot(hit.towers[0]) + 1} of team ${opponent} cannot count: ${knights.length} knight(s) still stand in team ${opponent}'s half; it is raised again`, "kubb.tower-behind-knights", {
        tower: spot(hit.towers[0]) + 1,
        team: opponent,
        knights: knights.length,
      });
    }
  }

  endTurn() {
    const limit = this.rules.time_limit;
    if (limit && this.time_called && decidesAtTurnEnd(limit.tie_break)) return this.decideOnTime(limit.tie_break);
    const finished = this.thrower;
    const next = other(finished);
    if (this.rules.line_until_knight_falls) {
      const kept = this.line(next);
      this.lines[index(next)] = kept.at === "baseline" ? this.foremostLine(next) : kept;
    }
    this.thrower = next;
    this.turns += 1;
    this.sticks_thrown = 0;
    this.landed_this_turn = [];
    if (!this.rules.line_until_knight_falls) this.lines[index(next)] = this.foremostLine(next);
    if (this.timeBreakRunning("sudden")) this.removeRearMost(finished);
    const down = this.downIn(next);
    this.phase = down.length
      ? { name: "inkast", queue: down.map((piece) => [piece, 1]), to_place: [] }
      : { name: "throwing" };
    return undefined;
  }

  // `end` is why the game ended as the server's view types it
  // (api::kubb::GameEnd); `reason` the same in the rules engine's words.
  endGame(winner, end, reason, onTime = false) {
    if (winner) this.wins[index(winner)] += 1;
    // A game ends with the king on the grass, legally or not, unless
    // time decided it.
    this.king_standing = onTime;
    this.phase = { name: "game_over", winner, reason, end };
  }

  nextGame() {
    const starter = this.starter ? other(this.starter) : "A";
    const { wins, teams, time_called: timeCalled, events } = this;
    Object.assign(this, Match.fresh(this.rules));
    Object.assign(this, { wins, teams, time_called: timeCalled, events });
    this.startGame(starter);
  }

  callTime() {
    const limit = this.rules.time_limit;
    if (!limit) refuse("this match has no time limit, so time cannot be called", "kubb.no-time-limit");
    if (this.time_called) refuse("time has been called already", "kubb.time-called-already");
    this.time_called = true;
    if (decidesAtTurnEnd(limit.tie_break) && this.phase.name === "starting_throw") this.decideOnTime(limit.tie_break);
  }

  decideOnTime(tieBreak) {
    const knocked = (team) => 5 - this.standingTowers(other(team)).length;
    const [a, b] = [knocked("A"), knocked("B")];
    if (tieBreak !== "baseline-count") return this.endGame(null, { kind: "time_called" }, "time was called: the game is drawn", true);
    if (a === b) return this.endGame(null, { kind: "equal_towers_knocked", towers: a }, `time: both teams knocked ${a} tower(s), a draw`, true);
    const team = a > b ? "A" : "B";
    const [more, fewer] = [Math.max(a, b), Math.min(a, b)];
    return this.endGame(team, { kind: "more_towers_knocked", team, more, fewer }, `time: team ${team} knocked more towers (${more} to ${fewer})`, true);
  }

  // The accelerated and sudden tie-breaks take the rear-most standing
  // piece of `side` out: a tower (lowest spot first), or else the knight
  // farthest from the centre line (the last of equals, as Rust's max_by).
  removeRearMost(side) {
    let piece = this.standingTowers(side)[0];
    if (piece === undefined) {
      for (const knight of this.standingKnights(side)) {
        if (piece === undefined || this.knightDepth(knight) >= this.knightDepth(piece)) piece = knight;
      }
    }
    if (piece !== undefined) this.pieces[piece] = { state: "removed" };
  }

  rescue(piece) {
    const target = other(this.thrower);
    if (!this.isKnightIn(piece, target) || this.landed_this_turn.includes(piece)) {
      refuse(`${pieceName(piece)} is not a knight left standing in team ${target}'s half from an earlier turn, so it cannot be rescued`, "kubb.not-rescuable", { piece: pieceName(piece), half: target });
    }
    this.pieces[piece] = { state: "down", half: this.thrower };
    this.phase.queue.push([piece, 1]);
  }

  // --- the state as the server shows it (`KubbState`) -----------------

  whereabouts(piece) {
    const p = this.pieces[piece];
    const name = pieceName(piece);
    switch (p.state) {
      case "tower": return `tower ${name} on team ${p.team}'s baseline, spot ${spot(piece) + 1}`;
      case "knight": return p.at ? `knight ${name} in team ${p.half}'s half at ${pointText(p.at)}` : `knight ${name} in team ${p.half}'s half`;
      case "down": return `${name}, down in team ${p.half}'s half`;
      default: return `${name}, removed by the tie-break`;
    }
  }

  // The rules engine's summary a referee can read out (its Display).
  summary() {
    const lines = [];
    const [a, b] = this.wins;
    lines.push(`ruleset ${this.rules.name}, opening ${this.rules.opening}, games won A ${a} B ${b}${this.time_called ? ", time called" : ""}`);
    if (this.phase.name === "game_over") lines.push(`game over: ${gameResult(this.phase)}`);
    else if (this.phase.name === "starting_throw") lines.push("waiting for the starting throw");
    else lines.push(`turn ${this.turns + 1} of team ${this.thrower}: ${expectation(this.phase)}; ${this.sticksLeft()} stick(s) left`);
    for (const team of TEAMS) {
      const info = this.teamInfo(team);
      if (info.name !== team || info.players.length) lines.push(`team ${team} is ${info.name} (${info.players.join(", ")})`);
      const line = this.line(team);
      const lineText = line.at === "baseline" ? "baseline"
        : line.y === null ? `advanced to knight ${pieceName(line.piece)}`
          : `advanced to knight ${pieceName(line.piece)} at y = ${fixed(line.y, 2)} m`;
      lines.push(`team ${team}: ${this.standingTowers(team).length} tower(s); half: ${this.standingKnights(team).length} knight(s) standing, ${this.downIn(team).length} down; throwing line: ${lineText}`);
    }
    if (this.phase.name === "throwing") {
      const targets = this.counting_targets().map((piece) => this.whereabouts(piece));
      const why = this.kingNotYet();
      lines.push(`counting targets: ${targets.length ? targets.join("; ") : "none"}`);
      lines.push(`king: standing, ${why === null ? "may be attacked now" : `not yet: ${why}`}`);
    } else {
      lines.push(`king: ${this.king_standing ? "standing" : "down"}`);
    }
    return lines.join("\n");
  }

  phaseView() {
    const phase = this.phase;
    switch (phase.name) {
      case "inkast": return {
        name: "inkast",
        queue: phase.queue.map(([piece, attempt]) => ({ piece: pieceName(piece), attempt })),
        to_place: phase.to_place.map(pieceName),
      };
      case "placement": return { name: "placement", to_place: phase.to_place.map(pieceName) };
      case "game_over": return { name: "game_over", winner: phase.winner, reason: phase.reason, end: { ...phase.end } };
      default: return { name: phase.name };
    }
  }

  pieceView(piece) {
    const p = this.pieces[piece];
    const view = { id: pieceName(piece), number: piece, state: p.state };
    if (p.state === "tower") return { ...view, team: p.team, at: { x: 0.5 + spot(piece), y: p.team === "A" ? 0 : this.field.length } };
    if (p.state === "knight") return { ...view, half: p.half, at: p.at ? { x: p.at.x, y: p.at.y } : null };
    if (p.state === "down") return { ...view, half: p.half };
    return view;
  }

  // The match as the server's `KubbState` shows it, without what only
  // the server knows (id, kind, seq, rated).
  view() {
    const outcome = this.outcome();
    const why = this.kingNotYet();
    const limit = this.rules.time_limit;
    return {
      status: outcome ? "finished" : "active",
      ruleset: this.rules.name,
      settings: {
        opening: this.rules.opening,
        opening_thrower_rule: this.rules.opening_thrower_rule,
        base_kubb_double: this.rules.base_kubb_double,
        time_limit: limit ? { minutes: limit.minutes, tie_break: limit.tie_break } : null,
        games_to_win: this.rules.games_to_win === this.rules.own_games_to_win ? null : this.rules.games_to_win,
        five_for_five: this.rules.five_for_five,
      },
      time_called: this.time_called,
      teams: TEAMS.map((team) => {
        const info = this.teamInfo(team);
        const line = this.line(team);
        return {
          team,
          name: info.name,
          players: [...info.players],
          games_won: this.wins[index(team)],
          line: line.at === "baseline" ? { at: "baseline" } : { at: "knight", piece: pieceName(line.piece), y: line.y },
        };
      }),
      phase: this.phaseView(),
      thrower: this.thrower,
      starter: this.starter,
      turn: this.turns + 1,
      sticks_left: this.sticksLeft(),
      king_standing: this.king_standing,
      king_attack: { allowed: why === null, reason: why },
      counting_targets: this.counting_targets().map(pieceName),
      pieces: PIECES.map((piece) => this.pieceView(piece)),
      field: {
        length: this.field.length,
        width: this.field.width,
        king: { x: this.field.width / 2, y: this.field.length / 2 },
        baselines: [0, this.field.length],
      },
      winner: outcome?.won ?? null,
      summary: this.summary(),
      events: this.events,
    };
  }
}
