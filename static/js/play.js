/* The play table (templates/play/game.html) after an action: htmx swaps the whole table in place,
 * and the page would stay scrolled where the tile or button was tapped. So once htmx has settled,
 * the table's top is brought to the top of the screen: the status line, the choice asked and the
 * rack, in that order, fill the screen (a phone in large print included), and the status line
 * takes the focus (a screen reader says it; Tab goes on to the choice). At the end of the hand the
 * result, just under the status line, has the focus instead; when the coach speaks (a warning
 * before a rule mistake, or the hint asked for, just under the rack), its box focused so that it
 * is read out, scrolled only as far as its headline and first sentence need (the rack and the tiles
 * or button it suggests stay on screen above it: on a phone in large print the whole box would push
 * them off); after an undo, the note saying so, just above the rack (a table names what to
 * focus so with data-bring). Each table once: a new swap brings a new table. Without JavaScript
 * the post or the hint's link goes to the table's #table, which opens the page there. */
(function () {
  "use strict";
  document.addEventListener("htmx:afterSettle", function () {
    var table = document.getElementById("table");
    if (!table || table.hasAttribute("data-brought")) return;
    table.setAttribute("data-brought", "");
    var result = table.querySelector("#hand-result");
    var coach = table.querySelector("#warning") || table.querySelector("#hint");
    var bring = table.querySelector("[data-bring]");
    table.scrollIntoView({block: "start"});
    if (coach) {
      // Only as far as the coach's headline and first sentence need: the rest (More, each choice)
      // may run below the screen, but the rack and the suggested tiles stay in view above it.
      var lead = coach.querySelector("p") || coach;
      var below = lead.getBoundingClientRect().bottom - window.innerHeight;
      if (below > 0) window.scrollBy(0, Math.min(below + 8, coach.getBoundingClientRect().top));
    }
    var headline = coach || (result ? result.querySelector("#result-title") : bring || table.querySelector("#status-line"));
    if (headline) headline.focus({preventScroll: true});
  });
})();
