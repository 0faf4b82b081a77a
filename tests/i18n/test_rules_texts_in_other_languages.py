"""No English rule text on a Portuguese or a French page (issue 22, item 10): the game-start panel's citations (who
goes first, the victory condition, running out of cards), the tiebreaker system's source on the standings, and
the CSV exports asked for in a language (placings, round kinds, match statuses; the standings page links each
export in its own language).

The texts these tests follow go through ``gettext``; a message added with them is translated by the lead after
merging, so the tests give it a translation of their own (``tests.i18n.catalogue.translated``)."""

from __future__ import annotations

import csv
import datetime
import io
import re
from html import unescape

import pytest
from django.template import Context, Template
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from tests.conftest import pair_or_finish
from tests.i18n.catalogue import translated
from tests.tournaments.test_structures import make_event, play_round
from tournaments.models import Tournament
from tournaments.pages.labels import SYSTEM_SOURCES
from tournaments.pages.presenters import game_start
from tournaments.rule_texts.terms import CITATION_TEXTS
from tournaments import services
from tournaments.services import tournament_create

pytestmark = pytest.mark.django_db

#: Quotations of the English rules texts the game-start panel cited in English on every page.
ENGLISH_QUOTES = (
    "To find out who goes first",
    "When starting a new game as a result of a mulligan",
    "The standard victory conditions",
    "supersede any other published rules",
    "The game ends when the draw pile of a player is emptied",
    "the 2.0 draw applies",
)


def _msgid(text) -> str:
    with translation.override("en"):
        return str(text)


@pytest.mark.parametrize("language", ["pt-br", "fr"])
@pytest.mark.parametrize("deck_out", ["reshuffle", "game_ends"])
def test_the_game_start_panel_cites_the_rules_in_the_readers_language(organiser, language, deck_out):
    """spellfire-tournament-rules-2.0.txt (who goes first, after "How Dungeon Cards Work"; Two-Draw Mulligan; the
    victory conditions; running out of cards) and spellfire-special-circumstances-guide.txt, Running out of cards:
    the panel's citations pass through gettext instead of printing rules/'s English."""
    t = tournament_create(actor=organiser, name="Cup", date=datetime.date(2026, 12, 5), deck_out=deck_out)
    entries = {
        _msgid(text): f"[{language} {n}] %(rules)s %(brazil)s %(guide)s"
        for n, text in enumerate(CITATION_TEXTS.values())
    }
    with translated(language, entries), translation.override(language):
        html = unescape(
            render_to_string("tournaments/fragments/game_start.html", {"t": t, "start": game_start(t)})
        )
    for quote in ENGLISH_QUOTES:
        assert quote not in html
    shown = {int(n) for n in re.findall(rf"\[{language} (\d+)\]", html)}
    keys = list(CITATION_TEXTS)
    from rules.game_start import FIRST_PLAYER_RULE
    from rules.results import DECK_OUT_RULES, VICTORY_RULE
    from tournaments.rule_texts import citation_parts

    expected = {
        keys.index(part)
        for rule in (FIRST_PLAYER_RULE, VICTORY_RULE, DECK_OUT_RULES[deck_out])
        for part in citation_parts(rule)
    }
    assert shown == expected


@pytest.mark.parametrize(
    ("language", "source"),
    [("pt-br", "Magic Tournament Rules, Apêndice C"), ("fr", "Magic Tournament Rules, annexe C")],
)
def test_the_standings_name_the_tiebreaker_source_in_the_readers_language(
    client, round_one, tournament, language, source
):
    """The Magic Tournament Rules, Appendix C (the mtg system): translated on the standings page and its print-out
    as on the format page (tournaments.pages.labels.SYSTEM_SOURCES)."""
    services.standings_recompute(tournament_id=tournament.pk)
    msgid = _msgid(SYSTEM_SOURCES["mtg"])
    assert msgid == "Magic Tournament Rules, Appendix C"
    template = Template('{% load tournament_tags %}{{ "mtg"|tiebreaker_source }}')
    client.force_login(tournament.organiser)
    with translated(language, {msgid: source}):
        with translation.override(language):
            assert template.render(Context()) == source
        for name in ("tournaments:standings", "tournaments:print-standings"):
            page = unescape(
                client.get(
                    reverse(name, args=[tournament.pk]), HTTP_ACCEPT_LANGUAGE=language
                ).content.decode()
            )
            assert f"({source})" in page and "Appendix C" not in page, name
    with translation.override("en"):
        assert template.render(Context()) == "Magic Tournament Rules, Appendix C"


@pytest.mark.parametrize("language", ["pt-br", "fr"])
def test_the_standings_page_links_each_export_in_its_own_language(client, tournament, language):
    page = client.get(
        reverse("tournaments:standings", args=[tournament.pk]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    for name in ("export-standings", "export-pairings", "export-history-csv"):
        assert f'href="{reverse(f"tournaments:{name}", args=[tournament.pk])}?lang={language}"' in page


@pytest.fixture
def finished_top_four(organiser, django_capture_on_commit_callbacks) -> Tournament:
    """4 players, 1 Swiss round, then a top 4: final placings 1st, 2nd, 3rd-4th."""
    t, _ = make_event(organiser, 4, swiss_rounds=1, top_cut=4)
    with django_capture_on_commit_callbacks(execute=True):
        while (rnd := pair_or_finish(t, organiser, seed=3)) is not None:
            play_round(rnd, organiser)
    return Tournament.objects.get(pk=t.pk)


def _csv(client, name: str, t: Tournament, **query) -> list[list[str]]:
    response = client.get(reverse(f"tournaments:{name}", args=[t.pk]), query)
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_a_csv_asked_in_portuguese_gives_placings_kinds_and_statuses_in_portuguese(client, finished_top_four):
    t = finished_top_four
    plain = _csv(client, "export-standings", t)
    assert [row[1] for row in plain[1:]] == ["1st", "2nd", "3rd-4th", "3rd-4th"]  # English without lang
    with translation.override("pt-br"):
        third = translation.pgettext("a placing, an ordinal number", "%(n)sth") % {"n": 3}
        swiss, elimination = str(t.rounds.model.Kind.SWISS.label), str(t.rounds.model.Kind.ELIMINATION.label)
        confirmed = str(t.rounds.get(number=1).matches.model.Status.CONFIRMED.label)
    portuguese = _csv(client, "export-standings", t, lang="pt-br")
    assert portuguese[3][1] == f"{third}–4º" and portuguese[1][1] == "1º"
    assert "rd" not in portuguese[3][1]
    pairings = _csv(client, "export-pairings", t, lang="pt-br")
    assert {row[1] for row in pairings[1:]} == {swiss, elimination}
    assert "swiss" not in {row[1] for row in pairings[1:]}
    history = _csv(client, "export-history-csv", t, lang="pt-br")
    assert {row[5] for row in history[1:]} == {confirmed} and confirmed != "confirmed"
    assert {row[1] for row in _csv(client, "export-pairings", t)[1:]} == {"swiss", "elimination"}
