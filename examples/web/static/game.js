// The page's side of the game, shared by the server page (index.html) and
// the Pyodide page (offline.html). It shows what the engine sends for this
// seat (the picture phase10.svg drew of the seat's view, the log, the legal
// moves) and turns clicks into moves: JSON documents of the library's move
// format, which the engine checks. It knows no rule of the game itself: the
// Masters Edition's moves (choosing or declaring a phase, saving a card,
// drawing a saved one) are offered exactly when the engine lists them.
// The server's transport, with the seat's token and reconnection, is at the
// end; lobby.js uses it.
"use strict";

const MOVE = { schema: "phase10/action", version: 1 };
const TURN_STEPS = ["choose", "draw", "play"]; // the steps in which a seat moves

// transport.send(text) delivers a move (JSON text) to the engine; the engine
// answers through the returned game's receive(message).
function createGame(transport) {
  const $ = (id) => document.getElementById(id);
  let current = null; // the last update
  let groups = []; // the groups of a lay being put together, as card names
  let picked = []; // the selected cards of the hand, in the order clicked
  let updates = 0;
  let clockAt = 0; // when the last update's clock was read (ms)

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
    if (message.type === "notice") {
      say(message.text, "hint");
      return;
    }
    if (message.type === "hint") {
      showHint(message);
      return;
    }
    current = message;
    window.lastUpdate = message; // for the tests and the curious
    clockAt = Date.now();
    groups = []; // a new picture: its cards are not in any group yet
    render();
  }

  // The Hint: the seat's outs, its odds and the move advised, worked out
  // by phase10.analysis from the seat's own view (a watcher has none).
  function showHint(hint) {
    const box = $("hint-box");
    const parts = [];
    if (hint.phase !== null) {
      parts.push(`Phase ${hint.phase} (${hint.phase_text}).`);
      if (hint.made) parts.push("Your hand holds it.");
      else {
        const outs = Object.entries(hint.outs);
        const count = outs.reduce((sum, [, n]) => sum + n, 0);
        const cards = outs.map(([card, n]) => `${card}${n > 1 ? ` ×${n}` : ""}`).join(" ");
        parts.push(`${count} out${count === 1 ? "" : "s"} of ${hint.unseen} unseen cards${count ? `: ${cards}` : ""}.`);
        const odds = Object.entries(hint.odds).map(([draws, chance]) =>
          `${Math.round(100 * chance)}% within ${draws} draw${draws === "1" ? "" : "s"}`);
        if (odds.length) parts.push(`Odds: ${odds.join(", ")}.`);
      }
    }
    if (hint.advice.length) {
      const best = hint.advice[0];
      parts.push(`Advised: ${best.notation}: ${best.reason}.`);
    } else parts.push("No move of yours to make now.");
    box.textContent = parts.join(" ");
    box.hidden = false;
  }

  function render() {
    const view = current.view;
    $("hint-box").hidden = true; // a hint is of the picture it was asked on
    const myTurn = view.seat === view.current && TURN_STEPS.includes(view.step);
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
    renderSaved();
    renderRoom();
  }

  // The save piles (the Masters Edition): the seat's own, and the others'
  // as the view shows them (their cards when face up, else how many).
  function renderSaved() {
    const view = current.view;
    const box = $("saved");
    box.hidden = !view.rules.saves_per_hand;
    if (box.hidden) return;
    const cards = (list) => list.join(" ");
    const parts = [];
    if (view.seat !== null) {
      const own = view.saved || [];
      parts.push(`Your save pile: ${own.length ? cards(own) : "empty"}.`);
    }
    view.players.forEach((player, seat) => {
      const size = player.saved_size || 0;
      if (seat === view.seat || !size) return;
      const shown = player.saved && player.saved.length ? cards(player.saved) :
        `${size} card${size === 1 ? "" : "s"}, face down`;
      parts.push(`${player.name}'s save pile: ${shown}.`);
    });
    box.textContent = parts.join(" ");
  }

  // What the server says of the table: the turn's clock, who is connected,
  // who is away; and the Next hand button on the scores of a hand.
  function renderRoom() {
    const view = current.view;
    const room = current.room || null;
    const seated = view.seat !== null;
    // A watcher has no hand: no button that moves is shown to them.
    for (const id of ["discard", "group", "lay", "clear", "hint"]) $(id).hidden = !seated;
    $("low").parentElement.hidden = !seated;
    $("next").hidden = !(seated && view.step === "hand over");
    $("next").disabled = Boolean(room && room.ready.includes(view.seat));
    $("away").hidden = !current.away;
    document.body.dataset.away = current.away ? "yes" : "no";
    tick();
  }

  function tick() {
    if (!current) return;
    const view = current.view;
    const room = current.room;
    const names = view.players.map((player) => player.name);
    const parts = [];
    if (room) {
      const gone = room.listing.seats
        .filter((seat) => !seat.bot && !room.connected.includes(seat.seat))
        .map((seat) => seat.name);
      if (gone.length) parts.push(`Not connected: ${gone.join(", ")}.`);
      const away = room.away.map((seat) => names[seat]);
      if (away.length) parts.push(`A bot plays for ${away.join(", ")}.`);
      if (room.clock !== null && TURN_STEPS.includes(view.step)) {
        const left = Math.max(0, Math.round(room.clock - (Date.now() - clockAt) / 1000));
        const whose = view.current === view.seat ? "Your" : `${names[view.current]}'s`;
        parts.push(`${whose} turn: ${left} s left.`);
      }
      if (view.step === "hand over") {
        const ready = room.ready.map((seat) => names[seat]);
        parts.push(ready.length ? `Ready for the next hand: ${ready.join(", ")}.` :
          "The next hand is dealt when everyone presses Next hand.");
      }
    }
    $("status").textContent = parts.join(" ");
  }
  setInterval(tick, 1000);

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
    $("save").hidden = !legal.some((move) => move.type === "save");
    if (!legal.length) {
      const names = current.view.players.map((player) => player.name);
      const waiting = current.view.step === "game over" ? "The game is over." :
        `Waiting for ${names[current.view.current]}...`;
      box.textContent = current.view.seat === current.view.current ? "" : waiting;
      return;
    }
    const view = current.view;
    const phases = legal.filter((move) => move.type === "choose_phase");
    if (phases.length) {
      const choosing = view.step === "choose";
      const label = document.createElement("span");
      label.className = "legal heading";
      label.textContent = choosing ? "Choose your phase for this hand:" :
        "Declare the phase you will lay this turn:";
      box.appendChild(label);
      for (const move of phases) {
        const text = `Phase ${move.phase}: ${view.rules.phases[move.phase - 1]}`;
        box.appendChild(button(text, () => send(move), "suggestion phase"));
      }
    }
    for (const move of legal.filter((move) => move.type === "draw_saved")) {
      box.appendChild(button(`Draw your saved ${move.card}`, () => send(move), "suggestion saved"));
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
  $("save").addEventListener("click", () => {
    const card = oneSelected("save for a later hand");
    if (card !== null) send({ type: "save", card });
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
  $("next").addEventListener("click", () => {
    $("next").disabled = true;
    transport.send(JSON.stringify({ type: "ready" }));
  });
  $("back").addEventListener("click", () => transport.send(JSON.stringify({ type: "back" })));
  $("hint").addEventListener("click", () => {
    say("");
    transport.send(JSON.stringify({ type: "hint" }));
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

// The server's transport: one WebSocket to a table, which says hello with
// the seat's token (none to watch; and the table's invite, if known) and
// reconnects by itself, waiting 1, 2, 4 ... up to 30 seconds between tries,
// until the server answers again. The
// state of the connection is on the page (#connection) and in
// body[data-connection]. onLobby(message) gets the table's seating before
// its game starts, onUpdate(message) each update of the game.
const NARROW = "(max-width: 600px)";

function connectToServer(tableId, token, onLobby, onUpdate, invite = null) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`;
  const badge = document.getElementById("connection");
  let socket = null;
  let tries = 0;
  let lastRefusal = "";
  function show(state, text) {
    document.body.dataset.connection = state;
    badge.textContent = text;
    badge.className = state;
  }
  const game = createGame({
    send(text) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(text);
      else game.say("Not connected to the server: nothing was sent. Reconnecting...", "refused");
    },
  });
  function open() {
    show("connecting", "Connecting...");
    socket = new WebSocket(url);
    let last = null; // the last update, whole
    let parts = []; // its picture, in the parts the server cut it in
    socket.addEventListener("open", () => {
      const narrow = window.matchMedia(NARROW).matches;
      // The invite lets a watcher in where only invited people may watch.
      socket.send(JSON.stringify({ type: "hello", token, invite, narrow, patches: true }));
    });
    socket.addEventListener("message", (event) => {
      let message = JSON.parse(event.data);
      if (message.picture_parts) {
        // What changed since the last update (a patch), or a whole update;
        // the picture's parts are text, or the index of a part of the last.
        parts = message.picture_parts.map((part) => typeof part === "number" ? parts[part] : part);
        message = Object.assign({}, message.type === "patch" ? last : {}, message);
        message.type = "update";
        message.picture = parts.join("");
        delete message.picture_parts;
        last = message;
      }
      if (message.type === "refused") lastRefusal = message.reason;
      else {
        tries = 0;
        show("open", "Connected");
      }
      if (message.type === "lobby") onLobby(message);
      else {
        if (message.type === "update") onUpdate(message);
        game.receive(message);
      }
    });
    socket.addEventListener("close", (event) => {
      if (event.code === 4003 || event.code === 4009) {
        // Refused, or the seat was opened on another page: trying again
        // would do the same.
        show("closed", event.code === 4009 ? "Playing on another page" : `Refused: ${lastRefusal}`);
        return;
      }
      const seconds = Math.min(30, 2 ** tries) * (0.8 + 0.4 * Math.random());
      tries += 1;
      const at = Date.now() + seconds * 1000;
      const count = () => {
        const left = Math.ceil((at - Date.now()) / 1000);
        if (left > 0 && document.body.dataset.connection === "reconnecting") {
          badge.textContent = `Connection lost: trying again in ${left} s`;
          setTimeout(count, 500);
        }
      };
      show("reconnecting", "");
      count();
      setTimeout(open, seconds * 1000);
    });
  }
  open();
  return game;
}
