"""/accounts/signup/: making an account."""

from __future__ import annotations

import pytest
from django.contrib.auth.hashers import check_password
from django.urls import reverse

from cfmj.accounts.recovery import code_read
from tests.accounts.factories import UserFactory
from tests.accounts.recovery import landing

URL = reverse("accounts:signup")
NEW_PASSWORD = "quiet-bamboo-garden-17"


def _form(**overrides: str) -> dict[str, str]:
    return {
        "username": "newplayer",
        "email": "new@example.com",
        "role": "learner",
        "password1": NEW_PASSWORD,
        "password2": NEW_PASSWORD,
        **overrides,
    }


def test_it_shows_the_form(client, db):
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="username"' in html
    assert 'name="password1"' in html
    assert "soon" not in html  # progress is kept from the first answer, not "soon"
    assert "your lessons, your practice and your settings" in html
    assert 'name="password2"' in html
    assert 'type="radio" name="role" value="learner"' in html
    assert 'type="radio" name="role" value="teacher"' in html


def test_it_creates_a_learner_and_logs_them_in(client, django_user_model):
    response = client.post(URL, _form())
    assert landing(client, response) == "/"
    user = django_user_model.objects.get(username="newplayer")
    assert user.role == "learner"
    assert not user.is_teacher
    assert user.email == "new@example.com"
    assert user.check_password(NEW_PASSWORD)
    assert not user.large_print
    assert client.session["_auth_user_id"] == str(user.pk)

    html = client.get("/").content.decode()
    assert "You are signed in as newplayer" in html
    assert reverse("accounts:signup") not in html


def test_it_creates_a_teacher(client, django_user_model):
    response = client.post(URL, _form(role="teacher"))
    assert response.status_code == 302
    user = django_user_model.objects.get(username="newplayer")
    assert user.role == "teacher"
    assert user.is_teacher


def test_it_does_not_need_an_email(client, django_user_model):
    response = client.post(URL, _form(email=""))
    assert response.status_code == 302
    assert django_user_model.objects.get(username="newplayer").email == ""


def test_it_keeps_the_large_print_chosen_before_signing_up(client, django_user_model):
    client.post(reverse("accounts:large_print"), {"large_print": "on"})
    response = client.post(URL, _form())
    assert response.status_code == 302
    user = django_user_model.objects.get(username="newplayer")
    assert user.large_print
    assert 'class="large-print"' in client.get("/").content.decode()


def test_it_rejects_a_taken_username(client, django_user_model):
    UserFactory(username="newplayer")
    response = client.post(URL, _form())
    assert response.status_code == 200
    assert "A user with that username already exists." in response.content.decode()
    assert django_user_model.objects.count() == 1
    assert "_auth_user_id" not in client.session


def test_it_rejects_a_taken_username_in_other_case(client, django_user_model):
    UserFactory(username="newplayer")
    response = client.post(URL, _form(username="NewPlayer"))
    assert response.status_code == 200
    assert "A user with that username already exists." in response.content.decode()
    assert django_user_model.objects.count() == 1


def test_it_rejects_passwords_that_do_not_match(client, django_user_model):
    response = client.post(URL, _form(password2="something-else-entirely"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "The two password fields didn’t match." in html
    assert 'class="field has-error"' in html
    assert 'value="newplayer"' in html
    assert not django_user_model.objects.exists()
    assert "_auth_user_id" not in client.session


def test_it_rejects_a_weak_password(client, django_user_model):
    response = client.post(URL, _form(password1="password", password2="password"))
    assert response.status_code == 200
    assert "This password is too common." in response.content.decode()
    assert not django_user_model.objects.exists()


def test_it_rejects_an_unknown_role(client, django_user_model):
    response = client.post(URL, _form(role="admin"))
    assert response.status_code == 200
    assert "Select a valid choice." in response.content.decode()
    assert not django_user_model.objects.exists()


def test_it_follows_a_local_next(client, db):
    response = client.post(URL, {**_form(), "next": "/check/?hand=1C"})
    assert landing(client, response) == "/check/?hand=1C"


def test_it_ignores_an_external_next(client, django_user_model):
    response = client.post(URL, {**_form(), "next": "https://evil.example/"})
    assert landing(client, response) == "/"
    assert django_user_model.objects.filter(username="newplayer").exists()


def test_it_ignores_a_scheme_relative_next(client, db):
    response = client.post(URL, {**_form(), "next": "//evil.example/"})
    assert landing(client, response) == "/"


def test_it_carries_a_local_next_in_the_form(client, db):
    html = client.get(URL, {"next": "/check/"}).content.decode()
    assert '<input type="hidden" name="next" value="/check/">' in html


def test_it_drops_an_external_next_from_the_form(client, db):
    html = client.get(URL, {"next": "https://evil.example/"}).content.decode()
    form = html.split(f'action="{URL}"', 1)[1].split("</form>", 1)[0]
    assert 'name="next"' not in form
    assert "evil.example" not in form


def test_it_sends_a_user_on(client, db):
    client.force_login(UserFactory())
    response = client.get(URL, {"next": "/check/"})
    assert response.status_code == 302
    assert response["Location"] == "/check/"


def test_it_does_not_sign_up_a_logged_in_user_again(client, django_user_model):
    client.force_login(UserFactory())
    response = client.post(URL, _form())
    assert response.status_code == 302
    assert django_user_model.objects.count() == 1


def test_it_refuses_put(client, db):
    assert client.put(URL).status_code == 405


UNSAFE_NEXT = [
    "abc",
    "//evil.example/",
    "https://evil.example/",
    "javascript:alert(1)",
    "/\\evil.example/",
    "http://testserver/check/",
    "/check/\nSet-Cookie: x=1",
    " /check/",
    "",
]


@pytest.mark.parametrize("target", UNSAFE_NEXT)
def test_it_falls_back_home_for_an_unsafe_next(client, django_user_model, target):
    response = client.post(URL, {**_form(), "next": target})
    assert landing(client, response) == "/"
    assert django_user_model.objects.filter(username="newplayer").exists()


def test_it_follows_a_join_link_next(client, db):
    response = client.post(URL, {**_form(), "next": "/classes/join/ABC234/"})
    assert landing(client, response) == "/classes/join/ABC234/"


@pytest.mark.parametrize("target", UNSAFE_NEXT)
def test_it_sends_a_user_home_for_an_unsafe_next(client, db, target):
    client.force_login(UserFactory())
    response = client.get(URL, {"next": target})
    assert response.status_code == 302
    assert response["Location"] == "/"


@pytest.mark.parametrize("target", UNSAFE_NEXT)
def test_it_drops_an_unsafe_next_from_the_form(client, db, target):
    html = client.get(URL, {"next": target}).content.decode()
    form = html.split(f'action="{URL}"', 1)[1].split("</form>", 1)[0]
    assert 'name="next"' not in form


def test_its_log_in_link_keeps_a_join_link_next(client, db):
    html = client.get(URL, {"next": "/classes/join/ABC234/"}).content.decode()
    assert f'href="{reverse("accounts:login")}?next=/classes/join/ABC234/"' in html


@pytest.mark.parametrize("spelling", ["ａｌｉｃｅ", "ALICE", " Alice "])
def test_it_rejects_a_taken_username_in_any_width_or_case(client, django_user_model, spelling):
    UserFactory(username="alice")
    response = client.post(URL, _form(username=spelling))
    assert response.status_code == 200
    assert "A user with that username already exists." in response.content.decode()
    assert django_user_model.objects.count() == 1


def test_it_stores_the_normal_spelling(client, django_user_model):
    client.post(URL, _form(username="ｍｅｉ"))
    assert django_user_model.objects.filter(username="mei").exists()


def test_it_says_the_account_is_made_on_the_page_it_leads_to(client, django_user_model):
    response = client.post(URL, _form(), follow=True)
    assert response.redirect_chain and response.status_code == 200
    said = [str(message) for message in response.context["messages"]]
    assert said == [
        "Welcome, newplayer: your account is made, and what you did before signing up "
        "(lessons, answers, hands played, today's streak) is kept in it."
    ]


def test_it_shows_the_new_accounts_recovery_code_once(client, django_user_model):
    response = client.post(URL, _form(email=""))
    assert response["Location"] == reverse("accounts:recovery_code")
    page = client.get(response["Location"])
    code = page.context["code"]
    user = django_user_model.objects.get(username="newplayer")
    assert code and code in page.content.decode() and user.recovery_code_made_at is not None
    assert check_password(code_read(code), user.recovery_code) and code_read(code) not in user.recovery_code
    assert "Welcome, newplayer" in page.content.decode()
    assert not client.get(response["Location"]).context["code"]  # once


def _field(html: str, name: str) -> str:
    """The <input> of a field, as rendered."""
    start = html.index(f'name="{name}"')
    return html[html.rindex("<input", 0, start) : html.index(">", start) + 1]


def test_a_name_with_a_space_is_refused_in_plain_words_with_a_free_username_filled_in(
    client, django_user_model
):
    """ "Margaret Smith" typed as a username: the page says a username has no spaces, fills in
    margaretsmith (made from it, free), keeps the real name in "Your name", and keeps everything
    typed, the passwords too; the same form sent again makes the account."""
    response = client.post(URL, _form(username="Margaret Smith", email="meg@example.com"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "A username has no spaces, so “Margaret Smith” cannot be one." in html
    assert "We filled in margaretsmith, which is free: sign up with it, or change it." in html
    assert "Your name, Margaret Smith, is kept in “Your name”." in html
    assert "This value may contain only" not in html and "Enter a valid username" not in html
    summary = html[html.index('<div class="form-errors"') : html.index("</div>", html.index("form-errors"))]
    assert (  # at the top of the form, in view when the page comes back
        "A username has no spaces, so “Margaret Smith” cannot be one. We filled in margaretsmith, "
        "which is free: sign up with it, or change it. Your name, Margaret Smith, is kept in “Your name”."
    ) in summary
    assert 'value="margaretsmith"' in _field(html, "username")
    assert 'value="Margaret Smith"' in _field(html, "real_name")
    assert 'value="meg@example.com"' in _field(html, "email")
    assert f'value="{NEW_PASSWORD}"' in _field(html, "password1")
    assert f'value="{NEW_PASSWORD}"' in _field(html, "password2")
    assert "no-store" in response["Cache-Control"]  # the passwords in the page are kept by no cache
    assert not django_user_model.objects.exists() and "_auth_user_id" not in client.session
    again = client.post(
        URL, _form(username="margaretsmith", real_name="Margaret Smith", email="meg@example.com")
    )
    assert again.status_code == 302
    user = django_user_model.objects.get()
    assert (user.username, user.real_name) == ("margaretsmith", "Margaret Smith")


def test_the_username_offered_is_not_taken_and_a_real_name_typed_stays_as_typed(client, django_user_model):
    UserFactory(username="MargaretSmith")
    UserFactory(username="margaretsmith2")
    response = client.post(URL, _form(username="  Margaret  Smith ", real_name="Meg Smith"))
    html = response.content.decode()
    assert "We filled in margaretsmith3, which is free" in html
    assert 'value="margaretsmith3"' in _field(html, "username")
    assert 'value="Meg Smith"' in _field(html, "real_name") and "is kept in “Your name”" not in html
    assert django_user_model.objects.count() == 2


def test_other_characters_are_named_and_a_username_is_offered_from_what_can_be_kept(client, db):
    html = client.post(URL, _form(username="zoë!müller")).content.decode()
    assert "use letters, numbers and . _ - + @ only, with no spaces" in html
    assert "We filled in zoemuller, which is free" in html
    assert "is kept in “Your name”" not in html  # no space: not taken for a person's name
    nothing = client.post(URL, _form(username="!!! ???")).content.decode()
    assert "A username has no spaces" in nothing and "We filled in" not in nothing


def test_the_top_of_the_form_says_when_more_is_wrong_than_the_username(client, db):
    html = client.post(URL, _form(username="Margaret Smith", password2="something-else")).content.decode()
    summary = html[html.index('<div class="form-errors"') : html.index("</div>", html.index("form-errors"))]
    assert "We filled in margaretsmith" in summary and "Please also correct what is marked below." in summary
    assert "The two password fields didn’t match." in html


def test_passwords_that_were_the_problem_are_typed_again_and_the_rest_is_kept(client, db):
    html = client.post(URL, _form(password2="something-else-entirely", real_name="Ann Lee")).content.decode()
    assert "The two password fields didn’t match." in html
    assert "value=" not in _field(html, "password1") and "value=" not in _field(html, "password2")
    assert 'value="newplayer"' in _field(html, "username") and 'value="Ann Lee"' in _field(html, "real_name")
    weak = client.post(URL, _form(password1="password", password2="password")).content.decode()
    assert "value=" not in _field(weak, "password1") and "value=" not in _field(weak, "password2")


def test_passwords_are_kept_when_something_else_was_refused(client, db):
    UserFactory(username="newplayer")
    html = client.post(URL, _form()).content.decode()
    assert "A user with that username already exists." in html
    assert f'value="{NEW_PASSWORD}"' in _field(html, "password1")
    assert f'value="{NEW_PASSWORD}"' in _field(html, "password2")
    assert "value=" not in _field(client.get(URL).content.decode(), "password1")  # a new form: empty


def test_the_username_says_in_plain_words_what_it_is(client, db):
    html = client.get(URL).content.decode()
    assert "letters and numbers, with no spaces (such as margaretsmith)" in html
    assert "Required. 150 characters or fewer" not in html
