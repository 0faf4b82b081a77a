"""The shape of the web layer (issue #9): one decorator resolves the tournament and checks the audience,
URL files are split by audience with one path per action, templates live in their app and never
decide between a duel and a table. See ``tournaments/pages/access.py``."""

from __future__ import annotations

import ast
import pathlib
import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from decks.pages.urls import organiser as deck_organiser_urls
from decks.pages.urls import player as deck_player_urls
from decks.pages.urls import public as deck_public_urls
from tournaments.pages.urls import organiser as organiser_urls
from tournaments.pages.urls import player as player_urls
from tournaments.pages.urls import public as public_urls

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGE_PACKAGES = (ROOT / "tournaments" / "pages", ROOT / "decks" / "pages")
TEMPLATE_DIRS = (ROOT / "templates", ROOT / "tournaments" / "templates", ROOT / "decks" / "templates")
URL_FILES = {
    "public": (public_urls, deck_public_urls),
    "player": (player_urls, deck_player_urls),
    "organiser": (organiser_urls, deck_organiser_urls),
}


# --------------------------------------------------------------------------- static checks
def _tournament_lookups(source: str) -> list[int]:
    """Lines that call ``get_object_or_404(Tournament...)`` (the model or its manager/queryset)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "get_object_or_404" and node.args:
            first = node.args[0]
            while isinstance(first, (ast.Attribute, ast.Call)):
                first = first.value if isinstance(first, ast.Attribute) else first.func
            if isinstance(first, ast.Name) and first.id == "Tournament":
                lines.append(node.lineno)
    return lines


def test_no_page_view_looks_the_tournament_up_itself():
    offenders = [f"{path.relative_to(ROOT)}:{line}"
                 for package in PAGE_PACKAGES for path in sorted(package.rglob("*.py"))
                 if path.name != "access.py"
                 for line in _tournament_lookups(path.read_text())]
    assert offenders == [], "use @tournament_view(audience) from tournaments.pages.access"


def test_the_lookup_check_sees_the_model_and_its_querysets():
    source = ("get_object_or_404(Tournament, pk=1)\n"
              "get_object_or_404(Tournament.objects.select_related('organiser'), pk=1)\n"
              "get_object_or_404(Match, pk=1)\n")
    assert _tournament_lookups(source) == [1, 2]


def _all_patterns(patterns, prefix=""):
    for p in patterns:
        if isinstance(p, URLResolver):
            yield from _all_patterns(p.url_patterns, prefix + str(p.pattern))
        else:
            yield prefix + str(p.pattern), p


def test_no_url_dispatches_on_a_free_text_segment():
    """No catch-all ``<str:...>`` segment: a word in a path is one of a fixed set (``tournaments.pages.converters``)."""
    routes = [route for route, _ in _all_patterns(get_resolver().url_patterns)]
    assert [r for r in routes if "<str:" in r] == []


def test_an_unknown_answer_or_decision_is_not_routed():
    from django.urls import Resolver404, resolve

    assert resolve("/t/1/matches/1/reports/1/confirm/").kwargs["answer"] == "confirm"
    assert resolve("/t/1/manage/replacements/1/reject/").kwargs["decision"] == "reject"
    for path in ("/t/1/matches/1/reports/1/approve/", "/t/1/manage/replacements/1/confirm/"):
        with pytest.raises(Resolver404):
            resolve(path)


def test_templates_never_mention_multiplayer():
    offenders = [str(path.relative_to(ROOT)) for folder in TEMPLATE_DIRS for path in sorted(folder.rglob("*.html"))
                 if re.search("multiplayer", path.read_text(), re.IGNORECASE)]
    assert offenders == [], "the view decides from the seat count; templates list seats"


def test_the_tournament_templates_live_in_their_app():
    assert not (ROOT / "templates" / "tournaments").exists()
    assert (ROOT / "tournaments" / "templates" / "tournaments" / "detail.html").exists()


def _declared_audience(pattern: URLPattern) -> str | None:
    """The audience the view's decorator declares (for a by-method page, its GET view's)."""
    view = pattern.callback
    if hasattr(view, "audiences"):
        return view.audiences.get("GET")
    return getattr(view, "audience", None)


@pytest.mark.parametrize("audience", list(URL_FILES))
def test_every_route_sits_in_the_file_of_its_views_audience(audience):
    """A route under a tournament is decorated with the audience of the file it sits in; the few
    routes outside any tournament (the list, sign-up, card suggestions) are public and undecorated."""
    wrong = []
    for module in URL_FILES[audience]:
        for pattern in module.urlpatterns:
            declared = _declared_audience(pattern)
            undecorated_ok = declared is None and audience == "public" and "<id:pk>" not in str(pattern.pattern)
            if declared != audience and not undecorated_ok:
                wrong.append(f"{module.__name__}: {pattern.pattern} ({declared})")
    assert wrong == []


# --------------------------------------------------------------------------- audiences enforced
def _urls(audience: str, *, under_tournament: bool = True) -> list[tuple[str, str, dict]]:
    """(namespace:name, route, kwargs other than pk) of every route of one audience; ids that do not
    exist (the audience is checked before any of them is looked up)."""
    urls = []
    for module in URL_FILES[audience]:
        namespace = "decks" if module.__name__.startswith("decks") else "tournaments"
        for pattern in module.urlpatterns:
            route = str(pattern.pattern)
            if under_tournament and "<id:pk>" not in route:
                continue
            converters = pattern.pattern.converters
            kwargs = {name: (converter.regex.split("|")[0] if "|" in converter.regex else 999_999)
                      for name, converter in converters.items() if name != "pk"}
            urls.append((f"{namespace}:{pattern.name}", route, kwargs))
    return urls


ORGANISER_URLS = _urls("organiser")
PLAYER_URLS = _urls("player")


def _url(name: str, tournament, kwargs: dict) -> str:
    return reverse(name, kwargs={"pk": tournament.pk, **kwargs})


@pytest.mark.parametrize(("name", "route", "kwargs"), PLAYER_URLS + ORGANISER_URLS,
                         ids=[u[1] for u in PLAYER_URLS + ORGANISER_URLS])
def test_an_anonymous_visitor_is_sent_to_log_in(client, tournament, name, route, kwargs):
    url = _url(name, tournament, kwargs)
    for response in (client.get(url), client.post(url)):
        assert response.status_code == 302
        assert response["Location"] == f"{reverse('login')}?next={url}"


@pytest.mark.parametrize(("name", "route", "kwargs"), ORGANISER_URLS, ids=[u[1] for u in ORGANISER_URLS])
def test_someone_else_gets_a_403_page_on_an_organiser_url(client, tournament, alice, name, route, kwargs):
    client.force_login(alice)
    url = _url(name, tournament, kwargs)
    for response in (client.get(url), client.post(url)):
        assert response.status_code == 403
        assert "Only the tournament&#x27;s organiser may do this." in response.content.decode()


@pytest.mark.parametrize(("name", "route", "kwargs"), ORGANISER_URLS, ids=[u[1] for u in ORGANISER_URLS])
def test_the_organiser_passes_the_audience_check(client, tournament, organiser, name, route, kwargs):
    """Past the decorator, the view itself answers (a page, a redirect back to the manage page, or a
    404 for the made-up ids of this test), never the login page or a 403."""
    client.force_login(organiser)
    response = client.post(_url(name, tournament, kwargs))
    assert response.status_code in (200, 302, 404)
    assert not response.get("Location", "").startswith(reverse("login"))


def test_the_organiser_opens_the_manage_page(client, tournament, organiser):
    client.force_login(organiser)
    assert client.get(reverse("tournaments:manage", args=[tournament.pk])).status_code == 200


def test_a_missing_tournament_is_a_404_for_every_audience(client, organiser):
    client.force_login(organiser)
    for name in ("tournaments:detail", "tournaments:match", "tournaments:manage"):
        kwargs = {"pk": 999_999} | ({"match_id": 1} if name == "tournaments:match" else {})
        assert client.get(reverse(name, kwargs=kwargs)).status_code == 404


def test_a_player_view_gets_the_players_registration(client, registered, tournament, alice):
    client.force_login(alice)
    response = client.get(reverse("decks:deck", args=[tournament.pk]))
    assert response.status_code == 200 and response.context["registration"] == registered[0]


def test_creating_a_tournament_is_for_organisers(client, alice):
    assert client.get(reverse("tournaments:new"))["Location"].startswith(reverse("login"))
    client.force_login(alice)
    assert client.get(reverse("tournaments:new")).status_code == 403
