// The vendored modules of web/vendor/ are exactly what npm ships in the
// pinned version (web/tests/package.json): nothing edited, nothing stale.
//
//   node web/tests/vendor.mjs
import { readFileSync, readdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";

const here = dirname(fileURLToPath(import.meta.url));
const vendored = join(here, "../vendor/fluent-bundle");
const shipped = join(here, "node_modules/@fluent/bundle/esm");
const pinned = JSON.parse(readFileSync(join(here, "package.json"), "utf8")).dependencies["@fluent/bundle"];
const installed = JSON.parse(readFileSync(join(here, "node_modules/@fluent/bundle/package.json"), "utf8")).version;
assert.equal(installed, pinned, "npm ci installs the pinned @fluent/bundle");
assert.ok(readFileSync(join(vendored, "README.md"), "utf8").includes(`@fluent/bundle ${pinned}`), "the README names the version");

const modules = readdirSync(vendored).filter((name) => name.endsWith(".js"));
assert.ok(modules.includes("index.js"), "the entry module is vendored");
for (const name of modules) {
  assert.equal(readFileSync(join(vendored, name), "utf8"), readFileSync(join(shipped, name), "utf8"), `${name} is npm's own`);
}
// Every module the entry reaches is vendored (ast.js holds only types).
for (const name of modules) {
  for (const [, imported] of readFileSync(join(vendored, name), "utf8").matchAll(/from "\.\/([^"]+)"/g)) {
    assert.ok(modules.includes(imported), `${name} imports ${imported}, which is vendored`);
  }
}
console.log(`vendor: ${modules.length} modules of @fluent/bundle ${pinned} are npm's own`);
