// A seat's game page: draws the page data the server builds from the seat's view
// (board as SVG, zones, seats, log, the pending decision) and sends choices back.
// It holds no secret of its own: everything shown came from /api/play/<token>.
"use strict";

const token = location.pathname.split("/").pop();
const api = `/api/play/${token}`;
const $ = (id) => document.getElementById(id);
let page = null;
let tab = "Log";
let selectedCell = null;
let checked = new Set();
let busy = false;
let legendOpen = false;
let explainOpen = false;
let lastLogLine = null;
let centredFor = null;
let newFrom = null;

// A <details> that stays open across redraws (the page redraws whenever anyone moves).
const openDetails = new Set();
function keptOpen(details, key) {
  details.open = openDetails.has(key);
  details.addEventListener("toggle", () => { if (details.open) openDetails.add(key); else openDetails.delete(key); });
  return details;
}

function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}
function svg(tag, attrs = {}, text) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function seatColour(n) {
  const s = page.seats.find((x) => x.seat === n);
  return s ? s.colour : "#999";
}

async function refresh() {
  try {
    // The rules and the map key never change during a game: asked for only once.
    const r = await fetch(page ? `${api}?rules=false` : api);
    const data = await r.json();
    if (!r.ok) { status(data.error || `the server said ${r.status}`, true); return; }
    if (page) { data.rules = page.rules; data.legend = page.legend; }
    const changed = !page || page.choices !== data.choices;
    page = data;
    if (changed) checked = new Set();
    // The log lines new since your last choice (or since the page opened).
    if (lastLogLine === null && data.log.length) lastLogLine = data.log[data.log.length - 1];
    const k = lastLogLine === null ? -1 : data.log.lastIndexOf(lastLogLine);
    newFrom = k >= 0 && k + 1 < data.log.length ? k + 1 : null;
    draw();
  } catch (e) {
    status(`cannot reach the server (${e}); retrying…`, true);
  }
}

function status(text, bad = false) {
  $("status").textContent = text;
  $("status").className = bad ? "error" : "";
}

function draw() {
  document.title = `${page.name} — Orrery`;
  // How far the game is, for anyone (or any test) waiting for it to move.
  document.body.dataset.choices = page.choices;
  $("title").textContent = page.name;
  const you = $("you");
  you.replaceChildren();
  if (page.you) {
    you.append(el("span", { class: "dot", style: `background:${seatColour(page.you)}` }), ` seat ${page.you}`);
  } else {
    you.textContent = "watching";
  }
  $("record").href = `${api}/record`;
  $("undo").hidden = !page.undo;
  if (page.outcome) status("game over");
  else if (page.decision) status("your turn");
  else status(page.waiting.length ? `waiting for seat ${page.waiting.join(", ")}` : "");
  document.body.classList.toggle("my-turn", !!page.decision);
  drawBoard();
  drawZones();
  drawDecision();
  drawTabs();
  if (page.outcome && !$("over").dataset.shown) {
    $("over").dataset.shown = "1";
    const box = $("ranking");
    box.replaceChildren(rankingList());
    $("over").showModal();
  }
}

// The final ranking: one line per seat as the engine words it ("1. seat 2 …"); a
// line naming a seat gets its colour, and yours is marked.
function rankingList() {
  const box = el("div", { class: "result" });
  const list = el("ol", { class: "ranking" });
  const notes = [];
  for (const line of page.outcome) {
    if (!/^\s*\d+\./.test(line)) { notes.push(line.trim()); continue; }
    const text = line.trim().replace(/^\d+\.\s*/, "");
    const li = el("li");
    const m = text.match(/seat (\d+)/i);
    const n = m ? Number(m[1]) : null;
    if (n) li.append(el("span", { class: "dot", style: `background:${seatColour(n)}` }), " ");
    // "seat 3 (random): score 3 (facts…)": the place and score first, the facts below.
    const parts = /^(.*?score\s+\S+)\s*\((.*)\)\s*$/.exec(text);
    li.append(el("span", { class: "who" }, parts ? parts[1] : text));
    if (n && n === page.you) { li.classList.add("mine"); li.append(el("strong", {}, " ← you")); }
    if (parts) li.append(el("div", { class: "facts muted" }, parts[2]));
    list.append(li);
  }
  const first = list.querySelector("li");
  if (first) {
    const m = first.textContent.match(/seat (\d+)/i);
    const n = m ? Number(m[1]) : null;
    box.append(el("p", { class: "winner" }, n && n === page.you ? "You won!" : n ? `Seat ${n} won.` : "The game is over."));
  }
  box.append(list);
  for (const n of notes) box.append(el("p", { class: "muted" }, n));
  return box;
}

function overButtons() {
  const p = el("p", { class: "over-links" });
  p.append(el("a", { href: "/" }, "Start a new game"), " · ", el("a", { href: `${api}/record` }, "Download the record"));
  return p;
}

// --- board -------------------------------------------------------------------
const R = 22;
const W = Math.sqrt(3) * R;

function centre(c, hex) {
  if (!hex) return [c.col * 64 + 34, c.row * 64 + 34];
  return [c.col * W + (c.shift ? W / 2 : 0) + W / 2 + 2, c.row * R * 1.5 + R + 2];
}

function corners(x, y) {
  const out = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    out.push([x + R * Math.cos(a), y + R * Math.sin(a)]);
  }
  return out;
}

// Neighbours across each edge (corner i to i+1) of a pointy-top hex in rows where
// odd rows sit half a hex right: E, SE, SW, W, NW, NE.
function neighbourKeys(c) {
  const r = c.row, q = c.col;
  const d = c.shift ? [[0, 1], [1, 1], [1, 0], [0, -1], [-1, 0], [-1, 1]] : [[0, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0]];
  return d.map(([dr, dc]) => `${r + dr},${q + dc}`);
}

function optionsAt(cellId) {
  if (!page.decision) return [];
  return page.decision.options.filter((o) => o.cells.includes(cellId));
}

function drawBoard() {
  const box = $("board");
  const oldMap = box.querySelector(".map");
  const oldScroll = oldMap ? oldMap.scrollLeft : 0;
  box.replaceChildren();
  const b = page.board;
  if (!b) { box.hidden = true; return; }
  box.hidden = false;
  const width = b.hex ? (b.cols + 0.5) * W + 4 : b.cols * 64 + 4;
  const height = b.hex ? b.rows * R * 1.5 + R / 2 + 4 : b.rows * 64 + 4;
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "the board" });
  const at = new Map(b.cells.map((c) => [`${c.row},${c.col}`, c]));
  const byId = new Map(b.cells.map((c) => [c.id, c]));
  const borders = svg("g", { class: "borders" });
  if (page.decision && page.decision.options.some((o) => o.cells.length)) root.classList.add("choosing");
  for (const c of b.cells) {
    const [x, y] = centre(c, b.hex);
    const g = svg("g", { class: "cell", "data-cell": c.id, "data-code": c.code });
    const choosable = optionsAt(c.id).length > 0;
    if (choosable) g.classList.add("choosable");
    if (selectedCell === c.id) g.classList.add("selected");
    const fill = c.fill || "#dfe3ea";
    const ink = dark(fill) ? "#f6f7f9" : "#1d232b";
    if (b.hex) {
      const pts = corners(x, y);
      g.append(svg("polygon", { points: pts.map((p) => p.join(",")).join(" "), fill, class: "hex" }));
      const keys = neighbourKeys(c);
      for (let i = 0; i < 6; i++) {
        const n = at.get(keys[i]);
        if (!n || n.region !== c.region) {
          const [a, z] = [pts[i], pts[(i + 1) % 6]];
          borders.append(svg("line", { x1: a[0], y1: a[1], x2: z[0], y2: z[1] }));
        }
      }
    } else {
      g.append(svg("rect", { x: x - 28, y: y - 28, width: 56, height: 56, rx: 8, fill, class: "hex" }));
    }
    if (c.holder) g.append(svg("circle", { cx: x, cy: y + 2, r: R * 0.5, fill: "none", stroke: seatColour(c.holder), "stroke-width": 3 }));
    g.append(svg("text", { x, y: y - R * 0.42, class: "code", fill: ink }, c.code));
    const glyph = c.feature || (c.glyph.trim() && c.glyph.trim() !== "." ? c.glyph : "");
    if (glyph) g.append(svg("text", { x, y: y + 4, class: "glyph", fill: ink }, glyph));
    c.units.forEach(([owner, count], i) => {
      const ux = x - 9 + i * 12, uy = y + R * 0.5;
      g.append(svg("circle", { cx: ux, cy: uy, r: 6.5, fill: owner ? seatColour(owner) : "#777", class: "unit" }));
      if (count > 1) g.append(svg("text", { x: ux, y: uy + 3, class: "count" }, String(count)));
    });
    const title = [c.code, c.name, c.terrain].filter(Boolean).join(" · ");
    g.append(svg("title", {}, title));
    g.addEventListener("click", () => clickCell(c.id));
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", title);
    g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); clickCell(c.id); } });
    root.append(g);
  }
  root.append(borders);
  for (const [a, z, label] of b.links) {
    const ca = byId.get(a), cz = byId.get(z);
    if (!ca || !cz) continue;
    const [x1, y1] = centre(ca, b.hex), [x2, y2] = centre(cz, b.hex);
    const line = svg("line", { x1, y1, x2, y2, class: "link" });
    line.append(svg("title", {}, label));
    root.append(line);
  }
  const map = el("div", { class: "map" });
  map.append(root);
  box.append(map);
  // On a narrow screen the map scrolls sideways: keep where it was, but bring a new
  // decision's cells into view.
  const xs = b.cells.filter((c) => optionsAt(c.id).length).map((c) => centre(c, b.hex)[0]);
  if (xs.length && centredFor !== page.choices) {
    centredFor = page.choices;
    const mid = (Math.min(...xs) + Math.max(...xs)) / 2;
    map.scrollLeft = (mid / width) * map.scrollWidth - map.clientWidth / 2;
  } else {
    map.scrollLeft = oldScroll;
  }
  // What the clicked cell holds, right under the map (the Cell tab says the same).
  const info = el("div", { class: "cell-info", "aria-live": "polite" });
  const sel = b.cells.find((x) => x.id === selectedCell);
  if (sel) {
    const here = optionsAt(sel.id);
    info.append(...sel.details.map((l, i) => el(i ? "p" : "h3", {}, l)));
    if (here.length > 1) info.append(el("p", { class: "muted" }, `${here.length} options name this cell: they are outlined in the decision panel.`));
  } else {
    info.append(el("p", { class: "muted" }, "Click (or tap) a cell to see what you know about it."));
  }
  box.append(info);
  {
    // The key to this drawing: each sign on the map with its terrain, then the marks.
    const key = el("details", { class: "legend" });
    const signs = new Map();
    for (const c of b.cells) {
      const g = c.feature || c.glyph.trim();
      if (g && g !== "." && !signs.has(g)) signs.set(g, c.feature ? "" : c.terrain);
    }
    const list = el("ul", { class: "signs" });
    for (const [g, t] of signs) {
      if (!t) continue;
      const li = el("li");
      li.append(el("b", { class: "sign" }, g), ` ${t}`);
      list.append(li);
    }
    key.append(el("summary", {}, "Map key: what the signs and colours mean"), list);
    for (const line of [
      "Each cell shows its code (row letter, column number) at the top.",
      "A ring in a seat's colour: that seat holds the cell. A dot in a seat's colour: its ships there; the number counts them.",
      "Dashed line: a link between two cells (point at it for its name).",
      "Yellow outline: a cell you can pick now (the others are dimmed). Pink outline: the cell you clicked, or the cells of the option under the pointer.",
    ]) key.append(el("p", {}, line));
    key.open = legendOpen;
    key.addEventListener("toggle", () => { legendOpen = key.open; });
    box.append(key);
  }
}

// Whether a CSS colour (#rrggbb) is dark enough to want light text.
function dark(colour) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) return false;
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b < 140;
}

function clickCell(id) {
  selectedCell = id;
  const here = optionsAt(id);
  if (page.decision && here.length === 1) {
    if (page.decision.kind === "one") { choose({ Pick: here[0].index }); return; }
    if (page.decision.kind === "many") { toggle(here[0].index); }
  }
  tab = "Cell";
  draw();
}

// --- seats and zones -------------------------------------------------------------
// One card per seat (its colour, who plays it, whether the game waits on it, its
// public facts and its zones), yours first and marked, then the table's own zones.
function zoneLabel(z) {
  // Packs word a seat's zone for its owner ("Your hand"); on another seat's card
  // that reads wrong, so drop the "Your".
  if (z.seat && z.seat !== page.you && /^your\s/i.test(z.label)) {
    const rest = z.label.replace(/^your\s+/i, "");
    return rest.charAt(0).toUpperCase() + rest.slice(1);
  }
  return z.label;
}

function zoneBlock(z) {
  const d = el("div", { class: "zone" });
  const count = z.items.length === 1 && /^\d+ pieces?$/.test(z.items[0]);
  if (z.items.length === 0 || count) {
    // An empty zone, or one whose faces are hidden from you: one line.
    d.classList.add("inline");
    d.append(el("h4", {}, zoneLabel(z)), el("span", { class: count ? "" : "muted" }, count ? z.items[0] : "empty"));
    return d;
  }
  d.append(el("h4", {}, zoneLabel(z)));
  const list = el("ul");
  for (const item of z.items) list.append(el("li", { class: item === "?" ? "hidden-face" : "" }, item === "?" ? "? (hidden)" : item));
  d.append(list);
  return d;
}

function seatName(s) {
  if (page.you === s.seat) return `Seat ${s.seat} — you`;
  return `Seat ${s.seat} — ${s.who === "human" ? "a person" : s.who === "?" ? "?" : `${s.who} bot`}`;
}

function drawZones() {
  const box = $("zones");
  box.replaceChildren();
  box.classList.toggle("no-board", !page.board);
  const order = [...page.seats].sort((a, b) => (b.seat === page.you) - (a.seat === page.you) || a.seat - b.seat);
  for (const s of order) {
    const card = el("section", { class: "seat-card", style: `--seat:${s.colour}`, "aria-label": seatName(s) });
    if (s.seat === page.you) card.classList.add("mine");
    if (s.waiting) card.classList.add("waiting");
    const head = el("h3");
    head.append(el("span", { class: "dot", style: `background:${s.colour}` }), ` ${seatName(s)}`);
    if (s.waiting) head.append(el("span", { class: "badge" }, s.seat === page.you ? "your turn" : "to play"));
    card.append(head);
    const facts = el("ul", { class: "facts" });
    for (const f of s.facts) facts.append(el("li", {}, f));
    if (facts.children.length) card.append(facts);
    if (s.seat === page.you) {
      // What only you know of yourself (the You tab): its "label: value" lines that
      // are neither a public fact nor a zone (the zones follow).
      const zoneNames = page.zones.filter((z) => z.seat === s.seat).map((z) => z.label);
      const secret = el("ul", { class: "facts private" });
      for (const line of page.own) {
        const m = /^([^:]+):\s/.exec(line);
        if (!m || s.facts.includes(line) || zoneNames.includes(m[1])) continue;
        if (line.length > 90) {
          // A long text (an ability, a card): its name, opened on demand.
          const more = keptOpen(el("details"), `own:${m[1]}`);
          more.append(el("summary", {}, `${m[1]}…`), el("p", {}, line.slice(m[0].length)));
          const li = el("li");
          li.append(more);
          secret.append(li);
        } else {
          secret.append(el("li", {}, line));
        }
      }
      if (secret.children.length) card.append(el("h4", { class: "private-head" }, "Only you see"), secret);
    }
    for (const z of page.zones.filter((z) => z.seat === s.seat)) card.append(zoneBlock(z));
    // The pack's pictures of this seat (its tiles, its track), under its facts.
    for (const d of page.diagrams.filter((d) => d.seat === s.seat)) card.append(diagramFigure(d, seatColour));
    box.append(card);
  }
  const table = page.zones.filter((z) => !z.seat);
  if (table.length || page.globals.length) {
    const card = el("section", { class: "seat-card table-card", "aria-label": "The table" });
    card.append(el("h3", {}, "The table (public)"));
    if (page.globals.length) {
      const g = el("ul", { class: "facts" });
      for (const f of page.globals) g.append(el("li", {}, f));
      card.append(g);
    }
    for (const z of table) card.append(zoneBlock(z));
    box.append(card);
  }
  // The pack's pictures that belong to no seat, side by side across the page.
  const shared = page.diagrams.filter((d) => !d.seat);
  if (shared.length) {
    const card = el("section", { class: "seat-card diagrams-card", "aria-label": "Diagrams" });
    card.append(el("h3", {}, "Diagrams (public)"));
    const row = el("div", { class: "diagram-row" });
    for (const d of shared) row.append(diagramFigure(d, seatColour));
    card.append(row);
    box.append(card);
  }
}

// --- decision ------------------------------------------------------------------
function toggle(i) {
  if (checked.has(i)) checked.delete(i); else checked.add(i);
  drawDecision();
}

function who(n) {
  const s = page.seats.find((x) => x.seat === n);
  if (!s) return `seat ${n}`;
  return n === page.you ? `you (seat ${n})` : `seat ${n} (${s.who === "human" ? "a person" : `${s.who} bot`})`;
}

function turnLine() {
  const line = el("p", { class: "turn" });
  if (page.outcome) { line.textContent = "The game is over."; line.classList.add("over"); return line; }
  if (page.decision) { line.textContent = "Your turn"; line.classList.add("yours"); return line; }
  if (!page.waiting.length) { line.textContent = "Nothing to do right now."; return line; }
  line.append("Waiting for ");
  page.waiting.forEach((n, i) => {
    if (i) line.append(", ");
    line.append(el("span", { class: "dot", style: `background:${seatColour(n)}` }), ` ${who(n)}`);
  });
  line.append("…");
  return line;
}

// How to answer a decision, in one sentence.
function howText(d) {
  const how = d.kind === "many" ? `${d.min === d.max ? `Choose ${d.min}` : `Choose from ${d.min} to ${d.max}`}, then press Confirm.` : d.kind === "number" ? `Type a number from ${d.min} to ${d.max}, then press Choose.` : page.board && d.options.some((o) => o.cells.length) ? "Click one option (or a cell outlined in yellow on the map)." : "Click one option.";
  return how + (d.pass ? ` Or press “${d.pass}”.` : "");
}

function drawDecision() {
  const box = $("decision");
  box.replaceChildren();
  box.classList.toggle("active", !!page.decision);
  box.append(turnLine());
  const d = page.decision;
  if (!d) {
    if (page.outcome) box.append(rankingList(), overButtons());
    else if (!page.you) box.append(el("p", { class: "muted" }, "You are watching this game: you see only what is public."));
    else box.append(el("p", { class: "muted" }, "The page updates by itself when it is your turn again. Meanwhile, the Log tab below tells what happened."));
    return;
  }
  const head = el("h2", {}, d.prompt);
  box.append(head);
  box.append(el("p", { class: "how" }, howText(d)));
  if (d.help.length && !d.help[0].startsWith("(the rules give no")) {
    const more = el("details", { class: "explain" });
    more.append(el("summary", {}, "What does this mean?"));
    more.open = explainOpen;
    more.addEventListener("toggle", () => { explainOpen = more.open; });
    for (const h of d.help) more.append(el("p", {}, h));
    if (d.rule) more.append(el("p", { class: "rule" }, `Rule ${d.rule}`));
    box.append(more);
  } else if (d.rule) {
    box.append(el("p", { class: "rule" }, `Rule ${d.rule}`));
  }
  const list = el("div", { class: "options" });
  if (d.kind === "number") {
    const input = el("input", { type: "number", min: d.min, max: d.max, value: d.min, id: "number" });
    const go = el("button", { type: "button", class: "option" }, "Choose");
    go.addEventListener("click", () => choose({ Number: Number(input.value) }));
    const row = el("div", { class: "number-row" });
    row.append(el("label", { for: "number" }, `A number from ${d.min} to ${d.max}: `), input, go);
    list.append(row);
  }
  for (const o of d.options) {
    const b = el("button", { type: "button", class: "option", "data-index": o.index }, o.label);
    if (d.kind === "many") {
      if (checked.has(o.index)) b.classList.add("checked");
      b.setAttribute("aria-pressed", checked.has(o.index) ? "true" : "false");
      b.addEventListener("click", () => toggle(o.index));
    } else {
      b.addEventListener("click", () => choose({ Pick: o.index }));
    }
    if (selectedCell !== null && o.cells.includes(selectedCell)) b.classList.add("at-cell");
    b.addEventListener("mouseenter", () => highlight(o.cells));
    b.addEventListener("mouseleave", () => highlight([]));
    b.addEventListener("focus", () => highlight(o.cells));
    b.addEventListener("blur", () => highlight([]));
    list.append(b);
  }
  box.append(list);
  box.classList.toggle("many-options", d.options.length > 8);
  const actions = el("div", { class: "actions" });
  if (d.kind === "many") {
    const go = el("button", { type: "button", class: "confirm" }, `Confirm ${checked.size} (from ${d.min} to ${d.max})`);
    go.disabled = checked.size < d.min || checked.size > d.max;
    go.addEventListener("click", () => choose({ PickMany: [...checked].sort((a, b) => a - b) }));
    actions.append(go);
  }
  if (d.pass) {
    const p = el("button", { type: "button", class: "pass" }, d.pass);
    p.addEventListener("click", () => choose("Pass"));
    actions.append(p);
  }
  if (actions.children.length) box.append(actions);
}

function highlight(cells) {
  for (const g of document.querySelectorAll("#board g.cell")) {
    g.classList.toggle("hover", cells.includes(Number(g.dataset.cell)));
  }
}

async function choose(choice) {
  if (busy) return;
  busy = true;
  status("…");
  if (page.log.length) lastLogLine = page.log[page.log.length - 1];
  try {
    const r = await fetch(`${api}/act`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seen: page.choices, choice }) });
    const answer = await r.json();
    if (!r.ok) status(answer.error || `the server said ${r.status}`, true);
    checked = new Set();
  } catch (e) {
    status(`cannot reach the server: ${e}`, true);
  } finally {
    busy = false;
    await refresh();
  }
}

async function undo() {
  const r = await fetch(`${api}/undo`, { method: "POST" });
  if (!r.ok) status((await r.json()).error, true);
  await refresh();
}

// --- tabs ----------------------------------------------------------------------
function drawTabs() {
  const tabs = ["Log", "Cell", "You", "Seats", "Rules"].filter((t) => t !== "Cell" || page.board);
  if (!tabs.includes(tab)) tab = "Log";
  const nav = $("tabs");
  nav.replaceChildren(...tabs.map((t) => {
    const b = el("button", { type: "button", role: "tab", "aria-selected": t === tab ? "true" : "false" }, t);
    b.addEventListener("click", () => { tab = t; drawTabs(); });
    return b;
  }));
  const panel = $("panel");
  panel.replaceChildren();
  const lines = (list) => list.map((l) => el("p", {}, l));
  if (tab === "Log") {
    const log = el("div", { class: "log" });
    log.append(...page.log.map((l, i) => el("p", { class: newFrom !== null && i >= newFrom ? "new" : "" }, l)));
    if (newFrom !== null) log.insertBefore(el("p", { class: "since" }, "— since your last choice —"), log.children[newFrom] || null);
    panel.append(log);
    log.scrollTop = log.scrollHeight;
  } else if (tab === "Cell") {
    const c = page.board.cells.find((x) => x.id === selectedCell);
    panel.append(...(c ? lines(c.details) : [el("p", { class: "muted" }, "Click a cell to see what you know about it.")]));
  } else if (tab === "You") {
    panel.append(...lines(page.own));
  } else if (tab === "Seats") {
    if (page.globals.length) panel.append(el("p", { class: "globals" }, page.globals.join(" · ")));
    for (const s of page.seats) {
      const p = el("div", { class: "seat" + (s.waiting ? " waiting" : "") });
      p.append(el("span", { class: "dot", style: `background:${s.colour}` }), el("strong", {}, ` seat ${s.seat} (${s.who})${s.waiting ? " …" : ""}`));
      for (const f of s.facts) p.append(el("div", {}, f));
      panel.append(p);
    }
  } else {
    panel.append(...lines(page.rules));
    if (page.legend.length) panel.append(el("h3", {}, "Map"), ...lines(page.legend));
  }
}

function showHelp() {
  const box = $("help-text");
  box.replaceChildren();
  const d = page && page.decision;
  if (d) {
    box.append(el("h2", {}, d.prompt));
    box.append(el("p", { class: "how" }, howText(d)));
    for (const h of d.help) box.append(el("p", {}, h));
    if (d.rule) box.append(el("p", { class: "rule" }, `Rule ${d.rule}`));
  } else if (page && page.outcome) {
    box.append(el("h2", {}, "The game is over"), el("p", {}, "The ranking is in the panel; the Log tab tells how it ended."));
  } else {
    box.append(el("h2", {}, "Nothing to decide right now"), el("p", {}, "The page updates by itself when it is your turn; the Log tab tells what the others do meanwhile."));
  }
  box.append(el("h3", {}, "This page"));
  for (const line of [
    "The panel with the blue border says whose turn it is and, on your turn, what to decide: the options are buttons, and “What does this mean?” explains them.",
    page && page.board ? "The map shows every cell by its code; click a cell to see what you know about it, and open “Map key” under the map for its signs." : "This game has no map: everything is on the cards.",
    "Each seat has a card in its colour: yours comes first, with what only you see; the others show only what is public (their hands as a count). The table's card holds what belongs to nobody.",
    "Tabs: Log (what happened, the newest at the bottom; what happened since your last choice is marked in yellow), You (everything about your seat), Seats, Rules (how to win and every word of the game).",
    "Undo, when it is shown, takes back your last choice; Record downloads your choices and the log you saw.",
  ]) box.append(el("p", {}, line));
  $("help").showModal();
  $("help").scrollTop = 0;
}

$("undo").addEventListener("click", undo);
$("help-button").addEventListener("click", showHelp);
document.addEventListener("keydown", (e) => {
  if (e.key === "?" && !e.target.matches("input")) showHelp();
});
const events = new EventSource(`${api}/events`);
events.addEventListener("moved", () => refresh());
events.onerror = () => status("connection lost; reconnecting…", true);
refresh();
