// The scorekeeper's outbox: every entry is saved on this phone first,
// numbered with the event number it is to have on the server, and sent
// in order. The server records an event number once (a resend after a
// lost answer changes nothing), so nothing is lost or doubled whatever
// the network does. The server's last state and its events in force are
// kept too, so the page opens, and keeps score, with no network.
//
// Nothing is ever discarded here: an entry the server refuses (another
// phone scored first, a rule the phone did not know) stops the sending
// and stays, with the server's reason, until the referee drops it or
// sends it after the other phone's entries.
import { api, OfflineError } from "/api.js";

const key = (id) => `towers-outbox-${id}`;
const stateKey = (id) => `towers-kubb-state-${id}`;
const recordKey = (id) => `towers-kubb-record-${id}`;

const load = (name) => {
  const text = localStorage.getItem(name);
  return text ? JSON.parse(text) : null;
};

export const savedState = (id) => load(stateKey(id));
export const saveState = (id, state) => localStorage.setItem(stateKey(id), JSON.stringify(state));
// The events in force the server last sent (`GET …/events`).
export const savedRecord = (id) => load(recordKey(id));
export const saveRecord = (id, record) => localStorage.setItem(recordKey(id), JSON.stringify(record));

export class Outbox {
  constructor(id, token) {
    this.id = id;
    this.token = token;
    this.sending = null;
  }

  // [{ seq, event, refused? }] in order; `refused` is the server's reason
  // as first said, `reason` its code, parameters and English (`conflict`
  // true when another entry holds its number).
  entries() {
    return load(key(this.id)) || [];
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

  // Takes back entry `index` (the last when not given), never sent or
  // refused; the entries after it take the numbers one lower. False when
  // there is none.
  drop(index = this.entries().length - 1) {
    const entries = this.entries();
    if (index < 0 || index >= entries.length) return false;
    const after = entries.slice(index + 1).map((entry) => ({ ...entry, seq: entry.seq - 1 }));
    this.store([...entries.slice(0, index), ...after]);
    return true;
  }

  // Numbers every waiting entry again after the server's event
  // `recordedSeq` (the other phones' entries first) and clears the
  // refusal: the referee sends them after the others'.
  rebase(recordedSeq) {
    this.store(this.entries().map(({ event }, i) => ({ seq: recordedSeq + 1 + i, event })));
  }

  // The first entry the server refused, with its index; null when none.
  refusal() {
    const entries = this.entries();
    const index = entries.findIndex((entry) => entry.refused);
    return index < 0 ? null : { index, entry: entries[index] };
  }

  // Sends the waiting entries in order, one send at a time, stopping at
  // a refused one. `onSent(entry, state)` hears of each entry recorded.
  // Resolves to the server's last state (null when nothing was answered).
  flush(onSent) {
    if (!this.sending) {
      this.sending = this.send(onSent).finally(() => { this.sending = null; });
    }
    return this.sending;
  }

  async send(onSent) {
    let state = null;
    for (;;) {
      const [first] = this.entries();
      if (!first || first.refused) break;
      // The entries are read again after each answer: the scorekeeper
      // adds entries while one is on its way, and those must stay.
      const after = () => this.entries().filter((entry) => entry.seq !== first.seq);
      try {
        state = await api("POST", `/api/kubb/matches/${this.id}/events`, { event: first.event, seq: first.seq }, this.token);
      } catch (error) {
        if (error instanceof OfflineError) break;
        // Refused by the rules (422) or its number taken by another
        // entry (409): kept with the reason; the referee decides.
        // Its code and English too, so that the page says it in the
        // language of the moment, whichever it was in when refused.
        const reason = { code: error.code, params: error.params, english: error.english || error.message };
        this.store([{ ...first, refused: error.message, reason, conflict: error.status === 409 }, ...after()]);
        break;
      }
      this.store(after());
      onSent(first, state);
    }
    return state;
  }
}
