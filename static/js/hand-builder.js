/* The hand builder: a palette of tiles, a rack that sorts itself, and the notation field, kept in
 * step. The field is the form's real input, so without JavaScript the builder is just that field.
 * This script knows tile codes and their table order (given by the server), never the rules. */
(function () {
  "use strict";

  function make(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function init(root) {
    var input = root.querySelector("[data-hb-input]");
    var live = root.querySelector("[data-hb-live]");
    var rack = root.querySelector("[data-hb-rack]");
    var count = root.querySelector("[data-hb-count]");
    var palette = root.querySelector("[data-hb-palette]");
    var exposeButton = root.querySelector("[data-hb-expose]");
    var clearButton = root.querySelector("[data-hb-clear]");
    var order = root.dataset.order.split(" ");
    var rank = {};
    order.forEach(function (code, i) { rank[code] = i; });
    var maxTiles = parseInt(root.dataset.max, 10) || 14;
    var buttons = Array.prototype.slice.call(palette.querySelectorAll("[data-hb-add]"));
    var info = {};
    buttons.forEach(function (b) {
      info[b.dataset.hbAdd] = { src: b.dataset.src, alt: b.dataset.alt, max: parseInt(b.dataset.max, 10) };
    });
    var state = { concealed: [], exposures: [], open: -1 };

    function sorted(list) {
      return list.slice().sort(function (a, b) { return rank[a] - rank[b]; });
    }

    // Read notation into tiles; null while it cannot be read (a typo, an unclosed bracket).
    function read(text) {
      var next = { concealed: [], exposures: [], open: -1 };
      var group = null;
      var tokens = text.toUpperCase().replace(/\[/g, " [ ").replace(/\]/g, " ] ").split(/\s+/);
      for (var i = 0; i < tokens.length; i++) {
        var token = tokens[i];
        if (!token) continue;
        if (token === "[") {
          if (group) return null;
          group = [];
        } else if (token === "]") {
          if (!group || !group.length) return null;
          next.exposures.push(group);
          group = null;
        } else if (Object.prototype.hasOwnProperty.call(rank, token)) {
          (group || next.concealed).push(token);
        } else {
          return null;
        }
      }
      return group ? null : next;
    }

    function write(s) {
      var parts = [];
      if (s.concealed.length) parts.push(sorted(s.concealed).join(" "));
      s.exposures.forEach(function (g) { if (g.length) parts.push("[" + sorted(g).join(" ") + "]"); });
      return parts.join(" ");
    }

    function total() {
      return state.exposures.reduce(function (n, g) { return n + g.length; }, state.concealed.length);
    }

    function copies(code) {
      var all = state.concealed.concat.apply(state.concealed, state.exposures);
      return all.filter(function (c) { return c === code; }).length;
    }

    function rackTile(code, group) {
      var button = make("button", "hb-tile");
      button.type = "button";
      button.setAttribute("aria-label", "Take out " + info[code].alt + (group >= 0 ? " (exposed)" : ""));
      var picture = make("img");
      picture.src = info[code].src;
      picture.alt = "";
      button.appendChild(picture);
      button.addEventListener("click", function () { takeOut(group, code); });
      return button;
    }

    function render(message) {
      rack.textContent = "";
      var concealed = make("span", "hb-concealed");
      sorted(state.concealed).forEach(function (code) { concealed.appendChild(rackTile(code, -1)); });
      if (!state.concealed.length && !state.exposures.length) {
        concealed.appendChild(make("span", "hb-empty", "The rack is empty: add tiles below."));
      }
      rack.appendChild(concealed);
      state.exposures.forEach(function (group, i) {
        var box = make("span", "hb-exposure" + (i === state.open ? " hb-open" : ""));
        box.setAttribute("role", "group");
        box.setAttribute("aria-label", i === state.open ? "exposed block, adding here" : "exposed block");
        box.appendChild(make("span", "hb-exposure-label", i === state.open ? "Exposed (adding)" : "Exposed"));
        sorted(group).forEach(function (code) { box.appendChild(rackTile(code, i)); });
        rack.appendChild(box);
      });
      var n = total();
      count.textContent = (message ? message + " " : "") + n + " of " + maxTiles + " tiles.";
      buttons.forEach(function (b) {
        var code = b.dataset.hbAdd;
        b.disabled = n >= maxTiles || copies(code) >= info[code].max;
      });
      var open = state.open >= 0;
      exposeButton.setAttribute("aria-pressed", open ? "true" : "false");
      exposeButton.textContent = open ? "Finish the exposed block" : "Start an exposed block";
    }

    function commit(message) {
      input.value = write(state);
      render(message);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }

    // Close the exposed block being filled (dropping it if empty); true if one was open.
    function finishOpen() {
      if (state.open < 0) return false;
      if (!state.exposures[state.open].length) state.exposures.splice(state.open, 1);
      state.open = -1;
      return true;
    }

    function add(code) {
      if (total() >= maxTiles || copies(code) >= info[code].max) return;
      (state.open >= 0 ? state.exposures[state.open] : state.concealed).push(code);
      var message = "Added " + info[code].alt + ".";
      if (total() >= maxTiles && finishOpen()) message += " The rack is full: exposed block finished.";
      commit(message);
    }

    function takeOut(group, code) {
      var list = group >= 0 ? state.exposures[group] : state.concealed;
      list.splice(list.indexOf(code), 1);
      if (group >= 0 && !list.length && group !== state.open) {
        state.exposures.splice(group, 1);
        if (state.open > group) state.open -= 1;
      }
      commit("Took out " + info[code].alt + ".");
      var first = rack.querySelector("button") || palette.querySelector("button:not([disabled])");
      if (first) first.focus();
    }

    palette.addEventListener("click", function (event) {
      var button = event.target.closest("[data-hb-add]");
      if (button && !button.disabled) add(button.dataset.hbAdd);
    });

    // Arrow keys move around the palette grid; rows hold nine tiles.
    palette.addEventListener("keydown", function (event) {
      var steps = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 9, ArrowUp: -9 }[event.key];
      if (!steps) return;
      var at = buttons.indexOf(document.activeElement);
      if (at < 0) return;
      for (var i = at + steps; i >= 0 && i < buttons.length; i += steps) {
        if (!buttons[i].disabled) { buttons[i].focus(); break; }
      }
      event.preventDefault();
    });

    exposeButton.addEventListener("click", function () {
      if (finishOpen()) {
        render("Exposed block finished.");
      } else {
        state.exposures.push([]);
        state.open = state.exposures.length - 1;
        render("Tiles you add now go into a new exposed block.");
      }
    });

    clearButton.addEventListener("click", function () {
      state = { concealed: [], exposures: [], open: -1 };
      commit("Rack cleared.");
    });

    input.addEventListener("input", function (event) {
      if (!event.isTrusted) return; // our own echo after a click
      var next = read(input.value);
      if (next) {
        state = next;
        render();
      }
    });

    // Checking the hand finishes the block being filled: the rack then shows what was checked.
    // (The checker's button asks by htmx on click, so no submit event comes: listen for both.)
    function checking(event) {
      if (event.type === "click" && !event.target.closest("[type=submit]")) return;
      if (finishOpen()) render("Exposed block finished.");
    }
    if (input.form) {
      input.form.addEventListener("submit", checking);
      input.form.addEventListener("click", checking);
    }

    state = read(input.value) || state;
    live.hidden = false;
    render();
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-hand-builder]"), init);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
