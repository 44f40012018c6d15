// web/qr.js held module for module to the npm package `qrcode`, both in
// byte mode, at every error-correction level: random ASCII of 1–250
// characters, some UTF-8, a scorekeeper link, and texts that exactly fill
// every version 1–40 or overflow it by one byte. The two choose different
// data masks for about 2 symbols in 5: qrcode looks for finder-like
// patterns only inside the symbol (qr.js, as ZXing does, counts the quiet
// zone as the light side of one), counts one with light on both sides
// twice, and rates a dark share over 50 % a step too high.
// There the library is asked for our mask, and the symbols must still
// be identical.
//
//   node web/tests/qr.mjs
import assert from "node:assert/strict";
import QRCode from "qrcode";
import ErrorCorrectionLevel from "qrcode/lib/core/error-correction-level.js";
import Version from "qrcode/lib/core/version.js";
import { qrMatrix, qrSvg } from "../qr.js";

// A seeded generator, so a failure comes back on the next run.
let seed = 0x2545f491;
const random = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};
const randomAscii = (length) =>
  Array.from({ length }, () => String.fromCharCode(32 + Math.floor(random() * 95))).join("");

const texts = [
  "https://host:8080/kubb?id=abc123#token=0123456789abcdef0123456789abcdef01234567",
  "Ærø 北",
  "Kubb på gräsmattan — 王 👑",
  "0123456789",
  "HELLO WORLD",
  "a",
];
for (let i = 0; i < 320; i++) texts.push(randomAscii(1 + Math.floor(random() * 250)));

const start = performance.now();
let compared = 0;
const maskDiffers = { L: 0, M: 0, Q: 0, H: 0 };

function compare(text, ecl) {
  const ours = qrMatrix(text, { ecl });
  const segments = [{ data: text, mode: "byte" }];
  // The library chooses the version itself: it must choose ours.
  let theirs = QRCode.create(segments, { errorCorrectionLevel: ecl });
  assert.equal(theirs.version, ours.version, `version of ${JSON.stringify(text)} at ${ecl}`);
  if (theirs.maskPattern !== ours.mask) {
    maskDiffers[ecl]++;
    theirs = QRCode.create(segments, { errorCorrectionLevel: ecl, version: ours.version, maskPattern: ours.mask });
  }
  const { size } = theirs.modules;
  assert.equal(ours.size, size, `size of ${JSON.stringify(text)} at ${ecl}`);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (ours.modules[y][x] !== Boolean(theirs.modules.get(y, x))) {
        assert.fail(`${JSON.stringify(text)} at ${ecl} (version ${ours.version}, mask ${ours.mask}): module x=${x} y=${y} differs`);
      }
    }
  }
  compared++;
}

for (const ecl of ["L", "M", "Q", "H"]) {
  for (const text of texts) compare(text, ecl);
  // Every version: a text that fills it exactly, and one byte more,
  // which must go to the next version (or be refused after version 40).
  for (let version = 1; version <= 40; version++) {
    const capacity = Version.getCapacity(version, ErrorCorrectionLevel.from(ecl));
    const full = randomAscii(capacity);
    compare(full, ecl);
    assert.equal(qrMatrix(full, { ecl }).version, version, `${capacity} bytes fill version ${version} at ${ecl}`);
    if (version < 40) assert.equal(qrMatrix(full + "x", { ecl }).version, version + 1);
    else assert.throws(() => qrMatrix(full + "x", { ecl }), /too long/);
  }
}

// The mask choice, which the library does not quite share: for the first
// texts at each level, the library's symbol with each of the 8 masks,
// scored by a plain reading of the penalty rules; ours must be the first
// with the lowest score.
function penalty(matrix) {
  const { size } = matrix;
  // Outside the symbol is the quiet zone: light.
  const dark = (y, x) => x >= 0 && y >= 0 && x < size && y < size && Boolean(matrix.get(y, x));
  let score = 0;
  for (const at of [(i, j) => dark(i, j), (i, j) => dark(j, i)]) {
    for (let i = 0; i < size; i++) {
      let run = 1;
      for (let j = 1; j <= size; j++) {
        if (j < size && at(i, j) === at(i, j - 1)) run++;
        else {
          if (run >= 5) score += 3 + run - 5;
          run = 1;
        }
      }
      for (let j = 0; j + 7 <= size; j++) {
        const finderLike = [1, 0, 1, 1, 1, 0, 1].every((d, k) => at(i, j + k) === (d === 1));
        const lightBefore = [1, 2, 3, 4].every((k) => !at(i, j - k));
        const lightAfter = [7, 8, 9, 10].every((k) => !at(i, j + k));
        if (finderLike && (lightBefore || lightAfter)) score += 40;
      }
    }
  }
  let darkCount = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      darkCount += dark(y, x);
      const same = dark(y, x + 1) === dark(y, x) && dark(y + 1, x) === dark(y, x) && dark(y + 1, x + 1) === dark(y, x);
      if (x + 1 < size && y + 1 < size && same) score += 3;
    }
  }
  const percent = (100 * darkCount) / (size * size);
  return score + 10 * Math.floor(Math.abs(percent - 50) / 5);
}
let masksScored = 0;
for (const ecl of ["L", "M", "Q", "H"]) {
  for (const text of texts.slice(0, 40)) {
    const { version, mask } = qrMatrix(text, { ecl });
    const scores = [0, 1, 2, 3, 4, 5, 6, 7].map((maskPattern) =>
      penalty(QRCode.create([{ data: text, mode: "byte" }], { errorCorrectionLevel: ecl, version, maskPattern }).modules));
    assert.equal(mask, scores.indexOf(Math.min(...scores)), `mask of ${JSON.stringify(text)} at ${ecl}: scores ${scores}`);
    masksScored++;
  }
}

// The SVG: a quiet zone of 4 modules, a viewBox and no pixel size, an
// accessible name, and the label escaped.
const svg = qrSvg('a "b" <c> & d');
const side = qrMatrix('a "b" <c> & d').size + 8;
assert.match(svg, new RegExp(`^<svg [^>]*viewBox="0 0 ${side} ${side}"`));
assert.match(svg, /role="img" aria-label="QR code of a &quot;b&quot; &lt;c&gt; &amp; d"/);
assert.match(svg, /shape-rendering="crispEdges"/);
assert.doesNotMatch(svg, /<svg[^>]* (width|height)=/);
assert.match(svg, /d="M4 4h7v1h-7z/, "the finder pattern's top row starts after the quiet zone");
assert.match(qrSvg("x", { label: "Join" }), /aria-label="Join"/);
assert.throws(() => qrMatrix("x", { ecl: "X" }), /unknown error-correction level/);

const seconds = ((performance.now() - start) / 1000).toFixed(1);
console.log(`qr: ${compared} symbols identical to qrcode's (${texts.length} texts and 40 full versions at each of L, M, Q, H) in ${seconds} s`);
console.log(`qr: ${masksScored} mask choices (40 texts at each level) the lowest of 8 penalties scored here`);
console.log(`qr: mask chosen differently from qrcode's (then compared with its mask forced to ours): ${JSON.stringify(maskDiffers)}`);
