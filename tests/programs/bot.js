// A bot in another language, for the tests of the bot protocol: it speaks
// JSON lines on its standard input and output, as any program may.
// It plays the first legal move that lays or hits, else a move drawn from
// the legal ones by a small generator seeded by the host's hello.
"use strict";
const readline = require("readline");

let seed = 1; // the host's, from hello
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
    say({ type: "ready", name: "bot.js" });
  } else if (message.type === "choose") {
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

function say(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}
