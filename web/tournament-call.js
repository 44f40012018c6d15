// A tournament match's call, on its phones: the link the organiser hands
// a team (or the referee) opens the match with `&tournament=ID`, and this
// banner follows that tournament live to say where the match stands on
// the day: waiting for a pitch, called to one ("Your match: pitch 7,
// now"), on it. When the match is called, a team that allowed it is told
// by a system notification and a vibration too, so a phone in a pocket
// hears its call. The server decides every call; this only shows it.
import { api, live, element } from "/api.js";
import { t, localize, onLanguageChange } from "/i18n.js";

// The pairing played in `game`, with its round, or null.
function pairingOf(state, game) {
  for (const round of state.rounds) {
    const pairing = round.pairings.find((p) => p.game === game);
    if (pairing) return { round, pairing };
  }
  return null;
}

// How many waiting pairings are before this one (the server calls them
// in order).
function ahead(state, game) {
  let count = 0;
  for (const round of state.rounds) {
    for (const pairing of round.pairings) {
      if (pairing.game === game) return count;
      if (pairing.state === "waiting") count += 1;
    }
  }
  return count;
}

function notify(messageId, pitch) {
  const text = t(messageId, { pitch });
  if ("vibrate" in navigator) navigator.vibrate([300, 150, 300, 150, 300]);
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  // A service worker shows it where the page is in the background on a
  // phone; the page's own Notification elsewhere.
  const shown = navigator.serviceWorker?.ready
    ? navigator.serviceWorker.ready.then((registration) => registration.showNotification(text, { tag: "towers-call", renotify: true }))
    : Promise.reject(new Error("no service worker"));
  shown.catch(() => {
    try {
      new Notification(text, { tag: "towers-call" });
    } catch {
      // Notifications are a courtesy: the banner says it anyway.
    }
  });
}

// The button that asks to be told by notification, while the browser
// has not been asked yet.
function askButton(onAnswer) {
  if (!("Notification" in window) || Notification.permission !== "default") return null;
  return element("button", {
    type: "button",
    class: "call-notify",
    l10n: ["kubb-call-notify"],
    onclick: () => Notification.requestPermission().then(onAnswer, onAnswer),
  });
}

// The team's next match once this one is over, when it is called or
// played: the next round's pairing, or a knockout match decided before
// its round is paired.
function nextCall(state, game, name) {
  const all = [...state.rounds.flatMap((round) => round.pairings), ...(state.ahead ?? [])];
  return all.find((p) => p.game !== game && (p.first === name || p.second === name)
    && (p.state === "called" || p.state === "playing")) ?? null;
}

// What the banner says: this match's call, or, once it is over, the
// team's next one; null when there is nothing to say.
function callOf(state, game, team) {
  const found = pairingOf(state, game);
  if (!found) return null;
  const { pairing } = found;
  if (pairing.state !== "finished") return { pairing, next: false };
  const name = team === "A" ? pairing.first : team === "B" ? pairing.second : null;
  const next = name === null ? null : nextCall(state, game, name);
  return next ? { pairing: next, next: true } : null;
}

// Shows the call of stored match `game` of tournament `tournament` in
// `banner`, live; for a team's phone (`team` "A" or "B"), its next
// match's call once this one is over.
export function followCall(banner, tournament, game, team) {
  let last = null;
  // What the banner said last: null before the first drawing, which
  // never notifies (the page was just opened on it).
  let shown = null;
  const draw = () => {
    if (!last) return;
    const call = callOf(last, game, team);
    banner.hidden = call === null;
    if (!call) {
      shown = "nothing";
      return;
    }
    const { pairing, next } = call;
    const pitch = pairing.pitch ?? "";
    banner.dataset.state = pairing.state;
    const words = {
      waiting: ["kubb-call-waiting", { ahead: ahead(last, game) }],
      called: [next ? "kubb-call-next-now" : "kubb-call-now", { pitch }],
      playing: [next ? "kubb-call-next-playing" : "kubb-call-playing", { pitch }],
    }[pairing.state];
    const text = element("span", { class: "call-text" });
    localize(text, ...words);
    const ask = pairing.state === "waiting" || pairing.state === "called" ? askButton(draw) : null;
    banner.replaceChildren(...[text, ask].filter(Boolean));
    const now = `${pairing.state} ${pitch} ${next}`;
    if (pairing.state === "called" && shown !== null && shown !== now) notify(words[0], pitch);
    shown = now;
  };
  const take = (state) => {
    last = state;
    draw();
  };
  api("GET", `/api/tournaments/${encodeURIComponent(tournament)}`).then(take, () => {});
  live(tournament, (message) => {
    if (message.state) take(message.state);
  });
  onLanguageChange(draw);
}
