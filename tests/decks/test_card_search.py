"""Card search: GET /api/v1/cards/ and the editor's suggestions, as a deck builder uses them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from decks.selectors import card_search
from tests.factories import CardRecordFactory

pytestmark = pytest.mark.django_db

URL = "/api/v1/cards/"


def keys(response) -> list[str]:
    return [row["key"] for row in response.json()["results"]]


def test_the_whole_catalogue_is_searchable_and_paginated(client, catalogue_rows):
    response = client.get(URL)
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == catalogue_rows == 6089 + 344  # with the Brazilian community sets
    assert len(body["results"]) == 25 and body["next"]
    page = client.get(URL, {"limit": 5, "offset": 5}).json()
    assert len(page["results"]) == 5 and page["previous"]
    assert len(client.get(URL, {"limit": 5000}).json()["results"]) == 100  # capped


@pytest.mark.parametrize("q", ["War Party", "war party", "WAR-PARTY", "warparty", "war par", "party war"])
def test_names_match_whatever_the_case_and_punctuation(client, catalogue_rows, q):
    results = client.get(URL, {"q": q}).json()["results"]
    assert results and all(row["name"] == "War Party" for row in results[:2])
    assert "3rd/54" in [row["key"] for row in results]


def test_accents_do_not_matter(client, catalogue_rows):
    assert "BR/109" in keys(client.get(URL, {"q": "count of muden"}))
    assert "BR/109" in keys(client.get(URL, {"q": "Müden"}))


def test_the_canonical_english_printing_comes_first(client, catalogue_rows):
    assert keys(client.get(URL, {"q": "war party"}))[0] == "3rd/54"  # newest English edition that has it
    rows = client.get(URL, {"q": "drizzt", "limit": 100}).json()["results"]
    languages = [row["set_code"] in ("FRN", "DE", "IT", "POR", "SP") for row in rows]
    assert languages == sorted(languages)  # translations after every English printing
    assert rows[0]["name"].startswith("Drizzt Do")


def test_exact_names_come_before_longer_names(client, catalogue_rows):
    names = [row["name"] for row in client.get(URL, {"q": "Elminster", "limit": 50}).json()["results"]]
    assert names[0] == "Elminster"
    assert any(name != "Elminster" for name in names)  # "Elminster the Mage" etc. follow


@pytest.mark.parametrize("q", ["3rd/54", "3rd 54", "54/3rd"])
def test_a_card_key_finds_that_printing(client, catalogue_rows, q):
    assert keys(client.get(URL, {"q": q}))[0] == "3rd/54"


def test_each_result_carries_a_decklist_line(client, catalogue_rows):
    row = client.get(URL, {"q": "3rd/54"}).json()["results"][0]
    assert row["line"] == "1x War Party (3rd/54)"
    assert {"key", "set_code", "number", "name", "card_type", "champion_type", "level", "level_value", "world",
            "is_avatar"} <= set(row)


def test_filters_by_type_champion_type_world_set_and_level(client, catalogue_rows):
    rows = client.get(URL, {"card_type": "champion", "champion_type": "Wizard", "level_min": 8, "limit": 100}).json()
    assert rows["count"] > 0
    assert all(r["card_type"] == "Champion" and r["champion_type"] == "Wizard" and r["level_value"] >= 8
               for r in rows["results"])
    realms = client.get(URL, {"card_type": "Realm", "world": "forgotten realms", "set": "4th", "limit": 100}).json()
    assert realms["count"] > 0
    assert all(r["card_type"] == "Realm" and r["world"] == "Forgotten Realms" and r["set_code"] == "4th"
               for r in realms["results"])
    exact = client.get(URL, {"card_type": "Champion", "level": 12, "limit": 100}).json()["results"]
    assert exact and all(r["level_value"] == 12 for r in exact)
    band = client.get(URL, {"card_type": "Champion", "level_min": 2, "level_max": 3, "limit": 100}).json()["results"]
    assert band and all(2 <= r["level_value"] <= 3 for r in band)


def test_filters_and_name_combine(client, catalogue_rows):
    rows = client.get(URL, {"q": "dragon", "card_type": "Champion", "limit": 100}).json()["results"]
    assert rows and all("dragon" in r["name"].lower() and r["card_type"] == "Champion" for r in rows)


def test_no_match_is_an_empty_page_not_an_error(client, catalogue_rows):
    body = client.get(URL, {"q": "zzyzx the unknowable"}).json()
    assert body["count"] == 0 and body["results"] == []


@pytest.mark.parametrize("params", [{"level": "high"}, {"level_min": "x"}, {"level_max": "NaN"}])
def test_a_bad_number_is_a_400_with_the_reason(client, catalogue_rows, params):
    response = client.get(URL, params)
    assert response.status_code == 400
    assert list(params)[0] in response.json()


def test_huge_numbers_and_odd_text_never_crash(client, catalogue_rows):
    assert client.get(URL, {"level_min": "9" * 40}).status_code == 200
    assert client.get(URL, {"q": "%;'\"--", "set": "x" * 500}).status_code == 200
    assert client.get(URL, {"q": "war\u0000party"}).status_code == 400  # a NUL is refused, not a crash


def test_search_is_public(client, catalogue_rows):
    assert client.get(URL, {"q": "war"}).status_code == 200


def test_the_openapi_schema_documents_the_search_parameters(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operation = schema["paths"]["/api/v1/cards/"]["get"]
    names = {p["name"] for p in operation["parameters"]}
    assert {"q", "card_type", "champion_type", "world", "set", "level", "level_min", "level_max", "limit",
            "offset"} <= names
    export = schema["paths"]["/api/v1/tournaments/{id}/registrations/{registration_id}/deck/export/"]["get"]
    assert {"as", "submission"} <= {p["name"] for p in export["parameters"]}


def test_the_selector_ranks_exact_then_prefix_then_contains(db):
    CardRecordFactory(name="Sword of Élan", card_type="Artifact")
    CardRecordFactory(name="Élan's Blade", card_type="Artifact")
    CardRecordFactory(name="Elan", card_type="Ally")
    CardRecordFactory(name="Unrelated", card_type="Artifact")
    assert [r.name for r in card_search(q="ELAN")] == ["Elan", "Élan's Blade", "Sword of Élan"]
    assert [r.name for r in card_search(q="élans blade")] == ["Élan's Blade"]
    assert [r.name for r in card_search(q="elan", card_type="artifact")] == ["Élan's Blade", "Sword of Élan"]


def test_suggestions_give_lines_to_add_to_the_decklist(client, catalogue_rows):
    page = client.get(reverse("decks:card-suggestions"), {"q": "war party"}).content.decode()
    assert "1x War Party (3rd/54)" in page and "Add" in page
    assert "at least two letters" in client.get(reverse("decks:card-suggestions"), {"q": "w"}).content.decode()
    assert "No card matches" in client.get(reverse("decks:card-suggestions"), {"q": "zzyzx"}).content.decode()


def test_suggestions_list_each_card_once_with_its_foreign_printings_beside_it(client, catalogue_rows):
    from decks.selectors import card_search_grouped

    groups = card_search_grouped(q="Elminster")
    lines = [g.line for g in groups]
    assert lines[0] == "1x Elminster the Mage (4th/271)"  # the German "Elminster" finds its English card
    names = [g.card.name for g in groups]
    assert len(names) == len(set(names))
    assert "Elminster le Mage" not in names and "Elminster" not in names
    assert {"Elminster le Mage (FRN/44)", "Elminster (DE/44)"} <= set(groups[0].also)
    assert {"1st/44", "2nd/44", "3rd/44"} <= set(groups[0].same_name)
    assert any(name.startswith("Elminster's") for name in names)  # other cards still listed
    page = client.get(reverse("decks:card-suggestions"), {"q": "Elminster"}).content.decode()
    assert page.count("<code class=\"text-body\">1x Elminster the Mage (4th/271)</code>") == 1 and page.count('class="btn btn-sm') == len(groups)
    assert "Also printed as: " in page and "Elminster le Mage (FRN/44)" in page


def test_a_key_in_the_query_adds_that_printing(client, catalogue_rows):
    from decks.selectors import card_search_grouped

    assert card_search_grouped(q="1st/44")[0].line == "1x Elminster the Mage (1st/44)"


def test_a_brazilian_community_card_is_found_by_its_portuguese_name(client, catalogue_rows):
    # issue 22, item 5: the community sets are imported as their own sets (rules.cards.COMMUNITY_SETS)
    body = client.get(URL, {"q": "aberracao mental"}).json()
    assert [(row["key"], row["name"]) for row in body["results"]][:1] == [("BRC17/1", "Aberração Mental")]
