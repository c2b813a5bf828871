/* Tell the site the learner's time zone once (so "today" turns at their midnight, not UTC's). It
 * is loaded only while the zone is not known; without JavaScript the day turns at midnight UTC
 * until the learner chooses a zone on the time-zone page. The site keeps a zone it already has. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !window.fetch || !window.Intl) return;
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (error) {
    return;
  }
  if (!zone) return;
  var body = new URLSearchParams();
  body.set("time_zone", zone);
  body.set("detected", "1");
  fetch(script.dataset.url, {
    method: "POST",
    body: body,
    credentials: "same-origin",
    headers: { "X-CSRFToken": script.dataset.csrf }
  }).catch(function () { /* tried again on the next page */ });
})();
