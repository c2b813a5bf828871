/* A table where people play together (templates/play/table.html). After each redraw of the table's
 * live part (#table-live, swapped by htmx when live.js says the table moved on, or after an
 * action):
 * - the moves that are new since the last redraw appear one at a time (each for a moment), so that
 *   three bots' moves are not all there at once, and the newest is read out by a polite live
 *   region (#table-announce, outside the swapped part so that screen readers keep it);
 * - a new phrase of table talk is read out too, and so are a pause ("Paused by your teacher") and a
 *   word to this seat alone (.table-paused, .table-word), after the moves;
 * - "your turn" is unmistakable: the status line (server-drawn), the tab's title, and, if the
 *   player turned it on (kept in this browser), a short sound or a vibration;
 * - the seconds left to choose count down;
 * - tiles ticked for a pass stay ticked when the page is redrawn because of the others (a redraw
 *   fetched, not one answering this seat's own post), while the same pass is still asked;
 * - when the table moved on but nothing this seat sees changed (204, X-Table-Version), the part is
 *   marked as drawn at that version, so live.js does not keep asking.
 * Everything here is an extra: without JavaScript the page's forms and its "Refresh" link work. */
(function () {
  "use strict";
  var STEP_MS = 700;
  var title = document.title;
  var seen = null; // the move lines shown at the last redraw
  var lastSaid = null; // the newest table talk at the last redraw
  var lastNotes = null; // the pause and the word to this seat at the last redraw
  var NOTES = [".table-paused", ".table-word"];
  var wasTurn = false;
  var clock = null;

  function lines(live) {
    return Array.prototype.map.call(live.querySelectorAll(".play-moves li"), function (li) {
      return li.textContent;
    });
  }

  function pace(live) {
    var now = lines(live);
    var items = live.querySelectorAll(".play-moves li");
    var fresh = 0;
    if (seen !== null) {
      while (fresh < now.length && seen.indexOf(now[now.length - 1 - fresh]) < 0) fresh += 1;
    }
    seen = now;
    var announce = document.getElementById("table-announce");
    var said = live.querySelector(".table-talk li"); // the newest phrase, read out when it is new
    var saidText = said ? said.textContent : "";
    if (announce && saidText && saidText !== lastSaid && lastSaid !== null) announce.textContent = saidText;
    lastSaid = saidText;
    var notes = NOTES.map(function (selector) {
      var note = live.querySelector(selector);
      return note ? note.textContent.replace(/\s+/g, " ").trim() : "";
    });
    notes.forEach(function (text, n) {
      if (!announce || !text || lastNotes === null || text === lastNotes[n]) return;
      window.setTimeout(function () { announce.textContent = text; }, fresh * STEP_MS + n * STEP_MS);
    });
    lastNotes = notes;
    for (var k = 0; k < fresh; k += 1) {
      var item = items[items.length - fresh + k];
      item.hidden = true;
      (function (li, delay) {
        window.setTimeout(function () {
          li.hidden = false;
          if (announce) announce.textContent = li.textContent;
        }, delay);
      })(item, k * STEP_MS);
    }
  }

  function ping() {
    if (localStorage.getItem("table-ping") !== "on") return;
    if (navigator.vibrate) navigator.vibrate(200);
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      var audio = new Context();
      var tone = audio.createOscillator();
      var gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.value = 0.15;
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.18);
    } catch (error) { /* no sound allowed yet: the title and the status line still say it */ }
  }

  function turn(live) {
    var mine = live.getAttribute("data-your-turn") === "yes";
    document.title = mine ? "● Your turn · " + title : title;
    if (mine && !wasTurn) ping();
    wasTurn = mine;
  }

  function countDown(live) {
    if (clock) window.clearInterval(clock);
    var shown = live.querySelector("[data-seconds-left]");
    if (!shown) return;
    var left = parseInt(shown.getAttribute("data-seconds-left"), 10);
    clock = window.setInterval(function () {
      left = Math.max(0, left - 1);
      shown.textContent = left + (left === 1 ? " second" : " seconds") + " to choose";
      if (left === 0) {
        window.clearInterval(clock);
        live.dispatchEvent(new CustomEvent("live:changed"));
      }
    }, 1000);
  }

  function redrawn() {
    var live = document.getElementById("table-live");
    if (!live || live.hasAttribute("data-drawn")) return; // each redraw once
    live.setAttribute("data-drawn", "");
    pace(live);
    turn(live);
    countDown(live);
  }

  function pingSwitch() {
    var box = document.getElementById("table-ping");
    if (!box) return;
    box.closest("[hidden]") && box.closest("[hidden]").removeAttribute("hidden");
    box.checked = localStorage.getItem("table-ping") === "on";
    box.addEventListener("change", function () {
      localStorage.setItem("table-ping", box.checked ? "on" : "off");
      if (box.checked) ping();
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    pingSwitch();
    redrawn();
  });
  var ticked = null; // the ticked tiles of the pass being chosen, kept across a fetched redraw

  function tickedIn(live) {
    var form = live.querySelector("form[data-stage]");
    if (!form) return null;
    var boxes = form.querySelectorAll("input[type=checkbox]:checked");
    return {
      stage: form.getAttribute("data-action") + " " + form.getAttribute("data-stage"),
      boxes: Array.prototype.map.call(boxes, function (box) { return box.name + " " + box.value; })
    };
  }

  function tickAgain(live) {
    var kept = ticked;
    ticked = null;
    var form = live.querySelector("form[data-stage]");
    if (!kept || !form) return;
    if (form.getAttribute("data-action") + " " + form.getAttribute("data-stage") !== kept.stage) return;
    kept.boxes.forEach(function (key) {
      var parts = key.split(" ");
      var boxes = form.querySelectorAll("input[type=checkbox][name='" + parts[0] + "']");
      for (var k = 0; k < boxes.length; k += 1) {
        if (boxes[k].value === parts[1] && !boxes[k].checked) { boxes[k].checked = true; break; }
      }
    });
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var live = document.getElementById("table-live");
    var config = event.detail && event.detail.requestConfig;
    ticked = live && config && config.verb === "get" ? tickedIn(live) : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    var live = document.getElementById("table-live");
    if (live && !live.hasAttribute("data-drawn")) tickAgain(live);
    redrawn();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    var live = document.getElementById("table-live");
    if (!xhr || !live || xhr.status !== 204) return;
    var version = parseInt(xhr.getResponseHeader("X-Table-Version"), 10);
    if (!isNaN(version)) live.setAttribute("data-live-topic-version", String(version));
  });
})();
