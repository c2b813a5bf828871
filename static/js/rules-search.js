/* The rules page filters as you type (the search button still works without JavaScript). */
(function () {
  "use strict";
  var input = document.querySelector("[data-rules-filter]");
  if (!input) return;
  var lines = Array.prototype.slice.call(document.querySelectorAll("[data-rule-line]"));
  var count = document.getElementById("rules-count");
  input.addEventListener("input", function () {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    lines.forEach(function (line) {
      var text = line.textContent.toLowerCase();
      var match = words.every(function (w) { return text.indexOf(w) !== -1; });
      line.hidden = !match;
      if (match) shown += 1;
    });
    document.querySelectorAll(".rules-section").forEach(function (section) {
      section.hidden = !section.querySelector("[data-rule-line]:not([hidden])");
    });
    if (count) count.textContent = words.length ? shown + " rule" + (shown === 1 ? "" : "s") + " found." : "";
  });
})();
