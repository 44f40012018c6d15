// The account page: sign up (with a passkey, or a password where the
// device has no authenticator), sign in (a passkey needs no name), and,
// signed in, the account's passkeys, password, sessions and bots. The
// server does every check; the browser's WebAuthn makes the credentials.
import { api, element, showError, announce, showAccount } from "/api.js";
import { loadLanguage, onLanguageChange, t, formatDate } from "/i18n.js";

// The page's words, in the reader's language, before anything is drawn.
await loadLanguage(["account", "refusals"]);

const $ = (id) => document.getElementById(id);
const query = new URLSearchParams(location.search);

function fail(error) {
  showError($("error"), error);
}

// The last notice's message, said again in a new language.
let noticeShown = null;

function notice(id, args) {
  noticeShown = [id, args];
  const text = t(id, args);
  $("error").hidden = true;
  $("notice").textContent = text;
  $("notice").hidden = false;
  announce(text);
}

// A moment as the language writes it, or "never": a key that the
// messages' selectors turn into the language's word.
function when(ms) {
  return ms ? formatDate(ms) : "never";
}

// Whether this browser speaks WebAuthn's JSON forms.
function passkeysHere() {
  return window.PublicKeyCredential && typeof PublicKeyCredential.parseCreationOptionsFromJSON === "function";
}

function noPasskeys() {
  return new Error(t("account-no-passkeys-here"));
}

// The browser makes a passkey for the ceremony the server started.
async function createPasskey(ceremony) {
  if (!passkeysHere()) throw noPasskeys();
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(ceremony.options.publicKey);
  const credential = await navigator.credentials.create({ publicKey });
  return api("POST", "/api/passkeys/register/finish", { ceremony: ceremony.ceremony, credential: credential.toJSON() });
}

async function addPasskey(label, reset) {
  const ceremony = await api("POST", "/api/passkeys/register", { label: label || undefined, reset });
  return createPasskey(ceremony);
}

async function signInWithPasskey() {
  if (!passkeysHere()) throw noPasskeys();
  const ceremony = await api("POST", "/api/passkeys/sign-in", {});
  const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(ceremony.options.publicKey);
  const credential = await navigator.credentials.get({ publicKey });
  return api("POST", "/api/passkeys/sign-in/finish", { ceremony: ceremony.ceremony, credential: credential.toJSON() });
}

// A passkey the browser refused to make or use is said in words, not as
// the DOMException's name.
function passkeyFailure(error) {
  if (error && error.name === "NotAllowedError") {
    return new Error(t("account-passkey-not-used"));
  }
  return error;
}

function action(button, work) {
  return async (event) => {
    event.preventDefault();
    button.disabled = true;
    try {
      await work();
    } catch (error) {
      fail(passkeyFailure(error));
    } finally {
      button.disabled = false;
    }
  };
}

function showSignedOut() {
  shownAccount = null;
  $("signed-in").hidden = true;
  $("reset").hidden = true;
  $("signed-out").hidden = false;
}

// A message with data (a name, a token) in some of its places: formatted
// with a mark where each goes, then split at the marks, the data shown
// as entered.
const MARK = "\u{E000}";
function withData(id, args, data, tag = "span") {
  const marks = Object.fromEntries(Object.keys(data).map((key) => [key, `${MARK}${key}${MARK}`]));
  return t(id, { ...args, ...marks }).split(MARK)
    .map((part, i) => (i % 2 ? element(tag, { translate: "no" }, data[part]) : part));
}
function withName(id, args, name) {
  return withData(id, args, { name });
}

// The passkeys' name fields as typed, kept across a switch of language.
const passkeyLabels = new Map();

function passkeyItem(passkey, count) {
  const typed = passkeyLabels.get(passkey.id);
  const label = element("input", { value: typed ?? passkey.label, maxlength: "40", l10n: ["account-passkey-name", { name: passkey.label }] });
  label.addEventListener("input", () => passkeyLabels.set(passkey.id, label.value));
  const rename = element("button", { type: "button", l10n: ["account-rename"] });
  const remove = element("button", { type: "button", class: "secondary", l10n: ["account-remove"] });
  rename.addEventListener("click", action(rename, async () => {
    await api("PATCH", `/api/passkeys/${encodeURIComponent(passkey.id)}`, { label: label.value });
    passkeyLabels.delete(passkey.id);
    notice("account-passkey-renamed", { name: label.value.trim() });
    await load();
  }));
  remove.addEventListener("click", action(remove, async () => {
    await api("DELETE", `/api/passkeys/${encodeURIComponent(passkey.id)}`);
    notice("account-passkey-removed", { name: passkey.label });
    await load();
  }));
  remove.disabled = count < 1;
  return element("li", { class: "passkey" },
    element("span", {}, withName("account-passkey-item", { added: when(passkey.created_ms), used: when(passkey.used_ms) }, passkey.label)),
    element("span", { class: "row" }, label, rename, remove));
}

function sessionItem(session) {
  const text = withName(session.current ? "account-session-current" : "account-session", { since: when(session.created_ms) }, session.client);
  if (session.current) return element("li", {}, text);
  const end = element("button", { type: "button", class: "secondary", l10n: ["account-sign-out-there"] });
  end.addEventListener("click", action(end, async () => {
    await api("DELETE", `/api/account/sessions/${encodeURIComponent(session.id)}`);
    notice("account-session-ended");
    await load();
  }));
  return element("li", {}, text, " ", end);
}

function botItem(bot) {
  const renew = element("button", { type: "button", l10n: ["account-new-token"] });
  const revoke = element("button", { type: "button", class: "secondary", l10n: ["account-revoke-token"] });
  renew.addEventListener("click", action(renew, async () => {
    const made = await api("POST", `/api/bots/${encodeURIComponent(bot.name)}/token`, {});
    showBotToken(made);
  }));
  revoke.addEventListener("click", action(revoke, async () => {
    await api("DELETE", `/api/bots/${encodeURIComponent(bot.name)}/token`);
    notice("account-bot-token-revoked", { name: bot.name });
  }));
  return element("li", {}, element("span", { translate: "no" }, bot.name), " ", renew, " ", revoke);
}

// A bot's new token, shown once: kept to be shown again in a new language.
let botTokenShown = null;

function showBotToken(made) {
  botTokenShown = made;
  $("bot-token").replaceChildren(...withData("account-bot-token", {}, { name: made.name, token: made.token }));
  $("bot-token").hidden = false;
}

let shownAccount = null;

function showSignedIn(account) {
  shownAccount = account;
  $("signed-out").hidden = true;
  $("reset").hidden = true;
  $("signed-in").hidden = false;
  $("account-name").replaceChildren(...withName("account-signed-in-as", {}, account.name));
  const othersWays = account.passkeys.length - 1 + (account.has_password ? 1 : 0);
  $("passkeys").replaceChildren(...(account.passkeys.length
    ? account.passkeys.map((passkey) => passkeyItem(passkey, othersWays))
    : [element("li", { class: "muted", l10n: ["account-no-passkey-yet"] })]));
  $("password-state").textContent = t(account.has_password ? "account-has-password" : "account-no-password");
  $("sessions").replaceChildren(...account.sessions.map(sessionItem));
  $("bots").replaceChildren(...(account.bots.length
    ? account.bots.map(botItem)
    : [element("li", { class: "muted", l10n: ["account-no-bots"] })]));
  showAccount(account);
}

async function load() {
  try {
    showSignedIn(await api("GET", "/api/session"));
  } catch (error) {
    if (error.status !== 401) throw error;
    showAccount(null);
    if (query.get("reset")) {
      $("signed-out").hidden = true;
      $("reset").hidden = false;
    } else {
      showSignedOut();
    }
  }
}

$("passkey-sign-in").addEventListener("click", action($("passkey-sign-in"), async () => {
  showSignedIn(await signInWithPasskey());
  notice("account-signed-in-notice");
}));

$("password-sign-in").addEventListener("submit", action($("password-sign-in").querySelector("button"), async () => {
  const account = await api("POST", "/api/session", { name: $("sign-in-name").value, password: $("sign-in-password").value });
  $("sign-in-password").value = "";
  showSignedIn(account);
  notice("account-signed-in-notice");
}));

$("sign-up").addEventListener("submit", action($("sign-up").querySelector("button"), async () => {
  if (!passkeysHere()) throw noPasskeys();
  await api("POST", "/api/accounts", { name: $("sign-up-name").value });
  try {
    await addPasskey(t("account-first-passkey"));
  } finally {
    // The account exists and is signed in, with or without its passkey.
    await load();
  }
  notice("account-welcome-passkey");
}));

$("sign-up-password-form").addEventListener("submit", action($("sign-up-password-form").querySelector("button"), async () => {
  const account = await api("POST", "/api/accounts", { name: $("sign-up-password-name").value, password: $("sign-up-password").value });
  $("sign-up-password").value = "";
  showSignedIn(account);
  notice("account-welcome");
}));

$("reset-passkey").addEventListener("click", action($("reset-passkey"), async () => {
  await addPasskey(t("account-new-passkey"), query.get("reset"));
  history.replaceState(null, "", "/account");
  await load();
  notice("account-reset-done");
}));

$("add-passkey").addEventListener("submit", action($("add-passkey").querySelector("button"), async () => {
  const made = await addPasskey($("passkey-label").value.trim());
  $("passkey-label").value = "";
  await load();
  notice("account-passkey-added", { name: made.label });
}));

$("set-password").addEventListener("submit", action($("set-password").querySelector("button"), async () => {
  showSignedIn(await api("PUT", "/api/account/password", { password: $("new-password").value }));
  $("new-password").value = "";
  notice("account-password-saved");
}));

$("sign-out").addEventListener("click", action($("sign-out"), async () => {
  await api("DELETE", "/api/session");
  showAccount(null);
  showSignedOut();
  notice("account-signed-out");
}));

$("add-bot").addEventListener("submit", action($("add-bot").querySelector("button"), async () => {
  const made = await api("POST", "/api/bots", { name: $("bot-name").value });
  $("bot-name").value = "";
  await load();
  showBotToken(made);
}));

// A switch of language redraws the account shown, the notice and a bot's
// token; the forms keep what is typed in them.
onLanguageChange(() => {
  if (shownAccount) showSignedIn(shownAccount);
  if (noticeShown) {
    $("notice").textContent = t(...noticeShown);
  }
  if (botTokenShown && !$("bot-token").hidden) showBotToken(botTokenShown);
});

load().catch(fail);
