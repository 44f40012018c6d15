// The account page: sign up (with a passkey, or a password where the
// device has no authenticator), sign in (a passkey needs no name), and,
// signed in, the account's passkeys, password, sessions and bots. The
// server does every check; the browser's WebAuthn makes the credentials.
import { api, element, showError, announce, showAccount } from "/api.js";
import { loadLanguage } from "/i18n.js";

// The page's words, in the reader's language, before anything is drawn.
await loadLanguage(["account", "refusals"]);

const $ = (id) => document.getElementById(id);
const query = new URLSearchParams(location.search);

function fail(error) {
  showError($("error"), error);
}

function notice(text) {
  $("error").hidden = true;
  $("notice").textContent = text;
  $("notice").hidden = false;
  announce(text);
}

function when(ms) {
  return ms ? new Date(ms).toLocaleString() : "never";
}

// Whether this browser speaks WebAuthn's JSON forms.
function passkeysHere() {
  return window.PublicKeyCredential && typeof PublicKeyCredential.parseCreationOptionsFromJSON === "function";
}

function noPasskeys() {
  return new Error("This browser cannot use passkeys: sign in or up with a password instead.");
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
    return new Error("The passkey was not used (cancelled, or none on this device for this site).");
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
  $("signed-in").hidden = true;
  $("reset").hidden = true;
  $("signed-out").hidden = false;
}

function passkeyItem(passkey, count) {
  const label = element("input", { value: passkey.label, maxlength: "40", "aria-label": `Name of the passkey ${passkey.label}` });
  const rename = element("button", { type: "button" }, "Rename");
  const remove = element("button", { type: "button", class: "secondary" }, "Remove");
  rename.addEventListener("click", action(rename, async () => {
    await api("PATCH", `/api/passkeys/${encodeURIComponent(passkey.id)}`, { label: label.value });
    notice(`Passkey renamed to ${label.value.trim()}.`);
    await load();
  }));
  remove.addEventListener("click", action(remove, async () => {
    await api("DELETE", `/api/passkeys/${encodeURIComponent(passkey.id)}`);
    notice(`Passkey ${passkey.label} removed.`);
    await load();
  }));
  remove.disabled = count < 1;
  return element("li", { class: "passkey" },
    element("span", {}, `${passkey.label} · added ${when(passkey.created_ms)} · last used ${when(passkey.used_ms)}`),
    element("span", { class: "row" }, label, rename, remove));
}

function sessionItem(session) {
  const text = `${session.client} · since ${when(session.created_ms)}${session.current ? " · this browser" : ""}`;
  if (session.current) return element("li", {}, text);
  const end = element("button", { type: "button", class: "secondary" }, "Sign out there");
  end.addEventListener("click", action(end, async () => {
    await api("DELETE", `/api/account/sessions/${encodeURIComponent(session.id)}`);
    notice("That session is ended.");
    await load();
  }));
  return element("li", {}, text, " ", end);
}

function botItem(bot) {
  const renew = element("button", { type: "button" }, "New token");
  const revoke = element("button", { type: "button", class: "secondary" }, "Revoke token");
  renew.addEventListener("click", action(renew, async () => {
    const made = await api("POST", `/api/bots/${encodeURIComponent(bot.name)}/token`, {});
    showBotToken(made);
  }));
  revoke.addEventListener("click", action(revoke, async () => {
    await api("DELETE", `/api/bots/${encodeURIComponent(bot.name)}/token`);
    notice(`${bot.name}'s token is revoked: it plays no more until you give it a new one.`);
  }));
  return element("li", {}, `${bot.name} `, renew, " ", revoke);
}

function showBotToken(made) {
  $("bot-token").textContent = `${made.name}'s token (shown once): ${made.token}`;
  $("bot-token").hidden = false;
}

function showSignedIn(account) {
  $("signed-out").hidden = true;
  $("reset").hidden = true;
  $("signed-in").hidden = false;
  $("account-name").textContent = `Signed in as ${account.name}`;
  const othersWays = account.passkeys.length - 1 + (account.has_password ? 1 : 0);
  $("passkeys").replaceChildren(...(account.passkeys.length
    ? account.passkeys.map((passkey) => passkeyItem(passkey, othersWays))
    : [element("li", { class: "muted" }, "No passkey yet: add one to sign in without a password.")]));
  $("password-state").textContent = account.has_password
    ? "A password signs you in too."
    : "No password: only your passkeys sign you in.";
  $("sessions").replaceChildren(...account.sessions.map(sessionItem));
  $("bots").replaceChildren(...(account.bots.length
    ? account.bots.map(botItem)
    : [element("li", { class: "muted" }, "No bots: register one to connect an engine with `towers bot`.")]));
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
  notice("Signed in.");
}));

$("password-sign-in").addEventListener("submit", action($("password-sign-in").querySelector("button"), async () => {
  const account = await api("POST", "/api/session", { name: $("sign-in-name").value, password: $("sign-in-password").value });
  $("sign-in-password").value = "";
  showSignedIn(account);
  notice("Signed in.");
}));

$("sign-up").addEventListener("submit", action($("sign-up").querySelector("button"), async () => {
  if (!passkeysHere()) throw noPasskeys();
  await api("POST", "/api/accounts", { name: $("sign-up-name").value });
  try {
    await addPasskey("first passkey");
  } finally {
    // The account exists and is signed in, with or without its passkey.
    await load();
  }
  notice("Welcome! Your passkey signs you in from now on.");
}));

$("sign-up-password-form").addEventListener("submit", action($("sign-up-password-form").querySelector("button"), async () => {
  const account = await api("POST", "/api/accounts", { name: $("sign-up-password-name").value, password: $("sign-up-password").value });
  $("sign-up-password").value = "";
  showSignedIn(account);
  notice("Welcome! You are signed in.");
}));

$("reset-passkey").addEventListener("click", action($("reset-passkey"), async () => {
  await addPasskey("new passkey", query.get("reset"));
  history.replaceState(null, "", "/account");
  await load();
  notice("Your new passkey is added and you are signed in.");
}));

$("add-passkey").addEventListener("submit", action($("add-passkey").querySelector("button"), async () => {
  const made = await addPasskey($("passkey-label").value.trim());
  $("passkey-label").value = "";
  await load();
  notice(`Passkey ${made.label} added.`);
}));

$("set-password").addEventListener("submit", action($("set-password").querySelector("button"), async () => {
  showSignedIn(await api("PUT", "/api/account/password", { password: $("new-password").value }));
  $("new-password").value = "";
  notice("Password saved.");
}));

$("sign-out").addEventListener("click", action($("sign-out"), async () => {
  await api("DELETE", "/api/session");
  showAccount(null);
  showSignedOut();
  notice("Signed out.");
}));

$("add-bot").addEventListener("submit", action($("add-bot").querySelector("button"), async () => {
  const made = await api("POST", "/api/bots", { name: $("bot-name").value });
  $("bot-name").value = "";
  await load();
  showBotToken(made);
}));

load().catch(fail);
