// The tournament settings a Kubb match is played under (docs/kubb.md): one
// form for the scorekeeper's new match and the organiser's tournament, read
// into the API's settings object. The server checks every value.

// [key, label, options ([value, text], the first the default)].
const CHOICES = [
  ["opening", "Opening", [["6-6-6", "6-6-6 (World Championship)"], ["2-4-6", "2-4-6 (U.S. Championship)"]]],
  ["thrower-rule", "2-4-6 thrower rule (on: the 2 sticks thrown by two players, the 4 by three)", [["off", "Off"], ["on", "On"]]],
  ["games-to-win", "Match format (a race to N is a best of 2N − 1)", [
    ["", "The rules' own (source: one game; standard: best of 3)"],
    ["1", "One game (race to 1)"], ["2", "Best of 3 (race to 2)"], ["3", "Best of 5 (race to 3)"],
    ["4", "Best of 7 (race to 4)"], ["5", "Best of 9 (race to 5)"],
  ]],
  ["five-for-five", "Five-for-five (all five baseline kubbs with the opening turn's first batons: the batons left are forfeited)", [
    ["off", "Off"], ["on", "On (U.S. Championship until 2014)"],
  ]],
  ["double", "Base-kubb double (one stick fells the last knights, then a tower)", [
    ["on", "The tower counts"], ["off", "The tower is raised again"],
  ]],
];
const TIE_BREAKS = [
  ["baseline-count", "Baseline count (U.S.)"], ["accelerated", "Accelerated match"],
  ["sudden", "Sudden tie-break (Germany)"], ["none", "None: a draw"],
];

function select(id, options) {
  const element = document.createElement("select");
  element.id = id;
  for (const [value, text] of options) element.append(new Option(text, value));
  return element;
}

function labelled(text, control) {
  const label = document.createElement("label");
  label.append(`${text} `, control);
  return label;
}

// The settings' fields, their ids prefixed by `prefix`, put in `container`.
export function settingsFields(container, prefix = "") {
  for (const [key, text, options] of CHOICES) container.append(labelled(text, select(prefix + key, options)));
  const minutes = document.createElement("input");
  Object.assign(minutes, { id: `${prefix}time-limit`, type: "number", min: 1, max: 600 });
  container.append(labelled("Time limit in minutes (empty: none)", minutes));
  container.append(labelled("Tie-break when time is called", select(`${prefix}tie-break`, TIE_BREAKS)));
}

// The settings as the API takes them (`opening`, `opening_thrower_rule`,
// `base_kubb_double`, `time_limit`, `games_to_win`, `five_for_five`).
export function readSettings(prefix = "") {
  const value = (key) => document.getElementById(prefix + key).value;
  const minutes = Number(value("time-limit"));
  return {
    opening: value("opening"),
    opening_thrower_rule: value("thrower-rule") === "on",
    base_kubb_double: value("double") === "on",
    time_limit: minutes > 0 ? { minutes, tie_break: value("tie-break") } : undefined,
    games_to_win: value("games-to-win") ? Number(value("games-to-win")) : undefined,
    five_for_five: value("five-for-five") === "on",
  };
}
