"""The service pairs through rules.structures.next_round: the stored rounds equal what ``python -m rules pair``
prints for the same history and seed (including a top cut seeded by a non-mtg tiebreaker system)."""

from __future__ import annotations

import io
import json
import random

import pytest
from rules.__main__ import main
from rules.history import history_to_json
from rules.structures import NextRound, next_round

from tests.tournaments.test_structures import make_event, play_round
from tournaments import services
from tournaments.adapters import history_for, structure_settings
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def stored(rnd: Round) -> dict:
    """The round as the CLI prints it: every match of two or more seats (byes apart), players in seat order."""
    tables = []
    for m in rnd.matches.prefetch_related("seats").order_by("table"):
        seats = sorted(m.seats.all(), key=lambda seat: seat.number)
        if len(seats) > 1:
            tables.append({"table": m.table, "players": [str(seat.registration_id) for seat in seats],
                           "reason": m.pairing_reason})
    return {"round": rnd.number, "pairings": tables}


def cli(argv: list[str], history_json: dict, monkeypatch, capsys) -> dict:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(history_json)))
    assert main(["pair", *argv]) == 0
    out = json.loads(capsys.readouterr().out)
    out.pop("byes")
    return out


@pytest.mark.parametrize("system", ["buchholz", "mtg"])
def test_the_service_and_the_cli_seed_the_top_cut_alike(organiser, monkeypatch, capsys, system):
    t, _ = make_event(organiser, 8, swiss_rounds=2, top_cut=4, tiebreakers=system)
    for seed in (1, 2):
        play_round(services.round_pair_next(tournament=t, actor=organiser, seed=seed), organiser,
                   winner_seat="a" if seed == 1 else "b")
    history = history_for(t)
    expected = cli(["--system", "single-elimination", "--top-cut", "4", "--tiebreakers", system, "--seed", "9"],
                   history_to_json(history), monkeypatch, capsys)
    result = next_round(structure_settings(t), history, random.Random(9))
    assert isinstance(result, NextRound) and result.kind == "elimination"
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=9)
    assert rnd.kind == Round.Kind.ELIMINATION
    assert stored(rnd) == expected


def test_the_service_and_the_cli_pair_swiss_and_double_elimination_alike(organiser, monkeypatch, capsys):
    t, _ = make_event(organiser, 6, swiss_rounds=2)
    history = history_for(t)
    expected = cli(["--system", "swiss", "--allow-rematches", "--seed", "4"], history_to_json(history),
                   monkeypatch, capsys)
    assert stored(services.round_pair_next(tournament=t, actor=organiser, seed=4)) == expected
    t, _ = make_event(organiser, 6, structure="double_elimination", random_seeding=True)
    expected = cli(["--system", "double-elimination", "--random-seeding", "--seed", str(t.pk)],
                   history_to_json(history_for(t)), monkeypatch, capsys)
    assert stored(services.round_pair_next(tournament=t, actor=organiser, seed=4)) == expected
