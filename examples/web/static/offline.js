// The game with no server: the engine runs in this page under Pyodide.
// examples/web/setup_offline.py puts Pyodide (from npm) and the wheels of
// phase10 and its dependencies under /build/; nothing is fetched from
// anywhere else. The page runs game_table.py, the file the server uses.
"use strict";

async function startOffline() {
  const params = new URLSearchParams(location.search);
  const where = document.getElementById("where");
  const pyodide = await loadPyodide({ indexURL: "/build/npm/node_modules/pyodide/" });
  const wheels = await (await fetch("/build/wheels.json")).json();
  await pyodide.loadPackage(wheels.map((name) => new URL(`/build/wheels/${name}`, location.href).href));
  const source = await (await fetch("/game_table.py")).text();
  pyodide.FS.writeFile("/home/pyodide/game_table.py", source);
  // No ?seed= (or not a whole number): undefined, which Python reads as None
  // (null would arrive as JsNull, which the engine refuses as a seed).
  const asked = params.has("seed") ? Number(params.get("seed")) : NaN;
  pyodide.globals.set("seed", Number.isSafeInteger(asked) && asked >= 0 ? asked : undefined);
  const table = pyodide.runPython(`
import sys
sys.path.insert(0, "/home/pyodide")
from game_table import Table
Table(["Ann", "Bob", "Cleo"], people=[0], seed=seed)
`);
  window.phase10Table = table; // for the tests and the curious: the game in this page
  const pace = params.has("pace") ? Number(params.get("pace")) : 700;
  // The scores of a finished hand stay up this long (12 s, or 4 paces).
  const handPause = params.has("pace") ? 4 * pace : 12000;

  const narrow = window.matchMedia(NARROW).matches;
  function update() {
    game.receive(JSON.parse(table.update_json(0, narrow)));
  }
  let timer = null;
  function playOn(wait) {
    if (!table.automatic()) return;
    const handOver = table.state.step.name === "HAND_OVER";
    timer = setTimeout(() => {
      timer = null;
      table.play_automatic();
      update();
      playOn();
    }, wait !== undefined ? wait : handOver ? handPause : pace);
  }
  const game = createGame({
    send(text) {
      if (JSON.parse(text).type === "hint") {
        game.receive(JSON.parse(table.hint_json(0)));
        return;
      }
      if (JSON.parse(text).type === "ready") {
        // Next hand: deal it now rather than after the pause.
        if (timer !== null && table.state.step.name === "HAND_OVER") {
          clearTimeout(timer);
          playOn(0);
        }
        return;
      }
      const refusal = table.move(0, text);
      if (refusal === undefined || refusal === null) {
        update();
        playOn();
      } else {
        game.receive({ type: "refused", reason: refusal });
      }
    },
  });
  where.textContent = `the engine runs in this page (Pyodide ${pyodide.version}): no server`;
  document.body.dataset.engine = "ready";
  document.getElementById("game").hidden = false;
  update();
  playOn();
}

startOffline().catch((error) => {
  document.getElementById("where").textContent = `could not start: ${error}`;
  document.body.dataset.engine = "failed";
});
