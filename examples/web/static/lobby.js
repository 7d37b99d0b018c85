// The server's pages: the lobby at / (make a table, see the tables) and a
// table at /table/ID (join it by name, wait for the others, then play or
// watch). A seat's token is kept in this browser's localStorage; the
// address /table/ID#token=... gives it to another device. A private
// table's invite comes in its link, /table/ID#invite=..., and is kept
// beside the token; a public table needs none.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const tokenKey = (table) => `phase10-token:${table}`;
  const inviteKey = (table) => `phase10-invite:${table}`;

  async function post(path, body) {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.reason || `the server answered ${response.status}`);
    return answer;
  }

  function show(section) {
    for (const id of ["lobby", "waiting", "game"]) $(id).hidden = id !== section;
  }

  function describe(listing) {
    const people = listing.seats.filter((seat) => !seat.bot);
    const free = people.filter((seat) => seat.name === null).length;
    const names = listing.seats.map((seat) => seat.name || "(free)").join(", ");
    const state = listing.over ? "game over" : listing.started ? "playing" :
      `${free} seat${free === 1 ? "" : "s"} free`;
    return `${names} · ${listing.rules} · ${state}`;
  }

  async function lobby() {
    show("lobby");
    $("where").textContent = "the lobby";
    const presets = await (await fetch("/api/presets")).json();
    for (const name of presets) {
      const option = document.createElement("option");
      option.value = option.textContent = name;
      $("rules").appendChild(option);
    }
    const tables = await (await fetch("/api/tables")).json();
    const list = $("tables");
    if (!tables.length) list.textContent = "None yet: make one.";
    for (const listing of tables) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = `/table/${listing.table}`;
      link.textContent = describe(listing);
      item.appendChild(link);
      list.appendChild(item);
    }
    $("create").addEventListener("submit", async (event) => {
      event.preventDefault();
      const form = new FormData(event.target);
      try {
        const made = await post("/api/tables", {
          name: form.get("name"),
          people: Number(form.get("people")),
          bots: Number(form.get("bots")),
          rules: form.get("rules"),
          public: form.get("public") === "on",
        });
        localStorage.setItem(tokenKey(made.table), made.token);
        if (made.invite) localStorage.setItem(inviteKey(made.table), made.invite);
        location.assign(`/table/${made.table}`);
      } catch (error) {
        $("lobby-message").textContent = error.message;
      }
    });
  }

  function table(id) {
    const fragment = new URLSearchParams(location.hash.slice(1));
    for (const [name, key] of [["token", tokenKey], ["invite", inviteKey]]) {
      if (fragment.has(name)) localStorage.setItem(key(id), fragment.get(name));
    }
    if (fragment.has("token") || fragment.has("invite")) {
      history.replaceState(null, "", location.pathname); // out of sight and history
    }
    const token = localStorage.getItem(tokenKey(id));
    const share = `${location.origin}/table/${id}`;
    function showInvite(invite) {
      if (invite) localStorage.setItem(inviteKey(id), invite);
      const known = localStorage.getItem(inviteKey(id));
      const link = known ? `${share}#invite=${known}` : share;
      $("share").href = $("share").textContent = link;
    }
    showInvite(null);
    if (token) {
      $("device").hidden = false;
      $("device-link").href = $("device-link").textContent = `${share}#token=${token}`;
    }
    $("join").addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        const joined = await post(`/api/tables/${id}/join`, {
          name: new FormData(event.target).get("name"),
          invite: localStorage.getItem(inviteKey(id)),
        });
        localStorage.setItem(tokenKey(id), joined.token);
        location.reload();
      } catch (error) {
        $("waiting-message").textContent = error.message;
      }
    });
    $("start").addEventListener("click", async () => {
      try {
        await post(`/api/tables/${id}/start`, { token });
      } catch (error) {
        $("waiting-message").textContent = error.message;
      }
    });
    function onLobby(message) {
      show("waiting");
      const room = message.room;
      showInvite(room.invite);
      const seats = room.listing.seats;
      const list = $("seat-list");
      list.innerHTML = "";
      const hosting = room.you !== null && room.you === room.listing.host;
      for (const seat of seats) {
        const item = document.createElement("li");
        const who = seat.bot ? `${seat.name} (a bot)` : seat.name === null ? "free" : seat.name;
        const here = room.connected.includes(seat.seat) ? " · here" : "";
        const you = room.you === seat.seat ? " (you)" : "";
        item.textContent = `seat ${seat.seat}: ${who}${you}${here}`;
        if (hosting && !seat.bot && seat.name !== null && seat.seat !== room.you) {
          // The host frees a seat taken by mistake.
          const free = document.createElement("button");
          free.className = "free";
          free.textContent = "Free this seat";
          free.addEventListener("click", async () => {
            try {
              await post(`/api/tables/${id}/free`, { token, seat: seat.seat });
            } catch (error) {
              $("waiting-message").textContent = error.message;
            }
          });
          item.append(" ", free);
        }
        list.appendChild(item);
      }
      const free = seats.some((seat) => !seat.bot && seat.name === null);
      $("join").hidden = room.you !== null || !free;
      $("start").hidden = room.you === null || room.you !== room.listing.host;
      $("where").textContent = room.you === null ? "watching" : "your table";
    }
    function onUpdate(message) {
      show("game");
      if (message.room) showInvite(message.room.invite);
      $("where").textContent = message.seat === null ? "watching" : "your seat";
    }
    connectToServer(id, token, onLobby, onUpdate, localStorage.getItem(inviteKey(id)));
  }

  const match = location.pathname.match(/^\/table\/([A-Za-z0-9_-]+)$/);
  if (match) table(match[1]);
  else lobby();
})();
