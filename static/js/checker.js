/* The hand checker: after "Check this hand" (a submit, not the live update while tiles are added),
 * bring the verdict into view when it does not fit where it is, as a phone's screen often cannot.
 * Without JavaScript the form's address ends in #verdict, which does the same. */
(function () {
  "use strict";
  document.addEventListener("htmx:afterSwap", function (event) {
    var config = event.detail && event.detail.requestConfig;
    if (!config || !config.triggeringEvent || config.triggeringEvent.type !== "submit") return;
    var verdict = document.getElementById("verdict");
    if (!verdict) return;
    var box = verdict.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) verdict.scrollIntoView({ block: "start" });
  });
})();
