// The only way the pages talk to the server: JSON over HTTP, the live
// WebSocket, and the seat tokens this browser holds (localStorage). Also
// what every page shares: the connection banner, the announcer for screen
// readers, and redraws that keep the keyboard focus where it was.
import { localize, refusalText, t } from "/i18n.js";

// A refusal of the server: its status, its stable `code` and `params`
// (openapi.json lists them) and its English words. The message is the
// refusal in the page's language where the catalog knows the code.
export class ApiError extends Error {
  constructor(status, english, code, params) {
    super(refusalText(code, params, english));
    this.status = status;
    this.code = code;
    this.params = params;
    this.english = english;
  }
}

// No answer at all (server down, no network): status 0, said in words.
export class OfflineError extends ApiError {
  constructor() {
    super(0, t("offline-nothing-sent"));
  }
}

export async function api(method, path, body, token, extraHeaders) {
  const headers = { ...extraHeaders };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    connection.lost();
    throw new OfflineError();
  }
  connection.reached();
  const text = await response.text();
  let data = null;
  try {
    data = JSON.parse(text);
  } catch {
    data = text;
  }
  if (!response.ok) {
    const refusal = data && typeof data === "object" ? data : {};
    throw new ApiError(response.status, refusal.error || `${response.status} ${text}`, refusal.code, refusal.params);
  }
  return data;
}

// The connection as the page last saw it: "online", "offline" (requests
// fail), "reconnecting" (the live socket is reopening). The banner says
// it; "back" shows for a few seconds after a loss.
export const connection = {
  state: "online",
  listeners: [],
  onChange(listener) {
    this.listeners.push(listener);
  },
  set(state) {
    if (state === this.state) return;
    const was = this.state;
    this.state = state;
    showConnection(state, was);
    for (const listener of this.listeners) listener(state, was);
  },
  lost() {
    this.set("offline");
    probe();
  },
  reached() {
    this.set("online");
  },
  reconnecting() {
    if (this.state === "online") this.set("reconnecting");
  },
};
window.addEventListener("offline", () => connection.lost());
window.addEventListener("online", () => probe());

// While offline, asks the server every two seconds whether it is back.
let probing = null;
function probe() {
  if (probing) return;
  probing = setTimeout(async () => {
    probing = null;
    try {
      const response = await fetch("/api/health", { cache: "no-store" });
      if (response.ok) {
        connection.reached();
        return;
      }
    } catch {
      // still away
    }
    if (connection.state !== "online") probe();
  }, 2000);
}

let backTimer = null;
function showConnection(state, was) {
  const banner = document.getElementById("connection");
  if (!banner) return;
  clearTimeout(backTimer);
  banner.classList.remove("offline", "back");
  if (state === "offline") {
    localize(banner, "connection-offline");
    banner.classList.add("offline");
    banner.hidden = false;
  } else if (state === "reconnecting") {
    localize(banner, "connection-reconnecting");
    banner.hidden = false;
  } else if (was !== "online") {
    localize(banner, "connection-back");
    banner.classList.add("back");
    banner.hidden = false;
    backTimer = setTimeout(() => { banner.hidden = true; }, 3000);
  }
}

export const tokens = {
  get(id) {
    return localStorage.getItem(`towers-token-${id}`);
  },
  // The seat a token holds (for a game), remembered with it.
  seat(id) {
    return localStorage.getItem(`towers-seat-${id}`);
  },
  set(id, token, seat) {
    localStorage.setItem(`towers-token-${id}`, token);
    if (seat) localStorage.setItem(`towers-seat-${id}`, seat);
  },
  // A friend game's invitation secret, kept by its creator for the link.
  invite(id) {
    return localStorage.getItem(`towers-invite-${id}`);
  },
  setInvite(id, secret) {
    localStorage.setItem(`towers-invite-${id}`, secret);
  },
};

// A seat's link (`/kubb?id=…#seat=team-a&token=…`, a tournament's seat
// links) carries the token in the fragment, which never reaches the
// server: kept in this browser with its seat, then taken out of the
// address bar.
export function takeLinkToken(id) {
  const link = new URLSearchParams(location.hash.slice(1));
  if (!id || !link.get("token")) return;
  tokens.set(id, link.get("token"), link.get("seat") || undefined);
  history.replaceState(null, "", location.pathname + location.search);
}

// Calls onMessage for every live message; reconnects with the last number
// seen, so no event is missed, and tells the connection banner. onOpen
// runs on every (re)connection, for a fresh read of the state.
//
// A network that drops without closing the socket (a phone walking out
// of the club's Wi-Fi, a router restarted) is found by the client's own
// ping: a socket that has heard nothing, not even a pong, for two pings
// is given up and opened again.
const HEARTBEAT_MS = 15000;

export function live(id, onMessage, onOpen = () => {}) {
  let last = null;
  let socket;
  let closed = false;
  let opened = false;
  let heard = Date.now();
  function reopen() {
    if (closed) return;
    connection.reconnecting();
    setTimeout(open, 1000);
  }
  function open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const after = last === null ? "" : `?after=${last}`;
    socket = new WebSocket(`${scheme}://${location.host}/api/games/${id}/ws${after}`);
    heard = Date.now();
    socket.onopen = () => {
      if (opened) onOpen();
      opened = true;
      connection.reached();
    };
    socket.onmessage = (message) => {
      heard = Date.now();
      const data = JSON.parse(message.data);
      // The heartbeat's answer is the socket's own business.
      if (data.type === "pong") return;
      if (typeof data.seq === "number") last = data.seq;
      onMessage(data);
    };
    socket.onclose = reopen;
  }
  const heartbeat = setInterval(() => {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (Date.now() - heard > 2 * HEARTBEAT_MS) {
      // Given up without waiting for a close the dead network never sends.
      socket.onclose = null;
      socket.onmessage = null;
      socket.close();
      reopen();
      return;
    }
    socket.send(JSON.stringify({ type: "ping" }));
  }, HEARTBEAT_MS);
  open();
  return () => {
    closed = true;
    clearInterval(heartbeat);
    socket.close();
  };
}

// Where a player's (or Kubb team's) ratings page is.
export function playerPage(game, name, of = "entrants") {
  const page = `/players?game=${game}&name=${encodeURIComponent(name)}`;
  return of === "players" ? `${page}&of=players` : page;
}

export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    // `l10n: [id, args]`: the element's text and attributes from the
    // catalog, kept in the page's language when it switches.
    else if (key === "l10n") localize(node, ...value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

export function showError(target, error) {
  // A lost connection is the banner's to say.
  const shown = error && !(error instanceof OfflineError) ? error : null;
  target.textContent = shown ? shown.message || String(shown) : "";
  target.hidden = !shown;
  if (error instanceof OfflineError) connection.lost();
}

// Says `text` in the page's feedback banner (and to screen readers),
// as good news or as a note.
export function say(text, good) {
  const banner = document.getElementById("feedback");
  banner.textContent = text;
  banner.className = `banner ${good ? "result" : "info"}`;
  banner.hidden = false;
  announce(text);
}

// Redraws `container` with `draw` and puts the focus back on the element
// with the same data-key when it had the focus before (a redraw replaces
// the elements; without this the focus would drop to the page).
export function redraw(container, draw) {
  const active = document.activeElement;
  const key = active && container.contains(active) ? active.dataset.key : undefined;
  draw();
  if (key === undefined) return;
  const again = container.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (again) again.focus({ preventScroll: true });
}

// Says `text` to screen readers (the page's polite live region).
export function announce(text) {
  const region = document.getElementById("announce");
  if (!region) return;
  // A change of text is what a live region reads; the same text twice
  // is read again after clearing.
  region.textContent = "";
  setTimeout(() => { region.textContent = text; }, 30);
}

// Shows the page's "not found" card in place of its content; `what` is
// "game", "match" or "tournament".
export function showMissing(what, id) {
  const main = document.querySelector("main");
  main.replaceChildren(element("section", { class: "card missing", "aria-labelledby": "missing-title" },
    element("h1", { id: "missing-title", l10n: ["missing-title", { what }] }),
    element("p", { l10n: id ? ["missing-id", { what, id }] : ["missing-no-id", { what }] }),
    element("p", { class: "row" },
      element("a", { class: "button primary", href: "/", l10n: ["missing-new-game"] }),
      element("a", { class: "button", href: "/lesson", l10n: ["missing-learn"] }))));
}

// Every page's header says who is signed in, and links to the account
// page (`account`: the signed-in account, or null for nobody).
export function showAccount(account) {
  const link = document.getElementById("account-link");
  if (!link) return;
  if (account) localize(link, "account-signed-in", { name: account.name });
  else localize(link, "account-sign-in");
}

// Asked once per page, quietly: a page without a connection keeps saying
// "Sign in" rather than raising the connection banner for it.
fetch("/api/session")
  .then((response) => (response.ok ? response.json() : null))
  .then(showAccount, () => {});
