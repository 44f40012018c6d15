// The tournament settings a Kubb match is played under (docs/kubb.md): one
// form for the scorekeeper's new match and the organiser's tournament, read
// into the API's settings object. The server checks every value.

import { localize } from "/i18n.js";

// [key, label, options ([value, text], the first the default)]: the
// texts are message ids of the `kubb` catalog, kept in the reader's
// language by `localize` when the language is switched.
const CHOICES = [
  ["opening", "kubb-setting-opening", [["6-6-6", "kubb-opening-666"], ["2-4-6", "kubb-opening-246"]]],
  ["thrower-rule", "kubb-setting-thrower-rule", [["off", "kubb-off"], ["on", "kubb-on"]]],
  ["games-to-win", "kubb-setting-games-to-win", [
    ["", "kubb-games-own"],
    ["1", "kubb-games-1"], ["2", "kubb-games-2"], ["3", "kubb-games-3"],
    ["4", "kubb-games-4"], ["5", "kubb-games-5"],
  ]],
  ["five-for-five", "kubb-setting-five-for-five", [
    ["off", "kubb-off"], ["on", "kubb-five-for-five-on"],
  ]],
  ["double", "kubb-setting-double", [
    ["on", "kubb-double-on"], ["off", "kubb-double-off"],
  ]],
];
const TIE_BREAKS = [
  ["baseline-count", "kubb-tie-break-baseline-count"], ["accelerated", "kubb-tie-break-accelerated"],
  ["sudden", "kubb-tie-break-sudden"], ["none", "kubb-tie-break-none"],
];

function select(id, options) {
  const element = document.createElement("select");
  element.id = id;
  for (const [value, message] of options) element.append(localize(new Option("", value), message));
  return element;
}

// The label's words in a span of their own: a redraw of the words keeps
// the control.
function labelled(message, control) {
  const label = document.createElement("label");
  label.append(localize(document.createElement("span"), message), " ", control);
  return label;
}

// The settings' fields, their ids prefixed by `prefix`, put in `container`.
export function settingsFields(container, prefix = "") {
  for (const [key, text, options] of CHOICES) container.append(labelled(text, select(prefix + key, options)));
  const minutes = document.createElement("input");
  Object.assign(minutes, { id: `${prefix}time-limit`, type: "number", min: 1, max: 600 });
  container.append(labelled("kubb-setting-time-limit", minutes));
  container.append(labelled("kubb-setting-tie-break", select(`${prefix}tie-break`, TIE_BREAKS)));
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
