// Guard & Towers in German, Dutch and the pseudo-locale: a game against
// the engine, a puzzle and the lesson on a phone whose browser speaks
// German; a switch of language in the middle of a game keeps the game;
// and every word of the game page, the lesson and the puzzles comes from
// the catalogs. (The tests' names carry "gt-languages" for TOWERS_TESTS.)
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

// The shipped puzzle set: each position's solution, the test's oracle.
function puzzleSet() {
  const text = readFileSync(join(here, "../../crates/server/data/gt-puzzles.jsonl"), "utf8");
  return new Map(text.split("\n").filter((line) => line.trim()).map((line) => {
    const puzzle = JSON.parse(line);
    return [puzzle.position, puzzle];
  }));
}

// The moves of the move list, as shown.
async function movesShown(page) {
  return page.$$eval("#moves button", (buttons) => buttons.map((button) => button.textContent));
}

// Waits until it is the page's turn (`yourMove`, the status in the page's
// language) or the game is over; answers whether it is over.
async function awaitTurn(page, yourMove) {
  await page.waitForFunction((words) => document.getElementById("status").textContent.includes(words)
    || !document.getElementById("result-box").hidden, yourMove);
  return page.isVisible("#result-box");
}

// Plays the last legal move the server lists, as a player taps it.
async function playOne(page, id, { legalMoves, clickMove }, count) {
  const legal = await legalMoves(page, id);
  await clickMove(page, legal[legal.length - 1]);
  await page.waitForFunction((n) => document.querySelectorAll("#moves button").length >= n * 2
    || !document.getElementById("result-box").hidden, count);
}

export default function register(test, helpers) {
  const { PHONE, shot, gameId, clickMove, assertNoSidewaysScroll, assertAllFromCatalog, apiGame } = helpers;

  test("gt-languages: on a German phone a newcomer plays the engine, switches to Dutch and back mid-game, solves a puzzle and takes the lesson, all in German", async ({ browser, base }) => {
    const context = await browser.newContext({ ...PHONE, locale: "de-DE" });
    const page = await context.newPage();
    page.on("dialog", (dialog) => dialog.accept());
    await page.goto(base);
    await page.click("summary[data-l10n-id='home-more-ways']");
    await page.selectOption("#gt-level", "1");
    await page.click("#play-engine");
    await page.waitForURL(/\/gt\?id=/);
    const id = gameId(page);
    await page.waitForSelector("#status:has-text('Du bist am Zug.')");
    assert.equal(await page.getAttribute("html", "lang"), "de");
    assert.equal(await page.textContent("#you"), "Du spielst Rot gegen towers Stufe 1.");
    assert.equal(await page.title(), "Wächter & Türme — towers");
    assert.equal(await page.textContent("#resign"), "Aufgeben");
    assert.match(await page.getAttribute('[data-square="D1"]', "aria-label"), /^D1, (leer|(roter|blauer) (Wächter|Turm der Höhe \d))/);

    // A move refused: in German, from its code.
    await page.fill("#move-input", "A1-A7-1");
    await page.click("#move-form button[type=submit]");
    await page.waitForSelector("#error:not([hidden])");
    const refusal = await page.evaluate(async (gameId) => {
      const token = localStorage.getItem(`towers-token-${gameId}`);
      const response = await fetch(`/api/gt/games/${gameId}/moves`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ move: "A1-A7-1" }) });
      return response.json();
    }, id);
    assert.ok(refusal.code, "the refusal has a code");
    const shown = await page.textContent("#error");
    assert.notEqual(shown, refusal.error, "the refusal in German, not the server's English");
    assert.match(shown, /Zug/, "the refusal in German");

    let moves = 0;
    while (moves < 3 && !(await awaitTurn(page, "Du bist am Zug."))) await playOne(page, id, helpers, ++moves);
    if (!(await awaitTurn(page, "Du bist am Zug."))) {
      // A piece selected, then the language switched: the game, the
      // selection and the move list stay; the words change.
      const played = await movesShown(page);
      const legal = await helpers.legalMoves(page, id);
      const from = legal[0].split("-")[0];
      await page.click(`[data-square="${from}"]`);
      await page.waitForSelector(`[data-square="${from}"].selected`);
      await page.selectOption("#language", "nl");
      await page.waitForFunction(() => document.documentElement.lang === "nl");
      await page.waitForSelector(`#status:has-text('${from} geselecteerd: kies waarheen je zet.')`);
      assert.equal(await page.textContent("#you"), "Je speelt Rood tegen towers niveau 1.");
      assert.deepEqual(await movesShown(page), played, "the game is unchanged");
      assert.ok(await page.isVisible(`[data-square="${from}"].selected`), "the selection is kept");
      assert.equal(await page.getAttribute("#moves button >> nth=0", "aria-label"), `Zet 1, Rood: ${played[0]}`);
      await shot(page, "gt-languages-nl-midgame");
      await page.selectOption("#language", "de");
      await page.waitForFunction(() => document.documentElement.lang === "de");
      await page.waitForSelector(`#status:has-text('${from} ausgewählt: Wähle, wohin du ziehst.')`);
      assert.deepEqual(await movesShown(page), played, "the game is unchanged");
      assert.equal(await page.textContent("#resign"), "Aufgeben");
      // The kept selection plays on.
      await page.click(`[data-square="${legal[0].split("-")[1]}"]`);
      moves += 1;
      await page.waitForFunction((n) => document.querySelectorAll("#moves button").length >= n * 2
        || !document.getElementById("result-box").hidden, moves);
    }
    // Played on to the end, or resigned after a dozen moves.
    while (moves < 12 && !(await awaitTurn(page, "Du bist am Zug."))) await playOne(page, id, helpers, ++moves);
    if (!(await page.isVisible("#result-box"))) await page.click("#resign");
    await page.waitForSelector("#result-box:not([hidden])");
    assert.match(await page.textContent("#result"), /^(Du hast gewonnen|Du hast verloren|Remis): (Wächter geschlagen|gekennzeichnetes Mittelfeld erreicht|kein erlaubter Zug|Aufgabe|dreifache Wiederholung|kein Fortschritt)\.$/);
    assert.equal(await page.textContent("#status"), "Die Partie ist beendet.");
    assert.equal(await page.textContent("#rematch"), "Revanche");
    await assertNoSidewaysScroll(page, "the game's end in German");
    await shot(page, "gt-languages-de-end");

    // A puzzle, from the start page.
    const set = puzzleSet();
    await page.goto(base);
    await page.click("main a[href='/puzzles']");
    await page.waitForFunction(() => document.getElementById("board").dataset.puzzle && document.querySelector("#board .square.occupied"));
    const puzzle = set.get(await page.getAttribute("#board", "data-puzzle"));
    assert.ok(puzzle, "a puzzle of the set");
    assert.match(await page.textContent("#task"), /^(Rot|Blau) (zieht und gewinnt in \d+ Zügen?\.|ist am Zug: Jeder Zug außer einem verliert\.)/);
    assert.match(await page.textContent("#puzzle-rating"), /^Wertung der Aufgabe \d+$/);
    assert.match(await page.textContent("#tally"), /^Bei diesem Besuch 0 gelöst, 0 verfehlt\.$/);
    const mine = puzzle.solution.filter((_, index) => index % 2 === 0);
    for (const [index, move] of mine.entries()) {
      await clickMove(page, move);
      if (index < mine.length - 1) await page.waitForSelector(`#feedback:has-text('Der Gegner antwortet ${puzzle.solution[2 * index + 1]}')`);
    }
    await page.waitForSelector("#solved-count:has-text('1')");
    assert.match(await page.textContent("#feedback"), /: richtig, (gelöst|das rettet die Partie)!$/);
    assert.match(await page.textContent("#tally"), /^Bei diesem Besuch 1 gelöst, 0 verfehlt\.$/);
    assert.equal(await page.textContent("#next"), "Nächste Aufgabe");
    // In Dutch and back: the puzzle, its verdict and the tally stay.
    const title = await page.textContent("#title");
    await page.selectOption("#language", "nl");
    await page.waitForSelector("#feedback:has-text('goed')");
    assert.equal(await page.textContent("#title"), title.replace("Aufgabe", "Puzzel"));
    assert.match(await page.textContent("#tally"), /^Dit bezoek 1 opgelost, 0 gemist\.$/);
    await page.selectOption("#language", "de");
    await page.waitForSelector("#feedback:has-text('richtig')");
    await assertNoSidewaysScroll(page, "a puzzle in German");
    await shot(page, "gt-languages-de-puzzle");

    // The lesson, from the start page.
    await page.goto(base);
    await page.click("main a[href='/lesson']");
    await page.waitForSelector("#progress:has-text('Schritt 1 von 7')");
    assert.equal(await page.textContent("#title"), "Höhe ist Zugweite");
    const steps = ["D4-G4-3", "D4-D5-1", "D4-D5-1", "D4-D6-2", "D4-D5-1", "C3-C2-1", "D2-D1-1"];
    for (const [index, move] of steps.entries()) {
      await page.waitForSelector(`#progress:has-text('Schritt ${index + 1} von 7')`);
      if (index === 1) {
        await clickMove(page, "D4-G4-3");
        await page.waitForSelector("#feedback:has-text('aber nicht das Ziel dieses Schritts')");
        await page.waitForSelector('[data-square="D4"] .piece');
      }
      await clickMove(page, move);
      await page.waitForSelector(`#feedback:has-text('${move}')`);
      if (index < steps.length - 1) await page.click("#next");
    }
    await page.waitForSelector("#done:not([hidden])");
    assert.match(await page.textContent("#feedback"), /Rot gewinnt: gekennzeichnetes Mittelfeld erreicht\.$/);
    assert.equal(await page.textContent("#done h2"), "Das ist das ganze Spiel");
    await assertNoSidewaysScroll(page, "the lesson in German");
    await context.close();
  });

  test("gt-languages: the game page, its analysis and review, the lesson and the puzzles take every word from the catalogs (en-XA)", async ({ browser, base }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(base);
    // The pseudo-locale, as if chosen with the switch: every page after keeps it.
    await page.evaluate(() => localStorage.setItem("towers.lang", "en-XA"));
    // A game against the engine, with a name the test gives (data).
    const name = "Zelda";
    // With clocks (a long game's), so that their words are checked too.
    const created = await apiGame(page, { opponent: "engine", level: 1, color: "red", name, time_control: { initial_ms: 600000, increment_ms: 0 } });
    await page.goto(`${base}/gt?id=${created.id}`);
    const yourMove = "[Ẏǿŭř ḿǿṽḗ.]";
    await page.waitForFunction((words) => document.getElementById("status").textContent.includes(words), yourMove);
    await assertAllFromCatalog(page, "the game's start", [name]);
    let moves = 0;
    while (moves < 2 && !(await awaitTurn(page, yourMove))) await playOne(page, created.id, helpers, ++moves);
    await awaitTurn(page, yourMove);
    // A piece selected: its squares' labels and the status.
    const legal = await helpers.legalMoves(page, created.id);
    await page.click(`[data-square="${legal[0].split("-")[0]}"]`);
    await page.click("#analyse");
    // The engine's verdict, once it is in ("Best: …", not "Thinking…").
    await page.waitForSelector("#analysis:has-text('[Ɓḗşŧ: ')");
    await page.click("#back");
    await assertAllFromCatalog(page, "a game with moves, a move shown and the analysis", [name]);
    await page.click("#latest");
    await page.click("#analyse");
    page.on("dialog", (dialog) => dialog.accept());
    await page.click("#resign");
    await page.waitForSelector("#result-box:not([hidden])");
    await page.click("#review");
    await page.waitForSelector("#review-list li");
    await page.waitForFunction(() => !document.getElementById("review").disabled);
    await assertAllFromCatalog(page, "the game's end with its review", [name]);
    await shot(page, "gt-languages-pseudo-end");

    await page.goto(`${base}/lesson`);
    await page.waitForSelector("#progress:has-text('1')");
    await assertAllFromCatalog(page, "the lesson's first step");
    await clickMove(page, "D4-G4-3");
    await page.waitForSelector("#feedback:not([hidden])");
    await page.click("#next");
    await clickMove(page, "D4-G4-3");
    await page.waitForSelector("#feedback:not([hidden])");
    await assertAllFromCatalog(page, "the lesson's second step, a move that misses its goal");

    await page.goto(`${base}/puzzles`);
    await page.waitForFunction(() => document.getElementById("board").dataset.puzzle && document.querySelector("#board .square.occupied"));
    await assertAllFromCatalog(page, "a puzzle");
    const position = await page.getAttribute("#board", "data-puzzle");
    const puzzle = puzzleSet().get(position);
    const wrong = (await page.evaluate(async (shown) => (await (await fetch("/api/gt/position", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ position: shown }) })).json()).legal_moves, position))
      .find((move) => move !== puzzle.solution[0]);
    await clickMove(page, wrong);
    await page.waitForSelector("#next:not([hidden])");
    await assertAllFromCatalog(page, "a puzzle missed");
    await context.close();
  });

  test("gt-languages: long German words fit a 320 px phone on the game page, the lesson and the puzzles", async ({ browser, base }) => {
    const context = await browser.newContext({ ...PHONE, viewport: { width: 320, height: 640 }, locale: "de-DE" });
    const page = await context.newPage();
    await page.goto(base);
    const created = await apiGame(page, { opponent: "engine", level: 1, color: "red", name: "Gast" });
    await page.goto(`${base}/gt?id=${created.id}`);
    await page.waitForSelector("#status:has-text('Du bist am Zug.')");
    await page.click("#analyse");
    await page.waitForSelector("#analysis:has-text('Bester Zug')");
    const verdict = await page.textContent("#analysis");
    // The analysis is said again in Dutch, the same verdict, not asked again.
    await page.selectOption("#language", "nl");
    await page.waitForSelector("#analysis:has-text('Beste zet')");
    assert.equal((await page.textContent("#analysis")).split(" ")[2], verdict.split(" ")[2], "the same best move");
    assert.equal(await page.textContent("#analyse"), "Analyse stoppen");
    assert.ok(await page.isVisible("#evalbar"), "the analysis stays on");
    await page.selectOption("#language", "de");
    await page.waitForSelector("#analysis:has-text('Bester Zug')");
    assert.equal(await page.textContent("#analysis"), verdict);
    await assertNoSidewaysScroll(page, "the game in German at 320 px");
    await shot(page, "gt-languages-de-320-game");
    page.on("dialog", (dialog) => dialog.accept());
    await page.click("#resign");
    await page.waitForSelector("#result-box:not([hidden])");
    await page.click("#review");
    await page.waitForSelector("#review-list li");
    await page.waitForFunction(() => !document.getElementById("review").disabled);
    assert.match(await page.getAttribute("#graph", "aria-label"), /^Bewertungskurve: die Gewinnchance von Rot/);
    await page.selectOption("#language", "nl");
    await page.waitForFunction(() => document.getElementById("graph").getAttribute("aria-label").startsWith("Evaluatiegrafiek: de winkans van Rood"));
    assert.match(await page.textContent("#analysis"), /^Nabespreking klaar: \d+ zetten?\.$/);
    await page.selectOption("#language", "de");
    await page.waitForSelector("#analysis:has-text('Auswertung fertig')");
    await assertNoSidewaysScroll(page, "the game's end and review in German at 320 px");
    await shot(page, "gt-languages-de-320-end");
    for (const path of ["/lesson", "/puzzles"]) {
      await page.goto(`${base}${path}`);
      await page.waitForSelector("#board .square.occupied");
      await assertNoSidewaysScroll(page, `${path} in German at 320 px`);
      await shot(page, `gt-languages-de-320${path.replace("/", "-")}`);
    }
    await context.close();
  });
}
