"""The tiebreaker systems and their columns come from one place, ``rules.standings.SYSTEMS``; their words from one
Django-layer module, ``tournaments.pages.labels``: the event form's select, the format page, the standings table and
the standings CSV all follow the registry, and a system registered without a translation is shown by its
registry description."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from django.utils import translation
from rules.standings import SYSTEMS, Column, TiebreakerSystem, register, unregister

from tests.conftest import make_event
from tournaments import services
from tournaments.pages.forms import TournamentForm
from tournaments.pages.labels import column_heading, system_choices, system_text
from tournaments.pages.presenters import standings_columns, tiebreaker_text


@pytest.fixture
def most_wins():
    """A system registered by a plug-in, with no translation in ``labels``."""
    system = register(TiebreakerSystem(
        name="most-wins", description="most match wins, then fewest losses (--floor)",
        source="a house rule", options=(), columns=(Column("wins_total", "Match wins", False),),
        rank=SYSTEMS["mtg"].rank))
    yield system
    unregister("most-wins")


def _csv(response) -> list[list[str]]:
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_a_built_in_system_is_said_in_the_readers_language():
    with translation.override("pt-br"):
        text = system_text("mtg")
    assert text != system_text("mtg") and "OMW%" in text
    assert system_text("mtg") == "match points, then OMW%, GW%, OGW% (Magic Tournament Rules, Appendix C; floors " \
                                 "at 1/3)"


def test_a_system_without_a_translation_falls_back_to_its_registry_description(most_wins):
    with translation.override("pt-br"):
        assert system_text("most-wins") == "most match wins, then fewest losses"
        assert tiebreaker_text("most-wins") == "most match wins, then fewest losses"
        assert dict(system_choices())["most-wins"] == "most-wins: most match wins, then fewest losses"
        assert column_heading("Match wins") == "Match wins"
        assert [c.heading for c in standings_columns([("wins_total", "Match wins", False)])] == ["Match wins"]


def test_the_tiebreaker_select_offers_every_registered_system_in_the_readers_language(most_wins):
    form = TournamentForm()
    assert [value for value, _label in form.fields["tiebreakers"].choices] == list(SYSTEMS)
    with translation.override("fr"):
        labels = dict(form.fields["tiebreakers"].choices)
        # French typography: a no-break space before the colon (issue 22, item 11)
        assert str(labels["mtg"]) == f"mtg\u00a0: {system_text('mtg')}" and system_text("mtg") != SYSTEMS["mtg"].name


def test_a_system_no_longer_registered_is_named_by_its_id():
    assert system_text("elo") == "elo" and tiebreaker_text("elo") == "elo"


@pytest.mark.django_db
def test_an_mtg_events_standings_csv_has_omw_gw_ogw(client, round_one, tournament):
    services.standings_recompute(tournament_id=tournament.pk)
    url = reverse("tournaments:export-standings", args=[tournament.pk])
    header = _csv(client.get(url))[0]
    assert header[:10] == ["rank", "player", "name", "points", "wins", "losses", "draws", "omwp", "gwp", "ogwp"]


@pytest.mark.django_db
def test_a_buchholz_events_standings_csv_has_its_own_columns_in_tiebreak_order(
        client, organiser, django_capture_on_commit_callbacks):
    t, _regs = make_event(organiser, 4, structure="swiss", tiebreakers="buchholz", swiss_rounds=2)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_pair_next(tournament=t, actor=organiser, seed=1)
    services.standings_recompute(tournament_id=t.pk)
    url = reverse("tournaments:export-standings", args=[t.pk])
    rows = _csv(client.get(url))
    buchholz = [c.key for c in SYSTEMS["buchholz"].columns]
    assert rows[0][7:7 + len(buchholz)] == buchholz == ["score", "bh", "bh_c1", "bh_m1", "sb", "ps"]
    assert len(rows) == 5 and all(len(row) == len(rows[0]) for row in rows)
    translated = _csv(client.get(url, {"lang": "pt-br"}))[0]
    with translation.override("pt-br"):
        assert translated[7:7 + len(buchholz)] == [column_heading(c.heading) for c in SYSTEMS["buchholz"].columns]
    assert translated[8] == "Buchholz"


@pytest.mark.django_db
def test_before_any_standings_the_csv_header_names_the_events_own_columns(client, organiser):
    t, _regs = make_event(organiser, 2, structure="swiss", tiebreakers="pokemon")
    header = _csv(client.get(reverse("tournaments:export-standings", args=[t.pk])))[0]
    assert header == ["rank", "player", "name", "points", "wins", "losses", "draws", "owp", "oowp", "h2h", "dropped",
                      "results_version"]
