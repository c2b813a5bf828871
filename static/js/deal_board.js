/* The class's deal on the board (classes/deal_board.html): the arrow keys step through it.
 * Right arrow, Page Down or N press Next; left arrow, Page Up or P press Previous (a presenter's
 * clicker sends Page Down and Page Up). Not while typing in a field, nor with Ctrl, Alt or Cmd.
 * Next and Previous are links: without this file they work as they are (htmx swaps the board in
 * place, or without JavaScript the page loads). Opening a folded group fits the board again. */
(function () {
  "use strict";
  var NEXT = { ArrowRight: true, PageDown: true, n: true, N: true };
  var PREVIOUS = { ArrowLeft: true, PageUp: true, p: true, P: true };

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return;
    var target = event.target;
    if (target instanceof Element && target.closest("input, textarea, select, [contenteditable]")) return;
    var rel = NEXT[event.key] ? "next" : PREVIOUS[event.key] ? "prev" : "";
    if (!rel) return;
    var link = document.querySelector('.deal-nav a[rel="' + rel + '"]');
    if (!link) return;
    event.preventDefault();
    link.click();
  });

  // A folded group opened or shut: board.js fits the board to the screen again.
  document.addEventListener("toggle", function (event) {
    if (event.target instanceof Element && event.target.closest(".deal-folded")) {
      window.dispatchEvent(new Event("resize"));
    }
  }, true);
})();
