"""Issue #11, item 8: no input gives a 500. Every URL pattern (pages, API, admin) is walked with ids that
are too large for a 64-bit integer, ids that are not ASCII digits (``²`` passes ``str.isdigit()`` and fails
``int()``), and real ids with such values in every form and JSON field the views read; deeply nested JSON
is refused with a 400 ``too_deep``. Anonymous and logged in (a player, the organiser, a superuser)."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

pytestmark = pytest.mark.django_db

HUGE = "202469869728366898559825544740864"  # > 2**64
JUST_OVER = str(2**63)  # one more than the largest SQLite / PostgreSQL bigint
NOT_ASCII = "²"
PARAM = re.compile(r"<(?:(?P<conv>[^>:]+):)?(?P<name>[^>]+)>")

#: Every field name the views read as a number or an id, sent with a bad value.
FIELDS = ["registration", "match", "submission", "count", "player_a", "player_b", "first", "second", "rounds",
          "until_round", "seed", "team", "round", "table", "mode", "place-1", "place-2", "game-1-winners",
          "game-1", "choice-1", "result-1", "level", "level_min", "level_max", "limit", "offset", "as",
          "number", "version"]


def _routes(resolver: URLResolver | None = None, prefix: str = "") -> list[str]:
    """Every route of the URL configuration, as a string with ``<converter:name>`` placeholders."""
    resolver = resolver or get_resolver()
    routes = []
    for entry in resolver.url_patterns:
        pattern = str(entry.pattern)
        if isinstance(entry, URLResolver):
            routes.extend(_routes(entry, prefix + pattern))
        elif isinstance(entry, URLPattern):
            routes.append(prefix + pattern)
    return routes


def _admin_route(route: str) -> bool:
    return route.startswith("admin/")


def _logs_out(route: str) -> bool:
    """Posting there would end the session of the user the walk is made as."""
    return route.endswith("logout/")


def _fill(route: str, value_for) -> str | None:
    """The route with each placeholder replaced by ``value_for(converter, name)``; None for a regex route."""
    if route.startswith("^"):
        route = route.lstrip("^").rstrip("$").replace("\\", "")
        if any(c in route for c in "()[]?*+"):
            return None
    out = PARAM.sub(lambda m: value_for(m.group("conv") or "str", m.group("name")), route)
    return "/" + out


def _word(converter: str) -> str:
    from django.urls.converters import get_converters

    regex = get_converters()[converter].regex
    return regex.split("|")[0] if "|" in regex else "x"


def _numeric(converter: str) -> bool:
    return converter in ("int", "id", "path", "str")


def _check(client: Client, url: str, *, post: dict | None = None) -> list[str]:
    """The problems of one URL: every method's answer must be below 500."""
    problems = []
    answers = [("GET", client.get(url, post or {})), ("POST", client.post(url, post or {}))]
    if post is not None:
        answers.append(("POST json", client.post(url, json.dumps(post), content_type="application/json")))
    for method, response in answers:
        if response.status_code >= 500:
            problems.append(f"{method} {url} {post or ''}: {response.status_code}")
    return problems


@pytest.fixture
def users(organiser, alice, bob):
    admin = User.objects.create_superuser("root", password="root-pass-123")
    return {"anonymous": None, "player": alice, "organiser": organiser, "superuser": admin}


def _client(user) -> Client:
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize("bad", [HUGE, NOT_ASCII])
@pytest.mark.parametrize("who", ["anonymous", "organiser", "superuser"])
def test_every_route_with_a_bad_id_is_a_4xx(users, who, bad):
    client = _client(users[who])
    problems = []
    for route in _routes():
        if _logs_out(route) or (who != "superuser" and _admin_route(route)):
            continue
        url = _fill(route, lambda conv, name: bad if _numeric(conv) else _word(conv))
        if url is not None:
            problems += _check(client, url)
    assert problems == []


@pytest.mark.parametrize("bad", [HUGE, NOT_ASCII])
@pytest.mark.parametrize("who", ["player", "organiser"])
def test_every_route_of_a_real_match_with_bad_fields_is_a_4xx(users, round_one, tournament, who, bad):
    """Real ids in the path (so the views run), a bad value in every field they read."""
    from tournaments.services import result_report

    match = round_one.matches.get()
    a, _b = (s.registration for s in match.seats.order_by("number"))
    submission = result_report(match=match, actor=a.player, games=[{"winner": "a"}, {"winner": "a"}])
    real = {"pk": tournament.pk, "registration_id": a.pk, "match_id": match.pk, "report_id": submission.pk,
            "number": 1}
    client = _client(users[who])
    problems = []
    for route in _routes():
        if _admin_route(route) or _logs_out(route):
            continue

        def value(conv: str, name: str, route: str = route) -> str:
            if name == "pk" and route.startswith("api/v1/matches/"):
                return str(match.pk)
            if name == "pk" and route.startswith("api/v1/reports/"):
                return str(submission.pk)
            return str(real.get(name, 1)) if _numeric(conv) else _word(conv)

        url = _fill(route, value)
        if url is not None:
            problems += _check(client, url, post={field: bad for field in FIELDS})
    assert problems == []


def test_the_reported_url_is_a_404_not_a_500():
    response = Client(raise_request_exception=False).get(f"/api/v1/tournaments/{HUGE}/registrations/")
    assert response.status_code == 404


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("depth", [33, 1_000, 100_000])
def test_deeply_nested_json_is_a_400_too_deep(round_one, depth):
    match = round_one.matches.get()
    client = _client(match.seats.get(number=1).registration.player)
    for body in (_nested(depth), '{"games": ' + _nested(depth) + "}"):
        response = client.post(f"/api/v1/matches/{match.pk}/reports/", body, content_type="application/json")
        assert response.status_code == 400, response.content[:200]
        assert response.json()["code"] == "too_deep"


def test_json_nested_within_the_bound_is_read(round_one):
    match = round_one.matches.get()
    client = _client(match.seats.get(number=1).registration.player)
    response = client.post(f"/api/v1/matches/{match.pk}/reports/", {"games": [[[[[]]]]]},
                           content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] != "too_deep"


def test_a_format_change_with_deeply_nested_changes_is_a_400(tournament, organiser):
    client = _client(organiser)
    response = client.post(f"/api/v1/tournaments/{tournament.pk}/format/",
                           {"reason": "x", "changes": '{"a": ' + _nested(100_000) + "}"})
    assert response.status_code == 400
    assert response.json()["code"] == "too_deep"


@pytest.mark.parametrize("value", ["²", "٣", "1" * 30, "-1", " 7 "])
def test_the_id_helper_reads_only_ascii_ids_in_range(value):
    from tournaments.ids import parse_id

    assert parse_id(value) is None


def test_the_id_helper_reads_an_id():
    from tournaments.ids import ID_MAX, parse_id

    assert parse_id("42") == 42 and parse_id(str(ID_MAX)) == ID_MAX and parse_id(42) == 42


def test_every_integer_route_parameter_uses_the_id_converter():
    assert [r for r in _routes() if "<int:" in r] == []


@pytest.mark.parametrize("segment", [JUST_OVER, HUGE, "0", "0" * 20])
def test_the_id_converter_refuses_what_no_64_bit_key_can_be(segment):
    from tournaments.pages.converters import Id

    with pytest.raises(ValueError):
        Id().to_python(segment)
    assert Id().to_python(str(2**63 - 1)) == 2**63 - 1
