// The scorekeeper's outbox: every entry is saved on this phone first,
// numbered with the event number it is to have on the server, and sent
// in order. The server records an event number once (a resend after a
// lost answer changes nothing), so nothing is lost or doubled whatever
// the network does. The last state the server sent is kept too, so the
// page opens with no network.
import { api, OfflineError } from "/api.js";

const key = (id) => `towers-outbox-${id}`;
const stateKey = (id) => `towers-kubb-state-${id}`;

export function savedState(id) {
  const text = localStorage.getItem(stateKey(id));
  return text ? JSON.parse(text) : null;
}

export function saveState(id, state) {
  localStorage.setItem(stateKey(id), JSON.stringify(state));
}

export class Outbox {
  constructor(id, token) {
    this.id = id;
    this.token = token;
    this.sending = null;
  }

  entries() {
    return JSON.parse(localStorage.getItem(key(this.id)) || "[]");
  }

  store(entries) {
    localStorage.setItem(key(this.id), JSON.stringify(entries));
  }

  // Saves an entry after the server's event `recordedSeq` and whatever is
  // already waiting.
  add(event, recordedSeq) {
    const entries = this.entries();
    const last = entries.length ? entries[entries.length - 1].seq : recordedSeq;
    entries.push({ seq: last + 1, event });
    this.store(entries);
  }

  // Takes back the last entry not yet sent; false when there is none.
  dropLast() {
    const entries = this.entries();
    if (!entries.length) return false;
    entries.pop();
    this.store(entries);
    return true;
  }

  // Sends the waiting entries in order; one send at a time. Resolves to
  // { state, refused } — the server's last state (or null when nothing
  // was answered) and the entries the rules refused, with why. An entry
  // the rules refuse was never recorded: it is dropped and the entries
  // after it take its number.
  flush() {
    if (!this.sending) {
      this.sending = this.send().finally(() => { this.sending = null; });
    }
    return this.sending;
  }

  async send() {
    let state = null;
    const refused = [];
    for (;;) {
      const entries = this.entries();
      if (!entries.length) break;
      const [first, ...rest] = entries;
      try {
        state = await api("POST", `/api/kubb/matches/${this.id}/events`, first, this.token);
        saveState(this.id, state);
        this.store(rest);
      } catch (error) {
        if (error instanceof OfflineError) break;
        if (error.status === 422) {
          refused.push({ entry: first, reason: error.message });
          this.store(rest.map((entry) => ({ ...entry, seq: entry.seq - 1 })));
          continue;
        }
        // Out of order or taken by another phone: keep the entries and
        // say so; the referee decides.
        refused.push({ entry: first, reason: error.message, kept: true });
        break;
      }
    }
    return { state, refused };
  }
}
