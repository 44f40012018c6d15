// The lesson: a few positions, each with a goal, that teach how pieces
// move. The legal moves and what a move leads to come from the server
// (POST /api/gt/position); the lesson's own content is only which move
// each step asks for.
import { api, showError, announce, say } from "/api.js";
import { colorName, reasonText, squareOrder, plainBoard, targetsFrom } from "/board.js";
import { loadLanguage, onLanguageChange, t, localize } from "/i18n.js";

// The page's words, in the reader's language, before anything is drawn.
await loadLanguage(["lesson", "gt", "refusals"]);

const $ = (id) => document.getElementById(id);

// Each step: a position with Red to move, what it teaches (its title,
// text and praise as message ids), and the moves
// that reach its goal (a move as the server sends it: `from`, `to`,
// `stones`, `text`). A guided step marks only the moves that reach its
// goal: the first one asks the newcomer to tap "a green dot", so every
// dot must be right.
const STEPS = [
  {
    title: "lesson-height-title",
    text: "lesson-height-text",
    position: "RG6/7/7/3r33/7/7/6BG r",
    goal: (move) => move.from === "D4" && move.stones === 3,
    guided: true,
    praise: "lesson-height-praise",
  },
  {
    title: "lesson-split-title",
    text: "lesson-split-text",
    position: "RG6/7/7/3r33/7/7/6BG r",
    goal: (move) => move.from === "D4" && move.stones === 1,
    praise: "lesson-split-praise",
  },
  {
    title: "lesson-stack-title",
    text: "lesson-stack-text",
    position: "RG6/7/3r13/3r13/7/7/6BG r",
    goal: (move) => ["D4-D5-1", "D5-D4-1"].includes(move.text),
    praise: "lesson-stack-praise",
  },
  {
    title: "lesson-capture-title",
    text: "lesson-capture-text",
    position: "RG6/3b23/7/1b31r23/7/7/6BG r",
    goal: (move) => move.text === "D4-D6-2",
    praise: "lesson-capture-praise",
  },
  {
    title: "lesson-guard-title",
    text: "lesson-guard-text",
    position: "7/7/3b43/3RG3/7/7/6BG r",
    goal: (move) => move.text === "D4-D5-1",
    praise: "lesson-guard-praise",
  },
  {
    title: "lesson-capture-guard-title",
    text: "lesson-capture-guard-text",
    position: "RG6/7/7/7/2r14/2BG4/7 r",
    goal: (move) => move.text === "C3-C2-1",
    praise: "lesson-capture-guard-praise",
  },
  {
    title: "lesson-castle-title",
    text: "lesson-castle-text",
    position: "7/7/7/7/7/3RG3/BG6 r",
    goal: (move) => move.text === "D2-D1-1",
    praise: "lesson-castle-praise",
  },
];

// `feedback`: what the banner says about the last move, to say again in
// another language.
const lesson = { step: 0, position: null, board: null, legal: [], last: [], selected: null, focus: "D4", solved: false, feedback: null };

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
  localize($("progress"), "lesson-progress", { step: index + 1, total: STEPS.length });
  localize($("title"), step.title);
  localize($("text"), step.text);
  lesson.feedback = null;
  $("feedback").hidden = true;
  $("next").hidden = true;
  $("done").hidden = true;
  $("skip").hidden = false;
  $("again").hidden = false;
  await setPosition(step.position);
  announce(t("lesson-announce-step", { step: index + 1, total: STEPS.length, title: t(step.title), text: t(step.text) }));
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
    tell(() => solvedText(move, step, after.result), true);
    finishStep();
    return;
  }
  renderBoard();
  tell(() => t("lesson-not-goal", { move: move.text }), false);
  setTimeout(() => { if (!lesson.solved) setPosition(step.position).catch((error) => showError($("error"), error)); }, 1200);
}

// The banner's words about a move, kept to say again after a switch of
// language.
function tell(words, good) {
  lesson.feedback = { words, good };
  say(words(), good);
}

function solvedText(move, step, result) {
  const praise = t(step.praise);
  if (!result) return t("lesson-solved", { move: move.text, praise });
  const reason = reasonText(result.reason);
  if (!result.winner) return t("lesson-solved-drawn", { move: move.text, praise, reason });
  return t("lesson-solved-won", { move: move.text, praise, color: colorName(result.winner), reason });
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

// A switch of language keeps the step, its board and the selection.
onLanguageChange(() => {
  renderBoard();
  if (lesson.feedback && !$("feedback").hidden) {
    $("feedback").textContent = lesson.feedback.words();
  }
});

showStep(0).catch((error) => showError($("error"), error));
