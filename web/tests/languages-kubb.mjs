// The Kubb scorekeeper in Dutch, German and the pseudo-locale: a whole
// match scored on a Dutch phone, partly offline, with the language
// switched in the middle; every state's words from the catalog; long
// German and Dutch words on a 320 px phone.
//
// The driver reads the match from the page's data (`#status`'s
// data-phase, data-thrower…, each piece's data-kind and data-half), never
// from its words, so that it plays the same in every language.
import assert from "node:assert/strict";

const TEAMS = { a: "Zwaluwen", b: "Reigers" };
const PLAYERS = { a: ["anouk", "bram"], b: ["cas", "dirk"] };
// What the test entered itself: the page shows it as it is.
const DATA = [TEAMS.a, TEAMS.b, ...PLAYERS.a, ...PLAYERS.b];
const BODY = { ruleset: "standard", team_a: { name: TEAMS.a, players: PLAYERS.a }, team_b: { name: TEAMS.b, players: PLAYERS.b } };
// English the scorekeeper says, none of which may show on a Dutch page.
const ENGLISH = /\b(throws|sticks? left|Undo last entry|Scoreboard|Saved on this phone|Synced|wins the match|Who starts|Players|Hit rate|Event log|Win probability|Advice for)\b/;

const other = (letter) => (letter === "A" ? "B" : "A");

// A match made through the API, its referee token where the page keeps
// it, the page opened on it (in `lang` when given, else the browser's).
async function openMatch(page, base, body, lang) {
  await page.goto(base);
  const created = await page.evaluate(async (request) => {
    const response = await fetch("/api/kubb/matches", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) });
    const made = await response.json();
    localStorage.setItem(`towers-token-${made.id}`, made.token);
    return made;
  }, body);
  await page.goto(`${base}/kubb?id=${created.id}${lang ? `&lang=${lang}` : ""}`);
  await page.waitForSelector("#status[data-phase='starting_throw']");
  return created;
}

// The match as the page holds it, in data only.
async function view(page) {
  return page.evaluate(() => {
    const status = document.getElementById("status").dataset;
    return {
      phase: status.phase,
      thrower: status.thrower,
      turn: Number(status.turn),
      kingAttack: status.kingAttack === "true",
      finished: status.finished === "true",
      keys: [...document.querySelectorAll("#buttons button, #more-buttons button")].map((b) => b.dataset.key),
      throwers: [...document.querySelectorAll("#player option")].map((o) => o.value),
      pieces: [...document.querySelectorAll("#field [data-piece]")].map((n) => ({ id: n.dataset.piece, kind: n.dataset.kind, half: n.dataset.half })),
      fallen: [...document.querySelectorAll("#field [data-fallen]")].map((n) => n.dataset.fallen),
    };
  });
}

// What a switch of language must keep: the match, its entries on this
// phone, the numbers on the scoreboard.
async function kept(page, matchId) {
  const data = await view(page);
  return page.evaluate(([seen, id]) => ({
    seen,
    outbox: localStorage.getItem(`towers-outbox-${id}`),
    numbers: [...document.querySelectorAll("#scoreboard tr")].map((row) => row.textContent.replace(/[^\d ]/g, "").trim()),
    teams: [...document.querySelectorAll("#scoreboard th")].map((cell) => cell.textContent),
    waiting: document.querySelectorAll("#outbox-list li").length,
  }), [data, matchId]);
}

// The next entry of a scripted match, read off the page's data: misses
// now and then, knights before towers, an inkast out now and then, the
// king when the rules allow it (not in a game's first turn).
function nextEntry(state, count) {
  if (state.keys.includes("next-game")) return { key: "next-game" };
  if (state.keys.includes("start-A")) return { key: "start-A" };
  const thrower = state.throwers[count % state.throwers.length];
  const target = other(state.thrower);
  if (state.keys.includes("landed-in")) {
    if (count % 4 === 3) return { thrower, key: "landed-out" };
    return { thrower, key: "landed-in", at: { x: 0.7 + (count % 4) * 1.2, y: target === "A" ? 2.2 + (count % 3) * 0.5 : 5.8 - (count % 3) * 0.5 } };
  }
  if (state.keys.includes("placed")) return { key: "placed", at: { x: 1.5 + (count % 3), y: target === "A" ? 2.5 : 5.5 } };
  if (count % 5 === 4) return { thrower, key: "miss" };
  if (state.kingAttack) return state.turn === 1 ? { thrower, key: "miss" } : { thrower, mark: ["king"], key: "hit" };
  const standing = state.pieces.filter((p) => p.half === target && !state.fallen.includes(p.id));
  const knights = standing.filter((p) => p.kind === "knight");
  const targets = knights.length ? knights.slice(0, 2) : standing.filter((p) => p.kind === "tower").slice(0, 1);
  if (!targets.length) return { thrower, key: "miss" };
  return { thrower, mark: targets.map((p) => p.id), key: "hit" };
}

// The screen point of a spot on the field, in metres.
async function fieldPoint(page, at) {
  return page.evaluate(({ x, y }) => {
    const box = document.getElementById("field");
    const point = box.createSVGPoint();
    point.x = x;
    point.y = y;
    const screen = point.matrixTransform(box.getScreenCTM());
    return { x: screen.x, y: screen.y };
  }, at);
}

async function enter(page, entry) {
  if (entry.thrower) await page.selectOption("#player", entry.thrower);
  for (const piece of entry.mark || []) {
    const selector = piece === "king" ? "[data-piece='king']" : `[data-piece="${piece}"]`;
    let box = null;
    for (let attempt = 0; !box && attempt < 20; attempt += 1) {
      box = await page.locator(`${selector} .shape, ${selector} .king`).boundingBox();
      if (!box) await page.waitForTimeout(50);
    }
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }
  await page.click(`[data-key="${entry.key}"]`);
  if (entry.at) {
    await page.waitForSelector("#buttons .prompt");
    const point = await fieldPoint(page, entry.at);
    await page.mouse.click(point.x, point.y);
    await page.waitForSelector("#buttons .prompt", { state: "detached" });
  }
}

const eventsOf = (page, matchId) => page.evaluate(async (m) => (await (await fetch(`/api/kubb/matches/${m}/events`)).json()).events, matchId);

// The entries this phone holds: the server's events it last heard of,
// and its own waiting to be sent.
function heldEntries(page, matchId) {
  return page.evaluate((m) => {
    const record = JSON.parse(localStorage.getItem(`towers-kubb-record-${m}`) || "{\"events\":[]}");
    const outbox = JSON.parse(localStorage.getItem(`towers-outbox-${m}`) || "[]");
    return record.events.length + outbox.length;
  }, matchId);
}

async function assertNoEnglish(page, name) {
  const text = await page.evaluate(() => `${document.title}\n${document.body.innerText}`);
  assert.doesNotMatch(text, ENGLISH, `${name}: English on the Dutch page`);
}

export default function register(test, { PHONE, shot, assertNoSidewaysScroll, assertTablesFit, assertAllFromCatalog }) {
  test("a Dutch phone scores a whole best-of-3 Kubb match in Dutch, partly offline, switched to German and back in the middle, and the server gets every entry", async ({ browser, base }) => {
    const context = await browser.newContext({ ...PHONE, locale: "nl-NL" });
    const page = await context.newPage();
    page.on("dialog", (dialog) => dialog.accept());
    const match = await openMatch(page, base, BODY);
    await page.evaluate(() => navigator.serviceWorker.ready);
    assert.equal(await page.getAttribute("html", "lang"), "nl");
    assert.equal(await page.textContent("#status"), "Wie begint? Voer de uitslag van de beginworp in.");
    assert.equal(await page.textContent("#undo"), "Laatste invoer ongedaan maken");
    assert.equal(await page.title(), "Kubb-scoreteller — towers");
    await assertNoEnglish(page, "the start");
    const before = (await eventsOf(page, match.id)).length;
    let entries = 0;
    let offlineFrom = null;
    let switched = false;
    let online = true;
    const refused = [];
    for (let count = 0; count < 400; count += 1) {
      const state = await view(page);
      if (state.finished) break;
      // Offline from the second turn for twenty entries, then back.
      if (offlineFrom === null && state.phase === "throwing" && state.turn >= 2) {
        await page.waitForSelector("#sync:text-is('Bijgewerkt')");
        await context.setOffline(true);
        offlineFrom = entries;
        online = false;
      }
      if (!online && entries === offlineFrom + 8 && !switched) {
        // In the middle, offline, with entries waiting on the phone: the
        // words change, the match does not.
        const dutch = await kept(page, match.id);
        const dutchStatus = await page.textContent("#status");
        assert.ok(dutch.waiting > 0, "entries wait on the phone while offline");
        assert.match(await page.textContent("#sync"), /^Op telefoon: \d+$/);
        await assertNoEnglish(page, "offline, entries waiting");
        await page.selectOption("#language", "de");
        await page.waitForFunction(() => document.documentElement.lang === "de");
        assert.deepEqual(await kept(page, match.id), dutch, "German: the same match, the same entries waiting");
        assert.match(await page.textContent("#sync"), /^Auf dem Handy: \d+$/);
        assert.match(await page.textContent("#status"), /wirft|Satz|Einwurf|stellt/);
        assert.equal(await page.textContent("#scoreboard-title"), "Spielstand");
        await shot(page, "kubb-de-offline-switched");
        await page.selectOption("#language", "nl");
        await page.waitForFunction(() => document.documentElement.lang === "nl");
        assert.deepEqual(await kept(page, match.id), dutch, "Dutch again: the same match");
        assert.equal(await page.textContent("#status"), dutchStatus);
        switched = true;
      }
      if (!online && entries >= offlineFrom + 20) {
        await context.setOffline(false);
        online = true;
      }
      const entry = nextEntry(state, count);
      const held = await heldEntries(page, match.id);
      await enter(page, entry);
      // An entry the rules on the phone refuse is never recorded (a tap
      // that missed its piece); the match goes on.
      const made = !(await page.isVisible("#error"));
      if (made) entries += 1;
      else refused.push(`${JSON.stringify(entry)}: ${await page.textContent("#error")}`);
      if (online) await page.waitForSelector("#sync:text-is('Bijgewerkt')", { timeout: 30000 });
      // Every tap made its entry, held on the phone until the server has it.
      assert.equal(await heldEntries(page, match.id), held + (made ? 1 : 0), `entry ${count} (${JSON.stringify(entry)}) is held on the phone`);
    }
    assert.ok(switched, "the language was switched in the middle of the match");
    assert.ok(refused.length <= 2, `entries refused: ${refused.join("; ")}`);
    assert.ok(entries > 30, `a whole match (${entries} entries)`);
    assert.match(await page.textContent("#result"), /^(Zwaluwen|Reigers) wint de partij!$/);
    await page.waitForSelector("#sync:text-is('Bijgewerkt')", { timeout: 30000 });
    assert.equal((await eventsOf(page, match.id)).length, before + entries, "the server has every entry");
    const server = await page.evaluate(async (m) => (await fetch(`/api/kubb/matches/${m}`)).json(), match.id);
    assert.equal(server.status, "finished");
    assert.match(await page.textContent("#result"), new RegExp(`^${server.teams.find((t) => t.team === server.winner).name} `));
    await assertNoEnglish(page, "the end");
    await assertNoSidewaysScroll(page, "the Dutch match at 390 px");
    await shot(page, "kubb-nl-finished");
    await context.close();
  });

  test("the Kubb scorekeeper in the pseudo-locale: the start, a turn in progress, a refused entry, the end, all from the catalog", async ({ browser, base }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    page.on("dialog", (dialog) => dialog.accept());
    await openMatch(page, base, { ...BODY, time_limit: { minutes: 30, tie_break: "none" } }, "en-XA");
    assert.equal(await page.getAttribute("html", "lang"), "en-XA");
    await assertAllFromCatalog(page, "the start", DATA);
    await page.click('[data-key="start-A"]');
    await page.waitForSelector("#status[data-phase='throwing']");
    // The advice and odds from the server, once they are in.
    await page.waitForFunction(() => document.getElementById("advice").textContent !== "", null, { timeout: 20000 });
    await page.click('[data-piece="B1"]');
    await page.click('[data-piece="B2"]');
    await assertAllFromCatalog(page, "a turn with two pieces marked", DATA);
    await page.click('[data-key="hit"]');
    await page.waitForSelector("#sync:not(.unsynced)");
    await page.click('[data-key="miss"]');
    await page.waitForSelector("#sync:not(.unsynced)");
    // A hit that names nothing: the rules on the phone refuse it.
    await page.click('[data-key="hit"]');
    await page.waitForSelector("#error:not([hidden])");
    await assertAllFromCatalog(page, "an entry refused", DATA);
    // Time called with the games level: the match ends drawn.
    await page.click('[data-key="call-time"]');
    for (let stick = 0; stick < 6 && !(await page.isVisible("#result")); stick += 1) {
      await page.click('[data-key="miss"]');
      await page.waitForSelector("#sync:not(.unsynced)");
    }
    await page.waitForSelector("#result:not([hidden])");
    await page.waitForSelector("#stats tr");
    await assertAllFromCatalog(page, "the end", DATA);
    await shot(page, "kubb-pseudo-end");
    // The match settings (kubb-settings.js) where a match is made: the start page.
    await page.goto(`${base}/?lang=en-XA`);
    await page.waitForSelector("#kubb-settings select");
    await assertAllFromCatalog(page, "the start page with the match settings", DATA);
    await context.close();
  });

  test("the Kubb scorekeeper in German and Dutch fits a 320 px phone: a turn with entries waiting, the end", async ({ browser, base }) => {
    const context = await browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.on("dialog", (dialog) => dialog.accept());
    for (const language of ["de", "nl"]) {
      await openMatch(page, base, { ...BODY, ruleset: language === "nl" ? "seed" : "standard" }, language);
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.click('[data-key="start-A"]');
      await page.waitForSelector("#status[data-phase='throwing']");
      await page.waitForSelector("#sync:not(.unsynced)");
      await context.setOffline(true);
      await page.click('[data-piece="B1"]');
      await page.click('[data-key="hit"]');
      await page.click('[data-key="miss"]');
      await page.waitForSelector("#outbox:not([hidden])");
      // Koning & Torens in Dutch in the rule book's own words; the
      // standard game in German in the clubs'.
      const words = language === "nl"
        ? { status: /^Zwaluwen werpt: nog 4 werpsticks, beurt 1\.$/, towers: "Torens over\u00adeind", entry: /^Worp van \w+: B1 omgegooid — bewaard op deze telefoon, nog niet verstuurd$/ }
        : { status: /^Zwaluwen wirft: noch 4 Wurfhölzer, Zug 1\.$/, towers: "Basis\u00adkubbs stehen", entry: /^Wurf von \w+: B1 umgeworfen — auf diesem Handy gespeichert, noch nicht gesendet$/ };
      assert.match(await page.textContent("#status"), words.status);
      assert.equal(await page.textContent("#column-towers"), words.towers);
      assert.match(await page.textContent("#outbox-list li"), words.entry);
      await shot(page, `kubb-${language}-320-waiting`);
      await assertNoSidewaysScroll(page, `${language} at 320 px, entries waiting`);
      await assertTablesFit(page, `${language} at 320 px`);
      await context.setOffline(false);
      await page.waitForSelector("#sync:not(.unsynced)", { timeout: 30000 });
      await assertNoSidewaysScroll(page, `${language} at 320 px, sent`);
      await shot(page, `kubb-${language}-320-sent`);
    }
    await context.close();
  });
}
