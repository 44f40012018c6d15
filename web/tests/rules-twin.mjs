// The node side of the rules twin's differential test
// (crates/server/src/kubb_rules_twin.rs): reads one random match a line —
// its ruleset, settings and each event with the rules engine's state
// after it or its refusal — replays it through web/kubb-rules.js, and
// says where the twin differs (states, refusals' words, codes and params,
// the typed end of each game among them). Exits 1 on any difference, or
// when the matches ended no game in one of the ways the rules know (so
// that `end` is compared for each).
import { createInterface } from "node:readline";
import { isDeepStrictEqual } from "node:util";
import { Match, RuleError } from "../kubb-rules.js";

// The path of the first difference between two JSON values.
function difference(actual, expected, path = "") {
  if (isDeepStrictEqual(actual, expected)) return null;
  if (typeof actual !== "object" || typeof expected !== "object" || actual === null || expected === null) {
    return `${path || "."}: twin ${JSON.stringify(actual)}, rules engine ${JSON.stringify(expected)}`;
  }
  for (const key of new Set([...Object.keys(actual), ...Object.keys(expected)])) {
    const found = difference(actual[key], expected[key], `${path}.${key}`);
    if (found) return found;
  }
  return `${path}: differs`;
}

function check(match, { event, view, refused, code, params }) {
  let next;
  try {
    next = match.apply(event);
  } catch (error) {
    if (!(error instanceof RuleError)) return { problem: `the twin threw ${error.stack}` };
    if (refused === undefined) return { problem: `the twin refused (${error.message}); the rules engine accepted it` };
    if (error.message !== refused) return { problem: `refusals differ:\n  twin:         ${error.message}\n  rules engine: ${refused}` };
    if (error.code !== code) return { problem: `codes differ (${refused}): twin ${error.code}, rules engine ${code}` };
    const found = difference(error.params, params);
    if (found) return { problem: `params of ${code} differ at ${found}` };
    return { next: match };
  }
  if (refused !== undefined) return { problem: `the twin accepted it; the rules engine refused: ${refused}` };
  const found = difference(next.view(), view);
  return found ? { problem: `states differ at ${found}` } : { next };
}

// The ways a game ends (api::kubb::GameEnd), each with the games that
// the rules engine ended so.
const ends = new Map(["king_felled", "king_felled_by_inkast", "king_felled_too_early", "more_towers_knocked", "equal_towers_knocked", "time_called"].map((kind) => [kind, 0]));
const gameOver = (view) => view?.phase.name === "game_over" ? view.phase.end.kind : null;

let matches = 0;
let events = 0;
const problems = [];
for await (const line of createInterface({ input: process.stdin })) {
  if (!line) continue;
  const { seed, ruleset, settings, steps } = JSON.parse(line);
  matches += 1;
  events += steps.length;
  let match = Match.create(ruleset, settings);
  for (const [index, step] of steps.entries()) {
    const { next, problem } = check(match, step);
    if (problem) {
      if (problems.length < 5) problems.push(`match ${seed}, event ${index} ${JSON.stringify(step.event)}: ${problem}`);
      break;
    }
    // A game is counted once, when its end first shows.
    if (step.view && gameOver(step.view) !== null && gameOver(match.view()) === null) {
      ends.set(gameOver(step.view), ends.get(gameOver(step.view)) + 1);
    }
    match = next;
  }
}
for (const [kind, games] of ends) if (!games) problems.push(`no game ended ${kind}: its end is never compared`);
console.log(`games ended: ${[...ends].map(([kind, games]) => `${kind} ${games}`).join(", ")}`);
for (const problem of problems) console.log(problem);
console.log(problems.length ? `${problems.length}+ matches differ` : `same: ${matches} matches, ${events} events`);
process.exit(problems.length ? 1 : 0);
