// The lobby: choose a pack, its seats and variants, create the game, hand out links.
// Created games are remembered in this browser's localStorage only.
"use strict";

const $ = (id) => document.getElementById(id);
let packs = [];
const KINDS = ["human", "ismcts", "heuristic", "random"];
const KIND_NAMES = { human: "a person", ismcts: "bot that searches (ismcts)", heuristic: "bot with rules of thumb (heuristic)", random: "bot that plays at random" };
// How long a searching bot thinks; the server says what each means in seconds.
let strengths = [{ id: "quick", name: "quick" }, { id: "normal", name: "normal" }, { id: "strong", name: "strong" }];

function el(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function currentPack() { return packs.find((p) => p.id === $("pack").value); }

function seatRow(i, kind) {
  const row = el("div", { class: "seat-row" });
  const label = el("label", {}, `Seat ${i + 1} `);
  const select = el("select", { name: `seat${i}`, class: "seat-kind" });
  for (const k of KINDS) {
    const o = el("option", { value: k }, KIND_NAMES[k]);
    if (k === kind) o.selected = true;
    select.append(o);
  }
  label.append(select);
  row.append(label);
  const strengthLabel = el("label", { class: "seat-strength" }, "strength ");
  const strength = el("select", { name: `strength${i}`, class: "seat-strength-choice" });
  for (const s of strengths) {
    const o = el("option", { value: s.id }, s.name);
    if (s.id === "normal") o.selected = true;
    strength.append(o);
  }
  strengthLabel.append(strength);
  row.append(strengthLabel);
  // Only a searching bot has a strength.
  const showStrength = () => { strengthLabel.hidden = select.value !== "ismcts"; };
  select.addEventListener("change", showStrength);
  showStrength();
  return row;
}

// The seats as the server reads them: `human`, `random`, `ismcts:strong`.
function seatSpecs() {
  return [...$("seats").querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector(".seat-kind").value;
    const strength = row.querySelector(".seat-strength-choice").value;
    return kind === "ismcts" && strength !== "normal" ? `${kind}:${strength}` : kind;
  });
}

function showPack() {
  const pack = currentPack();
  if (!pack) return;
  $("pack-info").textContent = `${pack.name} ${pack.version}: ${pack.players[0]} to ${pack.players[1]} players.`;
  const seats = $("seats");
  const kinds = [...seats.querySelectorAll(".seat-kind")].map((s) => s.value);
  seats.replaceChildren();
  const n = Math.min(Math.max(kinds.length || 4, pack.players[0]), pack.players[1]);
  for (let i = 0; i < n; i++) seats.append(seatRow(i, kinds[i] || (i === 0 ? "human" : "ismcts")));
  drawVariants(pack);
}

// A group's id as words: "balance_1" → "Balance 1".
function groupTitle(g) {
  const words = g.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function variantName(pack, id) {
  const v = pack.variants.find((x) => x.id === id);
  return v ? v.name : id;
}

// Variants: those of one group exclude each other, so each group is one choice (a
// select whose first entry is "none"); the others are checkboxes. A variant that
// needs another is disabled until that one is chosen.
function drawVariants(pack) {
  const box = $("variants");
  box.replaceChildren();
  if (pack.variants.length === 0) {
    box.append(el("p", { class: "muted" }, "This game has no variants: the rules as written."));
    return;
  }
  box.append(el("p", { class: "muted" }, "Leave them all as they are to play the rules as written."));
  const groups = [];
  for (const v of pack.variants) if (v.group && !groups.includes(v.group)) groups.push(v.group);
  if (groups.length) {
    const grid = el("div", { class: "variant-groups" });
    for (const g of groups) {
      const members = pack.variants.filter((v) => v.group === g);
      const wrap = el("div", { class: "variant-group" });
      const id = `group-${g}`;
      const select = el("select", { id, name: "variant-group", "data-group": g });
      select.append(el("option", { value: "" }, "none (the default)"));
      for (const v of members) select.append(el("option", { value: v.id }, v.name));
      const about = el("p", { class: "muted about", id: `${id}-about` });
      select.setAttribute("aria-describedby", about.id);
      select.addEventListener("change", () => {
        const v = members.find((m) => m.id === select.value);
        about.textContent = v ? v.description : "";
        updateRequires(pack);
      });
      wrap.append(el("label", { for: id }, groupTitle(g)), select, about);
      grid.append(wrap);
    }
    box.append(grid);
  }
  const loose = pack.variants.filter((x) => !x.group);
  // A long list of independent switches folds away: most games leave them all off.
  let into = box;
  if (loose.length > 4) {
    into = el("details", { class: "more-variants" });
    into.append(el("summary", {}, `${groups.length ? "Other variants" : "Variants"} (${loose.length}): each one on or off`));
    box.append(into);
  }
  for (const v of loose) {
    const label = el("label", { class: "variant" });
    const check = el("input", { type: "checkbox", value: v.id, name: "variant" });
    check.addEventListener("change", () => updateRequires(pack));
    const text = el("span", { class: "variant-text" });
    text.append(el("strong", {}, v.name), el("span", { class: "muted" }, ` — ${v.description}`));
    if (v.requires && v.requires.length) {
      text.append(el("span", { class: "needs" }, ` Needs: ${v.requires.map((r) => variantName(pack, r)).join(", ")}.`));
    }
    label.append(check, text);
    into.append(label);
  }
  updateRequires(pack);
}

function chosenVariants() {
  const boxes = [...document.querySelectorAll("input[name=variant]:checked")].map((b) => b.value);
  const groups = [...document.querySelectorAll("select[name=variant-group]")].map((s) => s.value).filter(Boolean);
  return [...groups, ...boxes];
}

function updateRequires(pack) {
  // Repeat until nothing changes: unticking one variant may orphan another.
  for (let round = 0; round < 4; round++) {
    const chosen = new Set(chosenVariants());
    let changed = false;
    for (const box of document.querySelectorAll("input[name=variant]")) {
      const v = pack.variants.find((x) => x.id === box.value);
      const ok = !v.requires || v.requires.every((r) => chosen.has(r));
      box.disabled = !ok;
      box.closest("label").classList.toggle("unavailable", !ok);
      if (!ok && box.checked) { box.checked = false; changed = true; }
    }
    if (!changed) break;
  }
}

function resizeSeats(by) {
  const pack = currentPack();
  const seats = $("seats");
  const n = seats.children.length + by;
  if (n < pack.players[0] || n > pack.players[1]) return;
  if (by > 0) seats.append(seatRow(n - 1, "ismcts"));
  else seats.lastElementChild.remove();
}

function remember(game) {
  const mine = JSON.parse(localStorage.getItem("orrery-games") || "[]");
  mine.unshift(game);
  localStorage.setItem("orrery-games", JSON.stringify(mine.slice(0, 50)));
  listMine();
}

function listMine() {
  const list = $("my-games");
  list.replaceChildren();
  const mine = JSON.parse(localStorage.getItem("orrery-games") || "[]");
  if (mine.length === 0) list.append(el("li", { class: "muted" }, "None yet."));
  for (const g of mine) {
    const li = el("li", {}, `${g.name}, ${new Date(g.created).toLocaleString()}: `);
    for (const s of g.seats.filter((s) => s.link)) {
      li.append(el("a", { href: s.link }, `seat ${s.seat}`), " ");
    }
    li.append(el("a", { href: g.spectator }, "watch"));
    list.append(li);
  }
}

async function create(event) {
  event.preventDefault();
  $("error").textContent = "";
  const pack = currentPack();
  const body = {
    pack: pack.id,
    seats: seatSpecs(),
    variants: chosenVariants(),
  };
  const seed = $("seed").value.trim();
  if (seed !== "") {
    if (!/^\d+$/.test(seed)) { $("error").textContent = "The seed is a whole number (or leave it empty)."; return; }
    body.seed = Number(seed);
  }
  $("start").disabled = true;
  try {
    const r = await fetch("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const answer = await r.json();
    if (!r.ok) { $("error").textContent = answer.error || `the server said ${r.status}`; return; }
    const links = $("links");
    links.replaceChildren();
    for (const s of answer.seats) {
      const li = el("li");
      if (s.link) {
        const url = new URL(s.link, location.href).href;
        li.append(`Seat ${s.seat} (a person): `, el("a", { href: s.link }, url));
      } else {
        const [kind, strength] = s.player.split(":");
        li.append(`Seat ${s.seat}: ${KIND_NAMES[kind] || kind}${strength ? `, ${strength}` : ""}`);
      }
      links.append(li);
    }
    const watch = el("li");
    watch.append("Spectators: ", el("a", { href: answer.spectator }, new URL(answer.spectator, location.href).href));
    links.append(watch);
    $("created").hidden = false;
    $("created").scrollIntoView({ behavior: "smooth", block: "start" });
    $("created").focus();
    remember({ name: pack.name, created: Date.now(), seats: answer.seats, spectator: answer.spectator });
  } catch (e) {
    $("error").textContent = `Cannot reach the server: ${e}`;
  } finally {
    $("start").disabled = false;
  }
}

async function start() {
  listMine();
  try {
    packs = await (await fetch("/api/packs")).json();
  } catch (e) {
    $("error").textContent = `Cannot reach the server: ${e}`;
    return;
  }
  if (packs.length && packs[0].strengths) strengths = packs[0].strengths;
  for (const p of packs) $("pack").append(el("option", { value: p.id }, p.name));
  $("pack").addEventListener("change", showPack);
  $("add-seat").addEventListener("click", () => resizeSeats(1));
  $("remove-seat").addEventListener("click", () => resizeSeats(-1));
  $("create").addEventListener("submit", create);
  showPack();
}

start();
