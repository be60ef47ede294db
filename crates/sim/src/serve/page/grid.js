// The range grid: 13 x 13 starting-hand classes of hold'em (9 x 9 in short deck), pairs on the
// diagonal, suited above it, offsuit below. Each class holds some of its combos (all, or those a
// suit filter kept) at one weight in thousandths, as the engine reads `AKs:0.5` and `AsKs,AhKh`.
// Painted by click and drag or by keyboard; turned to and from range text; coloured by a
// breakdown's equities as a heat map.
"use strict";

const Grid = (() => {
  const ALL = "AKQJT98765432";
  const SUITS = "shdc";
  const FULL = 1000;

  const rankList = (short) => (short ? ALL.slice(0, 9) : ALL);

  // The class at row i, column j.
  const label = (r, i, j) =>
    i === j ? r[i] + r[i] : i < j ? r[i] + r[j] + "s" : r[j] + r[i] + "o";

  // The combos of a class, in a fixed order: a pair's 6, a suited class's 4, an offsuit's 12.
  function combos(cls) {
    const [a, b] = [cls[0], cls[1]];
    const out = [];
    for (let i = 0; i < 4; i++)
      for (let j = 0; j < 4; j++) {
        const keep = a === b ? i < j : cls[2] === "s" ? i === j : i !== j;
        if (keep) out.push(a + SUITS[i] + b + SUITS[j]);
      }
    return out;
  }

  // A combo written either way round (`KhAs`, `ahks`) as `combos` writes it, or null.
  function combo(text) {
    const m = /^([2-9TJQKA])([shdc])([2-9TJQKA])([shdc])$/i.exec(text);
    if (!m) return null;
    let [r1, s1, r2, s2] = [m[1].toUpperCase(), m[2].toLowerCase(), m[3].toUpperCase(), m[4].toLowerCase()];
    if (r1 === r2 && s1 === s2) return null;
    const swap = ALL.indexOf(r1) > ALL.indexOf(r2) || (r1 === r2 && SUITS.indexOf(s1) > SUITS.indexOf(s2));
    if (swap) [r1, s1, r2, s2] = [r2, s2, r1, s1];
    return r1 + s1 + r2 + s2;
  }

  // The class of a combo as `combo` writes it.
  const classOf = (c) => (c[0] === c[2] ? c[0] + c[2] : c[0] + c[2] + (c[1] === c[3] ? "s" : "o"));

  // A whole class at weight `w`.
  const whole = (cls, w = FULL) => ({ w, combos: new Set(combos(cls)) });

  // The classes of range text the grid can show: classes, `+` and `-` spans, single combos,
  // each with its weight (a later mention of a combo overrides its weight, as in the engine).
  // `cells` maps a class to { w, combos }; `unread` lists what the grid cannot show: items it
  // does not read (`random`, `15%`) and classes whose combos have different weights.
  function parse(text, short) {
    const r = rankList(short);
    const at = (c) => r.indexOf(c.toUpperCase());
    const weights = new Map();
    const unread = [];
    const put = (list, w) => { for (const c of list) { weights.delete(c); weights.set(c, w); } };
    const klass = (a, b, kind) => {
      // a, b: rank indexes, a the higher (smaller index); kind "s", "o" or "" for both.
      if (a === b) return combos(label(r, a, a));
      const out = [];
      if (kind !== "o") out.push(...combos(label(r, a, b)));
      if (kind !== "s") out.push(...combos(label(r, b, a)));
      return out;
    };
    for (const raw of text.split(",")) {
      const whole = raw.trim();
      if (!whole) continue;
      const parts = whole.split(":");
      const item = parts[0];
      let w = FULL;
      if (parts.length === 2 && /^(0?\.\d+|1(\.0*)?|0)$/.test(parts[1])) {
        w = Math.round(Number(parts[1]) * FULL);
        if (w < 1 || w > FULL) { unread.push(whole); continue; }
      } else if (parts.length !== 1) { unread.push(whole); continue; }
      let m;
      const list = [];
      if ((m = /^([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)$/i.exec(item))) {
        let [a, b] = [at(m[1]), at(m[2])];
        if (a < 0 || b < 0 || (a === b && m[3])) { unread.push(whole); continue; }
        if (a > b) [a, b] = [b, a];
        const kind = m[3].toLowerCase();
        if (m[4]) {
          if (a === b) for (let k = 0; k <= a; k++) list.push(...klass(k, k, ""));
          else for (let k = a + 1; k <= b; k++) list.push(...klass(a, k, kind));
        } else list.push(...klass(a, b, kind));
      } else if ((m = /^([2-9TJQKA])([2-9TJQKA])([so]?)-([2-9TJQKA])([2-9TJQKA])([so]?)$/i.exec(item))) {
        const [a1, b1, a2, b2] = [at(m[1]), at(m[2]), at(m[4]), at(m[5])];
        if ([a1, b1, a2, b2].some((x) => x < 0)) { unread.push(whole); continue; }
        if (a1 === b1 && a2 === b2) {
          for (let k = Math.min(a1, a2); k <= Math.max(a1, a2); k++) list.push(...klass(k, k, ""));
        } else if (a1 === a2) {
          for (let k = Math.min(b1, b2); k <= Math.max(b1, b2); k++) list.push(...klass(a1, k, m[3].toLowerCase()));
        } else { unread.push(whole); continue; }
      } else if (combo(item) && at(item[0]) >= 0 && at(item[2]) >= 0) {
        list.push(combo(item));
      } else { unread.push(whole); continue; }
      put(list, w);
    }
    const cells = new Map();
    for (const [c, w] of weights) {
      const cls = classOf(c);
      const cell = cells.get(cls) || { w, combos: new Set(), mixed: false };
      if (cell.w !== w) cell.mixed = true;
      cell.combos.add(c);
      cells.set(cls, cell);
    }
    for (const [cls, cell] of cells) {
      if (cell.mixed) unread.push(`${cls} (its combos have different weights)`);
      delete cell.mixed;
    }
    return { cells, unread };
  }

  const weightText = (w) => (w >= FULL ? "" : `:${w / FULL}`);

  // The grid's classes as range text, in grid order: a whole class by its name, a class a suit
  // filter narrowed by its combos; each with its weight when below 1.
  function text(cells, short) {
    const r = rankList(short);
    const out = [];
    for (let i = 0; i < r.length; i++)
      for (let j = 0; j < r.length; j++) {
        const cls = label(r, i, j);
        const cell = cells.get(cls);
        if (!cell || cell.combos.size === 0) continue;
        const all = combos(cls);
        if (cell.combos.size === all.length) out.push(cls + weightText(cell.w));
        else for (const c of all) if (cell.combos.has(c)) out.push(c + weightText(cell.w));
      }
    return out.join(",");
  }

  // Builds the grid in `box`. `opts.changed(cells)` is called after each paint,
  // `opts.weight()` is the weight painting gives (thousandths), `opts.select(cls)` names the
  // class last clicked or moved to (for the suit filter).
  function build(box, short, opts) {
    const r = rankList(short);
    const n = r.length;
    let cells = new Map();
    let painting = null;
    box.textContent = "";
    box.style.gridTemplateColumns = `repeat(${n}, auto)`;
    const buttons = [];
    const byClass = new Map();
    const draw = (button) => {
      const cls = button.dataset.cls;
      const cell = cells.get(cls);
      const total = combos(cls).length;
      const count = cell ? cell.combos.size : 0;
      const w = cell ? cell.w : 0;
      const full = count === total && w === FULL;
      button.classList.remove("heat");
      button.style.background = "";
      button.textContent = cls;
      button.classList.toggle("on", full);
      button.classList.toggle("part", count > 0 && !full);
      if (count > 0 && !full) {
        button.style.backgroundImage = "linear-gradient(#36c, #36c)";
        button.style.backgroundSize = `${(100 * count) / total}% ${w / 10}%`;
      }
      button.dataset.weight = String(w);
      button.dataset.combos = String(count);
      button.setAttribute("aria-pressed", count > 0 ? (full ? "true" : "mixed") : "false");
      const words = count > 0 ? `${count} of ${total} combos, weight ${w / 10} %` : "not in the range";
      button.setAttribute("aria-label", `${cls}: ${words}`);
      button.title = `${cls}: ${words}`;
    };
    const paint = (button, on) => {
      if (on) cells.set(button.dataset.cls, whole(button.dataset.cls, opts.weight()));
      else cells.delete(button.dataset.cls);
      draw(button);
    };
    // Whether a click on `cls` erases it: it is whole, at the weight painting gives.
    const erases = (cls) => {
      const cell = cells.get(cls);
      return !!cell && cell.w === opts.weight() && cell.combos.size === combos(cls).length;
    };
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "cell" + (i === j ? " pair" : "");
        button.dataset.cls = label(r, i, j);
        button.tabIndex = i === 0 && j === 0 ? 0 : -1;
        button.setAttribute("role", "gridcell");
        button.addEventListener("focus", () => opts.select(button.dataset.cls));
        button.addEventListener("mousedown", (e) => {
          e.preventDefault();
          button.focus();
          painting = !(e.shiftKey || erases(button.dataset.cls));
          paint(button, painting);
        });
        button.addEventListener("mouseenter", () => { if (painting !== null) paint(button, painting); });
        button.addEventListener("keydown", (e) => {
          const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
          if (moves[e.key]) {
            e.preventDefault();
            const ni = Math.min(n - 1, Math.max(0, i + moves[e.key][0]));
            const nj = Math.min(n - 1, Math.max(0, j + moves[e.key][1]));
            const next = buttons[ni * n + nj];
            button.tabIndex = -1;
            next.tabIndex = 0;
            next.focus();
          } else if (e.key === " " || e.key === "Enter") {
            e.preventDefault();
            paint(button, !erases(button.dataset.cls));
            opts.changed(cells);
          }
        });
        buttons.push(button);
        byClass.set(button.dataset.cls, button);
        draw(button);
        box.appendChild(button);
      }
    const stop = () => { if (painting !== null) { painting = null; opts.changed(cells); } };
    window.addEventListener("mouseup", stop);
    return {
      // Shows `shown` (class -> { w, combos }), clearing any heat map.
      show(shown) {
        cells = new Map([...shown].filter(([cls]) => byClass.has(cls)));
        for (const button of buttons) draw(button);
      },
      // The class's combos and weight, or undefined.
      get: (cls) => cells.get(cls),
      // Keeps only `kept` of the class's combos (a suit filter), at its weight or the weight
      // painting gives.
      keep(cls, kept) {
        const cell = cells.get(cls);
        if (kept.size === 0) cells.delete(cls);
        else cells.set(cls, { w: cell ? cell.w : opts.weight(), combos: new Set(kept) });
        draw(byClass.get(cls));
        opts.changed(cells);
      },
      // Colours each class of `equities` (class -> equity 0..1): red 0 %, white 50 %, green 100 %.
      heat(equities) {
        for (const button of buttons) {
          const e = equities.get(button.dataset.cls);
          button.classList.toggle("heat", e !== undefined);
          if (e === undefined) { draw(button); continue; }
          const t = Math.abs(e - 0.5) * 2;
          const [r0, g0, b0] = e < 0.5 ? [220, 60, 60] : [60, 170, 80];
          const mix = (c) => Math.round(255 + (c - 255) * t);
          button.classList.remove("on", "part");
          button.style.background = `rgb(${mix(r0)},${mix(g0)},${mix(b0)})`;
          button.textContent = "";
          button.append(button.dataset.cls);
          const small = document.createElement("small");
          small.textContent = (100 * e).toFixed(1);
          button.appendChild(small);
        }
      },
      destroy() { window.removeEventListener("mouseup", stop); },
    };
  }

  return { parse, text, build, label, rankList, combos, combo, whole, FULL };
})();
