/* Keeps parts of a page current: the push channel's page side (cfmj/core/live.py).
 *
 * A part is an element with
 *   id="table"                     required: after a swap the part is found again by its id;
 *   data-live-topic-version="7"    the version of its topic the part was drawn at;
 *   data-live="/live/table/42/"    optional: its stream (Server-Sent Events); without it, it polls;
 * and htmx attributes that fetch it afresh on the event `live:changed`, e.g.
 *   hx-get="/play/table/42/?seen=7" hx-trigger="live:changed" hx-swap="outerHTML".
 * The server answers 204 when the version in the URL is still current (htmx swaps nothing), else
 * the part drawn afresh with its new data-live-topic-version (and hx-get): the version is read from
 * the attribute each time, so a swapped-in part carries it.
 *
 * live.js dispatches `live:changed` (not bubbling; detail.version: the newest version heard, 0 when
 * polling) on a part when it may be out of date:
 * - with a stream: on its first event, whatever the number (a change committed between the view
 *   reading the version and the stream's subscription is fetched then), and on every event whose
 *   version is greater than the part's; and every 2 s while the part is still behind the newest
 *   version heard (a fetch that answered with an older state, or was dropped, is made again);
 * - without a stream (no data-live, a refusal such as 503, an error, or no first event within
 *   10 s): every 2 s; the stream is tried again after 30 s, then at doubling intervals up to 5 min.
 *   A stream that ends after working (its lifetime is over, the server restarted) is opened again
 *   within a few seconds.
 * Nothing is fetched while the tab is hidden; when it is shown again every part is asked at once.
 * One stream per page: the first part with data-live has it, any other part polls. No globals.
 */
(function () {
  "use strict";
  var POLL_MS = 2000;
  var FIRST_EVENT_MS = 10000;
  var RETRY_MS = 30000;
  var RETRY_MAX_MS = 300000;
  var WORKED_MS = 10000; // a stream that ends sooner after its first event is taken for failing
  var parts = {}; // by id
  var streamer = null; // the part that has the page's one stream

  function element(part) {
    var found = document.getElementById(part.id);
    return found && found.hasAttribute("data-live-topic-version") ? found : null;
  }

  function drawnAt(found) {
    var version = parseInt(found.getAttribute("data-live-topic-version"), 10);
    return isNaN(version) ? -1 : version;
  }

  function changed(part) {
    var found = element(part);
    if (!found || document.hidden) return;
    found.dispatchEvent(new CustomEvent("live:changed", { detail: { version: part.latest } }));
  }

  function behind(part) {
    var found = element(part);
    return Boolean(found) && part.latest > drawnAt(found);
  }

  function later(ms) {
    return ms / 2 + Math.random() * ms; // spread out, so that pages do not all come back at once
  }

  function close(part) {
    if (part.source) part.source.close();
    part.source = null;
    part.streaming = false;
    clearTimeout(part.silence);
  }

  function failed(part) {
    close(part);
    clearTimeout(part.again);
    part.again = setTimeout(function () { open(part); }, later(part.retryMs));
    part.retryMs = Math.min(part.retryMs * 2, RETRY_MAX_MS);
  }

  function heard(part, event) {
    var version = parseInt(event.data, 10);
    if (isNaN(version)) return;
    var first = !part.streaming;
    part.latest = Math.max(part.latest, version);
    if (first) {
      clearTimeout(part.silence);
      part.streaming = true;
      part.since = Date.now();
    }
    if (first || behind(part)) changed(part);
  }

  function ended(part) {
    var worked = part.streaming && Date.now() - part.since >= WORKED_MS;
    if (!worked) {
      failed(part);
      return;
    }
    close(part);
    part.retryMs = RETRY_MS;
    part.again = setTimeout(function () { open(part); }, later(POLL_MS));
  }

  function open(part) {
    var found = element(part);
    if (!found || !found.getAttribute("data-live") || typeof EventSource === "undefined") return;
    close(part);
    var source = new EventSource(found.getAttribute("data-live"));
    part.source = source;
    part.silence = setTimeout(function () { failed(part); }, FIRST_EVENT_MS);
    source.addEventListener("version", function (event) {
      if (part.source === source) heard(part, event);
    });
    source.addEventListener("error", function () {
      if (part.source === source) ended(part); // ours to reopen: EventSource's own retry is not used
    });
  }

  function forget(part) {
    close(part);
    clearTimeout(part.again);
    delete parts[part.id];
    if (streamer === part) streamer = null;
  }

  function watch(found) {
    if (!found.id) {
      if (window.console) console.warn("live.js: a part with data-live-topic-version needs an id", found);
      return;
    }
    if (parts[found.id]) return; // the same part, swapped in afresh
    var part = { id: found.id, latest: 0, source: null, streaming: false, since: 0, retryMs: RETRY_MS };
    parts[found.id] = part;
    if (found.hasAttribute("data-live") && !streamer) {
      streamer = part;
      open(part);
    }
  }

  function scan(root) {
    if (root.matches && root.matches("[data-live-topic-version]")) watch(root);
    if (root.querySelectorAll) root.querySelectorAll("[data-live-topic-version]").forEach(watch);
  }

  function tick() {
    Object.keys(parts).forEach(function (id) {
      var part = parts[id];
      if (!element(part)) forget(part);
      else if (!part.streaming || behind(part)) changed(part);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    scan(document);
    setInterval(tick, POLL_MS);
  });
  document.addEventListener("htmx:load", function (event) {
    if (event.target instanceof Element) scan(event.target);
  });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) Object.keys(parts).forEach(function (id) { changed(parts[id]); });
  });
  // A page kept in the back-forward cache closes its stream, and opens it again when shown.
  window.addEventListener("pagehide", function () {
    if (streamer) close(streamer);
  });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && streamer) open(streamer);
  });
})();
