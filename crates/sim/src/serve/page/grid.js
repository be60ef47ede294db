// The range grid: 13 x 13 starting-hand classes of hold'em (9 x 9 in short deck), pairs on the
// diagonal, suited above it, offsuit below. Painted by click and drag or by keyboard; turned to
// and from range text; coloured by a breakdown's equities as a heat map.
"use strict";

const Grid = (() => {
  const ALL = "AKQJT98765432";

  const rankList = (short) => (short ? ALL.slice(0, 9) : ALL);

  // The class at row i, column j.
  const label = (r, i, j) =>
    i === j ? r[i] + r[i] : i < j ? r[i] + r[j] + "s" : r[j] + r[i] + "o";

  // The classes of range text the grid can show (pairs, suited, offsuit, `+` and `-` spans,
  // single combos as their class); `unread` lists the items it cannot (`random`, `15%`).
  function parse(text, short) {
    const r = rankList(short);
    const at = (c) => r.indexOf(c.toUpperCase());
    const on = new Set();
    const unread = [];
    const add = (a, b, kind) => {
      // a, b: rank indexes, a the higher (smaller index); kind "s", "o" or "" for both.
      if (a === b) { on.add(label(r, a, a)); return; }
      if (kind !== "o") on.add(label(r, a, b));
      if (kind !== "s") on.add(label(r, b, a));
    };
    for (const raw of text.split(",")) {
      const item = raw.trim().split(":")[0];
      if (!item) continue;
      let m;
      if ((m = /^([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)$/i.exec(item))) {
        let [a, b] = [at(m[1]), at(m[2])];
        if (a < 0 || b < 0) { unread.push(item); continue; }
        if (a > b) [a, b] = [b, a];
        if (m[4]) {
          if (a === b) for (let k = 0; k <= a; k++) add(k, k, "");
          else for (let k = a + 1; k <= b; k++) add(a, k, m[3].toLowerCase());
        } else add(a, b, m[3].toLowerCase());
      } else if ((m = /^([2-9TJQKA])([2-9TJQKA])([so]?)-([2-9TJQKA])([2-9TJQKA])([so]?)$/i.exec(item))) {
        const [a1, b1, a2, b2] = [at(m[1]), at(m[2]), at(m[4]), at(m[5])];
        if ([a1, b1, a2, b2].some((x) => x < 0)) { unread.push(item); continue; }
        if (a1 === b1 && a2 === b2) {
          for (let k = Math.min(a1, a2); k <= Math.max(a1, a2); k++) add(k, k, "");
        } else if (a1 === a2) {
          for (let k = Math.min(b1, b2); k <= Math.max(b1, b2); k++) add(a1, k, m[3].toLowerCase());
        } else unread.push(item);
      } else if ((m = /^([2-9TJQKA])[shdc]([2-9TJQKA])[shdc]$/i.exec(item))) {
        const [a, b] = [at(m[1]), at(m[2])];
        if (a < 0 || b < 0) { unread.push(item); continue; }
        const suited = item[1].toLowerCase() === item[3].toLowerCase();
        add(Math.min(a, b), Math.max(a, b), a === b ? "" : suited ? "s" : "o");
      } else unread.push(item);
    }
    return { on, unread };
  }

  // The grid's classes as range text, in grid order.
  function text(on, short) {
    const r = rankList(short);
    const out = [];
    for (let i = 0; i < r.length; i++)
      for (let j = 0; j < r.length; j++) if (on.has(label(r, i, j))) out.push(label(r, i, j));
    return out.join(",");
  }

  // Builds the grid in `box`; `changed(on)` is called after each paint.
  function build(box, short, changed) {
    const r = rankList(short);
    const n = r.length;
    let on = new Set();
    let painting = null;
    box.textContent = "";
    box.style.gridTemplateColumns = `repeat(${n}, auto)`;
    const cells = [];
    const paint = (cell, value) => {
      if (value) on.add(cell.dataset.cls); else on.delete(cell.dataset.cls);
      cell.classList.toggle("on", value);
      cell.setAttribute("aria-pressed", String(value));
    };
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        const cell = document.createElement("button");
        cell.type = "button";
        cell.className = "cell" + (i === j ? " pair" : "");
        cell.dataset.cls = label(r, i, j);
        cell.dataset.row = i;
        cell.dataset.col = j;
        cell.textContent = cell.dataset.cls;
        cell.tabIndex = i === 0 && j === 0 ? 0 : -1;
        cell.setAttribute("role", "gridcell");
        cell.setAttribute("aria-pressed", "false");
        cell.addEventListener("mousedown", (e) => {
          e.preventDefault();
          cell.focus();
          painting = e.shiftKey ? false : !on.has(cell.dataset.cls);
          paint(cell, painting);
        });
        cell.addEventListener("mouseenter", () => { if (painting !== null) paint(cell, painting); });
        cell.addEventListener("keydown", (e) => {
          const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
          if (moves[e.key]) {
            e.preventDefault();
            const ni = Math.min(n - 1, Math.max(0, i + moves[e.key][0]));
            const nj = Math.min(n - 1, Math.max(0, j + moves[e.key][1]));
            const next = cells[ni * n + nj];
            cell.tabIndex = -1;
            next.tabIndex = 0;
            next.focus();
          } else if (e.key === " " || e.key === "Enter") {
            e.preventDefault();
            paint(cell, !on.has(cell.dataset.cls));
            changed(on);
          }
        });
        cells.push(cell);
        box.appendChild(cell);
      }
    const stop = () => { if (painting !== null) { painting = null; changed(on); } };
    window.addEventListener("mouseup", stop);
    return {
      // Shows the classes of `set`, clearing any heat map.
      show(set) {
        on = new Set(set);
        for (const cell of cells) {
          cell.classList.remove("heat");
          cell.style.background = "";
          cell.textContent = cell.dataset.cls;
          paint(cell, on.has(cell.dataset.cls));
        }
      },
      // Colours each class of `equities` (class -> equity 0..1): red 0 %, white 50 %, green 100 %.
      heat(equities) {
        for (const cell of cells) {
          const e = equities.get(cell.dataset.cls);
          cell.classList.toggle("heat", e !== undefined);
          if (e === undefined) { cell.style.background = ""; continue; }
          const t = Math.abs(e - 0.5) * 2;
          const [r0, g0, b0] = e < 0.5 ? [220, 60, 60] : [60, 170, 80];
          const mix = (c) => Math.round(255 + (c - 255) * t);
          cell.classList.remove("on");
          cell.style.background = `rgb(${mix(r0)},${mix(g0)},${mix(b0)})`;
          cell.textContent = "";
          cell.append(cell.dataset.cls);
          const small = document.createElement("small");
          small.textContent = (100 * e).toFixed(1);
          cell.appendChild(small);
        }
      },
      destroy() { window.removeEventListener("mouseup", stop); },
    };
  }

  return { parse, text, build, label, rankList };
})();
