"""Nothing too small to tap (measured on every page by test_fit's walk): every control a finger
uses (a link, a button, a field, a tick-box or
a choice with its label, a tile tapped in the hand builder or on the rack, a fold's summary) is at
least TARGET_PX by TARGET_PX on every page of the site (test_fit's pages, walked the same way) on a
phone (390x844) and a tablet (820x1180), in normal and large print.

What counts as the target: a control inside a <label> is tapped through its label (a radio
button's row, a tile with its hidden radio button over it), so the label is measured. Allowed
exceptions (WCAG 2.5.8's "inline"): a link inside running text, where its height is the line's;
a link counts as that when it is laid out inline in a block (a paragraph, a list item) that has
words of its own outside any control. A breadcrumb is no sentence: its links are blocks of their
own (site.css), measured like any other."""

from __future__ import annotations

from playwright.sync_api import Page

TARGET_PX = 44  # the least a control a finger taps measures each way (WCAG 2.5.5, Apple's guidelines)

# Every visible control smaller than `least` either way, but for a link in running text.
SMALL_TARGETS = """(least) => {
  const CONTROL = "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]";
  const words = /\\p{L}{2,}/u;
  const shown = (el) => el.checkVisibility({visibilityProperty: true}) &&
    getComputedStyle(el).clip === "auto";  // a visually-hidden control (clipped to 1 px) is no target
  const block = (el) => {
    let b = el.parentElement;
    while (b && getComputedStyle(b).display.startsWith("inline")) b = b.parentElement;
    return b;
  };
  // A link in running text: laid out inline in a block that has words of its own, outside any control.
  const inRunningText = (el) => {
    if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
    const text = document.createTreeWalker(block(el), NodeFilter.SHOW_TEXT);
    for (let node = text.nextNode(); node; node = text.nextNode()) {
      if (words.test(node.textContent) && !node.parentElement.closest(CONTROL)) return true;
    }
    return false;
  };
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    Array.from(el.classList).slice(0, 2).map((c) => "." + c).join("");
  const menu = document.querySelector("header details.site-menu");  // its links measured open
  const wasOpen = menu ? menu.open : false;
  if (menu) menu.open = true;
  const seen = new Set();
  const small = [];
  for (const control of document.body.querySelectorAll(CONTROL)) {
    const el = (control.matches("input, select, textarea") && control.closest("label")) || control;
    if (seen.has(el)) continue;
    seen.add(el);
    if (!shown(control) || inRunningText(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.right <= 0 || (r.width === 0 && r.height === 0)) continue;  // off screen until focused (skip link)
    if (r.width + 0.5 < least || r.height + 0.5 < least) {
      const path = [name(el.parentElement), name(el)].join(" > ");
      const text = (el.innerText || el.value || el.getAttribute("aria-label") || el.getAttribute("alt") || "")
        .trim().replace(/\\s+/g, " ").slice(0, 40);
      small.push({path, text, width: Math.round(r.width), height: Math.round(r.height)});
    }
  }
  if (menu) menu.open = wasOpen;
  return small;
}"""


def small_targets(page: Page, where: str) -> list[str]:
    return [
        f"{where}: {el['path']} {el['text']!r} is {el['width']}x{el['height']} px"
        for el in page.evaluate(SMALL_TARGETS, TARGET_PX)
    ]
