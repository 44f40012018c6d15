// The pages' words in the reader's language: English, German or Dutch,
// from the message catalogs of locales/ (Project Fluent), resolved by
// @fluent/bundle (web/vendor/fluent-bundle, see its README).
//
// A page calls `await loadLanguage(["kubb"])` before it draws anything: that
// chooses the language (the `?lang=` of the address, else the one chosen
// before on this browser, else the browser's languages, else English),
// loads `common.ftl` and the page's own catalogs, translates every
// element that carries `data-l10n-id`, sets `<html lang>` and puts the
// language switch in the page's header. After that `t(id, args)` gives a
// message; a switch of language redraws the page through the listeners
// of `onLanguageChange`, keeping whatever the page holds (a match, a game).
//
// `?lang=en-XA` is the pseudo-locale of the tests (as Firefox's and
// Android's): the English catalog with every letter accented and every
// message bracketed, so that any plain English left on a page is text
// that did not come from the catalog.
import { FluentBundle, FluentResource } from "/vendor/fluent-bundle/index.js";

// The languages offered, each named in itself (so a reader finds their
// own whatever the page's language is).
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "de", name: "Deutsch" },
  { code: "nl", name: "Nederlands" },
];
export const PSEUDO = "en-XA";
const STORE = "towers.lang";

let current = "en";
let areas = [];
let bundle = null;
const listeners = [];

// The language a reader asked for, in the order above.
export function chooseLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && (asked === PSEUDO || offered(asked))) return asked;
  const stored = readStored();
  if (stored && (stored === PSEUDO || offered(stored))) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (offered(base)) return base;
  }
  return "en";
}

function offered(code) {
  return LANGUAGES.some((language) => language.code === code);
}

function readStored() {
  try {
    return localStorage.getItem(STORE);
  } catch {
    return null;
  }
}

// Loads the catalogs and translates the page; call once, before drawing.
export async function loadLanguage(pageAreas = []) {
  areas = ["common", ...pageAreas];
  await load(chooseLanguage());
  addSwitch();
  markReady();
}

// The page takes clicks once its handlers are on (style.css holds them off
// until then). A page awaits its catalogs at its top level, and the load
// event does not wait for a module's top-level await: a button pressed
// before the catalogs came would do nothing. The page attaches its
// handlers in the same task in which this call's promise resumes it; the
// mark comes in the next task, after them.
function markReady() {
  setTimeout(() => { document.documentElement.dataset.ready = ""; });
}

async function load(language) {
  const source = language === PSEUDO ? "en" : language;
  const texts = await Promise.all(areas.map((area) => catalog(source, area)));
  const next = new FluentBundle(language === PSEUDO ? "en" : language, {
    // The pages only show left-to-right languages: no isolation marks
    // around placeables, which would end up in copied text.
    useIsolating: false,
    transform: language === PSEUDO ? pseudo : (text) => text,
  });
  for (const text of texts) {
    for (const error of next.addResource(new FluentResource(text))) console.error(error);
  }
  bundle = next;
  current = language;
  document.documentElement.lang = language;
  translate(document);
}

async function catalog(language, area) {
  const response = await fetch(`/locales/${language}/${area}.ftl`);
  if (!response.ok) throw new Error(`no catalog ${language}/${area}.ftl`);
  return response.text();
}

// The language the page is in now.
export function language() {
  return current;
}

// Switches the page's language, remembers it and redraws.
export async function setLanguage(code) {
  if (code !== PSEUDO && !offered(code)) return;
  try {
    localStorage.setItem(STORE, code);
  } catch {
    // A browser that stores nothing still switches this page.
  }
  await load(code);
  const select = document.getElementById("language");
  if (select) select.value = code;
  for (const listener of listeners) listener(code);
}

export function onLanguageChange(listener) {
  listeners.push(listener);
}

// The message `id` with its arguments, in the page's language. A message
// the catalog lacks shows as its id (the catalog tests keep that from
// shipping).
export function t(id, args) {
  const message = bundle && bundle.getMessage(id);
  if (!message || !message.value) return id;
  return bundle.formatPattern(message.value, args);
}

// An attribute of message `id` (`.aria-label`, `.title`, …).
export function tAttribute(id, attribute, args) {
  const message = bundle && bundle.getMessage(id);
  const pattern = message && message.attributes[attribute];
  return pattern ? bundle.formatPattern(pattern, args) : id;
}

// Whether the catalog has message `id` (a refusal code may be newer than
// the page's catalog).
export function has(id) {
  return Boolean(bundle && bundle.hasMessage(id));
}

// Sets every element under `root` that carries `data-l10n-id`: its text
// from the message's value (when it has one) and its attributes from the
// message's attributes. `data-l10n-args` holds the arguments as JSON.
export function translate(root) {
  const elements = root.querySelectorAll ? [...root.querySelectorAll("[data-l10n-id]")] : [];
  if (root.dataset && root.dataset.l10nId) elements.push(root);
  for (const element of elements) localize(element, element.dataset.l10nId, readArgs(element));
}

// Gives `element` the message `id` now and after every switch.
export function localize(element, id, args) {
  element.dataset.l10nId = id;
  if (args) element.dataset.l10nArgs = JSON.stringify(args);
  else delete element.dataset.l10nArgs;
  // Before the catalogs are in, `start` translates it with the rest.
  if (!bundle) return element;
  const message = bundle.getMessage(id);
  if (!message) {
    element.textContent = id;
    return element;
  }
  if (message.value) element.textContent = bundle.formatPattern(message.value, args);
  for (const [name, pattern] of Object.entries(message.attributes)) {
    element.setAttribute(name, bundle.formatPattern(pattern, args));
  }
  return element;
}

function readArgs(element) {
  if (!element.dataset.l10nArgs) return undefined;
  try {
    return JSON.parse(element.dataset.l10nArgs);
  } catch {
    return undefined;
  }
}

// Numbers, percentages and dates as the language writes them.
// (In the pseudo-locale, English's forms accented like the messages: no
// browser knows en-XA.)
export function formatNumber(value, options) {
  return localized(new Intl.NumberFormat(intlLocale(), options).format(value));
}

export function formatPercent(fraction, digits = 0) {
  return formatNumber(fraction, { style: "percent", maximumFractionDigits: digits, minimumFractionDigits: digits });
}

export function formatDate(date, options = { dateStyle: "medium", timeStyle: "short" }) {
  return localized(new Intl.DateTimeFormat(intlLocale(), options).format(date instanceof Date ? date : new Date(date)));
}

function localized(text) {
  return current === PSEUDO ? pseudo(text) : text;
}

function intlLocale() {
  return current === PSEUDO ? "en" : current;
}

// A refusal of the server (or of the Kubb rules twin) in the page's
// language: from its code when the catalog knows it, else its English.
// The message id of code `kubb.hit-names-nothing` is
// `refusal-kubb-hit-names-nothing`.
export function refusalText(code, params, english) {
  const id = code ? `refusal-${code.replaceAll(".", "-")}` : null;
  if (id && has(id)) return t(id, params);
  return english;
}

// The switch in the header: a select of the languages, each shown by its
// code (narrow enough for a 320 px header beside the account link) and
// named in itself on hover.
function addSwitch() {
  const header = document.querySelector("header");
  if (!header || document.getElementById("language")) return;
  const select = document.createElement("select");
  select.id = "language";
  select.className = "language-switch";
  localize(select, "language-switch");
  for (const { code, name } of LANGUAGES) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = code.toUpperCase();
    option.title = name;
    select.append(option);
  }
  select.value = offered(current) ? current : "en";
  select.addEventListener("change", () => setLanguage(select.value));
  header.append(select);
}

// The pseudo-locale's transformation: letters accented, the whole
// bracketed, so a glance (or a test) tells translated text from the rest.
const ACCENTED = "ȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑ";
const PLAIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function pseudo(text) {
  return `[${[...text].map((char) => {
    const index = PLAIN.indexOf(char);
    return index < 0 ? char : [...ACCENTED][index];
  }).join("")}]`;
}
