"""Final standings follow the top cut: the placing column (ARCHITECTURE.md, "Stable command-line interface",
``standings``: "the winner 1, the finalist 2, the losing semi-finalists 3 (shared) ... players who did not
reach the elimination rounds follow in Swiss order with distinct placings").

The broken case this replays: after the final, the standings page and standings.csv still ranked by Swiss
points, so the winner of the event was shown 3rd and no placings appeared anywhere.
"""

from __future__ import annotations

import csv
import io

import pytest
from rest_framework.test import APIClient

from tests.conftest import pair_or_finish
from tests.tournaments.test_structures import make_event as make_tournament
from tournaments import services
from tournaments.models import Match, Round, Tournament

pytestmark = pytest.mark.django_db


def _settle_round(rnd: Round, organiser, winner_seat: str) -> None:
    for match in rnd.matches.filter(status=Match.Status.PENDING):
        services.result_settle(match=match, actor=organiser, games=[{"winner": winner_seat}] * 2,
                               reason="result slip")


@pytest.fixture
def finished_top_cut(organiser, django_capture_on_commit_callbacks):
    """8 players, 3 Swiss rounds (seat a always wins), then a top 4 the lower seed (seat b) always wins:
    the winner is the Swiss 4th, not the Swiss leader."""
    t, regs = make_tournament(organiser, 8, swiss_rounds=3, top_cut=4)
    with django_capture_on_commit_callbacks(execute=True):
        while True:
            rnd = pair_or_finish(t, organiser, seed=11)
            if rnd is None:
                break
            _settle_round(rnd, organiser, "b" if rnd.is_elimination else "a")
    return Tournament.objects.get(pk=t.pk)


def test_the_winner_of_the_final_is_placed_first_everywhere(finished_top_cut, client):
    t = finished_top_cut
    assert t.status == Tournament.Status.FINISHED and t.winner is not None
    snapshot = t.snapshots.order_by("-version").first()
    rows = snapshot.rows
    assert rows[0]["player"] == str(t.winner_id) and rows[0]["placing"] == 1
    assert rows[0]["rank"] > 1, "the winner was not the Swiss leader in this event"
    # the page
    page = client.get(f"/t/{t.pk}/standings/").content.decode()
    assert ">Placing</th>" in page
    first_row = page.split('<td class="text-end text-nowrap">', 3)
    assert first_row[1].startswith("1st") and t.winner.display_name in page.split("</tr>")[1]
    # the API
    api = APIClient().get(f"/api/v1/tournaments/{t.pk}/standings/").json()
    assert api["rows"][0]["player"] == str(t.winner_id) and api["rows"][0]["placing"] == 1
    # the CSV
    table = list(csv.reader(io.StringIO(client.get(f"/t/{t.pk}/export/standings.csv").content.decode())))
    assert table[0][:3] == ["placing", "placing_band", "rank"]
    assert table[1][0] == "1" and table[1][3] == str(t.winner_id)


def test_placings_are_bands_for_the_cut_and_distinct_below_it(finished_top_cut):
    rows = finished_top_cut.snapshots.order_by("-version").first().rows
    assert [r["placing"] for r in rows] == [1, 2, 3, 3, 5, 6, 7, 8]
    assert [r["placing_band"] for r in rows] == ["1st", "2nd", "3rd-4th", "3rd-4th", "5th", "6th", "7th", "8th"]
    # below the cut, Swiss order: the rank column keeps increasing
    below = [r["rank"] for r in rows[4:]]
    assert below == sorted(below)


def test_a_swiss_only_event_has_no_placing_column(organiser, django_capture_on_commit_callbacks, client):
    t, _ = make_tournament(organiser, 4, swiss_rounds=2, top_cut=0)
    with django_capture_on_commit_callbacks(execute=True):
        while (rnd := pair_or_finish(t, organiser, seed=3)) is not None:
            _settle_round(rnd, organiser, "a")
    rows = t.snapshots.order_by("-version").first().rows
    assert all("placing" not in r for r in rows)
    assert ">Placing</th>" not in client.get(f"/t/{t.pk}/standings/").content.decode()
