// Choosing the language: from the browser's languages, switched on any
// page and remembered, `<html lang>` following it; the header's words in
// each language.
import assert from "node:assert/strict";

export default function register(test, { PHONE, assertNoSidewaysScroll }) {
  test("the language comes from the browser, is switched on any page, is remembered, and <html lang> follows it", async ({ browser, base }) => {
    const context = await browser.newContext({ ...PHONE, locale: "nl-BE" });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.waitForSelector("#language");
    assert.equal(await page.getAttribute("html", "lang"), "nl");
    assert.equal(await page.inputValue("#language"), "nl");
    assert.equal(await page.textContent("#account-link"), "Inloggen");
    assert.equal(await page.getAttribute("#language", "aria-label"), "Taal");
    await page.selectOption("#language", "de");
    await page.waitForFunction(() => document.documentElement.lang === "de");
    assert.equal(await page.textContent("#account-link"), "Anmelden");
    // Remembered on the next page, whatever the browser says.
    await page.goto(`${base}/kubb`);
    await page.waitForSelector("#language");
    assert.equal(await page.getAttribute("html", "lang"), "de");
    assert.equal(await page.inputValue("#language"), "de");
    await assertNoSidewaysScroll(page, "the header with its switch at 390 px");
    await context.close();
  });

  test("a browser in a language the project does not speak gets English; ?lang= picks one for a link", async ({ browser, base }) => {
    const context = await browser.newContext({ ...PHONE, locale: "fr-FR" });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.waitForSelector("#language");
    assert.equal(await page.getAttribute("html", "lang"), "en");
    await page.goto(`${base}/puzzles?lang=de`);
    await page.waitForSelector("#language");
    assert.equal(await page.getAttribute("html", "lang"), "de");
    await context.close();
  });

  test("the header with the language switch fits a 320 px phone in every language", async ({ browser, base }) => {
    const context = await browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    for (const language of ["en", "de", "nl"]) {
      for (const path of ["/", "/gt", "/kubb", "/tournament", "/account"]) {
        await page.goto(`${base}${path}?lang=${language}`);
        await page.waitForSelector("#language");
        await assertNoSidewaysScroll(page, `${path} in ${language} at 320 px`);
      }
    }
    await context.close();
  });
}
