"""The tournament posts its optional rules (issue 22, item 3).

Source: rules.optional_rules.POSTING_RULE: /work/shared/rules-texts/spellfire-tournament-rules-2.0.txt, before
"55-Card Deck (Standard)": "Tournaments should always post what optional rules variants and victory conditions are
being used"; the variants the texts name (rules.optional_rules.OPTIONAL_RULES: the Barbarian's Game, "75-Card Deck")
and free text, on the event page, the match slip, the print-outs and the API.
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from rules.optional_rules import OPTIONAL_RULES
from tests.markup import squash
from tests.tournaments.test_api import client_for
from tournaments import services
from tournaments.errors import UserError
from tournaments.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db


def test_the_variants_the_texts_name_are_the_events_choices():
    assert set(Tournament.OptionalRule.values) == set(OPTIONAL_RULES)
    assert "Barbarian" in OPTIONAL_RULES["barbarians_game"] and "75-Card Deck" in OPTIONAL_RULES["barbarians_game"]


def test_the_organiser_posts_optional_rules_and_the_event_page_shows_them(client, organiser):
    t = services.tournament_create(actor=organiser, name="Barbarian Night", date=datetime.date(2026, 12, 5),
                                   optional_rules=["barbarians_game"], optional_rules_text="No dungeon cards.")
    assert (t.optional_rules, t.optional_rules_text) == (["barbarians_game"], "No dungeon cards.")
    page = squash(client.get(t.get_absolute_url()).content.decode())
    assert "The Barbarian&#x27;s Game; No dungeon cards." in page


def test_an_event_without_optional_rules_says_it_plays_a_standard_game(client, tournament):
    assert "none (a standard game)" in client.get(tournament.get_absolute_url()).content.decode()


def test_an_unknown_variant_is_refused(organiser):
    with pytest.raises(UserError) as info:
        services.tournament_create(actor=organiser, name="X", date=datetime.date(2026, 12, 5),
                                   optional_rules=["ante"])
    assert info.value.code == "optional_rules"


def test_editing_the_optional_rules_is_logged(tournament, organiser):
    services.tournament_update(tournament=tournament, actor=organiser, reason="Posted before the event",
                               changes={"optional_rules": ["barbarians_game"]})
    entry = AuditEntry.objects.get(action=AuditEntry.Action.TOURNAMENT_EDITED)
    assert entry.after == {"optional_rules": ["barbarians_game"]} and entry.reason == "Posted before the event"


def test_the_api_creates_and_shows_the_optional_rules(organiser):
    body = {"name": "Winter Cup", "date": "2026-12-12", "optional_rules": ["barbarians_game"],
            "optional_rules_text": "Ten realms to win."}
    response = client_for(organiser).post("/api/v1/tournaments/", body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["optional_rules"] == ["barbarians_game"]
    assert response.json()["optional_rules_text"] == "Ten realms to win."
    bad = client_for(organiser).post("/api/v1/tournaments/", {**body, "optional_rules": ["ante"]}, format="json")
    assert bad.status_code == 400


def test_the_slip_and_the_print_outs_post_the_optional_rules(client, tournament, organiser, round_one):
    services.tournament_update(tournament=tournament, actor=organiser, changes={"optional_rules_text": "Ante off."})
    client.force_login(organiser)
    match = round_one.matches.get()
    slip = client.get(reverse("tournaments:match", args=[tournament.pk, match.pk])).content.decode()
    assert "Optional rules:</strong> Ante off." in slip
    slips = client.get(reverse("tournaments:print-slips", args=[tournament.pk, round_one.number])).content.decode()
    assert "Optional rules:</strong> Ante off." in slips
