"""Spell Battle's minimum of 6 players (issue 22, item 8, its first half).

Source: rules.structures.SPELL_BATTLE_MIN_RULE: /work/shared/rules-texts/spell-battle-rules.txt, "8. Tournaments"
("Tournaments are events where 6 or more players all compete"): an event with Spell Battle's random draw and fewer
players warns its organiser before the start; it does not block it.
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from rules.structures import SPELL_BATTLE_MIN_PLAYERS, SPELL_BATTLE_MIN_RULE
from tests.factories import UserFactory
from tournaments import services
from tournaments.services.event_state import event_state

pytestmark = pytest.mark.django_db


def random_draw_event(organiser, players: int, **options):
    t = services.tournament_create(actor=organiser, name="Spell Battle", date=datetime.date(2026, 12, 5),
                                   structure="single_elimination", **options)
    services.tournament_open_registration(tournament=t, actor=organiser)
    for _ in range(players):
        services.player_register(tournament=t, actor=UserFactory())
    t.refresh_from_db()
    return t


def test_a_random_draw_event_of_five_players_warns_its_organiser(client, organiser):
    assert SPELL_BATTLE_MIN_PLAYERS == 6 and "6 or more players" in SPELL_BATTLE_MIN_RULE
    t = random_draw_event(organiser, 5, random_draw_each_round=True)
    (warning,) = event_state(t).warnings
    assert "5 players registered" in warning and "6 or more" in warning
    client.force_login(organiser)
    assert "Spell Battle&#x27;s tournaments are for 6 or more players" in client.get(
        reverse("tournaments:manage", args=[t.pk])).content.decode()


def test_six_players_or_a_fixed_bracket_give_no_warning(organiser):
    assert event_state(random_draw_event(organiser, 6, random_draw_each_round=True)).warnings == []
    assert event_state(random_draw_event(organiser, 5)).warnings == []
