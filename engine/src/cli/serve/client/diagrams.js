// The pack's diagrams (page.diagrams) as inline SVG: a grid of square cells with
// marks on their edges, or a graph of nodes and lines. The kernel checked their shape;
// what they mean is the pack's. Loaded before game.js, which places them on the page.
"use strict";

const DIAGRAM_NS = "http://www.w3.org/2000/svg";
function dsvg(tag, attrs = {}, text) {
  const e = document.createElementNS(DIAGRAM_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// One diagram as a <figure>: title, picture, caption lines. `colour(seat)` is a
// seat's colour.
function diagramFigure(d, colour) {
  const fig = document.createElement("figure");
  fig.className = `diagram diagram-${d.shape}`;
  const title = document.createElement("figcaption");
  title.className = "diagram-title";
  title.textContent = d.title;
  fig.append(title);
  const pic = d.shape === "grid" ? gridSvg(d, colour) : graphSvg(d, colour);
  if (pic) {
    fig.append(pic);
    // Side by side with others, a picture takes at least its own width (when there is
    // room), so that a wide one is not shrunk to illegible text.
    fig.style.flexBasis = `${Math.max(Number(pic.dataset.width), 288)}px`;
  }
  for (const line of d.caption || []) {
    const p = document.createElement("p");
    p.className = "diagram-caption";
    p.textContent = line;
    fig.append(p);
  }
  return fig;
}

const CELL = 60;

// Square cells at (x, y), y growing south; a mark on each edge: a stub for a passage
// joined to the neighbour's, a red stub for one open to nothing.
function gridSvg(d, colour) {
  if (!d.cells.length) return null;
  const xs = d.cells.map((c) => c.x), ys = d.cells.map((c) => c.y);
  const x0 = Math.min(...xs), y0 = Math.min(...ys);
  const cols = Math.max(...xs) - x0 + 1, rows = Math.max(...ys) - y0 + 1;
  const pad = 8;
  const w = cols * CELL + 2 * pad, h = rows * CELL + 2 * pad;
  const root = dsvg("svg", { viewBox: `0 0 ${w} ${h}`, role: "img", "aria-label": d.title });
  root.style.maxWidth = `${w * 1.4}px`;
  root.dataset.width = w;
  for (const c of d.cells) {
    const left = pad + (c.x - x0) * CELL, top = pad + (c.y - y0) * CELL;
    const g = dsvg("g", { class: "dcell" });
    const stroke = c.owner ? colour(c.owner) : "#8a93a0";
    g.append(dsvg("rect", { x: left + 3, y: top + 3, width: CELL - 6, height: CELL - 6, rx: 4, class: "tile", stroke }));
    const mid = [left + CELL / 2, top + CELL / 2];
    // n, e, s, w: from the tile's edge outwards to the cell's edge.
    const ends = [[mid[0], top + 3, mid[0], top], [left + CELL - 3, mid[1], left + CELL, mid[1]], [mid[0], top + CELL - 3, mid[0], top + CELL], [left + 3, mid[1], left, mid[1]]];
    const inner = [[mid[0], top + 3, mid[0], top + 10], [left + CELL - 3, mid[1], left + CELL - 10, mid[1]], [mid[0], top + CELL - 3, mid[0], top + CELL - 10], [left + 3, mid[1], left + 10, mid[1]]];
    c.edges.forEach((mark, i) => {
      if (mark === "none") return;
      const [x1, y1, x2, y2] = ends[i], [a1, b1, a2, b2] = inner[i];
      g.append(dsvg("line", { x1, y1, x2, y2, class: `passage ${mark}` }));
      g.append(dsvg("line", { x1: a1, y1: b1, x2: a2, y2: b2, class: `passage ${mark}` }));
    });
    g.append(dsvg("text", { x: mid[0], y: mid[1] - 3, class: "dtext" }, c.text));
    if (c.note) g.append(dsvg("text", { x: mid[0], y: mid[1] + 12, class: "dnote" }, c.note));
    g.append(dsvg("title", {}, [c.text, c.note].filter(Boolean).join(" · ")));
    root.append(g);
  }
  return root;
}

const UNIT = 36;
const NODE_R = 11;

// Nodes at (x, y) scaled to fit; a short text (up to 3 characters) inside its circle,
// a longer one under it; owners' colours fill the circles.
function graphSvg(d, colour) {
  if (!d.nodes.length) return null;
  const textWidth = (n) => (n.text.length <= 3 ? 0 : n.text.length * 5.6);
  const xs = d.nodes.map((n) => n.x * UNIT), ys = d.nodes.map((n) => n.y * UNIT);
  let x0 = Infinity, x1 = -Infinity;
  d.nodes.forEach((n, i) => {
    const half = Math.max(NODE_R, textWidth(n) / 2);
    x0 = Math.min(x0, xs[i] - half);
    x1 = Math.max(x1, xs[i] + half);
  });
  const y0 = Math.min(...ys) - NODE_R, y1 = Math.max(...ys) + NODE_R + 14;
  const pad = 6;
  const w = x1 - x0 + 2 * pad, h = y1 - y0 + 2 * pad;
  const root = dsvg("svg", { viewBox: `${x0 - pad} ${y0 - pad} ${w} ${h}`, role: "img", "aria-label": d.title });
  root.style.maxWidth = `${Math.max(w * 1.3, 200)}px`;
  root.dataset.width = w;
  const at = new Map(d.nodes.map((n, i) => [n.id, [xs[i], ys[i]]]));
  for (const [a, b] of d.links) {
    const [ax, ay] = at.get(a), [bx, by] = at.get(b);
    root.append(dsvg("line", { x1: ax, y1: ay, x2: bx, y2: by, class: "dlink" }));
  }
  d.nodes.forEach((n, i) => {
    const g = dsvg("g", { class: `dnode${n.kind ? ` kind-${n.kind.replace(/[^a-z0-9_-]/gi, "")}` : ""}` });
    const fill = n.owner ? colour(n.owner) : "#dfe3ea";
    g.append(dsvg("circle", { cx: xs[i], cy: ys[i], r: NODE_R, fill, class: "dcircle" }));
    if (n.text.length <= 3) {
      g.append(dsvg("text", { x: xs[i], y: ys[i] + 4, class: n.owner ? "dtext inside owned" : "dtext inside" }, n.text));
    } else if (n.text) {
      g.append(dsvg("text", { x: xs[i], y: ys[i] + NODE_R + 11, class: "dlabel" }, n.text));
    }
    g.append(dsvg("title", {}, [n.text, n.kind].filter(Boolean).join(" · ")));
    root.append(g);
  });
  return root;
}
