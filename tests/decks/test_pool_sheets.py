"""Pool sheets and pool exports of a limited event (issue 23): each player's pool as a checklist by card type, for
the organiser (every player, one a page) and the player (their own), and as CSV and JSON; a pool stays private to
its player and the organiser. Source: spell-battle-rules.txt, 6. How to make your own deck (Sealed)."""

from __future__ import annotations

import csv
import datetime
import io
import json
from collections import Counter

import pytest
from django.urls import reverse
from django.utils.html import escape
from rules.cards import load_default
from rules.limited import pool_for_player

from decks.models import CardPool
from decks.services import pools_deal
from tournaments.services import player_register, tournament_create, tournament_open_registration


@pytest.fixture
def dealt(organiser, alice, bob):
    """A 30-card sealed event with alice's and bob's pools dealt (seed 5, 4th Edition)."""
    t = tournament_create(
        actor=organiser,
        name="Sealed Night",
        date=datetime.date(2026, 12, 5),
        deck_format_id="30-sealed",
        best_of=1,
        swiss_rounds=3,
        top_cut=0,
    )
    tournament_open_registration(tournament=t, actor=organiser)
    regs = [player_register(tournament=t, actor=user) for user in (alice, bob)]
    pools_deal(tournament=t, actor=organiser, seed=5, sets=["4th"])
    return t, regs


def test_a_players_pool_sheet_is_a_checklist_by_card_type_with_a_box_per_copy(client, dealt, alice):
    t, (mine, _theirs) = dealt
    client.force_login(alice)
    response = client.get(reverse("decks:print-pool-sheet", args=[t.pk, mine.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    pool = CardPool.objects.get(registration=mine).cards
    assert page.count('class="pool-sheet"') == 1
    assert "Realm (" in page and "Champion (" in page  # grouped as the deck page groups cards
    assert page.count("☐") == len(pool) == 90
    catalogue = load_default()
    assert all(escape(catalogue.get(key).name) in page for key in pool)


def test_the_organiser_prints_every_players_pool_sheet_one_a_page(client, dealt, organiser):
    t, regs = dealt
    client.force_login(organiser)
    page = client.get(reverse("decks:print-pool-sheets", args=[t.pk])).content.decode()
    assert page.count('class="pool-sheet"') == 2
    assert all(reg.display_name in page for reg in regs)


@pytest.mark.parametrize("url", ["decks:print-pool-sheet", "decks:pool-export"])
def test_a_player_cannot_read_another_players_pool(client, dealt, bob, carol, url):
    t, (alices, _bobs) = dealt
    for user in (bob, carol):  # the opponent, and someone not even registered
        client.force_login(user)
        assert client.get(reverse(url, args=[t.pk, alices.pk])).status_code == 403
    client.logout()
    assert client.get(reverse(url, args=[t.pk, alices.pk])).status_code == 403


@pytest.mark.parametrize("url", ["decks:print-pool-sheets", "decks:pools-export"])
def test_only_the_organiser_reads_every_pool(client, dealt, alice, url):
    t, _regs = dealt
    client.force_login(alice)
    assert client.get(reverse(url, args=[t.pk])).status_code == 403


def test_a_player_exports_their_own_pool_as_csv_and_json(client, dealt, alice):
    t, (mine, _theirs) = dealt
    client.force_login(alice)
    pool = CardPool.objects.get(registration=mine).cards
    url = reverse("decks:pool-export", args=[t.pk, mine.pk])
    rows = list(csv.DictReader(io.StringIO(client.get(url + "?as=csv").content.decode())))
    assert Counter({row["key"]: int(row["copies"]) for row in rows}) == Counter(pool)
    assert {row["registration"] for row in rows} == {str(mine.pk)}
    document = json.loads(client.get(url + "?as=json").content)
    assert document["kind"] == "sealed"
    assert [(entry["player"], entry["cards"], entry["seed"]) for entry in document["pools"]] == [
        (mine.pk, pool, 5)
    ]
    assert client.get(url + "?as=xml").status_code == 400


def test_the_organisers_pool_export_holds_every_player_and_feeds_validate_deck(client, dealt, organiser):
    # the JSON is a pools document `python -m rules validate-deck --pool FILE --player <registration id>` reads
    t, regs = dealt
    client.force_login(organiser)
    document = json.loads(client.get(reverse("decks:pools-export", args=[t.pk]) + "?as=json").content)
    assert [entry["player"] for entry in document["pools"]] == [reg.pk for reg in regs]
    assert pool_for_player(document, regs[1].pk) == CardPool.objects.get(registration=regs[1]).cards
    rows = list(
        csv.reader(io.StringIO(client.get(reverse("decks:pools-export", args=[t.pk])).content.decode()))
    )
    assert rows[0] == ["registration", "player", "card_type", "key", "name", "copies"]
    assert sum(int(row[5]) for row in rows[1:]) == 180


def test_a_pool_sheet_before_the_deal_is_not_found(client, organiser, alice):
    t = tournament_create(
        actor=organiser,
        name="Sealed Night",
        date=datetime.date(2026, 12, 5),
        deck_format_id="30-sealed",
        best_of=1,
        swiss_rounds=3,
        top_cut=0,
    )
    tournament_open_registration(tournament=t, actor=organiser)
    mine = player_register(tournament=t, actor=alice)
    client.force_login(alice)
    assert client.get(reverse("decks:print-pool-sheet", args=[t.pk, mine.pk])).status_code == 404
