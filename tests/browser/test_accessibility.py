"""axe-core (vendored for the tests by scripts/ensure-axe) finds no serious or critical problem on
the key pages, in normal and in large print: visitors' pages, a learner's, a teacher's."""

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


class Audit:
    def __init__(self, large_print: bool) -> None:
        self.large_print = large_print
        self.found: dict[str, list[dict[str, Any]]] = {}
        self.pages = 0

    def __call__(self, page: Page, where: str, result: Locator | None = None) -> None:
        if self.large_print:
            expect(page.locator("html")).to_have_class("large-print")
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


@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
def test_key_pages_have_no_serious_accessibility_problems(
    contexts: Callable[..., BrowserContext], django_user_model: Any, large_print: bool
) -> None:
    if not AXE.exists():
        pytest.skip("axe-core is not vendored (scripts/ensure-axe fetches it into var/axe/)")
    site = site_build(django_user_model)

    audit = Audit(large_print)
    # axe is injected as an inline script, which a Content-Security-Policy refuses: here only, the
    # browser sets such a policy aside.
    visitor_pages(start(contexts(bypass_csp=True), large_print), audit)
    learner_pages(start(contexts(bypass_csp=True), large_print, "sam"), audit, site)
    teacher_pages(start(contexts(bypass_csp=True), large_print, "tess"), audit, site)
    invitee_pages(start(contexts(bypass_csp=True), large_print, "ivy"), audit, site)

    print(f"\naxe, {'large print' if large_print else 'normal print'}: {audit.pages} page states")
    print(describe(audit.found) or "no violations at all")
    assert not audit.blocking(), "serious or critical accessibility problems:\n" + describe(audit.blocking())
