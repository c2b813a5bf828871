"""The htmx plumbing: every response varies on HX-Request; redirects become HX-Redirect for htmx."""

from __future__ import annotations

from django.urls import reverse

LARGE_PRINT = reverse("accounts:large_print")


def _vary(response) -> list[str]:
    return [part.strip().lower() for part in response.get("Vary", "").split(",")]


def test_it_turns_a_redirect_into_hx_redirect_for_htmx(client, db):
    response = client.post(
        LARGE_PRINT, {"large_print": "on", "next": "/check/"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert response["HX-Redirect"] == "/check/"
    assert "Location" not in response
    assert client.session["large_print"] is True


def test_it_leaves_an_ordinary_redirect_alone(client, db):
    response = client.post(LARGE_PRINT, {"large_print": "on", "next": "/check/"})
    assert response.status_code == 302
    assert response["Location"] == "/check/"
    assert "HX-Redirect" not in response


def test_it_leaves_an_htmx_page_alone(client, db):
    response = client.get(reverse("home"), headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "HX-Redirect" not in response
    assert "hx-request" in _vary(response)


def test_it_adds_vary_to_every_response(client, db):
    for url in (reverse("home"), reverse("practice:check"), reverse("accounts:login"), reverse("healthz")):
        assert "hx-request" in _vary(client.get(url)), url


def test_it_adds_vary_to_an_error_response(client, db):
    response = client.get(LARGE_PRINT)
    assert response.status_code == 405
    assert "hx-request" in _vary(response)


def test_it_turns_a_login_redirect_into_hx_redirect(client, db):
    url = reverse("accounts:password_change")
    response = client.get(url, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response["HX-Redirect"] == f"{reverse('accounts:login')}?next={url}"


def test_it_adds_vary_to_an_hx_redirect(client, db):
    response = client.get(reverse("accounts:password_change"), headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "HX-Redirect" in response
    assert "hx-request" in _vary(response)
