// Browser tests of the towers web UI: Playwright (playwright-core) drives
// Debian's headless chromium against a real `towers serve` on a fresh
// SQLite file. Screenshots go to artifacts/ (or $TOWERS_ARTIFACTS).
//
//   TOWERS_BIN=target/release/towers node web/tests/run.mjs
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const bin = process.env.TOWERS_BIN || join(here, "../../target/release/towers");
const artifacts = process.env.TOWERS_ARTIFACTS || join(here, "artifacts");
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";
mkdirSync(artifacts, { recursive: true });

function startServer() {
  const dir = mkdtempSync(join(tmpdir(), "towers-web-"));
  const server = spawn(bin, [
    "serve", "--addr", "127.0.0.1:0", "--rate-limit", "0", "--engine-movetime-ms", "30",
    "--database", `sqlite:${join(dir, "towers.db")}`,
  ], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    server.on("error", reject);
    server.stdout.setEncoding("utf8");
    server.stdout.once("data", (line) => {
      const match = /open (http:\/\/\S+?)\/?\s/.exec(line);
      if (!match) reject(new Error(`unexpected server output: ${line}`));
      resolve({ base: match[1], stop: () => { server.kill("SIGKILL"); rmSync(dir, { recursive: true, force: true }); } });
    });
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

const tests = [];
const test = (name, body) => tests.push({ name, body });

test("a newcomer plays the engine from the landing page to the end of the game", async ({ browser, base }) => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(base);
  await shot(page, "landing");
  await page.click("text=More ways to play");
  await page.selectOption("#gt-level", "1");
  await page.click("#play-engine");
  await page.waitForURL(/\/gt\?id=/);
  const id = gameId(page);
  await page.waitForSelector("#status:has-text('Your move')");
  await shot(page, "gt-start");
  let moves = 0;
  while (!(await page.isVisible("#result"))) {
    await page.waitForFunction(() => {
      const status = document.getElementById("status").textContent;
      return status.includes("Your move") || !document.getElementById("result").hidden;
    });
    if (await page.isVisible("#result")) break;
    const legal = await legalMoves(page, id);
    await clickMove(page, legal[legal.length - 1]);
    moves += 1;
    if (moves === 4) await shot(page, "gt-midgame");
    await page.waitForFunction((count) => document.querySelectorAll("#moves button").length > count * 2 - 1 || !document.getElementById("result").hidden, moves);
    assert.ok(moves < 200, "the game ends");
  }
  const result = await page.textContent("#result");
  assert.match(result, /wins|Draw/);
  await shot(page, "gt-end");
  const record = await page.evaluate(async (gameId) => (await fetch(`/api/gt/games/${gameId}/record`)).text(), id);
  assert.match(record, /\[Result "(1-0|0-1|1\/2-1\/2)"\]/);
  await page.close();
});

test("two people play in two browsers, see each other's moves live, and one resigns", async ({ browser, base }) => {
  const red = await (await browser.newContext()).newPage();
  await red.goto(base);
  await red.click("text=More ways to play");
  await red.click("#play-friend");
  await red.waitForURL(/\/gt\?id=/);
  await red.waitForSelector("#share:not([hidden])");
  const link = await red.inputValue("#share-link");
  const blue = await (await browser.newContext()).newPage();
  await blue.goto(link);
  await blue.click("#join");
  await red.waitForSelector("#status:has-text('Your move')");
  const id = gameId(red);
  const first = (await legalMoves(red, id))[0];
  await clickMove(red, first);
  await blue.waitForSelector(`#moves button:has-text("${first}")`);
  await blue.waitForSelector("#status:has-text('Your move')");
  const reply = (await legalMoves(blue, id))[0];
  await clickMove(blue, reply);
  await red.waitForSelector(`#moves button:has-text("${reply}")`);
  await shot(red, "gt-friend-red");
  blue.on("dialog", (dialog) => dialog.accept());
  await blue.click("#resign");
  await red.waitForSelector("#result:has-text('Red')");
  assert.match(await red.textContent("#result"), /resignation/);
  await red.context().close();
  await blue.context().close();
});

test("an illegal move is refused with the server's reason and changes nothing", async ({ browser, base }) => {
  const page = await browser.newPage();
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

test("the board is playable by keyboard", async ({ browser, base }) => {
  const page = await browser.newPage();
  await page.goto(base);
  await page.click("#play-engine");
  await page.waitForURL(/\/gt\?id=/);
  await page.waitForSelector("#status:has-text('Your move')");
  const id = gameId(page);
  const move = (await legalMoves(page, id)).find((m) => m.startsWith("D5-"));
  // Focus starts on D4; red sees rank 1 at the top, so D5 is one step down.
  await page.focus('[data-square="D4"]');
  await page.keyboard.press("ArrowDown");
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), "D5");
  await page.keyboard.press("Enter");
  const to = move.split("-")[1];
  await page.waitForSelector(`[data-square="${to}"].target`);
  await page.focus(`[data-square="${to}"]`);
  await page.keyboard.press("Enter");
  await page.waitForSelector(`#moves button:has-text("${move}")`);
  await page.close();
});

test("a whole Kubb match is scored through the scorekeeper on a phone", async ({ browser, base }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(base);
  await page.fill("#team-a", "Vikings");
  await page.fill("#players-a", "ann, bob");
  await page.fill("#team-b", "Danes");
  await page.fill("#players-b", "cy");
  await page.selectOption("#ruleset", "standard");
  await page.click("#score-kubb");
  await page.waitForURL(/\/kubb\?id=/);
  await shot(page, "kubb-start");
  await page.click("text=Vikings starts");
  // A refused entry: a stick cannot fell the throwing team's own tower.
  await page.waitForSelector("#status:has-text('throws')");
  await page.click('[data-piece="A1"]');
  await page.click("#buttons button.primary");
  await page.waitForSelector("#error:not([hidden])");
  assert.match(await page.textContent("#error"), /A1 is not a standing tower of team B/);
  await shot(page, "kubb-refused");
  await page.click('[data-piece="A1"]');
  for (let game = 0; game < 3 && !(await page.isVisible("#result")); game += 1) {
    const state = await page.evaluate(async (matchId) => (await fetch(`/api/kubb/matches/${matchId}`)).json(), gameId(page));
    const defenders = state.thrower === "A" ? "B" : "A";
    const towers = state.pieces.filter((p) => p.state === "tower" && p.team === defenders);
    for (const tower of towers) {
      await page.click(`[data-piece="${tower.id}"]`);
      await page.click("#buttons button.primary");
      await page.waitForSelector(`[data-piece="${tower.id}"]`, { state: "detached" });
    }
    if (game === 0) await shot(page, "kubb-midgame");
    await page.click("[aria-label='King']");
    await page.click("#buttons button.primary");
    await page.waitForSelector("#status:has-text('Game over')");
    if (!(await page.isVisible("#result"))) await page.click("text=Next game");
  }
  await page.waitForSelector("#result:not([hidden])");
  assert.match(await page.textContent("#result"), /wins the match/);
  await page.waitForSelector("#stats tr");
  assert.match(await page.textContent("#stats"), /ann/);
  await page.waitForFunction(() => document.getElementById("prob-a").textContent.includes("%"));
  await shot(page, "kubb-end");
  const log = await page.evaluate(async (matchId) => (await fetch(`/api/kubb/matches/${matchId}/export?format=log`)).text(), gameId(page));
  assert.match(log, /towers-kubb-events/);
  await context.close();
});

test("an organiser runs a Kubb knockout from a phone and a spectator follows it live", async ({ browser, base }) => {
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const organiser = await (await browser.newContext(phone)).newPage();
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
  const spectator = await (await browser.newContext(phone)).newPage();
  await spectator.goto(`${base}/tournament?id=${id}`);
  await spectator.waitForSelector("#status:has-text('4 entrants')");
  assert.equal(await spectator.isVisible("#organiser"), false, "no token, no organiser panel");

  await organiser.click("#start-round");
  await spectator.waitForSelector("#rounds-list li:has-text('Vikings – Swedes')");
  await shot(organiser, "tournament-organiser");
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
  const referee = (await organiser.textContent("#games li:has-text('Danes – Geats') .token")).replace("referee: ", "");
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
  assert.equal(await organiser.isDisabled("#start-round"), true, "no round after the final");
  await organiser.context().close();
  await spectator.context().close();
});

const server = await startServer();
const browser = await chromium.launch({
  executablePath: browserPath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let failed = 0;
for (const { name, body } of tests) {
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
console.log(`${tests.length - failed} passed, ${failed} failed; screenshots in ${artifacts}`);
process.exit(failed ? 1 : 0);
