"""Issue 14: the decklist editor's live verdict (``decks.pages.views.preview_context``) names the format and the
card-type limits in the reader's language (they were English: the format's stored name, "at most 1, outside the
deck size", "at least 2", "no limit")."""

from __future__ import annotations

import datetime
import html
from types import SimpleNamespace

import pytest
from django.urls import reverse
from django.utils import translation

from decks.pages.views import _range_text

pytestmark = [pytest.mark.django_db, pytest.mark.web]


@pytest.mark.parametrize(("lang", "expected"), [
    ("fr", "Format\u00a0: deck de 55 cartes (standard)."),
    ("pt-br", "Formato: baralho de 55 cartas (padrão)."),
])
def test_the_preview_names_the_format_in_the_readers_language(client, organiser, alice, catalogue_rows, lang,
                                                              expected):
    from tournaments.services import player_register, tournament_create, tournament_open_registration

    t = tournament_create(actor=organiser, name="Copa", date=datetime.date(2026, 12, 5), deck_format_id="55",
                          best_of=3, swiss_rounds=3, top_cut=0)
    tournament_open_registration(tournament=t, actor=organiser)
    player_register(tournament=t, actor=alice)
    client.force_login(alice)
    page = html.unescape(client.post(reverse("decks:deck-preview", args=[t.pk]), {"text": "3 POR/7\n"},
                                     HTTP_ACCEPT_LANGUAGE=lang).content.decode())
    assert expected in page
    assert "55-card deck (Standard)" not in page


@pytest.mark.parametrize(("lang", "limit", "expected"), [
    ("fr", None, "sans limite"),
    ("fr", SimpleNamespace(minimum=2, maximum=None), "au moins 2"),
    ("fr", SimpleNamespace(minimum=0, maximum=None), "nombre libre"),
    ("pt-br", SimpleNamespace(minimum=2, maximum=None), "pelo menos 2"),
    ("pt-br", SimpleNamespace(minimum=8, maximum=15), "8–15"),
])
def test_the_card_type_limits_in_the_readers_language(lang, limit, expected):
    with translation.override(lang):
        assert _range_text(limit) == expected
