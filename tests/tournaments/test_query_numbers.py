"""Issue 21, finding 3: every number read from a query string is parsed by one ASCII-digit parser
(``tournaments.ids.parse_int``): ``?page=²`` (which passes ``str.isdigit()`` and fails ``int()``) was a 500 on the
standings and pairings pages; ``٣`` (an Arabic-Indic three) is no page number either; a number out of range is
refused or clamped, never handed to ``int()`` unbounded."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.ids import parse_int
from tournaments.pages.crowd import Paging

pytestmark = pytest.mark.django_db

NOT_ASCII_NUMBERS = ["²", "③", "①", "٣", "1²", " 2", "+2", "-1", "2.0", "1_0", "0x10", "9" * 30]


@pytest.mark.parametrize("raw", NOT_ASCII_NUMBERS)
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "poll"])
def test_a_page_number_that_is_not_ascii_digits_shows_the_first_page_of_the_standings_and_pairings(
        client, round_one, raw, htmx):
    t = round_one.tournament
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    for url in (reverse("tournaments:standings", args=[t.pk]), reverse("tournaments:round", args=[t.pk, 1]),
                reverse("tournaments:projector", args=[t.pk])):
        response = client.get(url, {"page": raw}, **headers)
        assert response.status_code == 200, (url, raw)


def test_paging_reads_the_page_with_the_ascii_parser(rf):
    assert Paging.of(rf.get("/", {"page": "3"})).page == 3
    assert Paging.of(rf.get("/", {"page": "٣"})).page == 1
    assert Paging.of(rf.get("/", {"page": "²"})).page == 1
    assert Paging.of(rf.get("/", {"page": "0"})).page == 1
    assert Paging.of(rf.get("/", {"page": "9" * 30})).page == 1


def test_the_one_parser_reads_signed_numbers_only_when_a_negative_minimum_allows_them():
    assert parse_int("-3", minimum=-10, maximum=10) == -3
    assert parse_int("-3") is None
    assert parse_int("-", minimum=-10) is None
    assert parse_int("-٣", minimum=-10) is None
    assert parse_int("--3", minimum=-10) is None


@pytest.mark.parametrize("raw", ["²", "٣", "1_0", "0x1", "-1"])
def test_the_api_ignores_a_limit_or_offset_that_is_not_ascii_digits(client, catalogue_rows, raw):
    url = reverse("api:cards")
    default = client.get(url).json()
    for name in ("limit", "offset"):
        response = client.get(url, {name: raw})
        assert response.status_code == 200, (name, raw)
        assert response.json()["results"] == default["results"], (name, raw)


def test_the_api_caps_a_huge_limit_and_clamps_a_huge_offset(client, catalogue_rows):
    url = reverse("api:cards")
    assert len(client.get(url, {"limit": "9" * 30}).json()["results"]) == 100  # the cards' max_limit
    assert client.get(url, {"offset": "9" * 30}).json()["results"] == []
    assert len(client.get(url, {"limit": "3"}).json()["results"]) == 3


@pytest.mark.parametrize("raw", ["٣", "1e999999999", "1.5", "²", "+", "-"])
def test_a_card_level_that_is_not_an_ascii_whole_number_is_a_400(client, catalogue_rows, raw):
    response = client.get(reverse("api:cards"), {"level": raw})
    assert response.status_code == 400, raw
    assert "level" in response.json()["params"]["fields"]


def test_a_card_level_in_ascii_digits_still_filters(client, catalogue_rows):
    url = reverse("api:cards")
    assert client.get(url, {"level": "3", "level_min": "-2", "level_max": "9"}).status_code == 200
    assert client.get(url, {"level_max": "9" * 30}).json()["count"] == client.get(url, {"level_max": "1000"}).json()["count"]
