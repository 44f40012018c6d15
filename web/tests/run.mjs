// Browser tests of the towers web UI: Playwright (playwright-core) drives
// Debian's headless chromium against a real `towers serve` on a fresh
// SQLite file. Screenshots go to artifacts/ (or $TOWERS_ARTIFACTS).
//
//   TOWERS_BIN=target/release/towers node web/tests/run.mjs
//
// TOWERS_TESTS=lobby runs only the tests whose name has "lobby";
// TOWERS_WEB_DIR=../../web makes the server read the pages from disk
// (change a page, rerun, no rebuild).
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { apiCall } from "./api-call.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const bin = process.env.TOWERS_BIN || join(here, "../../target/release/towers");
const artifacts = process.env.TOWERS_ARTIFACTS || join(here, "artifacts");
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";
mkdirSync(artifacts, { recursive: true });

// A server on a fresh SQLite file (or `dir`'s, on `addr`, for a restart),
// with `more` arguments for `towers serve`.
function startServer(dir = mkdtempSync(join(tmpdir(), "towers-web-")), addr = "127.0.0.1:0", more = []) {
  const server = spawn(bin, [
    "serve", "--addr", addr, "--rate-limit", "0", "--engine-movetime-ms", "30",
    "--database", `sqlite:${join(dir, "towers.db")}`, ...more,
  ], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    server.on("error", reject);
    server.stdout.setEncoding("utf8");
    server.stdout.once("data", (line) => {
      const match = /open (http:\/\/\S+?)\/?\s/.exec(line);
      if (!match) reject(new Error(`unexpected server output: ${line}`));
      resolve({
        base: match[1],
        dir,
        kill: () => new Promise((done) => { server.once("exit", done); server.kill("SIGKILL"); }),
        stop: () => { server.kill("SIGKILL"); rmSync(dir, { recursive: true, force: true }); },
      });
    });
  });
}

// Runs `towers` with `args` to its end; rejects unless it succeeds.
function towers(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ["ignore", "ignore", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`towers ${args.join(" ")}: exit ${code}`))));
  });
}

async function shot(page, name) {
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
}

// The legal moves as the server states them (the test's oracle).
async function legalMoves(page, id) {
  return page.evaluate(async (gameId) => (await (await fetch(`/api/gt/games/${gameId}`)).json()).legal_moves, id);
}

function gameId(page) {
  return new URL(page.url()).searchParams.get("id");
}

// Clicks the piece and then its destination, as a player does.
async function clickMove(page, move) {
  const [from, to] = move.split("-");
  await page.click(`[data-square="${from}"]`);
  await page.waitForSelector(`[data-square="${to}"].target`);
  await page.click(`[data-square="${to}"]`);
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const axeSource = readFileSync(join(here, "node_modules/axe-core/axe.min.js"), "utf8");

// No critical or serious axe-core violation on the page as it is now.
async function checkAxe(page, name) {
  // Evaluated, not added as a script tag: the pages' Content-Security-
  // Policy allows no inline scripts.
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => window.axe.run(document, { resultTypes: ["violations"] }));
  const bad = results.violations.filter((v) => v.impact === "critical" || v.impact === "serious");
  assert.deepEqual(bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`), [], `axe on ${name}`);
}

// The page is no wider than the screen: nothing to scroll sideways to.
// The screen is the viewport asked for: on a mobile viewport the window's
// own width grows to what overflows, and would always pass.
async function assertNoSidewaysScroll(page, name) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  const { width } = page.viewportSize();
  assert.ok(scroll <= width, `${name}: ${scroll} px wide on a ${width} px screen`);
}

// No table hides columns to scroll sideways to within its region.
async function assertTablesFit(page, name) {
  const cut = await page.evaluate(() => [...document.querySelectorAll(".table-wrap")]
    .filter((wrap) => wrap.scrollWidth > wrap.clientWidth + 1)
    .map((wrap) => `${wrap.getAttribute("aria-label")}: ${wrap.scrollWidth} px in ${wrap.clientWidth}`));
  assert.deepEqual(cut, [], `${name}: tables cut`);
}

// The page in the pseudo-locale (en-XA: the English catalog with every
// letter accented and every message bracketed, as Firefox and Android
// check their translations) shows no plain English: any run of two or
// more ASCII letters in its text, its title or its text attributes is
// text that did not come from a catalog. Left out: what the page marks
// `translate="no"` (the HTML standard's mark for data such as moves,
// notation and names), an element in a language of its own (each
// language's name in the switch), and `data`, the strings the test itself
// entered (names, ids), which a message carries as they are.
async function assertAllFromCatalog(page, name, data = []) {
  const found = await page.evaluate((entered) => {
    const plain = /[A-Za-z]{2,}/;
    const skipped = (element) => element.closest("script, style, template, noscript, [translate=no], [lang]:not(html)");
    const leftover = (text) => {
      let rest = text;
      for (const datum of entered) rest = rest.split(datum).join(" ");
      return plain.test(rest);
    };
    const offenders = [];
    if (leftover(document.title)) offenders.push(`title: ${document.title}`);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement && !skipped(node.parentElement) && leftover(node.textContent)) {
        offenders.push(`${node.parentElement.tagName.toLowerCase()}${node.parentElement.id ? `#${node.parentElement.id}` : ""}: ${node.textContent.trim().slice(0, 80)}`);
      }
    }
    for (const element of document.body.querySelectorAll("[aria-label], [title], [placeholder], [alt], [aria-description], input[type=button], input[type=submit]")) {
      if (skipped(element)) continue;
      for (const attribute of ["aria-label", "title", "placeholder", "alt", "aria-description", "value"]) {
        const value = element.getAttribute(attribute);
        if (value && (attribute !== "value" || element.matches("input[type=button], input[type=submit]")) && leftover(value)) {
          offenders.push(`${element.tagName.toLowerCase()}[${attribute}]: ${value.slice(0, 80)}`);
        }
      }
    }
    return offenders;
  }, data);
  assert.deepEqual(found, [], `${name}: text not from the catalog`);
}

// A game made through the API, its seat token put where the page keeps it.
async function apiGame(page, body) {
  return page.evaluate(async (request) => {
    const response = await fetch("/api/gt/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) });
    const created = await response.json();
    localStorage.setItem(`towers-token-${created.id}`, created.token);
    localStorage.setItem(`towers-seat-${created.id}`, created.seat);
    if (created.invite) localStorage.setItem(`towers-invite-${created.id}`, created.invite);
    return created;
  }, body);
}

const tests = [];
const test = (name, body) => tests.push({ name, body });

// Plays the last legal move the server lists whenever it is the page's
// turn, until the result shows; returns the number of moves made.
async function playToTheEnd(page, id, onMove = async () => {}) {
  let moves = 0;
  for (;;) {
    await page.waitForFunction(() => {
      const status = document.getElementById("status").textContent;
      return status.includes("Your move") || !document.getElementById("result-box").hidden;
    });
    if (await page.isVisible("#result-box")) return moves;
    const legal = await legalMoves(page, id);
    await clickMove(page, legal[legal.length - 1]);
    moves += 1;
    await onMove(moves);
    await page.waitForFunction((count) => document.querySelectorAll("#moves button").length >= count * 2 || !document.getElementById("result-box").hidden, moves);
    assert.ok(moves < 200, "the game ends");
  }
}

test("a newcomer on a phone plays the engine to the end, is told their colour and result in their words, and can rematch", async ({ browser, base }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(base);
  await shot(page, "phone-landing");
  await page.click("text=More ways to play");
  await page.selectOption("#gt-level", "1");
  await page.click("#play-engine");
  await page.waitForURL(/\/gt\?id=/);
  const id = gameId(page);
  await page.waitForSelector("#status:has-text('Your move')");
  assert.equal(await page.textContent("#you"), "You play Red against towers level 1.");
  await assertNoSidewaysScroll(page, "phone game");
  const board = await page.locator("#board").boundingBox();
  assert.ok(board.x >= 0 && board.x + board.width <= 390, `the board fits: ${JSON.stringify(board)}`);
  await shot(page, "gt-phone-start");
  await playToTheEnd(page, id, async (moves) => { if (moves === 4) await shot(page, "gt-phone-midgame"); });
  assert.match(await page.textContent("#result"), /^(You won|You lost|Draw): /);
  await shot(page, "gt-phone-end");
  const record = await page.evaluate(async (gameId) => (await fetch(`/api/gt/games/${gameId}/record`)).text(), id);
  assert.match(record, /\[Result "(1-0|0-1|1\/2-1\/2)"\]/);
  await page.click("#rematch");
  await page.waitForURL((url) => url.searchParams.get("id") !== id);
  await page.waitForSelector("#status:has-text('Your move')");
  assert.equal(await page.textContent("#you"), "You play Red against towers level 1.");
  await context.close();
});

test("the board fits a 320 px screen without sideways scrolling", async ({ browser, base }) => {
  const context = await browser.newContext({ ...PHONE, viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  await page.goto(base);
  await page.click("#play-engine");
  await page.waitForSelector("#status:has-text('Your move')");
  await assertNoSidewaysScroll(page, "320 px game");
  const a7 = await page.locator('[data-square="A7"]').boundingBox();
  assert.ok(a7.x + a7.width <= 320 && a7.width >= 36, `the A-file is on screen and tappable: ${JSON.stringify(a7)}`);
  await context.close();
});

test("two people play in two browsers by an invitation link, see draw offers and the result in their own words", async ({ browser, base }) => {
  const red = await (await browser.newContext({ ...DESKTOP, permissions: ["clipboard-read", "clipboard-write"] })).newPage();
  await red.goto(base);
  await red.click("text=More ways to play");
  await red.fill("#gt-name", "ann");
  await red.click("#play-friend");
  await red.waitForURL(/\/gt\?id=/);
  await red.waitForSelector("#share:not([hidden])");
  const link = await red.inputValue("#share-link");
  assert.match(link, /invite=/);
  // The whole link is shown, and copied by a button.
  assert.equal(await red.textContent("#share-text"), link);
  await red.click("#copy-link");
  await red.waitForSelector("#copied:has-text('Copied')");
  assert.equal(await red.evaluate(() => navigator.clipboard.readText()), link);
  assert.equal(await red.isVisible("#share-sheet"), await red.evaluate(() => Boolean(navigator.share)), "the share sheet where there is one");
  const id = gameId(red);
  // The id alone seats nobody.
  const blue = await (await browser.newContext({ ...PHONE, viewport: { width: 320, height: 640 } })).newPage();
  await blue.goto(`${base}/gt?id=${id}`);
  await blue.click("#join");
  await blue.waitForSelector("#error:has-text('invitation')");
  // The invited friend is asked to join, never told they are watching.
  await blue.goto(link);
  await blue.waitForSelector("#join-form:not([hidden])");
  assert.equal(await blue.textContent("#you"), "You are invited to play Blue against ann.");
  assert.doesNotMatch(await blue.evaluate(() => document.body.innerText), /watching|Waiting for the opponent/);
  assert.equal(await blue.textContent("#join"), "Join as Blue");
  await assertNoSidewaysScroll(blue, "invitation at 320 px");
  await checkAxe(blue, "invitation");
  await shot(blue, "gt-invitation-320");
  await blue.fill("#join-name", "bob");
  await blue.click("#join");
  await blue.waitForSelector("#you:has-text('You play Blue against ann')");
  await red.waitForSelector("#you:has-text('You play Red against bob')");
  await red.waitForSelector("#status:has-text('Your move')");
  const first = (await legalMoves(red, id))[0];
  await clickMove(red, first);
  await blue.waitForSelector(`#moves button:has-text("${first}")`);
  await blue.waitForSelector("#status:has-text('Your move')");
  await blue.click("#offer-draw");
  await blue.waitForSelector("#draw-text:has-text('You offered a draw')");
  await red.waitForSelector("#draw-text:has-text('Blue (bob) offers a draw')");
  await shot(red, "gt-draw-offer");
  await red.click("#decline-draw");
  // The answer is said to both sides, until the next move.
  await blue.waitForSelector("#draw-text:has-text('Red (ann) declined your draw offer')");
  await red.waitForSelector("#draw-text:has-text('You declined the draw')");
  const reply = (await legalMoves(blue, id))[0];
  await clickMove(blue, reply);
  await red.waitForSelector(`#moves button:has-text("${reply}")`);
  await blue.waitForSelector("#draw-box", { state: "hidden" });
  blue.on("dialog", (dialog) => dialog.accept());
  await blue.click("#resign");
  await red.waitForSelector("#result:has-text('You won: resignation.')");
  await blue.waitForSelector("#result:has-text('You lost: resignation.')");
  await shot(red, "gt-friend-red-end");
  await red.context().close();
  await blue.context().close();
});

test("a move in flight shows as pending and a second click does nothing", async ({ browser, base }) => {
  const page = await browser.newPage(DESKTOP);
  await page.goto(base);
  await page.click("#play-engine");
  await page.waitForSelector("#status:has-text('Your move')");
  const id = gameId(page);
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route("**/moves", async (route) => { await held; await route.continue(); });
  const move = (await legalMoves(page, id))[0];
  await clickMove(page, move);
  await page.waitForSelector("#status:has-text('Sending your move')");
  assert.ok(await page.locator("#board.pending").count(), "the board shows the move pending");
  const [from] = move.split("-");
  await page.click(`[data-square="${from}"]`);
  assert.ok(await page.isHidden("#error"), "no error for a click while pending");
  release();
  await page.waitForSelector(`#moves button:has-text("${move}")`);
  await page.waitForSelector("#board:not(.pending)");
  await page.close();
});

// The load event does not wait for a page's top-level await of its
// catalogs, so a click right after loading came before the handlers and
// did nothing (a CI run waited 30 s for 'Your move' after such a click).
test("a press before the page's words have come waits for them instead of doing nothing", async ({ browser, base }) => {
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await context.route("**/locales/**", async (route) => { await held; await route.continue(); });
  await page.goto(base);
  assert.equal(await page.evaluate(() => "ready" in document.documentElement.dataset), false, "not ready while the catalogs are held");
  const pressed = page.click("#play-engine");
  await page.waitForTimeout(300);
  release();
  await pressed;
  await page.waitForURL(/\/gt\?id=/);
  await page.waitForSelector("#status:has-text('Your move')");
  await context.close();
});

test("a lost server shows a connection banner, never a raw 'Failed to fetch', and says when it is back", async ({ browser, base }) => {
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  await page.goto(base);
  await page.click("#play-engine");
  await page.waitForSelector("#status:has-text('Your move')");
  const id = gameId(page);
  await page.route("**/api/**", (route) => route.abort("connectionrefused"));
  await context.setOffline(true);
  const move = (await legalMoves(page, id).catch(() => null)) || null;
  assert.equal(move, null, "the test's own fetch fails too");
  await page.fill("#move-input", "D5-D4-1");
  await page.click("#move-form button");
  await page.waitForSelector("#connection:has-text('Offline')");
  assert.ok(!(await page.textContent("body")).includes("Failed to fetch"));
  await shot(page, "gt-offline");
  await page.unroute("**/api/**");
  await context.setOffline(false);
  await page.waitForSelector("#connection:has-text('Back online')");
  assert.ok(await page.isHidden("#error"));
  await context.close();
});

test("a server restart shows the connection lost, then 'back online', and the seat plays on", async ({ browser }) => {
  const first = await startServer();
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(first.base);
  await page.click("#play-engine");
  await page.waitForSelector("#status:has-text('Your move')");
  const id = gameId(page);
  await first.kill();
  // The live socket closing says "Reconnecting"; a request failing first
  // (under load it may) says "Offline": either tells the player.
  await page.waitForSelector("#connection:has-text('Reconnecting'), #connection:has-text('Offline')");
  const again = await startServer(first.dir, new URL(first.base).host);
  await page.waitForSelector("#connection:has-text('Back online')", { timeout: 15000 });
  const move = (await legalMoves(page, id))[0];
  await clickMove(page, move);
  await page.waitForSelector(`#moves button:has-text("${move}")`);
  assert.ok(await page.isHidden("#error"));
  await context.close();
  again.stop();
});

test("an unknown game id shows a clear page, not a blank board", async ({ browser, base }) => {
  const page = await browser.newPage(PHONE);
  await page.goto(`${base}/gt?id=nosuchgame`);
  await page.waitForSelector("h1:has-text('No game here')");
  assert.equal(await page.locator("#board").count(), 0);
  assert.match(await page.textContent("main"), /nosuchgame/);
  await checkAxe(page, "unknown game");
  await page.goto(`${base}/kubb?id=nosuchmatch`);
  await page.waitForSelector("h1:has-text('No match here')");
  const icon = await page.evaluate(async () => {
    const response = await fetch("/favicon.ico");
    return { status: response.status, type: response.headers.get("content-type") };
  });
  assert.deepEqual(icon, { status: 200, type: "image/svg+xml" }, "the favicon is served");
  await page.close();
});

test("a game against a bot account says the opponent is a bot", async ({ browser, base }) => {
  const page = await browser.newPage(PHONE);
  await page.goto(base);
  // A bot belongs to the account that registers it.
  const signedUp = await apiCall(page, "POST", "/api/accounts", { name: "steady's owner", password: "a long enough password" });
  assert.equal(signedUp.status, 201, JSON.stringify(signedUp.body));
  const registered = await page.evaluate(async () => (await fetch("/api/bots", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "steady" }) })).status);
  assert.equal(registered, 201);
  const created = await apiGame(page, { opponent: "bot", bot: "steady", color: "red", name: "ann" });
  await page.goto(`${base}/gt?id=${created.id}`);
  await page.waitForSelector("#status:has-text('Your move')");
  assert.equal(await page.textContent("#you"), "You play Red against steady, a bot.");
  await page.fill("#move-input", "A7-A6-1");
  await page.click("#move-form button");
  await page.waitForSelector("#status:has-text('Blue (steady, a bot) is thinking')");
  await page.close();
});

test("clocks wait for both seats, run, and read 0:00 after a flag", async ({ browser, base }) => {
  const red = await (await browser.newContext(DESKTOP)).newPage();
  await red.goto(base);
  const created = await apiGame(red, { opponent: "friend", name: "ann", time_control: { initial_ms: 3000, increment_ms: 0 } });
  await red.goto(`${base}/gt?id=${created.id}`);
  await red.waitForSelector("#clock-bottom:has-text('0:03')");
  await red.waitForTimeout(1500);
  assert.match(await red.textContent("#clock-bottom"), /0:03/, "no clock runs while a seat is free");
  await red.evaluate(async ({ id, invite }) => fetch(`/api/gt/games/${id}/join`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "bob", invite }) }), created);
  await red.waitForSelector("#clock-bottom.running");
  await red.waitForSelector("#result:has-text('You lost: time forfeit.')", { timeout: 10000 });
  assert.match(await red.textContent("#clock-bottom"), /0:00/);
  assert.match(await red.textContent("#clock-top"), /0:03/);
  await red.context().close();
});

test("an illegal move is refused with the server's reason and changes nothing", async ({ browser, base }) => {
  const page = await browser.newPage(DESKTOP);
  await page.goto(base);
  await page.click("#play-engine");
  await page.waitForURL(/\/gt\?id=/);
  await page.waitForSelector("#status:has-text('Your move')");
  // A click on a square with no legal move selects nothing.
  await page.click('[data-square="D4"]');
  assert.equal(await page.locator(".square.target").count(), 0);
  await page.fill("#move-input", "D5-D1-1");
  await page.click("#move-form button");
  await page.waitForSelector("#error:not([hidden])");
  assert.match(await page.textContent("#error"), /travels 4 square/);
  await shot(page, "gt-illegal");
  assert.equal(await page.locator("#moves button").count(), 0);
  await page.close();
});

test("a piece is dragged to its target and the move is played", async ({ browser, base }) => {
  const page = await browser.newPage(DESKTOP);
  await page.goto(base);
  await page.click("#play-engine");
  await page.waitForSelector("#status:has-text('Your move')");
  const id = gameId(page);
  const move = (await legalMoves(page, id))[0];
  const [from, to] = move.split("-");
  await page.dragAndDrop(`[data-square="${from}"]`, `[data-square="${to}"]`);
  await page.waitForSelector(`#moves button:has-text("${move}")`);
  await page.close();
});

test("the board is playable by keyboard, selections are announced and focus survives redraws", async ({ browser, base }) => {
  const page = await browser.newPage(DESKTOP);
  await page.goto(base);
  await page.click("#play-engine");
  await page.waitForURL(/\/gt\?id=/);
  await page.waitForSelector("#status:has-text('Your move')");
  const id = gameId(page);
  await checkAxe(page, "game page");
  const move = (await legalMoves(page, id)).find((m) => m.startsWith("D5-"));
  // Focus starts on D4; red sees rank 1 at the top, so D5 is one step down.
  await page.focus('[data-square="D4"]');
  await page.keyboard.press("ArrowDown");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), "D5");
  await page.keyboard.press("Enter");
  await page.waitForSelector("#announce:has-text('D5, red tower of 1 selected')");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), "D5", "focus stays on the square pressed");
  const to = move.split("-")[1];
  await page.waitForSelector(`[data-square="${to}"].target`);
  await page.focus(`[data-square="${to}"]`);
  await page.keyboard.press("Enter");
  await page.waitForSelector(`#moves button:has-text("${move}")`);
  // The engine's reply redraws the board; the focus stays on it.
  await page.waitForSelector("#status:has-text('Your move')");
  await page.waitForSelector("#announce:has-text('played')");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), to);
  await page.close();
});

test("analysis follows the position shown: the bar is the viewer's, the score in stones, the line as arrows, the move list follows", async ({ browser, base }) => {
  const page = await browser.newPage(DESKTOP);
  await page.goto(base);
  await page.click("text=More ways to play");
  await page.selectOption("#gt-level", "1");
  await page.click("#play-engine");
  await page.waitForSelector("#status:has-text('Your move')");
  const id = gameId(page);
  for (let ply = 1; ply <= 2; ply += 1) {
    await page.waitForSelector("#status:has-text('Your move')");
    await clickMove(page, (await legalMoves(page, id))[0]);
    await page.waitForFunction((count) => document.querySelectorAll("#moves button").length >= count, ply * 2);
  }
  await page.waitForSelector("#status:has-text('Your move')");
  const asked = [];
  page.on("request", (request) => { if (request.url().endsWith("/api/gt/analysis")) asked.push(JSON.parse(request.postData()).position); });
  await page.click("#analyse");
  await page.waitForSelector("#analysis:has-text('Best:')");
  assert.match(await page.textContent("#analysis"), /(ahead by [\d.]+ stones?|Level|wins in \d+)/);
  assert.ok(!(await page.textContent("#analysis")).includes("cp "), "no raw centistones");
  assert.ok(await page.isVisible("#evalbar"));
  assert.equal(await page.getAttribute("#evalbar-fill", "class"), "evalbar-fill red", "Red plays from the bottom: the bar fills from the bottom in Red");
  assert.ok(await page.locator("#arrows line").count() >= 1, "the best line is drawn");
  await shot(page, "gt-analysis");
  // One step back: a new verdict for the position shown, never the old one.
  await page.click("#back");
  await page.waitForFunction(() => document.getElementById("analysis").textContent.startsWith("Thinking"));
  await page.waitForSelector("#analysis:has-text('Best:')");
  const shown = await page.inputValue("#position");
  assert.equal(asked[asked.length - 1], shown, "the analysis is of the position shown");
  assert.equal(await page.getAttribute("#moves [aria-current='step']", "data-key"), "ply-3", "the move list follows");
  await checkAxe(page, "analysis");
  await page.close();
});

test("with endgame tables, the analysis of a position with few stones says who wins in how many moves, marked (tablebase)", async ({ browser }) => {
  const dir = mkdtempSync(join(tmpdir(), "towers-tables-"));
  const tables = join(dir, "tables");
  await towers(["gt", "tablebase", "build", "--stones", "1", "--out", tables]);
  const server = await startServer(dir, "127.0.0.1:0", ["--tablebase", tables]);
  const page = await browser.newPage(DESKTOP);
  await page.goto(server.base);
  // Red's guard is two steps from Blue's castle (D1), Blue's guard and
  // Red's one stone far away: one stone, so the tables know the answer.
  const created = await apiGame(page, { opponent: "engine", level: 1, color: "red", start: "6BG/7/7/7/3RG3/7/r16 r" });
  await page.goto(`${server.base}/gt?id=${created.id}`);
  await page.waitForSelector("#status:has-text('Your move')");
  await page.click("#analyse");
  await page.waitForSelector("#analysis:has-text('Best:')");
  assert.match(await page.textContent("#analysis"), /^Best: D3-D2-1\. Red wins in 2 \(tablebase\)\.$/);
  await shot(page, "gt-analysis-tablebase");
  await page.close();
  server.stop();
});

test("a stranger's public challenge appears live in the lobby, is accepted on a phone, played, reviewed and archived with names", async ({ browser, base }) => {
  const guest = await (await browser.newContext(PHONE)).newPage();
  await guest.goto(base);
  await guest.fill("#gt-name", "dee");
  await guest.waitForSelector("#lobby li");
  const host = await (await browser.newContext(DESKTOP)).newPage();
  await host.goto(base);
  await host.fill("#gt-name", "cy");
  await host.click("text=More ways to play");
  await host.selectOption("#gt-color", "blue");
  await host.click("#post-challenge");
  await host.waitForURL(/\/gt\?id=/);
  const id = gameId(host);
  await host.waitForSelector("#status:has-text('Waiting for the opponent')");
  // The guest's lobby shows it without a reload.
  await guest.waitForSelector("#lobby button:has-text('Play cy')", { timeout: 10000 });
  await shot(guest, "lobby-phone");
  await checkAxe(guest, "landing page with a challenge");
  await guest.click("#lobby button:has-text('Play cy')");
  await guest.waitForURL(/\/gt\?id=/);
  assert.equal(gameId(guest), id);
  await guest.waitForSelector("#you:has-text('You play Red against cy')");
  await host.waitForSelector("#you:has-text('You play Blue against dee')");
  // Taken, it leaves the lobby.
  const lobby = await host.evaluate(async () => (await (await fetch("/api/gt/games?status=waiting")).json()).games.length);
  assert.equal(lobby, 0);
  for (let ply = 0; ply < 4; ply += 1) {
    const mover = ply % 2 === 0 ? guest : host;
    await mover.waitForSelector("#status:has-text('Your move')");
    const legal = await legalMoves(mover, id);
    await clickMove(mover, legal[0]);
    await mover.waitForSelector(`#moves button >> nth=${ply}`);
  }
  host.on("dialog", (dialog) => dialog.accept());
  await host.click("#resign");
  await guest.waitForSelector("#result:has-text('You won: resignation.')");
  // The review: the engine over every position, a graph and the worst moves.
  await guest.click("#review-link");
  await guest.waitForSelector("#analysis:has-text('Review done: 2 moves')", { timeout: 30000 });
  assert.equal(await guest.locator("#graph polyline").count(), 1);
  const points = (await guest.getAttribute("#graph polyline", "points")).split(" ");
  assert.equal(points.length, 5, "one point per position");
  assert.ok(await guest.locator("#review-list li").count() >= 1);
  assert.equal(await guest.locator("#graph .graph-loss").count(), await guest.locator("#review-list button").count(), "each costly move is marked on the graph");
  await shot(guest, "gt-review-phone");
  await checkAxe(guest, "review");
  await guest.goto(base);
  await guest.waitForSelector(`#archive a[href="/gt?id=${id}"]`);
  const row = guest.locator("#archive tr", { has: guest.locator(`a[href="/gt?id=${id}"]`) });
  assert.match(await row.textContent(), /dee vs cy/);
  assert.match(await row.textContent(), /Red \(dee\) won: resignation/);
  await guest.fill("#archive-name", "nobody-by-this-name");
  await guest.waitForSelector("#archive td:has-text('No finished games')");
  await guest.context().close();
  await host.context().close();
});

// A seat's request through the API, from `page`'s origin.
async function seatRequest(page, path, body, token) {
  return page.evaluate(async ([url, request, secret]) => {
    const headers = { "content-type": "application/json" };
    if (secret) headers.authorization = `Bearer ${secret}`;
    const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(request) });
    return { status: response.status, body: await response.json() };
  }, [path, body, token]);
}

test("a lobby game's rematch reaches the other player live: declined, offered again, accepted, both in one new game with colours swapped", async ({ browser, base }) => {
  const host = await (await browser.newContext(DESKTOP)).newPage();
  await host.goto(base);
  const created = await apiGame(host, { opponent: "public", name: "cy" });
  const guest = await (await browser.newContext(PHONE)).newPage();
  await guest.goto(`${base}/gt?id=${created.id}`);
  await guest.fill("#join-name", "dee");
  await guest.click("#join");
  await guest.waitForSelector("#you:has-text('You play Blue against cy')");
  await host.goto(`${base}/gt?id=${created.id}`);
  await host.waitForSelector("#you:has-text('You play Red against dee')");
  guest.on("dialog", (dialog) => dialog.accept());
  await guest.click("#resign");
  await host.waitForSelector("#result:has-text('You won: resignation.')");
  await guest.waitForSelector("#result:has-text('You lost: resignation.')");

  // Offered and declined: each side is told in words.
  await host.click("#rematch");
  await host.waitForSelector("#rematch-text:has-text('You offered a rematch')");
  await guest.waitForSelector("#rematch-text:has-text('Red (cy) offers a rematch')");
  assert.ok(await guest.isHidden("#rematch"), "the offer is answered, not doubled");
  await shot(guest, "gt-rematch-offer-phone");
  await checkAxe(guest, "rematch offer");
  await guest.click("#decline-rematch");
  await host.waitForSelector("#rematch-text:has-text('Blue (dee) declined the rematch')");
  await guest.waitForSelector("#rematch-text:has-text('You declined the rematch')");

  // Offered again, from the other side this time, and accepted.
  await guest.click("#rematch");
  await host.waitForSelector("#rematch-text:has-text('Blue (dee) offers a rematch')");
  await host.click("#accept-rematch");
  await host.waitForURL((url) => url.searchParams.get("id") !== created.id);
  await guest.waitForURL((url) => url.searchParams.get("id") !== created.id);
  assert.equal(gameId(host), gameId(guest), "both in the same new game");
  await host.waitForSelector("#you:has-text('You play Blue against dee')");
  await guest.waitForSelector("#you:has-text('You play Red against cy')");
  // It is played: the guest, now Red, moves first.
  const next = gameId(guest);
  await guest.waitForSelector("#status:has-text('Your move')");
  const first = (await legalMoves(guest, next))[0];
  await clickMove(guest, first);
  await host.waitForSelector(`#moves button:has-text("${first}")`);
  await host.waitForSelector("#status:has-text('Your move')");
  await shot(host, "gt-rematch-desktop");
  await host.context().close();
  await guest.context().close();
});

for (const [size, options] of [["320 px", { ...PHONE, viewport: { width: 320, height: 640 } }], ["desktop", DESKTOP]]) {
  test(`the review of a lost game at ${size} leads with its blunder, labelled, with the better move, on a graph with axes and a legend`, async ({ browser, base }) => {
    const page = await (await browser.newContext(options)).newPage();
    await page.goto(base);
    // Red can take Blue's guard (D5-D6-1) but moves its own guard; Blue's
    // guard then walks into Red's castle.
    const created = await apiGame(page, { opponent: "friend", name: "ann", start: "7/3BG3/3r13/7/7/7/6RG r" });
    const joined = await seatRequest(page, `/api/gt/games/${created.id}/join`, { name: "bob", invite: created.invite });
    assert.equal(joined.status, 200, JSON.stringify(joined.body));
    await page.goto(`${base}/gt?id=${created.id}`);
    await page.waitForSelector("#status:has-text('Your move')");
    await clickMove(page, "G1-G2-1");
    await page.waitForSelector('#moves button:has-text("G1-G2-1")');
    const won = await seatRequest(page, `/api/gt/games/${created.id}/moves`, { move: "D6-D7-1" }, joined.body.token);
    assert.equal(won.status, 200, JSON.stringify(won.body));
    await page.waitForSelector("#result:has-text('You lost')");
    await page.click("#review-link");
    await page.waitForSelector("#analysis:has-text('Review done: 1 move')", { timeout: 30000 });
    const first = await page.textContent("#review-list li:first-child");
    assert.match(first, /^1\. G1-G2-1 \(Red\): blunder/, first);
    assert.match(first, /before it: Red wins in 1\. After it: Blue wins in 1\. Better: D5-D6-1\./, first);
    assert.equal(await page.locator("#review-list li").count(), 1, "Blue's winning move is no mistake");
    // Axes: the winning chance up, move numbers along; and the legend.
    const axis = await page.$$eval("#graph .graph-axis", (nodes) => nodes.map((n) => n.textContent));
    assert.deepEqual(axis, ["0 %", "50 %", "100 %", "1", "move"]);
    assert.ok(await page.isVisible("#graph-legend"), "a legend");
    assert.match(await page.textContent("#graph-legend"), /Red's winning chance.*blunder.*mistake.*inaccuracy/s);
    assert.equal(await page.locator("#graph .graph-loss.blunder").count(), 1, "the blunder ringed");
    // Its move, as the list numbers it.
    await page.click("#review-list li:first-child button");
    await page.waitForSelector("#status:has-text('Viewing 1. G1-G2-1 (Red), move 1 of 1.')");
    await assertNoSidewaysScroll(page, `review at ${size}`);
    await checkAxe(page, `review at ${size}`);
    await shot(page, `gt-review-blunder-${size.replace(" ", "")}`);
    await page.context().close();
  });
}

test("a newcomer on a phone finishes the lesson from the landing page in a few taps each step", async ({ browser, base }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(base);
  await page.click("main a[href='/lesson']");
  await page.waitForSelector("#progress:has-text('Step 1 of 7')");
  // Step 1 asks for a three-square move: only those four are marked.
  await page.click('[data-square="D4"]');
  await page.waitForSelector(".square.target");
  assert.deepEqual((await page.$$eval(".square.target", (nodes) => nodes.map((n) => n.dataset.square))).sort(), ["A4", "D1", "D7", "G4"]);
  await checkAxe(page, "lesson");
  await assertNoSidewaysScroll(page, "lesson");
  await shot(page, "lesson-phone-start");
  const moves = ["D4-G4-3", "D4-D5-1", "D4-D5-1", "D4-D6-2", "D4-D5-1", "C3-C2-1", "D2-D1-1"];
  const started = Date.now();
  for (const [index, move] of moves.entries()) {
    await page.waitForSelector(`#progress:has-text('Step ${index + 1} of 7')`);
    if (index === 1) {
      // A legal move that misses the goal is explained and undone.
      await clickMove(page, "D4-G4-3");
      await page.waitForSelector("#feedback:has-text('not this step')");
      await page.waitForSelector('[data-square="D4"] .piece');
    }
    await clickMove(page, move);
    await page.waitForSelector(`#feedback:has-text('${move}')`);
    if (index < moves.length - 1) await page.click("#next");
  }
  await page.waitForSelector("#done:not([hidden])");
  assert.ok(await page.isHidden("#skip") && await page.isHidden("#again"), "nothing to skip or start again after the last card");
  assert.match(await page.textContent("#feedback"), /Red wins: castle reached/, "the server's verdict");
  assert.ok(Date.now() - started < 120000, "a newcomer's taps take well under two minutes");
  await shot(page, "lesson-phone-end");
  await context.close();
});

// The shipped puzzle set, the test's oracle: each position's id, goal,
// solution and themes, as the set's lines give them.
function puzzleSet() {
  const text = readFileSync(join(here, "../../crates/server/data/gt-puzzles.jsonl"), "utf8");
  return new Map(text.split("\n").filter((line) => line.trim()).map((line) => {
    const puzzle = JSON.parse(line);
    return [puzzle.position, puzzle];
  }));
}

// A legal move of the puzzle's first that fails it: the server accepts
// any move that keeps a forced win, so each candidate is tried first by
// an attempt without a solver token (answered, never rated).
async function failingMove(page, puzzle) {
  return page.evaluate(async ({ id, position, first }) => {
    const post = async (path, body) => (await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
    const { legal_moves: legal } = await post("/api/gt/position", { position });
    for (const move of legal.filter((m) => m !== first)) {
      if (!(await post(`/api/gt/puzzles/${id}/attempts`, { moves: [move] })).solved) return move;
    }
    throw new Error(`every move solves puzzle ${id}`);
  }, { id: puzzle.id, position: puzzle.position, first: puzzle.solution[0] });
}

test("puzzles on a phone: ten solved move by move with the replies played, one failed with its answer shown, ratings moving", async ({ browser, base }) => {
  const set = puzzleSet();
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(base);
  await page.click("main a[href='/puzzles']");
  const seen = new Set();
  // The puzzle on the board now, once its legal moves are in.
  const current = async () => {
    await page.waitForFunction((shown) => {
      const board = document.getElementById("board");
      return board.dataset.puzzle && !shown.includes(board.dataset.puzzle) && board.querySelector(".square.occupied");
    }, [...seen]);
    const position = await page.getAttribute("#board", "data-puzzle");
    seen.add(position);
    assert.ok(set.has(position), `the page shows a puzzle of the set: ${position}`);
    return set.get(position);
  };

  // The first one is failed: a legal move that is not the solution's.
  let puzzle = await current();
  await checkAxe(page, "puzzles");
  await assertNoSidewaysScroll(page, "puzzles");
  await shot(page, "puzzles-phone-start");
  await clickMove(page, await failingMove(page, puzzle));
  await page.waitForSelector("#feedback:has-text('wrong')");
  assert.match(await page.textContent("#feedback"), new RegExp(`The answer was ${puzzle.solution.join(" ")}`));
  assert.equal(await page.textContent("#failed-count"), "1");
  const afterMiss = Number(await page.textContent("#solver-rating"));
  assert.ok(afterMiss < 1500, `a miss lowers the solver's rating: ${afterMiss}`);
  await shot(page, "puzzles-phone-failed");
  await page.click("#next");

  for (let solved = 1; solved <= 10; solved += 1) {
    puzzle = await current();
    const mine = puzzle.solution.filter((_, index) => index % 2 === 0);
    for (const [index, move] of mine.entries()) {
      await clickMove(page, move);
      if (index < mine.length - 1) {
        // The server answers with the opponent's reply, played on the board.
        const reply = puzzle.solution[2 * index + 1];
        await page.waitForSelector(`#feedback:has-text('answers ${reply}')`);
      }
    }
    await page.waitForSelector(`#solved-count:has-text('${solved}')`);
    assert.match(await page.textContent("#feedback"), /correct/);
    if (solved < 10) await page.click("#next");
  }
  assert.equal(await page.textContent("#failed-count"), "1");
  const afterTen = Number(await page.textContent("#solver-rating"));
  assert.ok(afterTen > afterMiss, `ten solved raise the solver's rating: ${afterMiss} -> ${afterTen}`);
  await assertNoSidewaysScroll(page, "puzzles solved");
  await shot(page, "puzzles-phone-end");
  await context.close();
});

test("a puzzle fits a 320 px phone and a desktop, and is solved on each", async ({ browser, base }) => {
  const set = puzzleSet();
  for (const [name, options] of [["320 px", { ...PHONE, viewport: { width: 320, height: 640 } }], ["desktop", DESKTOP]]) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(`${base}/puzzles`);
    await page.waitForFunction(() => document.getElementById("board").dataset.puzzle && document.querySelector("#board .square.occupied"));
    const puzzle = set.get(await page.getAttribute("#board", "data-puzzle"));
    assert.ok(puzzle, `${name}: a puzzle of the set`);
    await assertNoSidewaysScroll(page, `puzzles ${name}`);
    const g1 = await page.locator('[data-square="G1"]').boundingBox();
    assert.ok(g1.x + g1.width <= options.viewport.width && g1.width >= 36, `${name}: the G-file is on screen and tappable: ${JSON.stringify(g1)}`);
    const mine = puzzle.solution.filter((_, index) => index % 2 === 0);
    for (const [index, move] of mine.entries()) {
      await clickMove(page, move);
      if (index < mine.length - 1) await page.waitForSelector(`#feedback:has-text('answers ${puzzle.solution[2 * index + 1]}')`);
    }
    await page.waitForSelector("#solved-count:has-text('1')");
    assert.match(await page.textContent("#feedback"), /correct/);
    await context.close();
  }
});

test("puzzles on a 320 px phone: a theme chosen serves only its puzzles, is kept across visits, and the results table counts them by theme", async ({ browser, base }) => {
  const set = puzzleSet();
  const context = await browser.newContext({ ...PHONE, viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  // The puzzle the server serves when `action` is done, once the board
  // shows it.
  const served = async (action) => {
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().includes("/api/gt/puzzles/next")),
      action(),
    ]);
    const { position } = await response.json();
    await page.waitForFunction((expected) => {
      const board = document.getElementById("board");
      return board.dataset.puzzle === expected && board.querySelector(".square.occupied");
    }, position);
    assert.ok(set.has(position), `a puzzle of the set: ${position}`);
    return set.get(position);
  };
  let puzzle = await served(() => page.goto(`${base}/puzzles`));
  assert.equal(await page.inputValue("#theme"), "", "all themes at first");
  await page.waitForSelector("#results-none:visible");
  assert.ok(await page.isHidden("#results"), "no results before a puzzle is finished");

  let choose = () => page.selectOption("#theme", "endgame");
  for (let solved = 1; solved <= 2; solved += 1) {
    puzzle = await served(choose);
    choose = () => page.click("#next");
    assert.ok(puzzle.themes.includes("endgame"), `an endgame puzzle: ${JSON.stringify(puzzle)}`);
    const mine = puzzle.solution.filter((_, index) => index % 2 === 0);
    for (const [index, move] of mine.entries()) {
      await clickMove(page, move);
      if (index < mine.length - 1) await page.waitForSelector(`#feedback:has-text('answers ${puzzle.solution[2 * index + 1]}')`);
    }
    await page.waitForSelector(`#results tr[data-theme='endgame'] td.solved:text-is('${solved}')`);
  }
  assert.equal(await page.textContent("#results tr[data-theme='endgame'] td.failed"), "0");
  assert.ok(await page.isHidden("#results-none"));
  assert.equal(await page.textContent("#results tr[data-theme='endgame'] th"), "endgame");
  await checkAxe(page, "puzzles with a theme and results");
  await assertNoSidewaysScroll(page, "puzzles with a theme and results at 320 px");
  await shot(page, "puzzles-theme-results-320");

  // The next visit keeps the theme and the results (the same solver).
  puzzle = await served(() => page.reload());
  assert.equal(await page.inputValue("#theme"), "endgame");
  assert.ok(puzzle.themes.includes("endgame"), `an endgame puzzle after a reload: ${JSON.stringify(puzzle)}`);
  await page.waitForSelector("#results tr[data-theme='endgame'] td.solved:text-is('2')");
  await context.close();
});

// The Kubb match as the server has it.
async function matchState(page) {
  return page.evaluate(async (matchId) => (await fetch(`/api/kubb/matches/${matchId}`)).json(), gameId(page));
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

async function newMatch(page, base, ruleset = "standard") {
  await page.goto(base);
  await page.fill("#team-a", "Vikings");
  await page.fill("#players-a", "ann, bob");
  await page.fill("#team-b", "Danes");
  await page.fill("#players-b", "cy");
  await page.selectOption("#ruleset", ruleset);
  await page.click("#score-kubb");
  await page.waitForURL(/\/kubb\?id=/);
  await page.waitForSelector("#status:has-text('Who starts')");
}

// Everything a tap needs is on the screen at once: no scrolling to score.
async function assertLawnInView(page, name) {
  const { width, height } = page.viewportSize();
  const boxes = await page.evaluate(() => [...document.querySelectorAll("#field [data-piece], #buttons button, #undo, #status")]
    .map((node) => { const r = node.getBoundingClientRect(); return { name: node.dataset.piece || node.id || node.textContent, top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height }; }));
  for (const box of boxes) {
    assert.ok(box.top >= 0 && box.bottom <= height && box.left >= 0 && box.right <= width, `${name}: ${box.name} is off screen: ${JSON.stringify(box)}`);
  }
  for (const box of boxes.filter((b) => b.name.length <= 4)) {
    assert.ok(box.width >= 43.9 && box.height >= 43.9, `${name}: ${box.name} is a ${box.width}x${box.height} target`);
  }
}

for (const [size, options] of [["phone", PHONE], ["desktop", DESKTOP]]) {
  test(`a whole Kubb match is scored on a ${size}: field and controls in view, 44 px targets, a scoreboard, confirmation before the king`, async ({ browser, base }) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.on("dialog", (dialog) => dialog.accept());
    await newMatch(page, base);
    await shot(page, `kubb-${size}-start`);
    assert.ok(await page.isDisabled("#undo"), "undo cannot take back the setup");
    assert.ok(await page.locator("#probability.neutral").count(), "the bar is neutral before the start");
    assert.match(await page.getAttribute("#probability", "aria-label"), /not started/);
    await checkAxe(page, `kubb ${size} start`);
    await page.click("text=Vikings starts");
    await page.waitForSelector("#status:has-text('throws')");
    await assertLawnInView(page, `kubb ${size}`);
    // By keyboard: a piece pressed keeps the focus through the redraw.
    await page.focus('[data-piece="B1"]');
    await page.keyboard.press("Enter");
    await page.waitForSelector("#announce:has-text('B1 marked as felled')");
    assert.equal(await page.evaluate(() => document.activeElement.dataset.piece), "B1");
    await page.keyboard.press("Enter");
    // A refused entry: a stick cannot fell the throwing team's own tower.
    await page.click('[data-piece="A1"]');
    await page.click("#buttons button.primary");
    await page.waitForSelector("#error:not([hidden])");
    assert.match(await page.textContent("#error"), /A1 is not a standing tower of team B/);
    for (let game = 0; game < 3 && !(await page.isVisible("#result")); game += 1) {
      const state = await matchState(page);
      const defenders = state.thrower === "A" ? "B" : "A";
      const towers = state.pieces.filter((p) => p.state === "tower" && p.team === defenders);
      for (const tower of towers) {
        await page.click(`[data-piece="${tower.id}"]`);
        await page.click("#buttons button.primary");
        await page.waitForSelector(`[data-piece="${tower.id}"]`, { state: "detached" });
        assert.match(await page.getAttribute(`[data-fallen="${tower.id}"]`, "aria-label"), new RegExp(`${tower.id} lies down`));
      }
      if (game === 0) {
        await shot(page, `kubb-${size}-midturn`);
        await page.waitForFunction(() => /\d+ %/.test(document.getElementById("probability").getAttribute("aria-label")));
        const label = await page.getAttribute("#probability", "aria-label");
        const shares = [...label.matchAll(/(\d+) %/g)].map((m) => Number(m[1]));
        assert.equal(shares[0] + shares[1], 100, label);
        // The defenders' row says none of their towers stand, once the
        // answers of the entries sent (which redraw the page) are in.
        await page.waitForFunction((team) => [...document.querySelectorAll("#scoreboard tr")]
          .some((row) => row.cells[0]?.textContent.startsWith(`${team}:`) && row.cells[2]?.textContent === "0 of 5"), defenders);
        await assertNoSidewaysScroll(page, `kubb ${size} mid-turn`);
        await assertTablesFit(page, `kubb ${size} mid-turn`);
        await checkAxe(page, `kubb ${size} mid-turn`);
      }
      let confirmed = false;
      page.once("dialog", (dialog) => { confirmed = /ends the game/.test(dialog.message()); });
      await page.click("[aria-label='King']");
      await page.click("#buttons button.primary");
      await page.waitForSelector("#status:has-text('Game over')");
      assert.ok(confirmed, "felling the king asks first");
      if (!(await page.isVisible("#result"))) await page.click("text=Next game");
    }
    await page.waitForSelector("#result:not([hidden])");
    assert.match(await page.textContent("#result"), /wins the match/);
    await page.waitForSelector("#stats tr");
    assert.match(await page.textContent("#stats"), /ann/);
    await assertNoSidewaysScroll(page, `kubb ${size} end`);
    await assertTablesFit(page, `kubb ${size} end`);
    await shot(page, `kubb-${size}-end`);
    const log = await page.evaluate(async (matchId) => (await fetch(`/api/kubb/matches/${matchId}/export?format=log`)).text(), gameId(page));
    assert.match(log, /towers-kubb-events/);
    await context.close();
  });
}

test("the start page makes a best of 5 with the five-for-five forfeit: the opening turn ends with the fifth baseline kubb", async ({ browser, base }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  page.on("dialog", (dialog) => dialog.accept());
  await page.goto(base);
  await page.fill("#team-a", "Ringers");
  await page.fill("#team-b", "Knockerheads");
  await page.selectOption("#ruleset", "standard");
  await page.selectOption("#games-to-win", "3");
  await page.selectOption("#five-for-five", "on");
  await assertNoSidewaysScroll(page, "start page with the match format");
  await page.click("#score-kubb");
  await page.waitForURL(/\/kubb\?id=/);
  await page.waitForSelector("#status:has-text('Who starts')");
  const created = await matchState(page);
  assert.equal(created.settings.games_to_win, 3);
  assert.equal(created.settings.five_for_five, true);
  await page.click("text=Ringers starts");
  await page.waitForSelector("#status:has-text('throws')");
  for (const tower of ["B1", "B2", "B3", "B4", "B5"]) {
    await page.click(`[data-piece="${tower}"]`);
    await page.click("#buttons button.primary");
    await page.waitForSelector(`[data-piece="${tower}"]`, { state: "detached" });
  }
  // No sixth baton: the Knockerheads inkast, on the phone and the server.
  await page.waitForSelector("#status:has-text('Knockerheads throws')");
  const state = await matchState(page);
  assert.equal(state.thrower, "B", JSON.stringify(state.phase));
  assert.equal(state.phase.name, "inkast");
  await context.close();
});

test("an inkasted kubb is placed by a tap where it landed, drawn there, and the advanced line is drawn", async ({ browser, base }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await newMatch(page, base, "seed");
  await page.click("text=Vikings starts");
  await page.waitForSelector("#status:has-text('throws')");
  // A fells B2, then misses out the turn.
  await page.click('[data-piece="B2"]');
  await page.click("#buttons button.primary");
  await page.waitForSelector('[data-piece="B2"]', { state: "detached" });
  while ((await matchState(page)).phase.name === "throwing") {
    const before = (await matchState(page)).seq;
    await page.click("text=Miss");
    await page.waitForFunction(async ({ matchId, seq }) => (await (await fetch(`/api/kubb/matches/${matchId}`)).json()).seq > seq, { matchId: gameId(page), seq: before });
  }
  await page.waitForSelector("#status:has-text('throws B2 into Vikings')");
  const state = await matchState(page);
  const spot = { x: 1.2, y: state.field.length * 0.3 };
  await page.click("text=Landed in: tap where");
  await page.waitForSelector("#buttons:has-text('Tap the field')");
  const point = await fieldPoint(page, spot);
  await page.mouse.click(point.x, point.y);
  await page.waitForSelector('[data-piece="B2"]');
  const knight = (await matchState(page)).pieces.find((p) => p.id === "B2");
  assert.equal(knight.state, "knight");
  assert.ok(Math.abs(knight.at.x - spot.x) < 0.1 && Math.abs(knight.at.y - spot.y) < 0.1, `stored where tapped: ${JSON.stringify(knight.at)}`);
  // The field is drawn again for the next entry's controls; the knight is
  // where the spot is now.
  // The layout may still settle (the probability bar and the controls are
  // redrawn after the entry), so the check is repeated until it holds.
  let offset = null;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const now = await fieldPoint(page, spot);
    const drawn = await page.locator('[data-piece="B2"]').boundingBox();
    offset = [drawn.x + drawn.width / 2 - now.x, drawn.y + drawn.height / 2 - now.y];
    if (Math.abs(offset[0]) < 3 && Math.abs(offset[1]) < 3) break;
    await page.waitForTimeout(100);
  }
  assert.ok(Math.abs(offset[0]) < 3 && Math.abs(offset[1]) < 3, `drawn where it landed (off by ${offset})`);
  const line = (await matchState(page)).teams.find((t) => t.team === "A").line;
  if (line.at === "knight") assert.equal(await page.locator("#field .advanced-line").count(), 1, "the advanced line is drawn");
  await shot(page, "kubb-phone-inkast");
  await context.close();
});

test("a Kubb entry whose answer is lost on the way back is sent again and recorded once", async ({ browser, base }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await newMatch(page, base);
  await page.click("text=Vikings starts");
  await page.waitForSelector("#status:has-text('6 sticks left')");
  let reached = 0;
  await page.route("**/events", async (route) => {
    // The server records it; its answer never arrives.
    await route.fetch();
    reached += 1;
    await route.abort("connectionreset");
  }, { times: 1 });
  // Every text the sync line shows is kept: the entry may be resent
  // within milliseconds (another request reaching the server says the
  // connection is back), too briefly for a poll to see it waiting.
  await page.evaluate(() => {
    window.syncTexts = [];
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) window.syncTexts.push(node.textContent);
      }
    }).observe(document.getElementById("sync"), { childList: true, subtree: true });
  });
  // A miss could be recorded twice (two misses are legal): only the
  // event number keeps the resend from counting again.
  await page.click("text=Miss");
  await page.waitForFunction(() => window.syncTexts.includes("Saved on this phone: 1"));
  await page.waitForSelector("#sync:has-text('Synced')", { timeout: 20000 });
  await page.waitForSelector("#status:has-text('5 sticks left')");
  assert.equal(reached, 1, "the first send reached the server");
  const stored = await matchState(page);
  assert.equal(stored.events, 3, "the setup, the start and the miss, once");
  assert.equal(stored.sticks_left, 5);
  await context.close();
});

test("a whole Kubb match is scored with the network off, saved on the phone, and appears on the server when it is back", async ({ browser, base }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  page.on("dialog", (dialog) => dialog.accept());
  await newMatch(page, base);
  await page.evaluate(() => navigator.serviceWorker.ready);
  const id = gameId(page);
  await context.setOffline(true);
  await page.click("text=Vikings starts");
  await page.waitForSelector("#sync:has-text('Saved on this phone: 1')");
  await assertLawnInView(page, "kubb offline");
  const games = [["A", "ann", "B"], ["B", "cy", "A"], ["A", "bob", "B"]];
  for (const [index, [, thrower, defenders]] of games.entries()) {
    await page.selectOption("#player", thrower);
    for (let spot = 1; spot <= 5; spot += 1) {
      await page.click(`[data-piece="${defenders}${spot}"]`);
      await page.click('[data-key="hit"]');
      await page.waitForSelector(`[data-piece="${defenders}${spot}"]`, { state: "detached" });
    }
    await page.click("[aria-label='King']");
    await page.click('[data-key="hit"]');
    if (index === 0) await shot(page, "kubb-offline-phone");
    if (index < 2) await page.click('[data-key="next-game"]');
  }
  await page.waitForSelector("#sync:has-text('Saved on this phone: 21')");
  // With no network the page opens from the phone, entries and all.
  await page.reload();
  await page.waitForSelector("#sync:has-text('Saved on this phone: 21')");
  await checkAxe(page, "kubb offline");
  await context.setOffline(false);
  await page.waitForSelector("#sync:has-text('Synced')", { timeout: 20000 });
  await page.waitForSelector("#result:has-text('Vikings wins the match')");
  const stored = await page.evaluate(async (matchId) => (await fetch(`/api/kubb/matches/${matchId}`)).json(), id);
  assert.equal(stored.winner, "A");
  assert.equal(stored.events, 22, "the setup and the 21 entries, each once");
  await context.close();
});

// --- The scorekeeper without signal (issue 25) ------------------------

const SMALL_PHONE = { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true };

// What the scorekeeper shows of the match: the turn, the scoreboard,
// the thrower list and every piece on the field with its place.
async function shown(page) {
  return page.evaluate(() => ({
    status: document.getElementById("status").textContent,
    result: document.getElementById("result").hidden ? "" : document.getElementById("result").textContent,
    scoreboard: document.getElementById("scoreboard").textContent,
    throwers: [...document.querySelectorAll("#player option")].map((o) => o.value).join(","),
    pieces: [...document.querySelectorAll("#field [data-piece], #field [data-fallen]")]
      .map((n) => `${n.dataset.piece || n.dataset.fallen}: ${n.getAttribute("aria-label")}`).sort().join("; "),
    buttons: [...document.querySelectorAll("#buttons button, #more-buttons button")].map((b) => b.dataset.key).join(","),
  }));
}

// A match made through the API with its referee token where the page
// keeps it; the page opened on it.
async function apiMatch(page, base, body) {
  await page.goto(base);
  const created = await page.evaluate(async (request) => {
    const response = await fetch("/api/kubb/matches", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) });
    const made = await response.json();
    localStorage.setItem(`towers-token-${made.id}`, made.token);
    return made;
  }, body);
  await page.goto(`${base}/kubb?id=${created.id}`);
  await page.waitForSelector("#status:has-text('Who starts')");
  return created;
}

const eventsOf = (page, matchId) => page.evaluate(async (m) => (await (await fetch(`/api/kubb/matches/${m}/events`)).json()).events, matchId);

// The next entry of a scripted match, read off the page alone (so that
// two pages in the same state make the same entry): misses now and then,
// knights before towers, an inkast out now and then, the king when the
// rules allow it.
async function nextEntry(page, count) {
  const view = await shown(page);
  const keys = view.buttons.split(",");
  if (keys.includes("next-game")) return { key: "next-game" };
  if (keys.includes("start-A")) return { key: "start-A" };
  const throwers = view.throwers.split(",");
  const thrower = throwers[count % throwers.length];
  if (keys.includes("landed-in")) {
    if (count % 4 === 3) return { thrower, key: "landed-out" };
    const into = /into (.+)'s half/.exec(view.status)[1];
    const half = view.scoreboard.startsWith(`A: ${into}`) ? "A" : "B";
    return { thrower, key: "landed-in", at: { x: 0.7 + (count % 4) * 1.2, y: half === "A" ? 2.2 + (count % 3) * 0.5 : 5.8 - (count % 3) * 0.5 } };
  }
  if (keys.includes("placed")) {
    const defenders = view.status.split(" place")[0];
    const half = view.scoreboard.startsWith(`A: ${defenders}`) ? "A" : "B";
    return { key: "placed", at: { x: 1.5 + (count % 3), y: half === "A" ? 2.5 : 5.5 } };
  }
  if (count % 5 === 4) return { thrower, key: "miss" };
  // (Not in a game's first turn: the network is cut in its second.)
  if (/king may be attacked/.test(view.status)) return { thrower, mark: /turn 1\./.test(view.status) ? [] : ["king"], key: /turn 1\./.test(view.status) ? "miss" : "hit" };
  const defender = view.scoreboard.startsWith(`A: ${view.status.split(" throws")[0]}`) ? "B" : "A";
  const standing = view.pieces.split("; ").filter((p) => !p.includes("lies down") && p.includes(`in ${defender}'s half`));
  const knights = standing.filter((p) => p.includes("knight"));
  // Two knights at once when two stand (a match of fewer entries).
  const targets = knights.length ? knights.slice(0, 2) : standing.filter((p) => p.includes("tower")).slice(0, 1);
  if (!targets.length) return { thrower, key: "miss" };
  return { thrower, mark: targets.map((target) => target.split(":")[0]), key: "hit" };
}

// The same entries, each spot tapped within 3 cm (the two pages' fields
// are drawn at slightly different scales, and a tap is kept to the cm).
function assertSameEntries(actual, expected, message) {
  assert.equal(actual.length, expected.length, message);
  actual.forEach((entry, index) => {
    const [{ at: a, ...rest }, { at: b, ...expectedRest }] = [entry, expected[index]];
    assert.deepEqual(rest, expectedRest, `${message}: entry ${index}`);
    assert.equal(Boolean(a), Boolean(b), `${message}: entry ${index}'s spot`);
    if (a) assert.ok(Math.abs(a.x - b.x) <= 0.03 && Math.abs(a.y - b.y) <= 0.03, `${message}: entry ${index} at ${JSON.stringify(a)}, not ${JSON.stringify(b)}`);
  });
}

async function enter(page, entry) {
  if (entry.thrower) await page.selectOption("#player", entry.thrower);
  for (const piece of entry.mark || []) {
    // A tap on the centre of the piece as drawn, as a thumb taps it.
    const selector = piece === "king" ? "[data-piece='king']" : `[data-piece="${piece}"]`;
    // (Measured again if a redraw replaced it in between.)
    let box = null;
    for (let attempt = 0; !box && attempt < 20; attempt += 1) {
      box = await page.locator(`${selector} .shape, ${selector} .king`).boundingBox();
      if (!box) await page.waitForTimeout(50);
    }
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    assert.match(await page.getAttribute(selector, "aria-label"), /marked as felled/, `a tap on ${piece}'s centre marks it`);
  }
  await page.click(`[data-key="${entry.key}"]`);
  if (entry.at) {
    await page.waitForSelector("#buttons:has-text('Tap the field')");
    const point = await fieldPoint(page, entry.at);
    await page.mouse.click(point.x, point.y);
    await page.waitForSelector("#buttons:not(:has-text('Tap the field'))");
  }
}

for (const [size, options] of [["phone", PHONE], ["small phone", SMALL_PHONE], ["desktop", DESKTOP]]) {
  test(`a standard best-of-3 match scored offline on a ${size} shows after every entry what the online page shows, and the server gets it whole`, async ({ browser, base }) => {
    const body = { ruleset: "standard", team_a: { name: "Vikings", players: ["ann", "bob"] }, team_b: { name: "Danes", players: ["cy", "di"] } };
    const lawn = await browser.newContext(options);
    const online = await browser.newContext(options);
    const offlinePage = await lawn.newPage();
    const onlinePage = await online.newPage();
    for (const page of [offlinePage, onlinePage]) page.on("dialog", (dialog) => dialog.accept());
    const offlineMatch = await apiMatch(offlinePage, base, body);
    const onlineMatch = await apiMatch(onlinePage, base, body);
    await offlinePage.evaluate(() => navigator.serviceWorker.ready);
    let entries = 0;
    let offline = false;
    let offlineShot = false;
    for (let count = 0; count < 400; count += 1) {
      const [a, b] = [await shown(offlinePage), await shown(onlinePage)];
      for (const key of Object.keys(b)) {
        // Agreeing with a result waits until the server has every entry.
        if (key === "buttons" && offline && b.result) continue;
        assert.equal(a[key], b[key], `${size}, after ${entries} entries: the offline page shows the ${key} the online page shows`);
      }
      if (a.result) {
        assert.equal(a.buttons, "", `${size}: offline, nothing is offered once the match is over`);
        assert.match(await offlinePage.textContent("#confirmation"), /confirmed once the entries on this phone are sent/);
        break;
      }
      const entry = await nextEntry(offlinePage, count);
      // The network is cut once the second turn begins.
      if (!offline && (/into .*'s half/.test(a.status) || /turn 2/.test(a.status))) {
        await offlinePage.waitForSelector("#sync:has-text('Synced')");
        await lawn.setOffline(true);
        offline = true;
      }
      await enter(offlinePage, entry);
      await enter(onlinePage, entry);
      entries += 1;
      await onlinePage.waitForSelector("#sync:has-text('Synced')");
      if (!offlineShot && offline && /knight/.test(a.pieces)) {
        await shot(offlinePage, `kubb-offline-${size.replace(" ", "-")}-knights`);
        offlineShot = true;
      }
    }
    const last = await shown(offlinePage);
    assert.match(last.result, /wins the match/, `${size}: the match is played to its end`);
    assert.match(await offlinePage.textContent("#sync"), /Saved on this phone: \d+/);
    assert.ok(entries > 30, `${size}: a whole match (${entries} entries)`);
    if (size !== "desktop") await assertNoSidewaysScroll(offlinePage, `kubb offline ${size}`);
    await checkAxe(offlinePage, `kubb offline ${size}`);
    await lawn.setOffline(false);
    await offlinePage.waitForSelector("#sync:has-text('Synced')", { timeout: 30000 });
    assertSameEntries(await eventsOf(offlinePage, offlineMatch.id), await eventsOf(onlinePage, onlineMatch.id), `${size}: the server has the offline match entry for entry`);
    assert.deepEqual(await shown(offlinePage), await shown(onlinePage), `${size}: and shows it as the online page does`);
    await lawn.close();
    await online.close();
  });
}

test("twelve entries offline: the two the rules refuse are refused at once on the phone, the ten others all reach the server in order", async ({ browser, base }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const body = { ruleset: "standard", team_a: { name: "Oaks", players: ["ann", "bob"] }, team_b: { name: "Elms", players: ["cy", "di"] } };
  const match = await apiMatch(page, base, body);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.click('[data-key="start-A"]');
  await page.waitForSelector("#sync:has-text('Synced')");
  await context.setOffline(true);
  // Oaks fell B1 and B2, then miss out the turn; Elms inkast both in.
  const steps = [
    { thrower: "ann", mark: ["B1"], key: "hit" }, { thrower: "bob", mark: ["B2"], key: "hit" },
    { thrower: "ann", key: "miss" }, { thrower: "bob", key: "miss" }, { thrower: "ann", key: "miss" }, { thrower: "bob", key: "miss" },
    { thrower: "cy", key: "landed-in", at: { x: 1.5, y: 2.5 } }, { thrower: "di", key: "landed-in", at: { x: 3.5, y: 3 } },
  ];
  for (const step of steps) await enter(page, step);
  await page.waitForSelector("#sync:has-text('Saved on this phone: 8')");
  // A tower hit while knights stand: refused on the phone, in the server's words.
  await page.selectOption("#player", "cy");
  await page.click('[data-piece="A3"]');
  await page.click('[data-key="hit"]');
  await page.waitForSelector("#error:not([hidden])");
  assert.match(await page.textContent("#error"), /tower 3 of team A cannot count: 2 knight\(s\) still stand in team A's half; it is raised again/);
  // A stick by a player of the other team cannot even be chosen.
  assert.deepEqual((await shown(page)).throwers, "cy,di", "only the throwing team's players are offered");
  // Nothing marked: "Hit" is refused, not stored as a miss.
  await page.click('[data-key="hit"]');
  assert.match(await page.textContent("#error"), /a hit names what fell/);
  await page.waitForSelector("#sync:has-text('Saved on this phone: 8')");
  // The two correct sticks after them.
  await enter(page, { thrower: "cy", mark: ["B1"], key: "hit" });
  await enter(page, { thrower: "di", key: "miss" });
  await page.waitForSelector("#sync:has-text('Saved on this phone: 10')");
  assert.match(await page.textContent("#status"), /Elms throws: 4 sticks left, turn 2\./);
  await context.setOffline(false);
  await page.waitForSelector("#sync:has-text('Synced')", { timeout: 20000 });
  const events = await eventsOf(page, match.id);
  assert.equal(events.length, 12, "the teams, the start and the ten entries");
  assert.deepEqual(events.slice(2).map((e) => e.event), ["stick", "stick", "stick", "stick", "stick", "stick", "inkast", "inkast", "stick", "stick"]);
  assert.deepEqual(events[10].outcome, { hit: { knights: [5], towers: [], king: false } });
  await context.close();
});

test("two phones score one match: the other's entries show live, and an entry the server refuses waits with its reason until the referee decides", async ({ browser, base }) => {
  const first = await browser.newContext(PHONE);
  const second = await browser.newContext(SMALL_PHONE);
  const one = await first.newPage();
  const two = await second.newPage();
  const body = { ruleset: "standard", team_a: { name: "Oaks", players: ["ann", "bob"] }, team_b: { name: "Elms", players: ["cy", "di"] } };
  const match = await apiMatch(one, base, body);
  await two.goto(base);
  await two.evaluate(({ id, token }) => localStorage.setItem(`towers-token-${id}`, token), match);
  await two.goto(`${base}/kubb?id=${match.id}`);
  await one.evaluate(() => navigator.serviceWorker.ready);
  await one.click('[data-key="start-A"]');
  await two.waitForSelector("#status:has-text('Oaks throws: 6 sticks left')");
  // Phone one loses the signal and scores two sticks; phone two scores one meanwhile.
  await first.setOffline(true);
  await enter(one, { thrower: "ann", mark: ["B1"], key: "hit" });
  await enter(one, { thrower: "bob", key: "miss" });
  await enter(two, { thrower: "bob", mark: ["B5"], key: "hit" });
  await two.waitForSelector("#sync:has-text('Synced')");
  await first.setOffline(false);
  // The server refuses phone one's first entry: it waits, with the reason, and so does the one after it.
  await one.waitForSelector("#outbox li.refused");
  assert.match(await one.textContent("#outbox"), /already recorded as a different entry/);
  assert.match(await one.textContent("#outbox"), /not yet sent/);
  assert.match(await one.textContent("#sync"), /Not sent: 2/);
  await shot(one, "kubb-two-phones-refused");
  await one.click('[data-key="send-after"]');
  await one.waitForSelector("#sync:has-text('Synced')", { timeout: 20000 });
  await two.waitForSelector("#status:has-text('Oaks throws: 3 sticks left')");
  const events = await eventsOf(one, match.id);
  assert.deepEqual(events.slice(2).map((e) => e.outcome), [
    { hit: { knights: [], towers: [9], king: false } },
    { hit: { knights: [], towers: [5], king: false } },
    "miss",
  ], "phone two's entry first, then phone one's two, none lost");
  assert.deepEqual(await shown(one), await shown(two));
  // Dropping instead: phone one's entry is refused again; the referee drops it.
  await first.setOffline(true);
  await enter(one, { thrower: "ann", key: "miss" });
  await enter(two, { thrower: "ann", key: "foul" });
  await two.waitForSelector("#sync:has-text('Synced')");
  await first.setOffline(false);
  await one.waitForSelector("#outbox li.refused");
  await one.click('[data-key="drop-entry"]');
  await one.waitForSelector("#sync:has-text('Synced')", { timeout: 20000 });
  await one.waitForSelector("#status:has-text('2 sticks left')");
  assert.equal((await eventsOf(one, match.id)).length, 6);
  await first.close();
  await second.close();
});

test("each team scores its own throws from its own phone by its link, sees the other's live, and both confirm the result; a dispute waits for the referee", async ({ browser, base }) => {
  const referee = await (await browser.newContext(PHONE)).newPage();
  referee.on("dialog", (dialog) => dialog.accept());
  await newMatch(referee, base);
  const id = gameId(referee);
  await referee.waitForSelector("#share:not([hidden])");
  const teamTokens = await referee.evaluate((matchId) => JSON.parse(localStorage.getItem(`towers-team-tokens-${matchId}`)), id);
  const phones = {};
  for (const [letter, options] of [["A", SMALL_PHONE], ["B", PHONE]]) {
    const phone = await (await browser.newContext(options)).newPage();
    phone.on("dialog", (dialog) => dialog.accept());
    await phone.goto(`${base}/kubb?id=${id}#seat=team-${letter.toLowerCase()}&token=${teamTokens[letter.toLowerCase()]}`);
    await phone.waitForSelector("#status:has-text('Who starts')");
    assert.equal(new URL(phone.url()).hash, "", "the token leaves the address bar");
    assert.ok(await phone.isHidden("#share"), "a team's phone hands out no links");
    phones[letter] = phone;
  }
  await phones.B.click('[data-key="start-A"]');
  await phones.A.waitForSelector("#status:has-text('Vikings throws: 6 sticks left')");
  // The Danes' phone waits while the Vikings throw: nothing to enter, nothing to mark.
  await phones.B.waitForSelector("#buttons:has-text('Vikings enter this on their phone')");
  assert.equal(await phones.B.locator("#field .pressable").count(), 0);
  const game = async (thrower, watcher, defenders) => {
    for (let spot = 1; spot <= 5; spot += 1) {
      await thrower.click(`[data-piece="${defenders}${spot}"]`);
      await thrower.click('[data-key="hit"]');
      await watcher.waitForSelector(`[data-fallen="${defenders}${spot}"]`);
    }
    await thrower.click("[data-piece='king']");
    await thrower.click('[data-key="hit"]');
    await watcher.waitForSelector("#status:has-text('Game over')");
  };
  await game(phones.A, phones.B, "B");
  await phones.B.click('[data-key="next-game"]');
  await phones.B.waitForSelector("#status:has-text('Danes throws: 6 sticks left')");
  await game(phones.B, phones.A, "A");
  await phones.A.click('[data-key="next-game"]');
  await game(phones.A, phones.B, "B");
  for (const phone of [phones.A, phones.B, referee]) await phone.waitForSelector("#result:has-text('Vikings wins the match')");
  await phones.A.click('[data-key="agree"]');
  await phones.B.waitForSelector("#confirmation:has-text('Vikings agreed')");
  await phones.B.click('[data-key="dispute"]');
  await referee.waitForSelector("#confirmation:has-text('disputed')");
  await shot(referee, "kubb-result-disputed");
  await referee.click('[data-key="agree"]');
  for (const phone of [phones.A, phones.B, referee]) await phone.waitForSelector("#confirmation:has-text('confirmed by the referee')");
  const stored = await referee.evaluate(async (matchId) => (await fetch(`/api/kubb/matches/${matchId}`)).json(), id);
  assert.deepEqual(stored.result_confirmation, { a: true, b: false, referee: true, state: "confirmed", rating: "unrated" });
  for (const phone of [phones.A, phones.B, referee]) await phone.context().close();
});

test("a drawn Kubb match is a draw on its page: a banner, no NaN in the odds, the bar's draw share", async ({ browser, base }) => {
  const context = await browser.newContext(SMALL_PHONE);
  const page = await context.newPage();
  await apiMatch(page, base, { ruleset: "standard", time_limit: { minutes: 30, tie_break: "none" }, team_a: { name: "Oaks" }, team_b: { name: "Elms" } });
  await page.click('[data-key="start-A"]');
  await page.waitForSelector("#status:has-text('6 sticks left')");
  await page.click('[data-key="call-time"]');
  await page.waitForFunction(() => /draw \d+ %/.test(document.getElementById("probability").getAttribute("aria-label")));
  const label = await page.getAttribute("#probability", "aria-label");
  assert.doesNotMatch(label, /NaN/);
  const shares = [...label.matchAll(/(\d+) %/g)].map((m) => Number(m[1]));
  assert.equal(shares.reduce((x, y) => x + y, 0), 100, label);
  for (let stick = 0; stick < 6; stick += 1) await page.click('[data-key="miss"]');
  await page.waitForSelector("#result:not([hidden])");
  assert.match(await page.textContent("#result"), /drawn/);
  assert.doesNotMatch(await page.textContent("#probability"), /NaN/);
  assert.match(await page.getAttribute("#probability", "aria-label"), /drawn/);
  await context.close();
});

test("at 320 px every field piece is at least 24 px and a tap on its centre marks that piece", async ({ browser, base }) => {
  const context = await browser.newContext(SMALL_PHONE);
  const page = await context.newPage();
  await apiMatch(page, base, { ruleset: "seed", team_a: { name: "Oaks" }, team_b: { name: "Elms" } });
  await page.click('[data-key="start-A"]');
  await page.waitForSelector("#status:has-text('6 sticks left')");
  const pieces = await page.evaluate(() => [...document.querySelectorAll("#field [data-piece]")].map((n) => {
    const r = n.querySelector(".shape, .king").getBoundingClientRect();
    return { id: n.dataset.piece, x: r.x + r.width / 2, y: r.y + r.height / 2, width: r.width, height: r.height };
  }));
  assert.equal(pieces.length, 11, "ten pieces and the king");
  for (const piece of pieces) {
    assert.ok(piece.width >= 24 && piece.height >= 24, `${piece.id} is ${piece.width}x${piece.height} px`);
    // Measured again before each tap: the page may have moved, or be
    // redrawing the field (a live update) at that instant.
    const shape = page.locator(`[data-piece="${piece.id}"] .shape, [data-piece="${piece.id}"] .king`);
    let box = null;
    while (!box) {
      await shape.waitFor({ state: "visible" });
      box = await shape.boundingBox();
    }
    const centre = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.click(...centre);
    const label = await page.getAttribute(`[data-piece="${piece.id}"]`, "aria-label");
    assert.match(label, /marked as felled/, `a tap on ${piece.id}'s centre marks ${piece.id}`);
    await page.mouse.click(...centre);
  }
  await shot(page, "kubb-320-targets");
  await context.close();
});

test("an organiser's Kubb tournament plays its matches under the settings chosen: best of 5, 2-4-6, five-for-five, a time limit", async ({ browser, base }) => {
  const organiser = await (await browser.newContext(PHONE)).newPage();
  await organiser.goto(`${base}/tournament`);
  await organiser.fill("#title", "Lawn cup");
  await organiser.selectOption("#game", "kubb");
  await organiser.selectOption("#ruleset", "standard");
  await organiser.selectOption("#match-opening", "2-4-6");
  await organiser.selectOption("#match-games-to-win", "3");
  await organiser.selectOption("#match-five-for-five", "on");
  await organiser.fill("#match-time-limit", "40");
  await organiser.selectOption("#match-tie-break", "baseline-count");
  await assertNoSidewaysScroll(organiser, "tournament form with match settings");
  // The Guard & Towers form has no Kubb settings.
  await organiser.selectOption("#game", "gt");
  assert.equal(await organiser.isVisible("#match-games-to-win"), false);
  await organiser.selectOption("#game", "kubb");
  await organiser.click("#create-form button[type=submit]");
  await organiser.waitForURL(/\/tournament\?id=/);
  const id = gameId(organiser);
  for (const team of ["Vikings", "Danes"]) {
    await organiser.fill("#entrant", team);
    await organiser.fill("#players", `${team} one, ${team} two, ${team} three`);
    await organiser.click("#register-form button");
    await organiser.waitForSelector(`#standings td:has-text("${team}")`);
  }
  await organiser.click("#start-round");
  await organiser.waitForSelector("#rounds-list li:has-text('Vikings')");
  const settings = await organiser.evaluate(async (tournament) => {
    const state = await (await fetch(`/api/tournaments/${tournament}`)).json();
    const match = state.rounds[0].pairings[0].game;
    return (await (await fetch(`/api/kubb/matches/${match}`)).json()).settings;
  }, id);
  assert.equal(settings.opening, "2-4-6", JSON.stringify(settings));
  assert.equal(settings.games_to_win, 3);
  assert.equal(settings.five_for_five, true);
  assert.deepEqual(settings.time_limit, { minutes: 40, tie_break: "baseline-count" });
  await organiser.context().close();
});

test("an organiser runs a Kubb knockout from a phone and a spectator follows it live", async ({ browser, base }) => {
  const organiser = await (await browser.newContext(PHONE)).newPage();
  await organiser.goto(`${base}/tournament`);
  await organiser.fill("#title", "Lawn cup");
  await organiser.selectOption("#game", "kubb");
  await organiser.selectOption("#format", "knockout");
  await organiser.click("#create-form button[type=submit]");
  await organiser.waitForURL(/\/tournament\?id=/);
  const id = gameId(organiser);
  for (const team of ["Vikings", "Danes", "Geats", "Swedes"]) {
    await organiser.fill("#entrant", team);
    await organiser.fill("#players", `${team} one, ${team} two`);
    await organiser.click("#register-form button");
    await organiser.waitForSelector(`#standings td:has-text("${team}")`);
  }
  const spectator = await (await browser.newContext(PHONE)).newPage();
  await spectator.goto(`${base}/tournament?id=${id}`);
  await spectator.waitForSelector("#status:has-text('4 entrants')");
  assert.equal(await spectator.isVisible("#organiser"), false, "no token, no organiser panel");

  await organiser.click("#start-round");
  await spectator.waitForSelector("#rounds-list li:has-text('Vikings – Swedes')");
  await shot(organiser, "tournament-organiser");
  await checkAxe(organiser, "tournament organiser");
  // A refusal is the server's, in its words: the round is still open.
  await organiser.click("#start-round");
  await organiser.waitForSelector("#error:not([hidden])");
  assert.match(await organiser.textContent("#error"), /round 1 is not finished/);
  // One match is decided by the organiser, the other on the lawn: its
  // scorekeeper's events end the match and the result flows in.
  await organiser.selectOption("#result-pairing", { label: "Round 1: Vikings – Swedes" });
  await organiser.fill("#result-score", "1-0");
  await organiser.click("#result-form button");
  await spectator.waitForSelector("#rounds-list li:has-text('Vikings – Swedes') .score:has-text('1-0')");
  const refereeLink = await organiser.getAttribute("#games li:has-text('Danes – Geats') .seat-link[data-seat=referee] a", "href");
  const referee = new URLSearchParams(new URL(refereeLink).hash.slice(1)).get("token");
  const match = await organiser.evaluate(async (tournament) => (await (await fetch(`/api/tournaments/${tournament}`)).json()).rounds[0].pairings[1].game, id);
  for (const event of [
    { event: "start", team: "A" },
    { event: "stick", player: "Danes one", outcome: { hit: { knights: [], towers: [5, 6, 7, 8, 9] } } },
    { event: "stick", player: "Danes one", outcome: { hit: { knights: [], towers: [], king: true } } },
  ]) {
    const status = await organiser.evaluate(async ([matchId, token, body]) => (await fetch(`/api/kubb/matches/${matchId}/events`, {
      method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ event: body }),
    })).status, [match, referee, event]);
    assert.equal(status, 200);
  }
  await spectator.waitForSelector("#rounds-list li:has-text('Danes – Geats') .score:has-text('1-0')");

  await organiser.click("#start-round");
  await spectator.waitForSelector("#rounds-list li:has-text('Vikings – Danes')");
  await organiser.selectOption("#result-pairing", { label: "Round 2: Vikings – Danes" });
  await organiser.fill("#result-score", "0-1");
  await organiser.click("#result-form button");
  await spectator.waitForSelector("#champion:has-text('Danes wins the tournament')");
  await spectator.waitForSelector("#bracket-section:not([hidden])");
  assert.match(await spectator.textContent("#standings tbody tr"), /Danes/);
  await shot(spectator, "tournament-public");
  await checkAxe(spectator, "tournament public");
  assert.equal(await organiser.isDisabled("#start-round"), true, "no round after the final");
  await organiser.context().close();
  await spectator.context().close();
});

// Ratings: a rated friend game made on the landing page (its checkbox),
// joined and resigned, moves the leaderboard; its names link to the
// players' pages, which show the rating after each result, the record
// and the game; an unknown player is the server's message. Both sizes.
for (const [size, options] of [["phone", PHONE], ["desktop", DESKTOP]]) {
  test(`ratings on a ${size}: a rated game reaches the leaderboard and each player's page`, async ({ browser, base }) => {
    const page = await (await browser.newContext(options)).newPage();
    const [red, blue] = [`ann-${size}`, `bob-${size}`];
    // Rated games are played signed in: each player in a browser of their own.
    await page.goto(base);
    const redAccount = await apiCall(page, "POST", "/api/accounts", { name: red, password: "a long enough password" });
    assert.equal(redAccount.status, 201, JSON.stringify(redAccount.body));
    const guest = await (await browser.newContext(options)).newPage();
    await guest.goto(base);
    const blueAccount = await apiCall(guest, "POST", "/api/accounts", { name: blue, password: "a long enough password" });
    assert.equal(blueAccount.status, 201, JSON.stringify(blueAccount.body));
    await page.goto(base);
    await page.waitForSelector(`#account-link:has-text('${red}')`);
    assert.equal(await page.inputValue("#gt-name"), red, "the name is the account's");
    await page.evaluate(() => { document.getElementById("play-friend").closest("details").open = true; });
    await page.check("#gt-rated");
    await page.click("#play-friend");
    await page.waitForURL(/\/gt\?id=/);
    const id = gameId(page);
    await page.waitForSelector("#rated:has-text('Rated game')");
    const invite = await page.evaluate((gameId) => localStorage.getItem(`towers-invite-${gameId}`), id);
    const joined = await apiCall(guest, "POST", `/api/gt/games/${id}/join`, { invite });
    assert.equal(joined.status, 200, JSON.stringify(joined.body));
    await guest.context().close();
    const status = await page.evaluate(async (gameId) => (await fetch(`/api/gt/games/${gameId}/resign`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${localStorage.getItem(`towers-token-${gameId}`)}` },
      body: "{}",
    })).status, id);
    assert.equal(status, 200);
    await page.waitForSelector(`#rated a:has-text('${blue}')`);

    await page.click(`#rated a:has-text('${red}')`);
    await page.waitForURL(/\/players\?game=gt&name=/);
    await page.waitForSelector("#player:not([hidden])");
    assert.equal(await page.textContent("#player-name"), red);
    assert.match(await page.textContent("#player-record"), /1 rated: 0 won, 0 drawn, 1 lost · with Red: 0 won, 0 drawn, 1 lost/);
    assert.match(await page.textContent("#history tbody tr"), new RegExp(`${blue}.*lost \\(red\\)`));
    assert.equal(await page.locator("#chart polyline").count(), 1, "the rating over time is drawn");
    assert.equal(await page.getAttribute(`#history a:has-text('the game')`, "href"), `/gt?id=${id}`);
    await assertNoSidewaysScroll(page, `player page on a ${size}`);
    await checkAxe(page, `player page on a ${size}`);
    await shot(page, `ratings-player-${size}`);

    await page.click("#back");
    await page.waitForSelector(`#leaders a:has-text('${blue}')`);
    const rows = await page.locator("#leaders tbody tr").allTextContents();
    const at = (name) => rows.findIndex((row) => row.includes(name));
    assert.ok(at(blue) < at(red), `the winner ranks above the loser: ${rows}`);
    await assertNoSidewaysScroll(page, `leaderboard on a ${size}`);
    await checkAxe(page, `leaderboard on a ${size}`);
    await shot(page, `ratings-board-${size}`);

    await page.goto(`${base}/players?game=gt&name=nobody-${size}`);
    await page.waitForSelector("#error:not([hidden])");
    assert.match(await page.textContent("#error"), new RegExp(`nobody-${size}`));
    await page.context().close();
  });
}

// --- Accounts: passkeys through Chromium's virtual authenticator -------

// A virtual authenticator in `page`'s browser, as a phone's or a laptop's
// own: it keeps discoverable credentials and verifies its user at once.
async function virtualAuthenticator(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2", transport: "internal", hasResidentKey: true,
      hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
    remove: () => cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId }),
  };
}

// WebAuthn refuses IP addresses: the account pages are opened at
// localhost, the server's default public URL on a loopback address.
function localhost(base) {
  return base.replace("127.0.0.1", "localhost");
}

for (const [size, options] of [["phone", PHONE], ["desktop", DESKTOP]]) {
  test(`passkeys on a ${size}: sign up, sign out, sign in without a name, and a second passkey signs in too`, async ({ browser, base }) => {
    const local = localhost(base);
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(`${local}/account`);
    const phone = await virtualAuthenticator(page);
    const name = `Passkey ${size}`;
    await page.fill("#sign-up-name", name);
    await page.click("#sign-up button[type=submit]");
    await page.waitForSelector(`#account-name:has-text('Signed in as ${name}')`);
    await page.waitForSelector(`#account-link:has-text('${name}')`);
    assert.equal(await page.locator("#passkeys li.passkey").count(), 1);
    const made = await phone.credentials();
    assert.equal(made.length, 1, "one credential on the authenticator");
    assert.ok(made[0].isResidentCredential, "a discoverable credential: signing in needs no name");
    await assertNoSidewaysScroll(page, `account page on a ${size}`);
    await checkAxe(page, `account page on a ${size}`);
    await shot(page, `account-${size}`);

    await page.click("#sign-out");
    await page.waitForSelector("#signed-out:not([hidden])");
    assert.equal(await page.textContent("#account-link"), "Sign in");
    assert.equal((await apiCall(page, "GET", "/api/session")).status, 401, "signed out");
    await page.click("#passkey-sign-in");
    await page.waitForSelector(`#account-name:has-text('Signed in as ${name}')`);

    // A second passkey, made on a second device: the first is gone, and
    // the second alone signs in.
    await phone.remove();
    const laptop = await virtualAuthenticator(page);
    await page.fill("#passkey-label", "laptop");
    await page.click("#add-passkey button[type=submit]");
    await page.waitForFunction(() => document.querySelectorAll("#passkeys li.passkey").length === 2);
    assert.match(await page.textContent("#passkeys"), /laptop/);
    assert.equal((await laptop.credentials()).length, 1);
    await page.click("#sign-out");
    await page.waitForSelector("#signed-out:not([hidden])");
    await page.click("#passkey-sign-in");
    await page.waitForSelector(`#account-name:has-text('Signed in as ${name}')`);
    const sessions = await page.locator("#sessions li").count();
    assert.equal(sessions, 1, "signing out ended the earlier sessions");

    // Every page's header says who is signed in.
    await page.goto(`${local}/puzzles`);
    await page.waitForSelector(`#account-link:has-text('${name}')`);
    await assertNoSidewaysScroll(page, `puzzles with a signed-in header on a ${size}`);
    await context.close();
  });
}

test("a password signs up and in on a device without passkeys; a wrong one is refused in words", async ({ browser, base }) => {
  const context = await browser.newContext(PHONE_320);
  const page = await context.newPage();
  await page.goto(`${localhost(base)}/account`);
  await page.click("summary:has-text('Sign up with a password')");
  await page.fill("#sign-up-password-name", "Password Tester");
  await page.fill("#sign-up-password", "a long enough password");
  await page.click("#sign-up-password-form button[type=submit]");
  await page.waitForSelector("#account-name:has-text('Signed in as Password Tester')");
  assert.match(await page.textContent("#password-state"), /password signs you in/);
  await assertNoSidewaysScroll(page, "account page at 320 px");
  await page.click("#sign-out");
  await page.waitForSelector("#signed-out:not([hidden])");
  await page.click("summary:has-text('Sign in with a password')");
  await page.fill("#sign-in-name", "Password Tester");
  await page.fill("#sign-in-password", "not the password");
  await page.click("#password-sign-in button[type=submit]");
  await page.waitForSelector("#error:has-text('wrong name or password')");
  await page.fill("#sign-in-password", "a long enough password");
  await page.click("#password-sign-in button[type=submit]");
  await page.waitForSelector("#account-name:has-text('Signed in as Password Tester')");
  // A look-alike of a taken name is refused with the rule it breaks.
  await page.click("#sign-out");
  await page.waitForSelector("#signed-out:not([hidden])");
  await page.evaluate(() => { document.getElementById("sign-up-password-form").closest("details").open = true; });
  await page.fill("#sign-up-password-name", "password tester");
  await page.fill("#sign-up-password", "a long enough password");
  await page.click("#sign-up-password-form button[type=submit]");
  await page.waitForSelector("#error:has-text('too like')");
  await context.close();
});

// --- Fit, draws and tournaments (issue 25, items 4, 6 and 7) ---------

const PHONE_320 = { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true };

// Nothing wider than the screen: measured against the viewport asked for
// (on a mobile viewport the page's own width grows with what overflows).
// A table scrolls within its region: assertTablesFit checks those.
async function assertFitsScreen(page, name) {
  const { width } = page.viewportSize();
  const { scroll, wide } = await page.evaluate((screen) => ({
    scroll: document.documentElement.scrollWidth,
    wide: [...document.querySelectorAll("main *")]
      .filter((node) => !node.closest(".table-wrap") && node.getClientRects().length && node.getBoundingClientRect().right > screen + 0.5)
      .slice(0, 5).map((node) => `${node.tagName.toLowerCase()}#${node.id} ends at ${Math.round(node.getBoundingClientRect().right)}`),
  }), width);
  assert.ok(scroll <= width && !wide.length, `${name}: ${scroll} px wide on a ${width} px screen: ${wide.join(", ")}`);
}

for (const width of [320, 390, 430]) {
  test(`the landing page fits a ${width} px phone: no sideways scroll, every field on screen`, async ({ browser, base }) => {
    const context = await browser.newContext({ ...PHONE, viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(base);
    await page.waitForSelector("#lobby li");
    await page.evaluate(() => { for (const details of document.querySelectorAll("details")) details.open = true; });
    await assertFitsScreen(page, `landing page at ${width} px`);
    const cut = await page.evaluate((screen) => [...document.querySelectorAll("select, input")]
      .filter((field) => field.getBoundingClientRect().right > screen)
      .map((field) => field.id), width);
    assert.deepEqual(cut, [], "every select and input fits");
    if (width === 320) {
      await shot(page, "landing-320");
      await checkAxe(page, "landing page at 320 px");
    }
    await context.close();
  });
}

test("the Kubb page on a desktop shows the scoreboard on the first screen, beside the field", async ({ browser, base }) => {
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  await newMatch(page, base);
  await page.click("text=Vikings starts");
  await page.waitForSelector("#status:has-text('throws')");
  await page.waitForSelector("#scoreboard tr");
  const { height } = page.viewportSize();
  const board = await page.locator(".scoreboard").boundingBox();
  const field = await page.locator("#field-box").boundingBox();
  assert.ok(board.y < height && board.y + board.height <= height, `the scoreboard is on the first screen: ${JSON.stringify(board)}`);
  assert.ok(board.x >= field.x + field.width, `the scoreboard is beside the field: ${JSON.stringify({ board, field })}`);
  assert.ok(board.y < field.y + field.height, "beside, not below");
  await assertLawnInView(page, "kubb desktop with the scoreboard");
  await assertFitsScreen(page, "kubb desktop");
  await checkAxe(page, "kubb desktop with the scoreboard");
  await shot(page, "kubb-desktop-scoreboard");
  await context.close();
});

test("the Kubb advice line wraps and is read whole on a 320 px phone", async ({ browser, base }) => {
  const context = await browser.newContext(PHONE_320);
  const page = await context.newPage();
  await newMatch(page, base);
  await page.click("text=Vikings starts");
  await page.waitForSelector("#status:has-text('throws')");
  await page.waitForFunction(() => document.getElementById("advice").textContent.startsWith("Advice for"), null, { timeout: 20000 });
  const advice = await page.evaluate(() => {
    const node = document.getElementById("advice");
    const box = node.getBoundingClientRect();
    const lineHeight = parseFloat(getComputedStyle(node).lineHeight) || 16;
    return {
      text: node.textContent,
      clipped: node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1,
      lines: Math.round(box.height / lineHeight),
      left: box.left,
      right: box.right,
    };
  });
  assert.ok(!advice.clipped, `the advice is not cut off: ${JSON.stringify(advice)}`);
  assert.ok(advice.left >= 0 && advice.right <= 320, `the advice is on screen: ${JSON.stringify(advice)}`);
  assert.ok(advice.lines >= 2, `the advice wraps: ${JSON.stringify(advice)}`);
  await assertFitsScreen(page, "kubb at 320 px");
  await assertTablesFit(page, "kubb at 320 px");
  await shot(page, "kubb-320-advice");
  await context.close();
});

test("tournament standings fit a 320 px phone; a drawn match reads as a draw, a typed result offers no game", async ({ browser, base }) => {
  const page = await (await browser.newContext(PHONE_320)).newPage();
  await page.goto(base);
  const created = await apiCall(page, "POST", "/api/tournaments", {
    title: "Lawn league", game: "kubb", format: "round-robin", ruleset: "standard",
    match_settings: { time_limit: { minutes: 30, tie_break: "none" } },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const { id, token } = created.body;
  for (const team of ["Vikings of the north", "Danes", "Geats", "Swedes"]) {
    const registered = await apiCall(page, "POST", `/api/tournaments/${id}/entrants`, { name: team, players: [`${team} one`, `${team} two`] }, token);
    assert.equal(registered.status, 200, JSON.stringify(registered.body));
  }
  const round = await apiCall(page, "POST", `/api/tournaments/${id}/rounds`, {}, token);
  assert.equal(round.status, 201, JSON.stringify(round.body));
  const [drawn, typed] = round.body.games;
  const referee = drawn.tokens.find((t) => t.seat === "referee").token;
  const called = await apiCall(page, "POST", `/api/kubb/matches/${drawn.game}/events`, { event: { event: "time_called" } }, referee);
  assert.equal(called.status, 200, JSON.stringify(called.body));
  const recorded = await apiCall(page, "POST", `/api/tournaments/${id}/results`, { first: typed.first, second: typed.second, score: "2-0" }, token);
  assert.equal(recorded.status, 200, JSON.stringify(recorded.body));
  await page.goto(`${base}/tournament?id=${id}`);
  await page.waitForSelector(`#rounds-list li:has-text('${typed.first} – ${typed.second}') .score:has-text('2-0')`);
  await page.waitForSelector(`#rounds-list li:has-text('${drawn.first} – ${drawn.second}') .score:has-text('0-0')`);
  // The draw: in the standings as a draw for both.
  for (const name of [drawn.first, drawn.second]) {
    const row = page.locator("#standings tbody tr", { has: page.locator(`a:text-is("${name}")`) });
    assert.match(await row.textContent(), /0-1-0$/, `${name} drew`);
  }
  // The drawn match was played: its game is linked. The typed result was
  // not: no link to an unplayed match.
  const drawnItem = page.locator("#rounds-list li", { hasText: `${drawn.first} – ${drawn.second}` });
  assert.equal(await drawnItem.locator("a").getAttribute("href"), `/kubb?id=${drawn.game}`);
  const typedItem = page.locator("#rounds-list li", { hasText: `${typed.first} – ${typed.second}` });
  assert.equal(await typedItem.locator("a").count(), 0, "no game to see");
  assert.match(await typedItem.textContent(), /entered by the organiser/);
  // Every standings column on the screen, none to scroll to.
  const standings = await page.evaluate(() => {
    const wrap = document.getElementById("standings").closest(".table-wrap");
    const cells = [...document.querySelectorAll("#standings th, #standings td")].filter((cell) => cell.getClientRects().length);
    return {
      scroll: wrap.scrollWidth,
      client: wrap.clientWidth,
      right: Math.max(...cells.map((cell) => cell.getBoundingClientRect().right)),
      headings: [...document.querySelectorAll("#standings th")].filter((th) => th.getClientRects().length).map((th) => th.innerText),
    };
  });
  assert.ok(standings.scroll <= standings.client + 1 && standings.right <= 320, `the standings fit: ${JSON.stringify(standings)}`);
  assert.deepEqual(standings.headings, ["#", "Name", "Pts", "Tie-breaks", "W-D-L"]);
  assert.ok(await page.isVisible("#standings-legend"), "the abbreviations are explained");
  assert.match(await page.textContent("#standings-legend"), /SB: Sonneborn–Berger/);
  await assertFitsScreen(page, "tournament at 320 px");
  await checkAxe(page, "tournament at 320 px");
  await shot(page, "tournament-320");
  // On a desktop every tie-break has its own column.
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.ok(await page.isVisible("#standings th:has-text('Sonneborn–Berger')"));
  assert.ok(await page.isHidden("#standings-legend"));
  await page.context().close();
});

test("an unknown tournament id says there is no such tournament, not 'Reconnecting' for ever", async ({ browser, base }) => {
  const page = await browser.newPage(PHONE);
  await page.goto(`${base}/tournament?id=nosuch`);
  await page.waitForSelector("h1:has-text('No tournament here')");
  assert.match(await page.textContent("main"), /no tournament with the id “nosuch”/);
  assert.ok(await page.isVisible("main a[href='/tournament']"), "a way on: run a tournament");
  await page.waitForTimeout(1500);
  assert.ok(await page.isHidden("#connection"), "no connection banner: nothing to reconnect to");
  await checkAxe(page, "unknown tournament");
  await page.close();
});

test("a drawn Kubb match reads as drawn in the landing page's archive and on the teams' pages", async ({ browser, base }) => {
  const page = await browser.newPage(PHONE);
  await page.goto(base);
  const created = await apiCall(page, "POST", "/api/kubb/matches", {
    ruleset: "standard", time_limit: { minutes: 30, tie_break: "none" },
    team_a: { name: "Oaks", players: ["oak keeper"] }, team_b: { name: "Elms", players: ["elm keeper"] }, rated: true,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const { id, token } = created.body;
  const called = await apiCall(page, "POST", `/api/kubb/matches/${id}/events`, { event: { event: "time_called" } }, token);
  assert.equal(called.status, 200, JSON.stringify(called.body));
  assert.equal(called.body.status, "finished");
  assert.equal(called.body.result_confirmation.rating, "unconfirmed");
  // The result counts once a player of each team confirms it, signed in.
  for (const player of ["oak keeper", "elm keeper"]) {
    const phone = await browser.newPage(PHONE);
    await phone.goto(base);
    const account = await apiCall(phone, "POST", "/api/accounts", { name: player, password: "a long enough password" });
    assert.equal(account.status, 201, JSON.stringify(account.body));
    const confirmed = await apiCall(phone, "POST", `/api/kubb/matches/${id}/confirm`, { agree: true });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
    await phone.close();
  }
  await page.goto(base);
  await page.waitForSelector(`#archive a[href="/kubb?id=${id}"]`);
  const row = page.locator("#archive tr", { has: page.locator(`a[href="/kubb?id=${id}"]`) });
  assert.match(await row.textContent(), /Oaks vs Elms/);
  assert.match(await row.textContent(), /Drawn \(time called, games level\)/);
  assert.doesNotMatch(await row.textContent(), /won/);
  await page.goto(`${base}/players?game=kubb&name=Oaks`);
  await page.waitForSelector("#player:not([hidden])");
  assert.match(await page.textContent("#player-record"), /0 won, 1 drawn, 0 lost/);
  assert.match(await page.textContent("#history tbody tr"), /Elms.*drew/);
  await page.close();
});

// --- Tournament day: the organiser hands each phone its link (issue 25) ---

// The seat and token a link carries in its fragment.
function linkSeat(href) {
  const url = new URL(href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  return { path: `${url.pathname}${url.search}`, seat: fragment.get("seat"), token: fragment.get("token") };
}

test("tournament day at 320 px: each Kubb seat has a link to copy or scan, a team's link opens its match on another phone, a typed result has none", async ({ browser, base }) => {
  const context = await browser.newContext({ ...PHONE_320, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  await page.goto(base);
  const created = await apiCall(page, "POST", "/api/tournaments", { title: "Lawn day", game: "kubb", format: "round-robin", ruleset: "standard" });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const { id, token } = created.body;
  for (const team of ["Vikings of the far north", "Danes", "Geats", "Swedes"]) {
    const registered = await apiCall(page, "POST", `/api/tournaments/${id}/entrants`, { name: team, players: [`${team} one`, `${team} two`] }, token);
    assert.equal(registered.status, 200, JSON.stringify(registered.body));
  }
  await page.evaluate(([t, secret]) => localStorage.setItem(`towers-token-${t}`, secret), [id, token]);
  await page.goto(`${base}/tournament?id=${id}`);
  await page.click("#start-round");
  await page.waitForSelector("#games .seat-link");
  const { games } = (await apiCall(page, "GET", `/api/tournaments/${id}/games`, undefined, token)).body;
  assert.equal(games.length, 2);
  const [played, typed] = games;
  assert.deepEqual(played.tokens.map((t) => t.seat), ["referee", "team-a", "team-b"]);
  const recorded = await apiCall(page, "POST", `/api/tournaments/${id}/results`, { first: typed.first, second: typed.second, score: "2-0" }, token);
  assert.equal(recorded.status, 200, JSON.stringify(recorded.body));
  const typedItem = page.locator(`#games > li[data-game="${typed.game}"]`);
  await typedItem.locator("text=entered by the organiser").waitFor();
  assert.equal(await typedItem.locator("a, button").count(), 0, "a typed result: no link, no button");

  // The played pairing: the referee's and each team's link, absolute,
  // naming the tournament (for the match's call to a pitch), each seat's
  // token in the fragment; a copy button and a QR toggle each.
  const item = page.locator(`#games > li[data-game="${played.game}"]`);
  const seats = item.locator(".seat-link");
  assert.equal(await seats.count(), 3);
  const names = { referee: "Referee", "team-a": played.first, "team-b": played.second };
  for (const { seat, token: secret } of played.tokens) {
    const link = item.locator(`.seat-link[data-seat="${seat}"]`);
    assert.equal(await link.locator("a").textContent(), names[seat]);
    assert.equal(await link.locator("a").getAttribute("href"), `${base}/kubb?id=${played.game}&tournament=${id}#seat=${seat}&token=${secret}`);
    assert.equal(await link.locator("button:text-is('Copy link')").count(), 1, `${seat}: copy`);
    assert.equal(await link.locator("button:text-is('Show QR code')").count(), 1, `${seat}: QR`);
  }
  // No raw token on the page, nor the old wording.
  const text = await page.evaluate(() => document.body.innerText);
  for (const { token: secret } of games.flatMap((game) => game.tokens)) assert.ok(!text.includes(secret), "no token shown");
  assert.doesNotMatch(text, /phone that keeps it|token to the phone/);
  await assertFitsScreen(page, "organiser's links at 320 px");

  // Copy: on the clipboard, and said.
  const teamA = item.locator('.seat-link[data-seat="team-a"]');
  const teamAHref = await teamA.locator("a").getAttribute("href");
  await teamA.locator("button:text-is('Copy link')").click();
  await teamA.locator(".copied:text-is('Copied')").waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), teamAHref);

  // The QR code: at least 200 px, on the screen, its link under it.
  const toggle = teamA.locator("button.qr-toggle");
  assert.equal(await toggle.textContent(), "Show QR code");
  await toggle.click();
  await teamA.locator("button.qr-toggle[aria-expanded=true]:text-is('Hide QR code')").waitFor();
  const qr = teamA.locator(".seat-qr svg");
  await qr.waitFor();
  const box = await qr.boundingBox();
  assert.ok(box.width >= 200 && box.height >= 200, `the QR code is big enough to scan: ${JSON.stringify(box)}`);
  assert.ok(box.x >= 0 && box.x + box.width <= 320, `the QR code fits the screen: ${JSON.stringify(box)}`);
  assert.equal(await teamA.locator(".seat-qr figcaption").textContent(), teamAHref);
  assert.match(await qr.getAttribute("aria-label"), new RegExp(`link for ${played.first}`));
  await assertFitsScreen(page, "organiser's QR code at 320 px");
  await checkAxe(page, "organiser's links at 320 px");
  await shot(page, "tournament-links-320");
  // A live update of the tournament (a corrected result) leaves it open.
  const corrected = await apiCall(page, "POST", `/api/tournaments/${id}/results`, { first: typed.first, second: typed.second, score: "2-1" }, token);
  assert.equal(corrected.status, 200, JSON.stringify(corrected.body));
  await page.waitForSelector(`#rounds-list li:has-text('${typed.first} – ${typed.second}') .score:has-text('2-1')`);
  await page.waitForTimeout(300);
  assert.ok(await teamA.locator(".seat-qr svg").isVisible(), "still shown after the update");
  await toggle.click();
  assert.ok(await teamA.locator(".seat-qr").isHidden(), "hidden again");

  // The team's link on another phone: its match, the token kept there,
  // the fragment gone from the address bar.
  const phone = await (await browser.newContext(PHONE)).newPage();
  await phone.goto(teamAHref);
  await phone.waitForSelector("#status");
  assert.equal(new URL(phone.url()).pathname + new URL(phone.url()).search, `/kubb?id=${played.game}&tournament=${id}`);
  assert.equal(await phone.evaluate((m) => [localStorage.getItem(`towers-token-${m}`), localStorage.getItem(`towers-seat-${m}`)].join(" "), played.game),
    `${linkSeat(teamAHref).token} team-a`);
  assert.equal(new URL(phone.url()).hash, "", "the token leaves the address bar");
  await phone.context().close();
  await context.close();
});

test("tournament day: without a clipboard the link is shown selected to copy by hand; a Guard & Towers game has each player's link and Play buttons", async ({ browser, base }) => {
  const context = await browser.newContext(PHONE_320);
  const page = await context.newPage();
  await page.addInitScript(() => Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true }));
  await page.goto(base);
  const created = await apiCall(page, "POST", "/api/tournaments", { title: "Board night", game: "gt", format: "round-robin" });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const { id, token } = created.body;
  for (const name of ["ann", "bob"]) {
    const registered = await apiCall(page, "POST", `/api/tournaments/${id}/entrants`, { name }, token);
    assert.equal(registered.status, 200, JSON.stringify(registered.body));
  }
  const round = await apiCall(page, "POST", `/api/tournaments/${id}/rounds`, {}, token);
  assert.equal(round.status, 201, JSON.stringify(round.body));
  const [game] = round.body.games;
  await page.evaluate(([t, secret]) => localStorage.setItem(`towers-token-${t}`, secret), [id, token]);
  await page.goto(`${base}/tournament?id=${id}`);
  await page.waitForSelector("#games .seat-link");
  const item = page.locator(`#games > li[data-game="${game.game}"]`);
  for (const { seat, token: secret } of game.tokens) {
    const link = item.locator(`.seat-link[data-seat="${seat}"]`);
    assert.equal(await link.locator("a").getAttribute("href"), `${base}/gt?id=${game.game}#seat=${seat}&token=${secret}`);
    assert.equal(await link.locator(`button:text-is('Play ${seat === "red" ? "Red" : "Blue"}')`).count(), 1);
  }
  assert.match(await item.locator('.seat-link[data-seat="red"] a').textContent(), new RegExp(`${game.first}.*Red`));
  const text = await page.evaluate(() => document.body.innerText);
  for (const { token: secret } of game.tokens) assert.ok(!text.includes(secret), "no token shown");
  // No clipboard: the link is shown and selected.
  const blue = item.locator('.seat-link[data-seat="blue"]');
  await blue.locator("button:text-is('Copy link')").click();
  const field = blue.locator("input.seat-url");
  await field.waitFor();
  const selected = await field.evaluate((input) => ({
    value: input.value, focused: document.activeElement === input, whole: input.selectionStart === 0 && input.selectionEnd === input.value.length,
  }));
  assert.deepEqual(selected, { value: await blue.locator("a").getAttribute("href"), focused: true, whole: true });
  assert.match(await blue.locator(".copied").textContent(), /^(Copied|Select the link and copy it)$/);
  await assertFitsScreen(page, "G&T links at 320 px");
  await checkAxe(page, "G&T links at 320 px");
  const blueLink = await blue.locator("a").getAttribute("href");
  // Playing here keeps the seat in this browser, as before.
  await item.locator("button:text-is('Play Red')").click();
  await page.waitForURL(new RegExp(`/gt\\?id=${game.game}$`));
  assert.equal(await page.evaluate((g) => localStorage.getItem(`towers-seat-${g}`), game.game), "red");
  // Blue's link opens on another phone with Blue's seat, the token out of the address bar.
  const phone = await (await browser.newContext(PHONE)).newPage();
  await phone.goto(blueLink);
  await phone.waitForFunction(() => location.hash === "");
  assert.equal(await phone.evaluate((g) => localStorage.getItem(`towers-seat-${g}`), game.game), "blue");
  assert.equal(await phone.evaluate((g) => localStorage.getItem(`towers-token-${g}`), game.game), game.tokens.find((t) => t.seat === "blue").token);
  await phone.context().close();
  await context.close();
});

test("pages for unknown ids say so and log no script errors while they stand open", async ({ browser, base }) => {
  const context = await browser.newContext(PHONE);
  for (const path of ["/gt?id=nosuch", "/kubb?id=nosuch", "/tournament?id=nosuch"]) {
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      // The API's 404 for the unknown id is the browser's network log, not a script's error.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(`console: ${message.text()}`);
    });
    await page.goto(`${base}${path}`);
    await page.waitForSelector(".missing");
    // Timers left running would fail within this time (the clock ticks every 250 ms).
    await page.waitForTimeout(2000);
    assert.deepEqual(errors, [], `${path} logs no errors`);
    await page.close();
  }
  await context.close();
});

// The tests of the pages in every language, one file per area (each
// registers its tests with the helpers above).
const helpers = { startServer, towers, shot, legalMoves, gameId, clickMove, checkAxe, assertNoSidewaysScroll, assertTablesFit, assertAllFromCatalog, apiGame, PHONE, DESKTOP };
for (const area of ["common", "kubb", "gt", "pages", "refusals"]) {
  const module = join(here, `languages-${area}.mjs`);
  if (existsSync(module)) (await import(module)).default(test, helpers);
}
// A Kubb tournament day on its pitches.
(await import(join(here, "tournament-day.mjs"))).default(test, helpers);

const server = await startServer();
const browser = await chromium.launch({
  executablePath: browserPath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let failed = 0;
// TOWERS_TESTS=word runs only the tests whose name has that word.
const only = process.env.TOWERS_TESTS;
const chosen = tests.filter((t) => !only || t.name.includes(only));
for (const { name, body } of chosen) {
  const started = Date.now();
  try {
    await body({ browser, base: server.base });
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    failed += 1;
    console.log(`FAIL ${name}\n${error.stack}`);
  }
}
await browser.close();
server.stop();
console.log(`${chosen.length - failed} passed, ${failed} failed; screenshots in ${artifacts}`);
process.exit(failed ? 1 : 0);
