// The node side of the rules twin's differential test
// (crates/server/src/kubb_rules_twin.rs): reads one random match a line —
// its ruleset, settings and each event with the rules engine's state
// after it or its refusal — replays it through web/kubb-rules.js, and
// says where the twin differs (states, refusals' words, codes and params).
// Exits 1 on any difference.
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
    match = next;
  }
}
for (const problem of problems) console.log(problem);
console.log(problems.length ? `${problems.length}+ matches differ` : `same: ${matches} matches, ${events} events`);
process.exit(problems.length ? 1 : 0);
