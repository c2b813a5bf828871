"""axe-core (vendored for the tests by scripts/ensure-axe) finds no serious or critical problem on
the key pages, in normal and in large print: visitors' pages, a learner's, a teacher's.

The walk is taken once, in normal print, and each page state is audited twice: as loaded, then with
large print put on in place (the page's `large-print` class, which the header's button has the
server put on <html>, as test_fit.py does), and taken off again before the walk goes on. axe reads
the page as it is drawn when it runs (font sizes for contrast, boxes for target sizes), so the second
audit is the large-print page's; the walk's pages, actions and waits are paid once instead of twice.
test_header.py and test_layout.py reach large print by the button."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.browser import conftest
from tests.browser.walk import invitee_pages, learner_pages, site_build, start, teacher_pages, visitor_pages

pytestmark = pytest.mark.django_db(transaction=True)

AXE = conftest.AXE  # other browser tests import it from here
BLOCKING = ("serious", "critical")


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Every axe violation on the page as it is now (scripts run, htmx swaps done). axe is already
    there in a page of a context opened with bypass_csp (the `contexts` fixture); else it is put in."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    assert result["passes"], "axe checked nothing"  # guards against a run that tests no rule
    return list(result["violations"])


def describe(found: dict[str, list[dict[str, Any]]]) -> str:
    lines = []
    for where, violations in found.items():
        for v in violations:
            targets = "; ".join(" ".join(node["target"]) for node in v["nodes"][:4])
            lines.append(f"[{v['impact']}] {where}: {v['id']} ({len(v['nodes'])}): {v['help']} -> {targets}")
    return "\n".join(lines)


LARGE_PRINT = "(on) => document.documentElement.classList.toggle('large-print', on)"
PRINTS = {False: "normal print", True: "large print"}


class Audit:
    """The `visit` of the walks: audits each page state in the print it was loaded in, or
    (`both_prints`, on a walk in normal print) in normal and then in large print, put on in place."""

    def __init__(self, large_print: bool = False, *, both_prints: bool = False) -> None:
        self.large_print = large_print
        self.both_prints = both_prints
        self.found: dict[str, list[dict[str, Any]]] = {}
        self.pages = 0

    def __call__(self, page: Page, where: str, result: Locator | None = None) -> None:
        html = page.locator("html")
        if self.large_print:
            expect(html).to_have_class("large-print")
        if not self.both_prints:
            self._audit(page, where)
            return
        expect(html).not_to_have_class("large-print")
        self._audit(page, f"{where}, {PRINTS[False]}")
        page.evaluate(LARGE_PRINT, True)
        expect(html).to_have_class("large-print")
        self._audit(page, f"{where}, {PRINTS[True]}")
        page.evaluate(LARGE_PRINT, False)

    def _audit(self, page: Page, where: str) -> None:
        self.pages += 1
        violations = axe_violations(page)
        if violations:
            self.found[where] = violations

    def blocking(self) -> dict[str, list[dict[str, Any]]]:
        return {
            where: [v for v in vs if v["impact"] in BLOCKING]
            for where, vs in self.found.items()
            if any(v["impact"] in BLOCKING for v in vs)
        }


def test_key_pages_have_no_serious_accessibility_problems_in_either_print(
    contexts: Callable[..., BrowserContext], django_user_model: Any
) -> None:
    if not AXE.exists():
        pytest.skip("axe-core is not vendored (scripts/ensure-axe fetches it into var/axe/)")
    site = site_build(django_user_model)

    audit = Audit(both_prints=True)
    # axe is injected as an inline script, which a Content-Security-Policy refuses: here only, the
    # browser sets such a policy aside.
    visitor_pages(start(contexts(bypass_csp=True), False), audit)
    learner_pages(start(contexts(bypass_csp=True), False, "sam"), audit, site)
    teacher_pages(start(contexts(bypass_csp=True), False, "tess"), audit, site)
    invitee_pages(start(contexts(bypass_csp=True), False, "ivy"), audit, site)

    print(f"\naxe, normal and large print: {audit.pages} page states audited")
    print(describe(audit.found) or "no violations at all")
    assert not audit.blocking(), "serious or critical accessibility problems:\n" + describe(audit.blocking())
