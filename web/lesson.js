// The lesson: a few positions, each with a goal, that teach how pieces
// move. The legal moves and what a move leads to come from the server
// (POST /api/gt/position); the lesson's own content is only which move
// each step asks for.
import { api, showError, announce, say } from "/api.js";
import { NAMES, squareOrder, plainBoard, targetsFrom } from "/board.js";
import { loadLanguage } from "/i18n.js";

// The page's words, in the reader's language, before anything is drawn.
await loadLanguage(["lesson", "gt", "refusals"]);

const $ = (id) => document.getElementById(id);

// Each step: a position with Red to move, what it teaches, and the moves
// that reach its goal (a move as the server sends it: `from`, `to`,
// `stones`, `text`). A guided step marks only the moves that reach its
// goal: the first one asks the newcomer to tap "a green dot", so every
// dot must be right.
const STEPS = [
  {
    title: "Height is distance",
    text: "A tower moves in a straight line, forward, back or sideways, exactly as many squares as it is tall. Move the whole tower of 3 on D4: tap it, then a green dot.",
    position: "RG6/7/7/3r33/7/7/6BG r",
    goal: (move) => move.from === "D4" && move.stones === 3,
    guided: true,
    praise: "Three stones, three squares.",
  },
  {
    title: "Splitting",
    text: "You may move only the top stones of a tower: as many squares as stones you take. Move one stone off the tower of 3: one square.",
    position: "RG6/7/7/3r33/7/7/6BG r",
    goal: (move) => move.from === "D4" && move.stones === 1,
    praise: "One stone went one square; two stayed behind.",
  },
  {
    title: "Stacking",
    text: "A piece that lands on your own tower stacks on it, and the taller tower can travel further. Stack your two towers of 1 into one tower of 2.",
    position: "RG6/7/3r13/3r13/7/7/6BG r",
    goal: (move) => ["D4-D5-1", "D5-D4-1"].includes(move.text),
    praise: "Two stones in one tower: it now moves two squares at a time.",
  },
  {
    title: "Captures",
    text: "A tower captures an enemy tower that is no taller than the stones it moves, by landing on it; no piece jumps over another. Capture the blue tower your tower of 2 can take.",
    position: "RG6/3b23/7/1b31r23/7/7/6BG r",
    goal: (move) => move.text === "D4-D6-2",
    praise: "The blue tower of 2 is gone. The blue 3 on B4 was too tall for two stones.",
  },
  {
    title: "The guard",
    text: "The guard (the crowned piece) moves one square and captures anything, however tall. Take the blue tower of 4 with your guard.",
    position: "7/7/3b43/3RG3/7/7/6BG r",
    goal: (move) => move.text === "D4-D5-1",
    praise: "Guards are strong, and also the piece you must not lose: a captured guard loses the game.",
  },
  {
    title: "Capturing the guard",
    text: "Any tower, even a single stone, captures the enemy guard, and that wins the game. Win now.",
    position: "RG6/7/7/7/2r14/2BG4/7 r",
    goal: (move) => move.text === "C3-C2-1",
    praise: "The guard is taken.",
  },
  {
    title: "The castles",
    text: "The ringed centre squares are the castles: D1 is Blue's, D7 is Red's. Bring your guard onto the enemy's castle and you win. Win now.",
    position: "7/7/7/7/7/3RG3/BG6 r",
    goal: (move) => move.text === "D2-D1-1",
    praise: "Your guard is home in the enemy castle. Those are all the rules.",
  },
];

const lesson = { step: 0, position: null, board: null, legal: [], last: [], selected: null, focus: "D4", solved: false };

// Red is at the bottom, as for a player of Red.
const ORDER = squareOrder("red");

async function ask(position, move) {
  return api("POST", "/api/gt/position", move ? { position, move } : { position });
}

async function showStep(index) {
  lesson.step = index;
  lesson.selected = null;
  lesson.solved = false;
  const step = STEPS[index];
  $("progress").textContent = `Step ${index + 1} of ${STEPS.length}`;
  $("title").textContent = step.title;
  $("text").textContent = step.text;
  $("feedback").hidden = true;
  $("next").hidden = true;
  $("done").hidden = true;
  $("skip").hidden = false;
  $("again").hidden = false;
  await setPosition(step.position);
  announce(`Step ${index + 1} of ${STEPS.length}: ${step.title}. ${step.text}`);
}

async function setPosition(position) {
  const answer = await ask(position);
  lesson.position = answer.position;
  lesson.board = answer.board;
  lesson.legal = answer.legal;
  renderBoard();
}

function targetsOf(square) {
  if (lesson.solved) return [];
  const step = STEPS[lesson.step];
  return targetsFrom(lesson.legal.filter((move) => !step.guided || step.goal(move)), square);
}

const renderBoard = plainBoard($("board"), {
  state: lesson,
  order: () => ORDER,
  targetsOf,
  play: (move) => play(move).catch((error) => showError($("error"), error)),
});

async function play(move) {
  const step = STEPS[lesson.step];
  const after = await ask(lesson.position, move.text);
  lesson.position = after.position;
  lesson.board = after.board;
  lesson.legal = [];
  if (step.goal(move)) {
    lesson.solved = true;
    renderBoard();
    const verdict = after.result ? ` ${NAMES[after.result.winner] || "Nobody"} wins: ${after.result.reason}.` : "";
    say(`${move.text}: ${step.praise}${verdict}`, true);
    finishStep();
    return;
  }
  renderBoard();
  say(`${move.text} is a legal move, but not this step's goal. The board is set up again: try once more.`, false);
  setTimeout(() => { if (!lesson.solved) setPosition(step.position).catch((error) => showError($("error"), error)); }, 1200);
}

function finishStep() {
  const last = lesson.step === STEPS.length - 1;
  $("next").hidden = last;
  $("done").hidden = !last;
  // After the last card there is nothing to skip to or start again.
  $("skip").hidden = last;
  $("again").hidden = last;
  (last ? $("done").querySelector("a") : $("next")).focus();
}

$("next").addEventListener("click", () => showStep(lesson.step + 1).catch((error) => showError($("error"), error)));
$("skip").addEventListener("click", () => {
  if (lesson.step < STEPS.length - 1) showStep(lesson.step + 1).catch((error) => showError($("error"), error));
  else finishStep();
});
$("again").addEventListener("click", () => showStep(lesson.step).catch((error) => showError($("error"), error)));

showStep(0).catch((error) => showError($("error"), error));
