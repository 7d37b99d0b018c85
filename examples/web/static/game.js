// The page's side of the game, shared by the server page (index.html) and
// the Pyodide page (offline.html). It shows what the engine sends for this
// seat (the picture phase10.svg drew of the seat's view, the log, the legal
// moves) and turns clicks into moves: JSON documents of the library's move
// format, which the engine checks. It knows no rule of the game itself.
"use strict";

const MOVE = { schema: "phase10/action", version: 1 };

// transport.send(text) delivers a move (JSON text) to the engine; the engine
// answers through the returned game's receive(message).
function createGame(transport) {
  const $ = (id) => document.getElementById(id);
  let current = null; // the last update
  let groups = []; // the groups of a lay being put together, as card names
  let picked = []; // the selected cards of the hand, in the order clicked
  let updates = 0;

  function say(text, kind) {
    const box = $("message");
    box.textContent = text;
    box.className = kind || "";
  }

  function send(move) {
    say("");
    transport.send(JSON.stringify(Object.assign({}, MOVE, move)));
  }

  function selectedCards() {
    return picked.filter((card) => card.isConnected);
  }

  function unselect(cards) {
    for (const card of cards) card.classList.remove("selected");
    picked = picked.filter((card) => !cards.includes(card));
  }

  function selectedNames() {
    return selectedCards().map((card) => card.dataset.card);
  }

  function oneSelected(what) {
    const names = selectedNames();
    if (names.length !== 1) {
      say(`Select one card of your hand to ${what}.`, "hint");
      return null;
    }
    return names[0];
  }

  function receive(message) {
    updates += 1;
    document.body.dataset.updates = String(updates);
    if (message.type === "refused") {
      say(message.reason, "refused");
      return;
    }
    current = message;
    groups = []; // a new picture: its cards are not in any group yet
    render();
  }

  function render() {
    const view = current.view;
    const myTurn = view.seat === view.current && (view.step === "draw" || view.step === "play");
    document.body.dataset.turn = myTurn ? "yes" : "no";
    document.body.dataset.step = view.step;
    $("board").innerHTML = current.picture;
    $("text").textContent = current.text;
    const log = $("log");
    log.innerHTML = "";
    for (const line of current.log) {
      const item = document.createElement("li");
      item.textContent = line;
      log.appendChild(item);
    }
    log.scrollTop = log.scrollHeight;
    wireBoard();
    renderGroups();
    renderSuggestions();
  }

  function wireBoard() {
    const board = $("board");
    picked = [];
    for (const card of board.querySelectorAll(".hand .card")) {
      card.addEventListener("click", () => {
        if (card.classList.contains("grouped")) return;
        if (card.classList.contains("selected")) unselect([card]);
        else {
          card.classList.add("selected");
          picked.push(card);
        }
      });
    }
    const draw = board.querySelector('.pile[data-pile="draw"]');
    if (draw) draw.addEventListener("click", () => send({ type: "draw", source: "draw" }));
    const take = board.querySelector('.pile[data-pile="discard"]');
    if (take) take.addEventListener("click", () => send({ type: "draw", source: "discard" }));
    for (const meld of board.querySelectorAll(".meld")) {
      meld.addEventListener("click", () => {
        const card = oneSelected("hit");
        if (card === null) return;
        const end = card === "W" && $("low").checked ? "low" : null;
        send({ type: "hit", card, meld: Number(meld.dataset.meld), end });
      });
    }
    for (const player of board.querySelectorAll(".player")) {
      player.addEventListener("click", () => {
        if (oneSelected("play on a player") !== "S") {
          say("Select your Skip, then click the player to skip.", "hint");
          return;
        }
        send({ type: "skip", target: Number(player.dataset.seat) });
      });
    }
  }

  function renderGroups() {
    const box = $("groups");
    box.innerHTML = "";
    groups.forEach((group, index) => {
      const chip = document.createElement("span");
      chip.className = "group";
      chip.textContent = `group ${index}: ${group.join(" ")}`;
      box.appendChild(chip);
    });
  }

  function button(text, onClick, className) {
    const element = document.createElement("button");
    element.textContent = text;
    element.className = className || "";
    element.addEventListener("click", onClick);
    return element;
  }

  function renderSuggestions() {
    const box = $("suggestions");
    box.innerHTML = "";
    const legal = current.legal;
    if (!legal.length) {
      const names = current.view.players.map((player) => player.name);
      const waiting = current.view.step === "game over" ? "The game is over." :
        `Waiting for ${names[current.view.current]}...`;
      box.textContent = current.view.seat === current.view.current ? "" : waiting;
      return;
    }
    const lays = legal.filter((move) => move.type === "lay_phase").slice(0, 4);
    for (const move of lays) {
      const label = "Lay " + move.groups.map((group) => group.join(" ")).join(" | ");
      box.appendChild(button(label, () => send(move), "suggestion lay"));
    }
    for (const move of legal.filter((move) => move.type === "skip")) {
      const who = move.target === null ? "nobody" : current.view.players[move.target].name;
      box.appendChild(button(`Skip ${who}`, () => send(move), "suggestion skip"));
    }
    const kinds = new Set(legal.map((move) => move.type));
    const hint = document.createElement("span");
    hint.className = "legal";
    hint.textContent = "You may: " + Array.from(kinds).join(", ").replace(/_/g, " ");
    box.appendChild(hint);
  }

  $("discard").addEventListener("click", () => {
    const card = oneSelected("discard");
    if (card === "S") send({ type: "skip", target: null });
    else if (card !== null) send({ type: "discard", card });
  });
  $("group").addEventListener("click", () => {
    const names = selectedNames();
    if (!names.length) {
      say("Select the cards of one group, then click Make group.", "hint");
      return;
    }
    groups.push(names);
    const cards = selectedCards();
    for (const card of cards) card.classList.add("grouped");
    unselect(cards);
    renderGroups();
  });
  $("lay").addEventListener("click", () => {
    if (!groups.length) {
      say("Make your groups first: select the cards of each, then Make group.", "hint");
      return;
    }
    send({ type: "lay_phase", groups });
  });
  $("clear").addEventListener("click", () => {
    groups = [];
    unselect(selectedCards());
    for (const card of document.querySelectorAll("#board .hand .card.grouped")) {
      card.classList.remove("grouped");
    }
    renderGroups();
    say("");
  });

  return { receive, say };
}

// The server's transport: one WebSocket for this page's seat.
function connectToServer(seat) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws?seat=${seat}`);
  const game = createGame({ send: (text) => socket.send(text) });
  socket.addEventListener("message", (event) => game.receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    document.body.dataset.connection = "closed";
  });
  socket.addEventListener("open", () => {
    document.body.dataset.connection = "open";
  });
  return game;
}
