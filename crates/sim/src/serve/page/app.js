// The study page: builds the words of a `sim` command from the form, asks the server to run
// them as a job (POST /api/jobs, then GET /api/jobs/ID until done, DELETE to cancel), and
// shows the table the command line would write, as tables, a heat map and card grids.
"use strict";

const $ = (id) => document.getElementById(id);
const STORE = "sim-serve-ranges";
const page = { games: [], game: null, players: ["AKs,QQ+", "JJ-99"], active: 0, view: "equity",
  job: null, grid: null, suits: null };

async function api(method, path, args) {
  const init = { method, headers: {} };
  if (args) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify({ args });
  }
  const reply = await fetch(path, init);
  const text = await reply.text();
  let json = null;
  try { json = JSON.parse(text); } catch (e) { json = null; }
  return { status: reply.status, json, text, command: reply.headers.get("X-Sim-Command") };
}

const gameFlags = () => {
  const flags = [];
  if (page.game.name !== "holdem") flags.push("--game", page.game.name);
  return flags;
};

const cardFlags = () => {
  const flags = [];
  const board = $("board").value.trim();
  const dead = $("dead").value.trim();
  if (board) flags.push("--board", board);
  if (dead) flags.push("--dead", dead);
  return flags;
};

function methodFlags() {
  const method = document.querySelector("input[name=method]:checked").value;
  const flags = [];
  if (method === "exact") flags.push("--exact");
  if (method === "mc") flags.push("--rounds", $("rounds").value.trim() || "1M");
  const seed = $("seed").value.trim();
  if (seed && method !== "exact") flags.push("--seed", seed);
  return flags;
}

// The words after `sim` for the current view.
function words(view) {
  const players = page.players.map((p) => p.trim() || "random");
  if (view === "hits") {
    return ["hits", players[page.active], ...gameFlags(), ...cardFlags(), "--improve"];
  }
  const base = ["equity", ...players, ...gameFlags(), ...cardFlags(), ...methodFlags()];
  switch (view) {
    case "breakdown": return [...base, "--breakdown"];
    case "distribution": return [...base, "--distribution"];
    case "calling":
      return [...base, "--calling-range", "--pot", $("pot").value.trim(), "--call", $("call").value.trim()];
    case "runouts": {
      const board2 = $("board2").value.trim();
      return board2 ? [...base, "--boards", "2", "--board2", board2] : [...base, "--runs", $("runs").value.trim()];
    }
    case "streets": {
      const board = $("board").value.replace(/[\s,]/g, "");
      return board.length >= 6 ? [...base, "--streets", "--next-cards"] : [...base, "--streets"];
    }
    default: return base;
  }
}

// ---- players and the grid

const twoCard = () => page.game && page.game.two_card_ranges;

function renderPlayers() {
  const box = $("players");
  box.textContent = "";
  page.players.forEach((text, i) => {
    const row = document.createElement("div");
    row.className = "player" + (i === page.active ? " active" : "");
    const pick = document.createElement("input");
    pick.type = "radio";
    pick.name = "active";
    pick.checked = i === page.active;
    pick.setAttribute("aria-label", `Edit player ${i + 1} on the grid`);
    pick.addEventListener("change", () => { page.active = i; renderPlayers(); syncGrid(); });
    const input = document.createElement("input");
    input.type = "text";
    input.id = `player-${i + 1}`;
    input.value = text;
    input.spellcheck = false;
    input.autocomplete = "off";
    input.setAttribute("aria-label", `Player ${i + 1}: hand or range`);
    input.addEventListener("focus", () => {
      if (page.active !== i) {
        page.active = i;
        for (const [k, r] of [...box.children].entries()) r.classList.toggle("active", k === i);
        box.children[i].querySelector("input[type=radio]").checked = true;
        syncGrid();
      }
    });
    input.addEventListener("input", () => { page.players[i] = input.value; syncGrid(); check(); });
    const label = document.createElement("label");
    label.textContent = `P${i + 1}`;
    label.htmlFor = input.id;
    row.append(pick, label, input);
    box.appendChild(row);
  });
  $("grid-player").textContent = `player ${page.active + 1}`;
}

async function syncGrid() {
  if (!twoCard() || !page.grid) return;
  $("grid-player").textContent = `player ${page.active + 1}`;
  const text = page.players[page.active].trim();
  const top = /^(\d+(?:\.\d+)?)%$/.exec(text);
  if (top) {
    const classes = await topClasses(top[1]);
    page.grid.show(new Map([...classes].map((c) => [c, Grid.whole(c)])));
    $("grid-note").textContent = "";
  } else {
    const { cells, unread } = Grid.parse(text, page.game.short_deck);
    page.grid.show(cells);
    $("grid-note").textContent = unread.length
      ? `The grid does not show ${unread.join(", ")}; painting on it replaces the text.` : "";
  }
  if (page.suits) page.suits.show();
}

async function topClasses(percent) {
  const reply = await api("POST", "/api/run", ["rank", "--top", `${percent}%`, ...gameFlags()]);
  return new Set(reply.status === 200 ? reply.json.rows.map((r) => r.class) : []);
}

// The weight painting gives, in thousandths.
const paintWeight = () => Math.round(Number($("weight").value) * 10);

function buildGrid() {
  if (page.grid) page.grid.destroy();
  page.grid = null;
  $("grid-box").hidden = !twoCard();
  if (!twoCard()) return;
  page.grid = Grid.build($("grid"), page.game.short_deck, {
    changed: (cells) => {
      page.players[page.active] = Grid.text(cells, page.game.short_deck);
      $(`player-${page.active + 1}`).value = page.players[page.active];
      $("grid-note").textContent = "";
      page.suits.show();
      check();
    },
    weight: paintWeight,
    select: (cls) => page.suits.show(cls),
  });
  page.suits = Suits.build($("suits"), () => page.grid);
  syncGrid();
}

let topTimer = null;
function onTop() {
  const value = $("top").value;
  $("top-out").textContent = value;
  clearTimeout(topTimer);
  topTimer = setTimeout(async () => {
    page.players[page.active] = Number(value) > 0 ? `${value}%` : "";
    $(`player-${page.active + 1}`).value = page.players[page.active];
    await syncGrid();
    check();
  }, 150);
}

// ---- the card picker (picker.js): cards join the board, or the dead cards when that field
// was the last one focused.

let cardTarget = "board";
let picker = null;

// ---- validation and the command box

let checkTimer = null;
function check() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(async () => {
    const reply = await api("POST", "/api/check", words(page.view));
    const line = $("check");
    if (reply.status === 200) {
      line.textContent = "ok";
      line.className = "hint";
      // After a run the box keeps the run's own line (its drawn seed), until the form changes.
      if (JSON.stringify(words(page.view)) !== page.ranWords) $("command").value = reply.json.command;
    } else {
      line.textContent = reply.json ? reply.json.error : reply.text;
      line.className = "hint bad";
    }
  }, 250);
}

// ---- running

const busy = (on) => {
  $("run").disabled = on;
  $("cancel").disabled = !on;
};

async function run() {
  const out = $("output");
  clearTimeout(checkTimer);
  // The last run's table goes at once: what is shown is always the command box's answer.
  out.textContent = "";
  page.ranWords = JSON.stringify(words(page.view));
  const reply = await api("POST", "/api/jobs", words(page.view));
  if (reply.status !== 202) {
    showError(reply);
    return;
  }
  const id = reply.json.id;
  const view = page.view;
  page.job = id;
  $("command").value = reply.json.command;
  busy(true);
  $("state").textContent = "queued";
  $("progress").value = 0;
  const started = performance.now();
  for (;;) {
    const poll = await api("GET", `/api/jobs/${id}?wait=400`);
    if (page.job !== id) return;
    if (poll.status === 202) {
      const p = poll.json;
      $("state").textContent = p.state;
      if (p.total > 0) $("progress").value = p.done / p.total;
      continue;
    }
    page.job = null;
    busy(false);
    $("progress").value = poll.status === 200 ? 1 : 0;
    if (poll.status !== 200) { showError(poll); return; }
    $("command").value = poll.command;
    $("state").textContent = `done in ${((performance.now() - started) / 1000).toFixed(2)} s`;
    out.textContent = "";
    show(view, poll.json);
    return;
  }
}

async function cancel() {
  const id = page.job;
  if (!id) return;
  page.job = null;
  busy(false);
  const reply = await api("DELETE", `/api/jobs/${id}`);
  $("state").textContent = reply.status === 200 ? "cancelled" : "";
  $("progress").value = 0;
}

function showError(reply) {
  busy(false);
  $("state").textContent = "";
  const p = document.createElement("p");
  p.className = "error";
  p.textContent = reply.json && reply.json.error ? reply.json.error : `HTTP ${reply.status}`;
  $("output").textContent = "";
  $("output").appendChild(p);
}

// ---- views

const PERCENT = /^(equity|win|tie|share|frequency|probability|favourite|q1|q3|median|min|max|cumulative|at_least_half|breakeven|frequency_in|equity_in|equity_out|low|high|scoop|hi_.*|lo_.*)$/;

function cellText(key, value) {
  if (value === null || value === undefined) return "";
  if (typeof value !== "number") return String(value);
  if (Number.isInteger(value) && !PERCENT.test(key)) return String(value);
  if (PERCENT.test(key)) return (100 * value).toFixed(4);
  return value.toPrecision(6);
}

// A table of `rows` with `columns` (all of the first row's keys by default).
function table(rows, columns, id) {
  const t = document.createElement("table");
  if (id) t.id = id;
  const cols = columns || Object.keys(rows[0] || {});
  const head = t.createTHead().insertRow();
  for (const c of cols) {
    const th = document.createElement("th");
    const number = typeof (rows[0] || {})[c] === "number";
    th.textContent = PERCENT.test(c) && number ? `${c} %` : c;
    if (typeof (rows[0] || {})[c] === "string") th.className = "text";
    head.appendChild(th);
  }
  const body = t.createTBody();
  for (const r of rows) {
    const tr = body.insertRow();
    for (const c of cols) {
      const td = tr.insertCell();
      td.textContent = cellText(c, r[c]);
      td.dataset.key = c;
      if (r[c] !== null && r[c] !== undefined) td.dataset.value = JSON.stringify(r[c]);
      if (typeof r[c] === "string") td.className = "text";
    }
  }
  $("output").appendChild(t);
  return t;
}

const heading = (text) => {
  const h = document.createElement("h3");
  h.textContent = text;
  $("output").appendChild(h);
};

const present = (rows, wanted) => wanted.filter((c) => rows.some((r) => r[c] !== undefined && r[c] !== null));

function show(view, doc) {
  const rows = doc.rows || [];
  if (view === "equity") {
    table(rows, present(rows, ["player", "hand", "equity", "win", "tie", "std_error",
      "hi_equity", "lo_equity", "scoop", "samples"]), "equity-table");
  } else if (view === "breakdown") {
    const player = page.active + 1;
    const classes = rows.filter((r) => r.level === "class" && r.player === player);
    if (page.grid) page.grid.heat(new Map(classes.map((r) => [r.class, r.equity])));
    heading(`Player ${player}: equity of each class`);
    table(classes, present(classes, ["class", "combos", "frequency", "equity", "win", "tie"]), "breakdown-table");
  } else if (view === "streets") {
    const lines = rows.filter((r) => r.level !== "card");
    table(lines, present(lines, ["street", "board", "next", "player", "hand", "equity", "q1", "median", "q3", "favourite"]), "streets-table");
    const cards = rows.filter((r) => r.level === "card" && r.player === 1);
    if (cards.length) nextCards(cards);
  } else if (view === "hits") {
    const shown = rows.filter((r) => r.combos > 0);
    table(shown, present(shown, ["kind", "class", "combos", "weighted_combos", "share"]), "hits-table");
  } else if (view === "distribution") {
    const summary = rows.filter((r) => r.level === "summary");
    table(summary, ["player", "range", "hands", "equity", "q1", "median", "q3", "at_least_half"], "distribution-table");
    chart(summary.map((s) => ({ player: s.player, rows: rows.filter((r) => r.level === "curve" && r.player === s.player) })));
  } else if (view === "runouts") {
    table(rows, present(rows, ["player", "hand", "board", "outcome", "share", "probability", "std_error"]), "runouts-table");
  } else if (view === "calling") {
    const r = rows[0] || {};
    table(Object.keys(r).map((k) => ({ column: k, value: cellText(k, r[k]) })), ["column", "value"], "calling-table");
  }
}

// The next-card grid of --streets: each card that can come, coloured by player 1's equity.
function nextCards(cards) {
  heading(`Player 1's equity by the next card (${cards[0].street})`);
  const byCard = new Map(cards.map((r) => [r.next, r.equity]));
  const grid = document.createElement("div");
  grid.className = "cards";
  grid.id = "next-cards";
  for (const suit of "shdc")
    for (const rank of "AKQJT98765432") {
      const card = rank + suit;
      const cell = document.createElement("div");
      const e = byCard.get(card);
      cell.textContent = card;
      if (e === undefined) { cell.className = "none"; } else {
        cell.appendChild(document.createElement("br"));
        cell.append((100 * e).toFixed(1));
        const t = Math.abs(e - 0.5) * 2;
        const [r0, g0, b0] = e < 0.5 ? [220, 60, 60] : [60, 170, 80];
        const mix = (c) => Math.round(255 + (c - 255) * t);
        cell.style.background = `rgb(${mix(r0)},${mix(g0)},${mix(b0)})`;
      }
      grid.appendChild(cell);
    }
  $("output").appendChild(grid);
}

// The equity distribution chart: for each player, the range's hands from the strongest to the
// weakest (the `curve` rows) as a step curve, the equity (y) against the share of the range
// dealt so far (x): a hand of share s at equity e is the step from cumulative - s to cumulative.
const CHART = { left: 44, top: 12, width: 440, height: 220 };
const COLOURS = ["#36c", "#c33", "#393", "#c80", "#839", "#088", "#a52", "#555", "#d3a", "#6a0"];
const SVG = "http://www.w3.org/2000/svg";

// The points of one player's curve rows, in the chart's pixels (two decimals).
function curvePoints(rows) {
  const x = (f) => (CHART.left + CHART.width * f).toFixed(2);
  const y = (e) => (CHART.top + CHART.height * (1 - e)).toFixed(2);
  return rows.flatMap((r) => [`${x(r.cumulative - r.share)},${y(r.equity)}`, `${x(r.cumulative)},${y(r.equity)}`]);
}

function chart(curves) {
  heading("Equity distribution: each hand's equity against the share of the range, strongest first");
  const svg = document.createElementNS(SVG, "svg");
  const [w, h] = [CHART.left + CHART.width + 130, CHART.top + CHART.height + 40];
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("width", String(w));
  svg.setAttribute("height", String(h));
  svg.setAttribute("id", "distribution-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "Equity distribution chart");
  const add = (name, attrs, text) => {
    const el = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (text !== undefined) el.textContent = text;
    svg.appendChild(el);
    return el;
  };
  for (let k = 0; k <= 4; k++) {
    const gy = CHART.top + (CHART.height * k) / 4;
    const gx = CHART.left + (CHART.width * k) / 4;
    add("line", { x1: CHART.left, x2: CHART.left + CHART.width, y1: gy, y2: gy, stroke: "#ddd" });
    add("line", { x1: gx, x2: gx, y1: CHART.top, y2: CHART.top + CHART.height, stroke: "#ddd" });
    add("text", { x: CHART.left - 6, y: gy + 4, "text-anchor": "end", "font-size": 11 }, `${100 - 25 * k} %`);
    add("text", { x: gx, y: CHART.top + CHART.height + 15, "text-anchor": "middle", "font-size": 11 }, `${25 * k} %`);
  }
  add("text", { x: CHART.left + CHART.width / 2, y: h - 4, "text-anchor": "middle", "font-size": 11 }, "share of the range");
  add("rect", { x: CHART.left, y: CHART.top, width: CHART.width, height: CHART.height, fill: "none", stroke: "#888" });
  curves.forEach(({ player, rows }, i) => {
    const colour = COLOURS[i % COLOURS.length];
    add("polyline", { points: curvePoints(rows).join(" "), fill: "none", stroke: colour, "stroke-width": 2,
      "data-player": player, class: "curve" });
    const ly = CHART.top + 14 + 18 * i;
    add("line", { x1: CHART.left + CHART.width + 12, x2: CHART.left + CHART.width + 32, y1: ly - 4, y2: ly - 4, stroke: colour, "stroke-width": 2 });
    add("text", { x: CHART.left + CHART.width + 36, y: ly, "font-size": 12 }, `player ${player}`);
  });
  $("output").appendChild(svg);
}

// ---- saved ranges

const saved = () => { try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch (e) { return {}; } };

function renderSaved() {
  const select = $("saved");
  select.textContent = "";
  for (const name of Object.keys(saved()).sort()) {
    const o = document.createElement("option");
    o.value = name;
    o.textContent = name;
    select.appendChild(o);
  }
}

// ---- start

function chooseGame(name) {
  page.game = page.games.find((g) => g.name === name) || page.games[0];
  $("game-hint").textContent = `${page.game.summary}; players: ${page.game.ranges.replaceAll("`", "")}`;
  $("calling-box").hidden = page.view !== "calling";
  $("runouts-box").hidden = page.view !== "runouts";
  for (const b of document.querySelectorAll("#views button")) {
    if (b.dataset.view === "hits") b.disabled = !page.game.hits;
    if (b.dataset.view === "streets") b.disabled = page.game.board_sizes.length < 2;
  }
  buildGrid();
  picker = Picker.build($("picker"), page.game.short_deck, () => $(cardTarget), [$("board"), $("dead")], check);
  check();
}

// The game list: written into the page by the server (no round trip before the page works),
// or asked for when missing.
async function gameList() {
  const inline = $("games");
  if (inline) { try { return JSON.parse(inline.textContent); } catch (e) { /* ask below */ } }
  return (await api("GET", "/api/games")).json;
}

async function start() {
  page.games = (await gameList()).filter((g) => g.equity);
  for (const g of page.games) {
    const o = document.createElement("option");
    o.value = g.name;
    o.textContent = g.title;
    $("game").appendChild(o);
  }
  $("game").addEventListener("change", (e) => {
    chooseGame(e.target.value);
  });
  renderPlayers();
  chooseGame("holdem");
  $("add-player").addEventListener("click", () => {
    if (page.players.length < page.game.max_players) { page.players.push("random"); renderPlayers(); check(); }
  });
  $("remove-player").addEventListener("click", () => {
    if (page.players.length > 2) {
      page.players.pop();
      page.active = Math.min(page.active, page.players.length - 1);
      renderPlayers();
      syncGrid();
      check();
    }
  });
  $("top").addEventListener("input", onTop);
  $("weight").addEventListener("input", () => { $("weight-out").textContent = $("weight").value; });
  $("clear-grid").addEventListener("click", () => {
    page.players[page.active] = "";
    $(`player-${page.active + 1}`).value = "";
    syncGrid();
    check();
  });
  for (const id of ["board", "dead", "rounds", "seed", "pot", "call", "board2", "runs"]) $(id).addEventListener("input", check);
  for (const id of ["board", "dead"]) {
    $(id).addEventListener("focus", () => { cardTarget = id; });
    $(id).addEventListener("input", () => picker.mark());
  }
  for (const r of document.querySelectorAll("input[name=method]")) r.addEventListener("change", check);
  for (const b of document.querySelectorAll("#views button")) {
    b.addEventListener("click", () => {
      page.view = b.dataset.view;
      for (const o of document.querySelectorAll("#views button")) o.setAttribute("aria-selected", String(o === b));
      $("calling-box").hidden = page.view !== "calling";
      $("runouts-box").hidden = page.view !== "runouts";
      $("output").textContent = "";
      syncGrid();
      check();
    });
  }
  $("run").addEventListener("click", run);
  $("cancel").addEventListener("click", cancel);
  document.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) run();
    if (e.key === "Escape") cancel();
  });
  $("save").addEventListener("click", () => {
    const name = $("save-name").value.trim();
    if (!name) return;
    const all = saved();
    all[name] = page.players[page.active];
    localStorage.setItem(STORE, JSON.stringify(all));
    renderSaved();
    $("saved").value = name;
  });
  $("load").addEventListener("click", () => {
    const text = saved()[$("saved").value];
    if (text === undefined) return;
    page.players[page.active] = text;
    $(`player-${page.active + 1}`).value = text;
    syncGrid();
    check();
  });
  $("forget").addEventListener("click", () => {
    const all = saved();
    delete all[$("saved").value];
    localStorage.setItem(STORE, JSON.stringify(all));
    renderSaved();
  });
  renderSaved();
  document.body.dataset.ready = "true";
}

// The shell in the HTML paints first: the grid, the picker and the handlers are built in a task
// after that frame (run at once, before it, they held the first paint until they were done).
requestAnimationFrame(() => setTimeout(start, 0));
