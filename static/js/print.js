// The "Print" button of the login cards and the join card: shown only where JavaScript runs (without it the page
// says to use the browser's own Print).
document.querySelectorAll("[data-print]").forEach((button) => {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
});
