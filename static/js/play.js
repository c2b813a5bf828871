/* The play table (templates/play/game.html) after an action: htmx swaps the whole table in place,
 * and the page would stay scrolled where the tile or button was tapped, with the status line, the
 * bots' moves and the new rack above the screen (on a phone, often wholly). So once htmx has
 * settled, the table is brought to the top of the screen and its status line takes the focus (a
 * screen reader says it; Tab goes on to the rack); at the end of the hand, the result instead, its
 * headline focused; when the coach speaks (a warning before a rule mistake, or the hint asked for),
 * its box instead, focused so that it is read out; after an undo, the note saying so, just above
 * the rack to choose from again (a table names what to bring so with data-bring). Each table once:
 * a new swap brings a new table. Without JavaScript the post or the hint's link goes to the
 * table's #fragment, which opens the page there. */
(function () {
  "use strict";
  document.addEventListener("htmx:afterSettle", function () {
    var table = document.getElementById("table");
    if (!table || table.hasAttribute("data-brought")) return;
    table.setAttribute("data-brought", "");
    var result = table.querySelector("#hand-result");
    var coach = table.querySelector("#warning") || table.querySelector("#hint");
    var bring = table.querySelector("[data-bring]");
    var place = coach || result || bring || table;
    var headline = coach || (result ? result.querySelector("#result-title") : bring || table.querySelector("#status-line"));
    place.scrollIntoView({block: "start"});
    if (headline) headline.focus({preventScroll: true});
  });
})();
