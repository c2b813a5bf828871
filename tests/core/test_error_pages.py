"""A refusal (403), a missing page (404) and a failure (500) answer with a page in plain words
and a way on, inside the site's layout where the request allows it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.classes.helpers import a_class, coteacher

pytestmark = pytest.mark.django_db


def test_it_tells_a_coteacher_who_owns_what_they_cannot_do(client: Client) -> None:
    classroom = a_class()
    client.force_login(coteacher(classroom, "cory"))
    response = client.post(reverse("classes:code_renew", args=[classroom.pk]))
    assert response.status_code == 403
    page = response.content.decode()
    assert "Only the owner of Tuesday beginners, tess, can do that." in page
    assert 'href="/classes/"' in page and "<nav" in page


def test_it_answers_a_missing_page_with_ways_on(client: Client, settings) -> None:
    settings.DEBUG = False
    response = client.get("/classes/999999/")
    assert response.status_code in (302, 404)
    owner = a_class().owner
    assert owner is not None
    client.force_login(owner)
    response = client.get("/classes/999999/")
    assert response.status_code == 404
    assert (
        "There is nothing here" in response.content.decode()
        and 'href="/lessons/"' in response.content.decode()
    )


def test_it_has_a_failure_page_that_needs_no_request(settings) -> None:
    from django.template.loader import render_to_string

    page = render_to_string("500.html")
    assert "Something went wrong on our side" in page and 'href="/"' in page
