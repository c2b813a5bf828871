/* Keys for the common answers: Y / N, or the number shown beside a choice, then Enter. */
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && (target.tagName === "INPUT" && target.type === "text" || target.tagName === "SELECT" ||
                   target.tagName === "TEXTAREA")) return;
    var form = document.querySelector("[data-answer-keys]");
    if (!form) return;
    var choice = form.querySelector('[data-key="' + event.key.toLowerCase() + '"]');
    if (choice) {
      choice.checked = !(choice.type === "checkbox" && choice.checked);
      choice.focus();
      event.preventDefault();
    }
  });
})();
