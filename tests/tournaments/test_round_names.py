"""Top-cut rounds are named by their stage everywhere, from one function (issue 20, small items): the tabs say
"Semi-finals" and "Final" where they said "Round 4", the organiser's button "Pair the final" where it said "Pair
top-cut round 5", and the next-step text names the stage too (``tournaments.round_names``)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments._manage_helpers import quick_event, settle_all
from tournaments import services
from tournaments.models import Round
from tournaments.round_names import round_label, round_labels
from tournaments.services.event_state import event_state

pytestmark = pytest.mark.django_db


def _tabs(t) -> str:
    return Client().get(reverse("tournaments:round", args=[t.pk, 1])).content.decode()


def test_the_top_cut_rounds_are_named_by_stage_on_the_tabs_and_buttons(organiser):
    t, _ = quick_event(organiser, 8, swiss_rounds=1, top_cut=4)
    settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=1), organiser)
    assert [a.label for a in event_state(t).actions] == ["Pair the semi-finals (top 4)"]
    semis = services.round_pair_next(tournament=t, actor=organiser, seed=2)
    settle_all(semis, organiser)
    state = event_state(t)
    assert [a.label for a in state.actions] == ["Pair the final"]
    assert state.next_step == "Semi-finals: complete. Next: Final."
    services.round_pair_next(tournament=t, actor=organiser, seed=3)
    assert [label for _, label in round_labels(t, t.rounds.all())] == ["Round 1", "Semi-finals", "Final"]
    page = _tabs(t)
    assert ">Semi-finals</a>" in page and ">Final</a>" in page and ">Round 2<" not in page


def test_a_final_with_a_third_place_match_says_both(organiser):
    t, _ = quick_event(organiser, 8, swiss_rounds=1, top_cut=4, third_place_match=True)
    for seed in (1, 2):
        settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=seed), organiser)
    assert [a.label for a in event_state(t).actions] == ["Pair the final and the third-place match"]
    final = services.round_pair_next(tournament=t, actor=organiser, seed=3)
    [(_, label)] = round_labels(t, [final])
    assert label == "Final and third-place match"


def test_a_top_8_starts_with_the_quarter_finals(organiser):
    t, _ = quick_event(organiser, 9, swiss_rounds=1, top_cut=8)
    settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=1), organiser)
    assert [a.label for a in event_state(t).actions] == ["Pair the quarter-finals (top 8)"]


@pytest.mark.parametrize(("tables", "name"), [
    ([("bracket: seed 1 vs seed 16", 2, {})] * 8, "Round of 16"),
    ([("bracket: seed 1 vs seed 8", 2, {})] * 4, "Quarter-finals"),
    ([("bracket: seed 1 vs seed 4", 2, {})] * 2, "Semi-finals"),
    ([("bracket: seed 1 vs seed 2", 2, {})], "Final"),
])
def test_an_elimination_round_is_named_by_the_players_it_starts_with(tables, name, organiser):
    t, _ = quick_event(organiser, 2, start=False)
    assert round_label(t, 3, Round.Kind.ELIMINATION, tables) == name
    assert round_label(t, 3, Round.Kind.SWISS, tables) == "Round 3"
