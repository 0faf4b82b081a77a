"""Issue #13: DEBUG is off unless asked for; the site's own error pages (403, 404, 500, the 429 lockout, a CSRF
failure) say what happened, why and what to do; the API docs page works offline and links back to the site; the
account pages and the tournaments list are Bootstrap pages.

pytest-django runs every test with DEBUG off, so each page here is the one a visitor gets."""

from __future__ import annotations

import datetime
import re
import runpy

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client, RequestFactory
from django.views.defaults import server_error

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _debug_is_off():
    assert settings.DEBUG is False


def urls_in(html: str) -> list[str]:
    """Every src= and href= value of a page."""
    return re.findall(r'(?:src|href)="([^"]*)"', html)


def login(client: Client, user) -> Client:
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    return client


# --------------------------------------------------------------------------- settings


@pytest.mark.filterwarnings("ignore:.*found in sys.modules:RuntimeWarning")
@pytest.mark.parametrize(("value", "debug"), [(None, False), ("0", False), ("1", True), ("true", True)])
def test_debug_is_off_unless_asked_for(monkeypatch, value, debug):
    monkeypatch.delenv("DEBUG", raising=False)
    if value is not None:
        monkeypatch.setenv("DEBUG", value)
    assert runpy.run_module("config.settings.base")["DEBUG"] is debug


def test_scripts_run_serves_with_debug_off_unless_asked_for():
    run = (settings.BASE_DIR / "scripts" / "run").read_text()
    assert 'DEBUG="${DEBUG:-0}"' in run
    assert "collectstatic" in run  # whitenoise serves the CSS with DEBUG off


# --------------------------------------------------------------------------- error pages


def test_the_404_page_says_what_and_what_to_do(client):
    response = client.get("/t/999999/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "<title>Not found · Spellfire TM</title>" in html
    assert "There is no such page" in html
    assert "the tournament, round, match or player it points to does not exist" in html
    assert 'class="btn btn-primary" href="/">Go to the tournaments</a>' in html
    assert "bootstrap.min.css" in html  # the site's layout, not Django's bare page


def test_the_403_page_says_who_may_and_leads_back_to_the_tournament(client, alice, tournament):
    response = login(client, alice).get(f"/t/{tournament.pk}/manage/")
    assert response.status_code == 403
    html = response.content.decode()
    assert "You may not open this page" in html
    assert '<div class="alert alert-warning mb-3" role="alert">Only the tournament&#x27;s organiser may do this.</div>' \
        in html
    assert "You are logged in as <strong>alice</strong>" in html
    assert f'href="/t/{tournament.pk}/">Back to the tournament</a>' in html
    assert 'href="/">All tournaments</a>' in html
    assert "Log in</a>" not in html.split("</header>")[1]  # logged in: no login button in the page body


def test_the_403_page_offers_an_anonymous_visitor_to_log_in(client, registered, tournament):
    alice_registration = registered[0]
    response = client.get(f"/t/{tournament.pk}/registrations/{alice_registration.pk}/deck/")
    assert response.status_code == 403
    html = response.content.decode()
    assert "Decklists are private to their owner and the organiser." in html
    assert "You are not logged in." in html
    assert (f'<a class="btn btn-primary" href="/accounts/login/?next=/t/{tournament.pk}/registrations/'
            f'{alice_registration.pk}/deck/">Log in</a>') in html


def test_the_500_page_is_static_and_says_nothing_saved_is_lost():
    request = RequestFactory().get("/t/1/")
    response = server_error(request)
    assert response.status_code == 500
    html = response.content.decode()
    assert "Something went wrong on our side" in html
    assert 'class="alert alert-danger' in html
    assert "What you saved before is kept" in html
    assert 'href="/">Go to the tournaments</a>' in html
    assert "/static/vendor/bootstrap-5.3.8/css/bootstrap.min.css" in html


def test_a_server_error_in_a_view_shows_the_500_page(client, monkeypatch):
    from tournaments.pages import event_views as views

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(views.selectors, "tournament_list_with_players", broken)
    client.raise_request_exception = False
    response = client.get("/")
    assert response.status_code == 500
    assert "Something went wrong on our side" in response.content.decode()
    assert "boom" not in response.content.decode()


def test_a_locked_out_login_gets_the_429_page_saying_for_how_long(alice):
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post("/accounts/login/", {"username": "alice", "password": "wrong-password"})
    response = client.post("/accounts/login/", {"username": "alice", "password": "alice-pass-123"})
    assert response.status_code == 429
    html = response.content.decode()
    assert "<h1 class=\"h3 mb-3\">Too many failed logins</h1>" in html
    assert ("Logging in as <strong>alice</strong> from this address failed 5 times, so it is locked for 15 minutes"
            in html)
    assert "ask the tournament's organiser" in html


def test_a_form_without_its_csrf_token_gets_the_friendly_403(alice):
    client = Client(enforce_csrf_checks=True)
    response = client.post("/accounts/login/", {"username": "alice", "password": "alice-pass-123"})
    assert response.status_code == 403
    html = response.content.decode()
    assert "This form could not be sent" in html
    assert "Nothing was changed" in html
    assert "reload the page and send the form again" in html
    assert "CSRF" not in html  # Django's technical reason stays out of the page
    assert "_auth_user_id" not in client.session


# --------------------------------------------------------------------------- API docs


def test_the_api_docs_load_nothing_from_another_site_and_link_back(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    urls = urls_in(html)
    assert urls, html
    for url in urls:
        assert url.startswith("/") and not url.startswith("//"), url
    assert '<a href="/">&larr; Spellfire Tournament Manager</a>' in html
    assert '<html lang="en">' in html
    for asset in ("swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "favicon-32x32.png"):
        url = f"/static/drf_spectacular_sidecar/swagger-ui-dist/{asset}"
        assert url in urls
        assert finders.find(url.removeprefix("/static/")), url
    assert "cdn." not in html and "https://" not in html
    assert "\"validatorUrl\": null" in html and "\"deepLinking\": false" in html


def test_the_api_docs_assets_are_served(client):
    response = client.get("/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js")
    assert response.status_code == 200


# --------------------------------------------------------------------------- account pages and the list


def test_the_login_page_labels_every_field_and_shows_a_failure_in_red(client, alice):
    html = client.get("/accounts/login/").content.decode()
    assert '<label class="form-label" for="id_username">Username</label>' in html
    assert '<label class="form-label" for="id_password">Password</label>' in html
    assert 'autocomplete="current-password"' in html
    assert '<button class="btn btn-primary w-100" type="submit">Log in</button>' in html
    html = client.post("/accounts/login/", {"username": "alice", "password": "wrong"}).content.decode()
    assert '<div class="alert alert-danger" role="alert">Please enter a correct username and password.' in html
    assert 'value="alice"' in html and 'value="wrong"' not in html


def test_the_login_page_says_why_it_was_shown(client):
    html = client.get("/accounts/login/?next=/t/1/deck/").content.decode()
    assert '<div class="alert alert-info" role="status">Log in to continue.</div>' in html
    assert '<input type="hidden" name="next" value="/t/1/deck/">' in html


def test_the_signup_page_marks_a_bad_field(client, alice):
    response = client.post("/signup/", {"username": "alice", "password1": "x", "password2": "y"})
    html = response.content.decode()
    assert 'class="form-control is-invalid"' in html
    assert "A user with that username already exists." in html
    assert 'aria-describedby="id_username-errors id_username-help"' in html
    assert 'value="x"' not in html


def test_the_tournaments_list_shows_date_status_and_players(client, organiser, registered, tournament, alice):
    from tournaments.services import tournament_create

    tournament_create(actor=organiser, name="Winter Draft", date=datetime.date(2027, 1, 9), deck_format_id="75",
                      best_of=1, swiss_rounds=3, top_cut=0)
    html = client.get("/").content.decode()
    assert html.index("Winter Draft") < html.index("Spellfire Open")  # newest first
    assert '<time datetime="2026-12-05">5 Dec 2026</time>' in html
    assert '<span class="badge text-bg-success">Registration open</span>' in html
    assert '<span class="badge text-bg-secondary">Draft</span>' in html
    assert '<td class="d-none d-sm-table-cell text-end">2</td>' in html  # alice and bob
    assert '<td class="d-none d-sm-table-cell text-end">0</td>' in html
    assert "75-card · best of 1" in html
    assert "Create a tournament" not in html
    assert "Create a tournament</a>" in login(Client(), organiser).get("/").content.decode()
    assert "Create a tournament" not in login(Client(), alice).get("/").content.decode()
