// The only way the pages talk to the server: JSON over HTTP, the live
// WebSocket, and the seat tokens this browser holds (localStorage).

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

export async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data = null;
  try {
    data = JSON.parse(text);
  } catch {
    data = text;
  }
  if (!response.ok) {
    throw new ApiError(response.status, (data && data.error) || `${response.status} ${text}`);
  }
  return data;
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
};

// Calls onEvent for every live message; reconnects with the last number
// seen, so no event is missed.
export function live(id, onMessage) {
  let last = null;
  let socket;
  let closed = false;
  function open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const after = last === null ? "" : `?after=${last}`;
    socket = new WebSocket(`${scheme}://${location.host}/api/games/${id}/ws${after}`);
    socket.onmessage = (message) => {
      const data = JSON.parse(message.data);
      if (typeof data.seq === "number") last = data.seq;
      onMessage(data);
    };
    socket.onclose = () => {
      if (!closed) setTimeout(open, 1000);
    };
  }
  open();
  return () => {
    closed = true;
    socket.close();
  };
}

export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

export function showError(target, error) {
  target.textContent = error ? error.message || String(error) : "";
  target.hidden = !error;
}
