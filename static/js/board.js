/* The board on the projector (classes/session_board.html). Without this file it works as it is:
 * htmx (or, with no JavaScript at all, a reload every few seconds) keeps it current.
 * - "Full screen": shown where the browser can do it; hidden once the board fills the screen.
 * - Fit: the board's type and tiles follow the screen's height, as large as they go: its scale
 *   (--board-scale) starts at 160% (read from the back of a room) and is lowered a step at a time,
 *   down to 60% for a long explanation beside a long split, until the whole board is in view.
 *   Done again after each swap; the board then carries the scale it was fitted at (data-fitted),
 *   which the browser tests wait for. The corner for latecomers (the class's code and QR code)
 *   goes under the puzzle instead of under the count where the type is larger so.
 * - Presenter mode's keys: R and N press the form that carries data-board-key="r" or "n" (Reveal,
 *   Next), as its button would; never while typing in a field (or choosing in a list), nor with
 *   Ctrl, Alt or Cmd (Ctrl+R still reloads). The board says them ("Keys: R reveal, N next"). */
(function () {
  "use strict";
  var root = document.documentElement;
  var LARGEST = 1.6;
  var SMALLEST = 0.6;
  var STEP = 0.05;

  function overflows() {
    return root.scrollHeight > window.innerHeight + 1 || root.scrollWidth > window.innerWidth + 1;
  }

  function largest() {
    var scale = LARGEST;
    root.style.setProperty("--board-scale", scale.toFixed(2));
    while (overflows() && scale > SMALLEST) {
      scale = Math.max(SMALLEST, scale - STEP);
      root.style.setProperty("--board-scale", scale.toFixed(2));
    }
    return scale;
  }

  // The corner for latecomers sits under the count; where that leaves the type smaller than it
  // could be (a long split), it is tried under the puzzle, and kept where the type is larger.
  function fit() {
    var board = document.getElementById("board");
    if (board) board.classList.remove("board-corner-left");
    var scale = largest();
    if (board && scale < LARGEST && board.querySelector(".board-latecomers")) {
      board.classList.add("board-corner-left");
      var left = largest();
      if (left > scale) {
        scale = left;
      } else {
        board.classList.remove("board-corner-left");
        root.style.setProperty("--board-scale", scale.toFixed(2));
      }
    }
    if (board) board.setAttribute("data-fitted", scale.toFixed(2));
  }

  // The button is in the board's header, swapped in afresh with each change: its clicks are
  // taken on the document, and it is shown (where the browser can) after each swap.
  function fullScreenButton() {
    var button = document.querySelector(".board-fullscreen");
    if (button) button.hidden = !document.fullscreenEnabled || Boolean(document.fullscreenElement);
  }

  document.addEventListener("click", function (event) {
    if (event.target instanceof Element && event.target.closest(".board-fullscreen")) {
      root.requestFullscreen().catch(function () {});
    }
  });
  document.addEventListener("fullscreenchange", function () {
    fullScreenButton();
    fit();
  });
  document.addEventListener("htmx:afterSettle", fullScreenButton);

  var TYPING = "input, textarea, select, [contenteditable]:not([contenteditable='false'])";
  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.repeat || event.isComposing) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var key = event.key.toLowerCase();
    if (key !== "r" && key !== "n") return;
    if (event.target instanceof Element && event.target.closest(TYPING)) return;
    var form = document.querySelector('form[data-board-key="' + key + '"]');
    if (!form || form.hasAttribute("data-sent")) return;
    event.preventDefault();
    form.setAttribute("data-sent", "");  // one press, one POST: a second is not sent while it goes
    form.requestSubmit();
  });

  window.addEventListener("pageshow", function (event) {  // back to a board kept in memory
    if (!event.persisted) return;
    Array.prototype.forEach.call(document.querySelectorAll("form[data-sent]"), function (form) {
      form.removeAttribute("data-sent");
    });
  });

  document.addEventListener("DOMContentLoaded", function () {
    fullScreenButton();
    fit();
  });
  window.addEventListener("load", fit);  // the tile pictures have their height now
  window.addEventListener("resize", fit);
  document.addEventListener("htmx:afterSettle", fit);
})();
