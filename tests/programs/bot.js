// A bot in another language, for the tests of the bot protocol: it speaks
// JSON lines on its standard input and output, as any program may.
// It plays the first legal move that lays or hits, else a move drawn from
// the legal ones by a small generator seeded by the host's hello.
// With --track it asks for the game's events, keeps the discard pile from
// them alone, and stops (exit code 4) at a question whose view disagrees.
"use strict";
const readline = require("readline");

let seed = 1; // the host's, from hello
const track = process.argv.includes("--track");
let discards = null; // the discard pile, bottom first, once a deal is told
function next() {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed;
}

const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  if (message.type === "hello") {
    if (message.protocol !== "phase10/bot" || message.version !== 1) {
      process.exit(3);
    }
    seed = message.seed % 2147483648;
    say(track ? { type: "ready", name: "bot.js", events: true } : { type: "ready", name: "bot.js" });
  } else if (message.type === "events") {
    for (const event of message.events) follow(event);
  } else if (message.type === "choose") {
    if (track) check(message.view);
    const legal = message.legal;
    const keen = legal.find((one) => ["lay_phase", "hit"].includes(one.move.type));
    const chosen = keen || legal[next() % legal.length];
    // Half the time the notation, half the time the move document.
    const move = next() % 2 ? chosen.notation : chosen.move;
    say({ type: "move", id: message.id, move: move });
  } else if (message.type === "bye") {
    input.close();
  }
});

function follow(event) {
  if (event.schema !== "phase10/event") process.exit(5);
  if (event.type === "hand_dealt") discards = [event.starter];
  else if (event.type === "card_discarded") discards.push(event.card);
  else if (event.type === "skip_played") discards.push("S");
  else if (event.type === "card_drawn" && event.source === "discard") discards.pop();
  else if (event.type === "draw_pile_shuffled") discards = discards.slice(-1);
}

function check(view) {
  const top = discards && discards.length ? discards[discards.length - 1] : null;
  if (discards === null || view.discard_size !== discards.length || view.discard_top !== top) {
    process.stderr.write(
      `bot.js: the events give a discard pile of ${discards && discards.length} ` +
        `under ${top}, the view one of ${view.discard_size} under ${view.discard_top}\n`
    );
    process.exit(4);
  }
}

function say(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}
