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
