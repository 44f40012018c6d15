// A QR code encoder (ISO/IEC 18004), so a page can show a link for a
// phone to scan: byte mode (UTF-8), error-correction levels L, M, Q and
// H, the smallest version 1–40 that holds the text, and the data mask
// with the lowest penalty. No I/O and no DOM: node runs it as the browser
// does, and web/tests/qr.mjs holds it module for module to the npm
// package `qrcode`.

// Per error-correction level: the two format-information bits, and for
// versions 1–40 the error-correction codewords per block and the number
// of blocks (ISO/IEC 18004 table 9).
const LEVELS = {
  L: {
    bits: 1,
    eccPerBlock: [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    blocks: [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  },
  M: {
    bits: 0,
    eccPerBlock: [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
    blocks: [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
  },
  Q: {
    bits: 3,
    eccPerBlock: [13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    blocks: [1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
  },
  H: {
    bits: 2,
    eccPerBlock: [17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    blocks: [1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
  },
};

// The eight data masks: a module at row y, column x is inverted where
// its mask's condition holds.
const MASKS = [
  (x, y) => (x + y) % 2 === 0,
  (x, y) => y % 2 === 0,
  (x, y) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(y / 2) + Math.floor(x / 3)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** The QR code of `text`: `{ version, mask, size, modules }`, where
 *  `modules[y][x]` is true for a dark module. Throws if the text is
 *  longer than version 40 holds at this level. */
export function qrMatrix(text, { ecl = "M" } = {}) {
  const level = LEVELS[ecl];
  if (!level) throw new Error(`unknown error-correction level ${ecl}`);
  const bytes = new TextEncoder().encode(text);

  // The smallest version whose data codewords hold the mode indicator,
  // the character count (8 bits up to version 9, 16 from 10) and the bytes.
  for (let version = 1; version <= 40; version++) {
    const blocks = level.blocks[version - 1];
    const eccPerBlock = level.eccPerBlock[version - 1];
    const codewords = Math.floor(dataModules(version) / 8);
    const dataCodewords = codewords - blocks * eccPerBlock;
    const countBits = version < 10 ? 8 : 16;
    if (4 + countBits + 8 * bytes.length > 8 * dataCodewords) continue;

    const data = dataCodewordsOf(bytes, countBits, dataCodewords);
    const symbol = functionPatterns(version);
    placeCodewords(symbol, interleave(data, blocks, eccPerBlock, codewords));

    // Every mask is tried with its format information drawn, and the one
    // with the lowest penalty is kept (the first, on a tie).
    let best = null;
    MASKS.forEach((condition, mask) => {
      const modules = symbol.modules.map((row, y) =>
        row.map((dark, x) => (symbol.reserved[y][x] ? dark : dark !== condition(x, y))));
      drawFormatInformation(modules, level.bits, mask);
      const score = penalty(modules);
      if (!best || score < best.score) best = { score, mask, modules };
    });
    return { version, mask: best.mask, size: symbol.size, modules: best.modules };
  }
  throw new Error(`too long for a QR code at level ${ecl}: ${bytes.length} bytes`);
}

// The data codewords: mode indicator 0100 (byte), character count, the
// bytes, a terminator of up to four 0 bits, 0 bits to the next codeword,
// then the pad codewords 11101100 and 00010001 in turn.
function dataCodewordsOf(bytes, countBits, dataCodewords) {
  const bits = [];
  const put = (value, length) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, countBits);
  for (const byte of bytes) put(byte, 8);
  put(0, Math.min(4, 8 * dataCodewords - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  const data = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit));
  for (let pad = 0xec; data.length < dataCodewords; pad ^= 0xec ^ 0x11) data.push(pad);
  return data;
}

// The data codewords split into blocks (the later blocks one data
// codeword longer when they do not divide evenly), each given its
// Reed–Solomon error-correction codewords; the final sequence takes the
// blocks' data codewords in turn, then their error-correction codewords.
function interleave(data, blocks, eccPerBlock, codewords) {
  const shortBlocks = blocks - (codewords % blocks);
  const shortData = Math.floor(codewords / blocks) - eccPerBlock;
  const generator = generatorPolynomial(eccPerBlock);
  const dataBlocks = [];
  const eccBlocks = [];
  for (let b = 0, start = 0; b < blocks; b++) {
    const block = data.slice(start, (start += shortData + (b < shortBlocks ? 0 : 1)));
    dataBlocks.push(block);
    eccBlocks.push(remainder(block, generator));
  }
  const result = [];
  for (let i = 0; i <= shortData; i++) for (const block of dataBlocks) if (i < block.length) result.push(block[i]);
  for (let i = 0; i < eccPerBlock; i++) for (const block of eccBlocks) result.push(block[i]);
  return result;
}

// GF(256) with the field's polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D).
const EXP = new Array(255);
const LOG = new Array(256);
for (let i = 0, value = 1; i < 255; i++, value = (value << 1) ^ (value & 0x80 ? 0x11d : 0)) {
  EXP[i] = value;
  LOG[value] = i;
}
const multiply = (a, b) => (a && b ? EXP[(LOG[a] + LOG[b]) % 255] : 0);

// (x − α⁰)(x − α¹)…(x − αⁿ⁻¹), coefficients from the highest degree,
// the leading 1 left out.
function generatorPolynomial(degree) {
  let poly = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array(poly.length + 1).fill(0);
    poly.forEach((c, j) => {
      next[j] ^= c;
      next[j + 1] ^= multiply(c, EXP[i]);
    });
    poly = next;
  }
  return poly.slice(1);
}

// The error-correction codewords: the remainder of the block times xⁿ
// divided by the generator polynomial.
function remainder(block, generator) {
  const result = new Array(generator.length).fill(0);
  for (const codeword of block) {
    const factor = codeword ^ result.shift();
    result.push(0);
    generator.forEach((c, i) => (result[i] ^= multiply(c, factor)));
  }
  return result;
}

// The rows (and columns) of the alignment patterns' centres: 6, then
// evenly spaced (by an even step) up to size − 7.
function alignmentPositions(version) {
  if (version === 1) return [];
  const size = 17 + 4 * version;
  const count = Math.floor(version / 7) + 2;
  const step = version === 32 ? 26 : Math.ceil((size - 13) / (2 * count - 2)) * 2;
  return [6, ...Array.from({ length: count - 1 }, (_, i) => size - 7 - (count - 2 - i) * step)];
}

// The modules left for codewords and remainder bits: all but the three
// finder patterns with their separators (64 each), the two copies of the
// format information and the dark module (31), the timing patterns
// between the separators, the alignment patterns (25 each, 5 fewer for
// those crossing a timing pattern) and the two copies of the version
// information (18 each, from version 7).
function dataModules(version) {
  const size = 17 + 4 * version;
  const n = alignmentPositions(version).length;
  const alignment = n ? 25 * (n * n - 3) - 5 * 2 * (n - 2) : 0;
  return size * size - 3 * 64 - 31 - 2 * (size - 16) - alignment - (version >= 7 ? 36 : 0);
}

// The symbol's function patterns: finder patterns with their
// separators, timing patterns, alignment patterns, the dark module, and
// the areas reserved for format and version information.
function functionPatterns(version) {
  const size = 17 + 4 * version;
  const modules = Array.from({ length: size }, () => new Array(size).fill(false));
  const reserved = Array.from({ length: size }, () => new Array(size).fill(false));
  const set = (x, y, dark) => {
    modules[y][x] = dark;
    reserved[y][x] = true;
  };

  // Timing patterns: alternating modules on row and column 6.
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  // Finder patterns: 7×7 rings around a 3×3 square, light separators.
  for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        const ring = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, ring !== 2 && ring !== 4);
      }
    }
  }
  // Alignment patterns: centred on every pair of positions but the three
  // in the finder patterns' corners. Those on row or column 6 cross the
  // timing patterns, and agree with them.
  const positions = alignmentPositions(version);
  const last = positions.length - 1;
  positions.forEach((cy, i) => positions.forEach((cx, j) => {
    if ((i === 0 && (j === 0 || j === last)) || (i === last && j === 0)) return;
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
  }));
  // Format information (drawn per mask) beside the finder patterns.
  for (let i = 0; i < 9; i++) {
    if (!reserved[8][i]) set(i, 8, false);
    if (!reserved[i][8]) set(8, i, false);
  }
  for (let i = 0; i < 8; i++) {
    set(size - 1 - i, 8, false);
    set(8, size - 1 - i, false);
  }
  set(8, size - 8, true);
  // Version information (versions 7 and up): 6 bits of version, 12 of
  // BCH code, in a 3×6 block left of the upper right finder pattern
  // and a 6×3 block above the lower left one.
  if (version >= 7) {
    const bits = (version << 12) | bch(version, 0x1f25, 12);
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      set(size - 11 + (i % 3), Math.floor(i / 3), dark);
      set(Math.floor(i / 3), size - 11 + (i % 3), dark);
    }
  }
  return { size, modules, reserved };
}

// The remainder of `value`·xⁿ divided by a BCH generator polynomial.
function bch(value, generator, degree) {
  let rest = value << degree;
  for (let bit = 31 - Math.clz32(rest); bit >= degree; bit--) {
    if ((rest >>> bit) & 1) rest ^= generator << (bit - degree);
  }
  return rest;
}

// The codewords, most significant bit first, in two-module columns from
// the lower right corner, up then down in turn, skipping the vertical
// timing pattern's column and every function module. Modules left over
// are remainder bits: light.
function placeCodewords({ size, modules, reserved }, codewords) {
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let step = 0; step < size; step++) {
      const y = upward ? size - 1 - step : step;
      for (const x of [right, right - 1]) {
        if (reserved[y][x] || i >= codewords.length * 8) continue;
        modules[y][x] = ((codewords[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
        i++;
      }
    }
  }
}

// Format information: 2 bits of level, 3 of mask, 10 of BCH code, XORed
// with 101010000010010 so it is never all light; one copy around the
// upper left finder pattern, one split beside the other two.
function drawFormatInformation(modules, levelBits, mask) {
  const size = modules.length;
  const data = (levelBits << 3) | mask;
  const bits = ((data << 10) | bch(data, 0x537, 10)) ^ 0x5412;
  const bit = (i) => ((bits >>> i) & 1) === 1;
  for (let i = 0; i < 15; i++) {
    // Bits 0–7 go up column 8 (skipping the timing pattern's row 6),
    // bits 8–14 go left along row 8 (skipping its column 6).
    if (i < 8) modules[i < 6 ? i : i + 1][8] = bit(i);
    else modules[8][i < 9 ? 15 - i : 14 - i] = bit(i);
    // The second copy: bits 0–7 along row 8 from the right edge, bits
    // 8–14 down column 8 to the bottom edge.
    if (i < 8) modules[8][size - 1 - i] = bit(i);
    else modules[size - 15 + i][8] = bit(i);
  }
}

// The penalty of a masked symbol (ISO/IEC 18004 7.8.3): runs of five or
// more modules of one colour in a row or column (3, plus 1 per module
// over five), 2×2 blocks of one colour (3 each), finder-like 1:1:3:1:1
// patterns with four light modules on one side (40 each; the quiet zone
// is light), and the share of dark modules (10 per 5 % from 50 %).
function penalty(modules) {
  const size = modules.length;
  let score = 0;
  // Each row and column as a string of 0 (light) and 1 (dark).
  const rows = modules.map((row) => row.map((dark) => (dark ? "1" : "0")).join(""));
  const columns = rows.map((_, x) => rows.map((row) => row[x]).join(""));
  for (const bits of [...rows, ...columns]) {
    for (const run of bits.match(/0{5,}|1{5,}/g) ?? []) score += 3 + (run.length - 5);
    const quiet = `0000${bits}0000`;
    for (let i = quiet.indexOf("1011101"); i >= 0; i = quiet.indexOf("1011101", i + 1)) {
      if (quiet.startsWith("0000", i - 4) || quiet.startsWith("0000", i + 7)) score += 40;
    }
  }
  for (let y = 0; y + 1 < size; y++) {
    for (let x = 0; x + 1 < size; x++) {
      const dark = modules[y][x];
      if (modules[y][x + 1] === dark && modules[y + 1][x] === dark && modules[y + 1][x + 1] === dark) score += 3;
    }
  }
  const darkCount = modules.reduce((count, row) => count + row.filter(Boolean).length, 0);
  score += 10 * Math.floor(Math.abs(darkCount * 100 - size * size * 50) / (size * size * 5));
  return score;
}

/** The QR code of `text` as the text of an `<svg>` element: a 4-module
 *  quiet zone, black on white, scaling to its container (a viewBox and
 *  no pixel size), announced as an image labelled `label`. A string, so
 *  it is the same in node and in a page (`element.innerHTML = qrSvg(…)`). */
export function qrSvg(text, { ecl = "M", label = `QR code of ${text}` } = {}) {
  const { size, modules } = qrMatrix(text, { ecl });
  const quiet = 4;
  const side = size + 2 * quiet;
  // One path: each horizontal run of dark modules is one rectangle.
  let path = "";
  modules.forEach((row, y) => {
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue;
      const start = x;
      while (x + 1 < size && row[x + 1]) x++;
      path += `M${start + quiet} ${y + quiet}h${x + 1 - start}v1h${start - x - 1}z`;
    }
  });
  const escaped = label.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" role="img" aria-label="${escaped}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}
