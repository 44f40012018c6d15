// The start page, a tournament, the ratings and the account page in
// every language: in the pseudo-locale no text is left that did not come
// from the catalog (the names the tests enter are data), and in German
// and Dutch the pages say their own words and write numbers and dates
// the language's way.
import assert from "node:assert/strict";
import { apiCall } from "./api-call.mjs";

const PHONE_320 = { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true };

// A Guard & Towers tournament of two through the API (a round robin
// unless `format` says otherwise), its first round paired and, unless
// `decided` is false, decided by the organiser. Made signed in, its
// results are rated: both entrants reach the leaderboard. The organiser's
// token is kept in the page's browser, so that the organiser's panel
// shows too.
async function playedTournament(page, title, [first, second], { format = "round-robin", decided = true } = {}) {
  const organiserName = unique("Org");
  const organiser = await apiCall(page, "POST", "/api/accounts", { name: organiserName, password: "a long enough password" });
  assert.equal(organiser.status, 201, JSON.stringify(organiser.body));
  const created = await apiCall(page, "POST", "/api/tournaments", { title, game: "gt", format });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const { id, token } = created.body;
  for (const name of [first, second]) {
    const registered = await apiCall(page, "POST", `/api/tournaments/${id}/entrants`, { name }, token);
    assert.equal(registered.status, 200, JSON.stringify(registered.body));
  }
  const round = await apiCall(page, "POST", `/api/tournaments/${id}/rounds`, {}, token);
  assert.equal(round.status, 201, JSON.stringify(round.body));
  if (decided) {
    const pairing = round.body.state.rounds[0].pairings[0];
    const result = await apiCall(page, "POST", `/api/tournaments/${id}/results`,
      { round: 1, first: pairing.first, second: pairing.second, score: "1-0" }, token);
    assert.equal(result.status, 200, JSON.stringify(result.body));
  }
  await page.evaluate(([t, secret]) => localStorage.setItem(`towers-token-${t}`, secret), [id, token]);
  return { id, organiser: organiserName };
}

// A unique name per run (the server is shared by the tests).
function unique(name) {
  return `${name}${Math.random().toString(36).slice(2, 7)}`;
}

export default function register(test, { PHONE, shot, assertNoSidewaysScroll, assertAllFromCatalog }) {
  test("own words of the pages, pseudo-locale: the start page, with a challenge in the lobby, is all from the catalog", async ({ browser, base }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${base}/?lang=en-XA`);
    const name = unique("Quirin");
    const challenge = await apiCall(page, "POST", "/api/gt/games", {
      opponent: "public", color: "red", name, time_control: { initial_ms: 300000, increment_ms: 2000 },
    });
    assert.equal(challenge.status, 201, JSON.stringify(challenge.body));
    await page.waitForSelector(`#lobby li:has-text('${name}')`);
    await page.evaluate(() => { for (const details of document.querySelectorAll("details")) details.open = true; });
    await shot(page, "languages-home-pseudo");
    await assertAllFromCatalog(page, "start page", [name]);
    await context.close();
  });

  test("own words of the pages, pseudo-locale: a tournament with a round under way, and a knockout decided, as their organiser sees them, are all from the catalog", async ({ browser, base }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${base}/tournament?lang=en-XA`);
    await page.waitForSelector("#create:not([hidden])");
    await assertAllFromCatalog(page, "the form that creates a tournament");
    const title = unique("Wintercup");
    const names = [unique("Xaver"), unique("Yolanda")];
    const { id, organiser } = await playedTournament(page, title, names, { decided: false });
    await page.goto(`${base}/tournament?id=${id}&lang=en-XA`);
    await page.waitForSelector("#games .seat-link");
    await page.waitForSelector("#rounds-list li");
    // A seat's QR code shown, with its label.
    await page.locator("#games .qr-toggle").first().click();
    await page.waitForSelector("#games .seat-qr:not([hidden]) svg");
    await shot(page, "languages-tournament-pseudo");
    // The seats' links and the QR code's caption are addresses: data.
    const links = await page.$$eval("#games .seat-link a, #games figcaption", (nodes) => nodes.map((node) => node.textContent)
      .filter((text) => text.startsWith("http")));
    await assertAllFromCatalog(page, "tournament page", [title, ...names, organiser, ...links]);

    const cup = unique("Cup");
    const knockout = await playedTournament(page, cup, names, { format: "knockout" });
    await page.goto(`${base}/tournament?id=${knockout.id}&lang=en-XA`);
    await page.waitForSelector("#bracket-section:not([hidden])");
    await page.waitForSelector("#champion:not([hidden])");
    await assertAllFromCatalog(page, "a knockout decided", [cup, ...names, knockout.organiser]);
    await context.close();
  });

  test("own words of the pages, pseudo-locale: the leaderboard and a player's page are all from the catalog", async ({ browser, base }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${base}/players?lang=en-XA`);
    const names = [unique("Xaver"), unique("Yolanda")];
    const { organiser } = await playedTournament(page, unique("Cup"), names);
    await page.goto(`${base}/players?lang=en-XA`);
    await page.waitForSelector(`#leaders a:has-text('${names[0]}')`);
    await assertAllFromCatalog(page, "leaderboard", [...names, organiser]);
    const href = await page.getAttribute(`#leaders a:has-text('${names[0]}')`, "href");
    await page.goto(`${base}${href}&lang=en-XA`);
    await page.waitForSelector("#player:not([hidden])");
    await page.waitForSelector("#history tbody tr");
    await shot(page, "languages-player-pseudo");
    await assertAllFromCatalog(page, "a player's page", [...names, organiser]);
    await context.close();
  });

  test("own words of the pages, pseudo-locale: the account page signed out and signed in with a password is all from the catalog", async ({ browser, base }) => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${base}/account?lang=en-XA`);
    await page.waitForSelector("#signed-out:not([hidden])");
    await page.evaluate(() => { for (const details of document.querySelectorAll("details")) details.open = true; });
    await assertAllFromCatalog(page, "account page signed out");
    const name = unique("Quirin");
    const bot = unique("Robo");
    await page.fill("#sign-up-password-name", name);
    await page.fill("#sign-up-password", "a long enough password");
    await page.click("#sign-up-password-form button[type=submit]");
    await page.waitForSelector(`#account-name:has-text('${name}')`);
    await page.fill("#bot-name", bot);
    await page.click("#add-bot button[type=submit]");
    await page.waitForSelector("#bot-token:not([hidden])");
    const token = await page.locator("#bot-token [translate=no]").nth(1).textContent();
    await shot(page, "languages-account-pseudo");
    // The session's client (the browser's name) is data the server keeps.
    const client = await page.evaluate(async () => (await (await fetch("/api/session")).json()).sessions[0].client);
    await assertAllFromCatalog(page, "account page signed in", [name, bot, token, client]);
    // A switch redraws the account, its bot's token (shown once) included.
    await page.selectOption("#language", "de");
    await page.waitForFunction(() => document.documentElement.lang === "de");
    assert.equal(await page.textContent("#account-name"), `Angemeldet als ${name}`);
    assert.equal(await page.textContent("#bot-token"), `Token von ${bot} (wird nur einmal gezeigt): ${token}`);
    assert.equal(await page.textContent("#password-state"), "Auch ein Passwort meldet dich an.");
    await context.close();
  });

  test("own words of the pages, the account page in German and Dutch says its own words, keeps a filled-in form across a switch, and a player's page writes dates and numbers the language's way", async ({ browser, base }) => {
    const context = await browser.newContext({ ...PHONE_320, locale: "de-DE" });
    const page = await context.newPage();
    await page.goto(`${base}/account`);
    await page.waitForSelector("#signed-out:not([hidden])");
    assert.equal(await page.textContent("#password-sign-in button"), "Anmelden");
    assert.equal(await page.textContent("#sign-up-title"), "Neu hier? Registrieren");
    await page.evaluate(() => { for (const details of document.querySelectorAll("details")) details.open = true; });
    await page.fill("#sign-in-name", "Quirin");
    await assertNoSidewaysScroll(page, "account page in German at 320 px");
    await shot(page, "languages-account-de-320");
    await page.selectOption("#language", "nl");
    await page.waitForFunction(() => document.documentElement.lang === "nl");
    assert.equal(await page.textContent("#password-sign-in button"), "Inloggen");
    assert.equal(await page.textContent("#sign-up-title"), "Nieuw hier? Registreer je");
    assert.equal(await page.inputValue("#sign-in-name"), "Quirin", "the form keeps what was typed");
    await assertNoSidewaysScroll(page, "account page in Dutch at 320 px");
    await shot(page, "languages-account-nl-320");

    // A player's page: the date of a result in German and in Dutch, and
    // the tournament's standings switched to German.
    const names = [unique("Xaver"), unique("Yolanda")];
    const { id } = await playedTournament(page, unique("Cup"), names);
    const today = new Date();
    await page.goto(`${base}/players?game=gt&name=${encodeURIComponent(names[0])}&lang=de`);
    await page.waitForSelector("#history tbody tr");
    const german = `${today.getDate()}.${today.getMonth() + 1}.${today.getFullYear()}`;
    assert.equal(await page.textContent("#history tbody tr td"), german, "a German date");
    assert.match(await page.textContent("#player-record"), /^1 gewertet: 1 gewonnen, 0 unentschieden, 0 verloren/);
    await assertNoSidewaysScroll(page, "player page in German at 320 px");
    await page.selectOption("#language", "nl");
    await page.waitForFunction(() => document.documentElement.lang === "nl");
    const dutch = `${today.getDate()}-${today.getMonth() + 1}-${today.getFullYear()}`;
    assert.equal(await page.textContent("#history tbody tr td"), dutch, "a Dutch date");
    assert.match(await page.textContent("#player-record"), /^1 voor de rating: 1 gewonnen, 0 gelijk, 0 verloren/);

    await page.goto(`${base}/tournament?id=${id}&lang=nl`);
    await page.waitForSelector("#rounds-list li");
    assert.match(await page.textContent("#status"), /^Afgelopen na 1 ronde\.$|^Ronde 1 is bezig/);
    assert.equal(await page.textContent("#rounds-list h3"), "Ronde 1");
    await assertNoSidewaysScroll(page, "tournament in Dutch at 320 px");
    await shot(page, "languages-tournament-nl-320");
    await page.selectOption("#language", "de");
    await page.waitForFunction(() => document.documentElement.lang === "de");
    assert.equal(await page.textContent("#rounds-list h3"), "Runde 1", "the tournament shown is redrawn");
    assert.match(await page.textContent("#heading"), /· Wächter & Türme · jeder gegen jeden$/);
    await assertNoSidewaysScroll(page, "tournament in German at 320 px");
    await shot(page, "languages-tournament-de-320");
    await context.close();
  });

  test("own words of the pages, the start page in German and Dutch fits a 320 px phone and keeps a typed name across a switch", async ({ browser, base }) => {
    const context = await browser.newContext({ ...PHONE_320, locale: "nl-NL" });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.waitForSelector("#language");
    assert.equal(await page.textContent("#play-engine"), "Speel tegen de computer");
    assert.equal(await page.inputValue("#gt-name"), "Speler");
    assert.equal(await page.inputValue("#team-a"), "Team A");
    await page.evaluate(() => { for (const details of document.querySelectorAll("details")) details.open = true; });
    await assertNoSidewaysScroll(page, "start page in Dutch at 320 px");
    await shot(page, "languages-home-nl-320");
    await page.selectOption("#language", "de");
    await page.waitForFunction(() => document.documentElement.lang === "de");
    assert.equal(await page.inputValue("#gt-name"), "Spieler", "the untouched name follows the language");
    assert.equal(await page.textContent("#play-engine"), "Gegen den Computer spielen");
    await page.fill("#gt-name", "Quirin");
    await page.selectOption("#language", "nl");
    await page.waitForFunction(() => document.documentElement.lang === "nl");
    assert.equal(await page.inputValue("#gt-name"), "Quirin", "a typed name stays");
    await page.selectOption("#language", "de");
    await page.waitForFunction(() => document.documentElement.lang === "de");
    await assertNoSidewaysScroll(page, "start page in German at 320 px");
    await shot(page, "languages-home-de-320");
    await context.close();
  });
}
