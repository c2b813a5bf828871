/* The play table (templates/play/game.html) after an action: htmx swaps the whole table in place,
 * and the page would stay scrolled where the tile or button was tapped. So once htmx has settled,
 * the table's top is brought to the top of the screen: the status line, the choice asked and the
 * rack, in that order, fill the screen (a phone in large print included), and the status line
 * takes the focus (a screen reader says it; Tab goes on to the choice). At the end of the hand the
 * result, just under the status line, has the focus instead; when the coach speaks (a warning
 * before a rule mistake, or the hint asked for, just under the rack), its box, scrolled into view
 * only as far as it needs (the rack above it stays on screen where there is room), focused so that
 * it is read out; after an undo, the note saying so, just above the rack (a table names what to
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
    if (coach) coach.scrollIntoView({block: coach.offsetHeight > window.innerHeight ? "start" : "nearest"});
    var headline = coach || (result ? result.querySelector("#result-title") : bring || table.querySelector("#status-line"));
    if (headline) headline.focus({preventScroll: true});
  });
})();
