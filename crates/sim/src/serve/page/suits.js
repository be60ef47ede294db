// The suit filter: the combos of the grid's selected class (a pair's 6, a suited class's 4, an
// offsuit class's 12) as buttons that keep a combo in the range or take it out.
"use strict";

const Suits = (() => {
  const SYMBOL = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };

  // Builds the filter in `box` over `grid()` (the current grid, from grid.js).
  function build(box, grid) {
    let cls = null;
    const title = document.createElement("span");
    const list = document.createElement("div");
    list.className = "suit-combos";
    list.setAttribute("role", "group");
    const all = document.createElement("button");
    all.type = "button";
    all.textContent = "All";
    const none = document.createElement("button");
    none.type = "button";
    none.textContent = "None";
    box.textContent = "";
    box.append(title, list, all, none);
    const kept = () => {
      const cell = grid().get(cls);
      return new Set(cell ? cell.combos : []);
    };
    all.addEventListener("click", () => { if (cls) grid().keep(cls, new Set(Grid.combos(cls))); });
    none.addEventListener("click", () => { if (cls) grid().keep(cls, new Set()); });
    // Shows the combos of `shown` (a class name), or of the class shown before.
    function show(shown) {
      cls = shown || cls;
      if (!cls) return;
      const on = kept();
      const combos = Grid.combos(cls);
      title.textContent = `Suits of ${cls}: ${on.size} of ${combos.length}`;
      list.setAttribute("aria-label", `Combos of ${cls}`);
      list.textContent = "";
      for (const c of combos) {
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.combo = c;
        b.setAttribute("aria-pressed", String(on.has(c)));
        b.setAttribute("aria-label", c);
        for (const [rank, suit] of [[c[0], c[1]], [c[2], c[3]]]) {
          const span = document.createElement("span");
          span.className = suit === "h" || suit === "d" ? "red" : "";
          span.textContent = rank + SYMBOL[suit];
          b.appendChild(span);
        }
        b.addEventListener("click", () => {
          const next = kept();
          if (next.has(c)) next.delete(c); else next.add(c);
          grid().keep(cls, next);
          list.querySelector(`[data-combo="${c}"]`).focus();
        });
        list.appendChild(b);
      }
    }
    return { show };
  }

  return { build };
})();
