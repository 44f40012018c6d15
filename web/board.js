// What the Guard & Towers pages share to draw a board and say a score:
// reading the position notation for display (never to decide a rule)
// and the engine's score in the player's words.

export const COLUMNS = "ABCDEFG";
export const NAMES = { red: "Red", blue: "Blue" };

// Position notation to a map square -> piece (display only).
export function parsePosition(text) {
  const pieces = {};
  const ranks = text.split(" ")[0].split("/");
  ranks.forEach((rankText, index) => {
    const rank = 7 - index;
    let column = 0;
    for (let i = 0; i < rankText.length;) {
      const c = rankText[i];
      if (c === "r" || c === "b") {
        pieces[COLUMNS[column] + rank] = { color: c === "r" ? "red" : "blue", height: Number(rankText[i + 1]) };
        column += 1;
        i += 2;
      } else if (c === "R" || c === "B") {
        pieces[COLUMNS[column] + rank] = { color: c === "R" ? "red" : "blue", guard: true };
        column += 1;
        i += 2;
      } else {
        column += Number(c);
        i += 1;
      }
    }
  });
  return pieces;
}

export function describe(square, piece) {
  if (!piece) return `${square}, empty`;
  if (piece.guard) return `${square}, ${piece.color} guard`;
  return `${square}, ${piece.color} tower of ${piece.height}`;
}

// The engine's score (`cp N`, `win N`, `loss N`, for `mover`) as the
// winning share of `seat`, 0 to 1.
export function scoreFor(score, mover, seat) {
  const [kind, value] = score.split(" ");
  let moverShare;
  if (kind === "cp") moverShare = 1 / (1 + Math.exp(-Number(value) / 200));
  else moverShare = kind === "win" ? 1 : 0;
  return mover === seat ? moverShare : 1 - moverShare;
}

// The score in words: who is ahead by how many stones (100 centistones
// are one tower stone), or who wins in how many moves.
export function scoreText(score, mover) {
  const [kind, value] = score.split(" ");
  const opponent = mover === "red" ? "blue" : "red";
  if (kind === "win") return `${NAMES[mover]} wins in ${value}.`;
  if (kind === "loss") return `${NAMES[opponent]} wins in ${value}.`;
  const stones = Number(value) / 100;
  if (Math.abs(stones) < 0.05) return "Level.";
  const ahead = stones > 0 ? mover : opponent;
  const amount = Math.abs(stones).toFixed(1);
  return `${NAMES[ahead]} is ahead by ${amount} stone${amount === "1.0" ? "" : "s"}.`;
}

// A forced win counts more than any material lead, sooner more than later.
const FORCED = 100000;
// Leads beyond this many centistones (50 stones) count as this much: only
// a forced result is worth more.
const MOST_CP = 5000;

// The engine's score as points for `seat` (centistones; a forced win
// nearly FORCED, a forced loss nearly minus it). Unlike the winning
// share, points do not flatten near the ends: a forced win thrown away
// is the costliest move there is.
export function scorePoints(score, mover, seat) {
  const [kind, value] = score.split(" ");
  let points;
  if (kind === "win") points = FORCED - Number(value);
  else if (kind === "loss") points = Number(value) - FORCED;
  else points = Math.max(-MOST_CP, Math.min(MOST_CP, Number(value)));
  return mover === seat ? points : -points;
}

// What a move that took its player from `before` to `after` points was:
// a blunder (a forced win let go, a forced loss walked into, or three
// stones or more lost), a mistake (one and a half), an inaccuracy (half
// a stone), or nothing to speak of (null).
export function mistakeKind(before, after) {
  const winning = (points) => points > FORCED / 2;
  const losing = (points) => points < -FORCED / 2;
  const cost = before - after;
  if ((winning(before) && !winning(after)) || (losing(after) && !losing(before)) || cost >= 300) return "blunder";
  if (cost >= 150) return "mistake";
  if (cost >= 50) return "inaccuracy";
  return null;
}
