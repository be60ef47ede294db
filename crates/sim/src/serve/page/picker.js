// The card picker: a button per card of the game's deck; a click adds the card to the field the
// page names (the board, or the dead cards) or takes it out, and the cards of both fields are
// shown pressed.
"use strict";

const Picker = (() => {
  // The cards of a field's text: `Qh7h2c`, `Qh 7h, 2c`.
  const cardsOf = (text) => text.match(/[2-9TJQKA][shdc]/gi) || [];

  // Builds the buttons in `box`; `target()` is the field a click edits, `fields` those whose
  // cards are shown pressed, `changed()` is called after each click.
  function build(box, short, target, fields, changed) {
    const ranks = short ? "AKQJT9876" : "AKQJT98765432";
    box.textContent = "";
    box.style.gridTemplateColumns = `repeat(${ranks.length}, 30px)`;
    const mark = () => {
      const used = new Set(fields.flatMap((f) => cardsOf(f.value)).map((c) => c.toLowerCase()));
      for (const b of box.children) {
        const on = used.has(b.dataset.card.toLowerCase());
        b.classList.toggle("used", on);
        b.setAttribute("aria-pressed", String(on));
      }
    };
    for (const suit of "shdc")
      for (const rank of ranks) {
        const card = rank + suit;
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = card;
        b.dataset.card = card;
        b.className = suit === "h" || suit === "d" ? "red" : "";
        b.setAttribute("aria-pressed", "false");
        b.addEventListener("click", () => {
          const field = target();
          const cards = cardsOf(field.value);
          const at = cards.findIndex((c) => c.toLowerCase() === card.toLowerCase());
          if (at >= 0) cards.splice(at, 1); else cards.push(card);
          field.value = cards.join("");
          mark();
          changed();
        });
        box.appendChild(b);
      }
    mark();
    return { mark };
  }

  return { build, cardsOf };
})();
