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

/* Once an answer is marked (htmx swapped its verdict in under the form), the form gives way to the
 * verdict: the question counts once, so the form is hidden (and cannot be sent again), as the page
 * without JavaScript comes back without it. Then the verdict is brought to the top of the screen
 * and its headline takes the focus, so the result of pressing Answer is what the person sees (and a
 * screen reader says). This runs after htmx has settled, after its own scrolling. */
(function () {
  "use strict";
  document.addEventListener("htmx:afterSettle", function () {
    var headline = document.querySelector(
      "#verdict [data-marked], #feedback [data-marked], #shown-answer [data-marked]");
    if (!headline || headline.hasAttribute("data-brought")) return;  // each verdict once
    headline.setAttribute("data-brought", "");
    var form = document.querySelector("form[data-answer-keys]");
    // A lesson check's answer shown after two misses comes with a fresh question's form: it stays.
    if (form && !form.classList.contains("answered") && !headline.closest("#shown-answer")) {
      form.classList.add("answered");
      Array.prototype.forEach.call(form.elements, function (element) {
        if (element.type !== "hidden") element.disabled = true;
      });
      // A hand answered by tapping its tile ("Which discard?") is the question itself: it stays,
      // greyed, so the verdict's tiles can be read against it. Every other form gives way.
      form.hidden = !form.querySelector(".hand-pick");
    }
    headline.closest(".verdict").scrollIntoView({block: "start"});
    headline.focus({preventScroll: true});
  });
})();
