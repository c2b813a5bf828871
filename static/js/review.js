/* Stepping through a hand's review (templates/play/review.html): htmx swaps the step in place when
 * Previous or Next is used, and the link that was used is gone with the old step. So once the new
 * step has settled, the same link in it takes the focus (Enter again goes on stepping), or, at the
 * first or last step where that link is off, the step's headline; the step is brought to the top
 * of the screen, its decision in view. Without JavaScript the links open the page at #step. */
(function () {
  "use strict";
  var used = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var link = event.detail.elt;
    used = link && link.getAttribute ? link.getAttribute("data-nav") : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    var step = document.getElementById("step");
    if (!step || step.hasAttribute("data-brought")) return;
    step.setAttribute("data-brought", "");
    var target = (used && step.querySelector('a[data-nav="' + used + '"]')) || step.querySelector("#step-title");
    step.scrollIntoView({block: "start"});
    if (target) target.focus({preventScroll: true});
  });
})();
