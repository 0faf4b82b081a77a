"""Issue 14: the language follows the browser, can be switched on every page, is remembered for a logged-in
user, and URLs stay the same in every language."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.markup import squash
from tournaments.models import UserPreferences

pytestmark = pytest.mark.django_db

LIST = "/"


def _html_lang(response) -> str:
    match = re.search(r'<html lang="([^"]+)">', response.content.decode())
    assert match, "no <html lang>"
    return match.group(1)


def test_the_site_languages_are_english_brazilian_portuguese_and_french_named_in_their_own_language():
    assert settings.LANGUAGES == [("en", "English"), ("pt-br", "Português (Brasil)"), ("fr", "Français")]
    assert settings.LANGUAGE_CODE == "en"


def test_without_a_preference_the_page_is_english(client):
    assert _html_lang(client.get(LIST)) == "en"


@pytest.mark.parametrize(("header", "lang"), [("pt-BR,pt;q=0.9,en;q=0.5", "pt-br"), ("fr-FR,fr;q=0.9", "fr"),
                                               ("pt", "pt-br"), ("de-DE,de;q=0.9", "en")])
def test_the_language_follows_the_browsers_accept_language(client, header, lang):
    response = client.get(LIST, HTTP_ACCEPT_LANGUAGE=header)
    assert _html_lang(response) == lang
    assert response["Content-Language"] == lang


def test_every_page_has_the_labelled_language_switch(client):
    html = client.get(LIST, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    form = re.search(r'<form method="post" action="/language/"[^>]*>.*?</form>', html, re.S)
    assert form, "no language switch"
    form_html = squash(form.group(0))
    assert '<div class="btn-group btn-group-sm" role="group" aria-labelledby="site-language">' in form_html
    # one control: a button per language submits the form at once (no select, no "Change" button)
    assert "<select" not in form_html and len(re.findall(r"<button\b", form_html)) == 3
    assert re.findall(r'<button name="language" value="([^"]+)"', form_html) == ["en", "pt-br", "fr"]
    assert ('<button name="language" value="fr" lang="fr" class="btn btn-outline-light active" aria-current="true" '
            'title="Français"><span aria-hidden="true">FR</span><span class="visually-hidden">Français</span>'
            '</button>') in form_html
    assert 'name="next" value="/"' in form_html
    # a visitor's pages are cached whole: no CSRF token (it would hand one visitor's secret to the next)
    assert "csrfmiddlewaretoken" not in form_html


def test_a_visitor_switches_without_a_csrf_token():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/language/", {"language": "fr", "next": "/"})
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"


def test_a_logged_in_users_switch_needs_the_csrf_token_of_their_page(alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    refused = client.post("/language/", {"language": "fr", "next": "/"})
    assert refused.status_code == 403
    assert not UserPreferences.objects.exists()
    html = client.get(LIST).content.decode()
    token = re.search(r'class="d-flex align-items-center gap-1 language-switch"><input type="hidden" '
                      r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert token, "a logged-in user's switch carries the CSRF token"
    accepted = client.post("/language/", {"language": "fr", "next": "/", "csrfmiddlewaretoken": token.group(1)})
    assert accepted.status_code == 302
    assert UserPreferences.objects.get(user=alice).language == "fr"


def test_the_switch_sets_the_cookie_and_redirects_back(client):
    response = client.post("/language/", {"language": "pt-br", "next": "/signup/"})
    assert response.status_code == 302
    assert response["Location"] == "/signup/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "pt-br"
    # the cookie wins over the browser's languages from then on
    assert _html_lang(client.get("/signup/", HTTP_ACCEPT_LANGUAGE="fr")) == "pt-br"


def test_the_switch_refuses_a_foreign_next_address_and_an_unknown_language(client):
    response = client.post("/language/", {"language": "de", "next": "https://evil.example/"})
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


def test_the_switch_only_takes_a_post(client):
    assert client.get("/language/?language=fr").status_code == 405


def test_urls_are_the_same_in_every_language(client, tournament):
    url = reverse("tournaments:detail", kwargs={"pk": tournament.pk})
    assert url == f"/t/{tournament.pk}/"
    for lang in ("en", "pt-br", "fr"):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
        response = client.get(url)
        assert response.status_code == 200
        assert _html_lang(response) == lang


def test_a_logged_in_users_choice_is_saved_and_follows_them_to_another_browser(alice):
    first = Client()
    first.post(reverse("login"), {"username": "alice", "password": "alice-pass-123"})
    first.post("/language/", {"language": "fr", "next": "/"})
    assert UserPreferences.objects.get(user=alice).language == "fr"
    first.post(reverse("logout"))

    other = Client(HTTP_ACCEPT_LANGUAGE="pt-BR")  # a new browser, another language, no cookie
    assert _html_lang(other.get(LIST)) == "pt-br"
    other.post(reverse("login"), {"username": "alice", "password": "alice-pass-123"})
    response = other.get(LIST)
    assert _html_lang(response) == "fr"
    # the browser's cookie is brought in step, so the choice stays after logging out there too
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    other.post(reverse("logout"))
    assert _html_lang(other.get(LIST)) == "fr"


def test_an_anonymous_switch_saves_no_preference(client):
    client.post("/language/", {"language": "fr", "next": "/"})
    assert not UserPreferences.objects.exists()


def test_a_logged_in_user_without_a_saved_choice_follows_the_browser(client, alice):
    client.force_login(alice)
    assert _html_lang(client.get(LIST, HTTP_ACCEPT_LANGUAGE="fr")) == "fr"
    assert not UserPreferences.objects.exists()


def test_the_standings_etag_names_the_language(client, round_one, tournament):
    url = reverse("tournaments:standings", args=[tournament.pk])
    etag = client.get(url)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert client.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_ACCEPT_LANGUAGE="fr").status_code == 200


@pytest.mark.parametrize("fast_path", [False, True], ids=["rendered", "crowd-fast-path"])
def test_a_visitors_cached_page_is_cached_per_language(client, round_one, tournament, settings, fast_path):
    settings.CROWD_CACHE_SHARED = fast_path  # the fast path serves stored responses before any view runs
    url = reverse("tournaments:standings", args=[tournament.pk])
    assert _html_lang(client.get(url, HTTP_ACCEPT_LANGUAGE="pt-BR")) == "pt-br"
    assert _html_lang(client.get(url, HTTP_ACCEPT_LANGUAGE="fr")) == "fr"
