/* Keys for the common answers: Y / N, or the number shown beside a choice, then Enter. */
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && (target.tagName === "INPUT" && target.type === "text" || target.tagName === "SELECT" ||
                   target.tagName === "TEXTAREA")) return;
    var form = document.querySelector("[data-answer-keys]");
    if (!form || form.classList.contains("answered")) return;
    var choice = form.querySelector('[data-key="' + event.key.toLowerCase() + '"]');
    if (choice) {
      choice.checked = !(choice.type === "checkbox" && choice.checked);
      choice.focus();
      event.preventDefault();
    }
  });
})();

/* Once an answer is marked (htmx swapped its verdict in under the form), the form cannot be sent
 * again: the question counts once, so a second press would only show the first verdict. The
 * choices stay visible, greyed. Without JavaScript the marked page comes back without the form. */
(function () {
  "use strict";
  document.addEventListener("htmx:afterSwap", function () {
    if (!document.querySelector("#verdict [data-marked], #feedback [data-marked]")) return;
    var form = document.querySelector("form[data-answer-keys]");
    if (!form || form.classList.contains("answered")) return;
    form.classList.add("answered");
    Array.prototype.forEach.call(form.elements, function (element) {
      if (element.type !== "hidden") element.disabled = true;
    });
  });
})();
