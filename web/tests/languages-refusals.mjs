// A refusal in the page's language: the server's refusals come with a
// code and params, and the page says them from its catalog
// (locales/<language>/refusals.ftl); the phone's Kubb rules twin refuses
// with the same codes.
import assert from "node:assert/strict";

export default function register(test, { PHONE }) {
  test("an illegal Guard & Towers move is refused in German on the German page, in English on the English one", async ({ browser, base }) => {
    const context = await browser.newContext({ ...PHONE, locale: "de-DE" });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.click("#play-engine");
    await page.waitForURL(/\/gt\?id=/);
    await page.waitForSelector("#move-input");
    await page.waitForFunction(() => document.documentElement.lang === "de");
    // Red moves first; A1 is no square red may move from.
    await page.fill("#move-input", "A1-A2-1");
    await page.click("#move-form button");
    await page.waitForSelector("#error:not([hidden])");
    assert.equal(await page.textContent("#error"), "A1-A2-1 ist in dieser Stellung kein erlaubter Zug für Rot.");
    // The same refusal, on the same game, in English: the server's words.
    await page.selectOption("#language", "en");
    await page.waitForFunction(() => document.documentElement.lang === "en");
    await page.fill("#move-input", "A1-A2-1");
    await page.click("#move-form button");
    await page.waitForSelector("#error:has-text('is not a legal move')");
    assert.equal(await page.textContent("#error"), "A1-A2-1 is not a legal move for red in this position");
    await context.close();
  });

  test("the Kubb rules twin refuses with the server's codes, said in Dutch on the Dutch page; a server refusal too", async ({ browser, base }) => {
    const context = await browser.newContext({ ...PHONE, locale: "nl-NL" });
    const page = await context.newPage();
    await page.goto(`${base}/kubb`);
    await page.waitForFunction(() => document.documentElement.lang === "nl");
    const said = await page.evaluate(async () => {
      const { Match, RuleError, checkEntry } = await import("/kubb-rules.js");
      const { refusalText } = await import("/i18n.js");
      const { api } = await import("/api.js");
      const refusal = (act) => {
        try {
          act();
        } catch (error) {
          if (!(error instanceof RuleError)) throw error;
          return { code: error.code, params: error.params, text: refusalText(error.code, error.params, error.message) };
        }
        return null;
      };
      const emptyHit = refusal(() => checkEntry({ event: "stick", player: "ann", outcome: { hit: { knights: [], towers: [] } } }));
      const match = Match.create("seed", {});
      const tooEarly = refusal(() => match.apply({ event: "stick", player: "ann", outcome: "miss" }));
      let server = null;
      try {
        await api("GET", "/api/kubb/matches/geenwedstrijd");
      } catch (error) {
        server = { code: error.code, params: error.params, text: error.message };
      }
      return { emptyHit, tooEarly, server };
    });
    assert.deepEqual(said.emptyHit, {
      code: "kubb.hit-names-nothing",
      params: {},
      text: "Een treffer noemt wat er viel (Ridders, Torens of de Koning); een werpstick die niets omgooit, is een misser.",
    });
    assert.deepEqual(said.tooEarly, {
      code: "kubb.not-now",
      params: { action: "stick", phase: "starting-throw", count: 0 },
      text: "Een worp met een werpstick kan nu niet: het spel begint met de beginworp.",
    });
    assert.equal(said.server.code, "game.not-found", JSON.stringify(said.server));
    assert.equal(said.server.text, "Er is geen partij 'geenwedstrijd'.");
    await context.close();
  });
}
