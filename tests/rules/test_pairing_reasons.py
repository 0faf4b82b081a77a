"""Every pairing algorithm writes its reason as data (``Table.reason_code`` + ``reason_params``, and
``Pairing.bye_reason_codes`` + ``bye_reason_params`` for byes) next to the English sentence, which is unchanged."""

from __future__ import annotations

import json
import random

import pytest

from rules.history import History, MatchRecord, PlayerEntry, RoundRecord
from rules.pairings import (
    REASON_CODES,
    Pairing,
    Table,
    pair_double_elimination,
    pair_pods,
    pair_round_robin,
    pair_single_elimination,
    pair_swiss,
    pair_table_elimination,
)
from rules.pairings.elimination import pair_random_elimination
from rules.pairings.teams import expand_pairing

from tests.rules.reason_events import ROSTER, every_event

EVENTS = every_event()


def _codes(pairings: list[Pairing]) -> set[str]:
    return {t.reason_code for p in pairings for t in p.tables} | {c for p in pairings for c in p.bye_reason_codes}


@pytest.mark.parametrize("algorithm", sorted(EVENTS))
def test_every_table_and_bye_has_a_known_code_and_json_params(algorithm: str) -> None:
    for p in EVENTS[algorithm]:
        assert p.tables or p.byes
        for t in p.tables:
            assert t.reason and t.reason_code in REASON_CODES, t
            assert json.loads(json.dumps(t.reason_params)) == t.reason_params
        if p.bye_reasons:
            assert len(p.bye_reason_codes) == len(p.bye_reason_params) == len(p.bye_reasons) == len(p.byes)
        for code, params in zip(p.bye_reason_codes, p.bye_reason_params):
            assert code in REASON_CODES
            assert json.loads(json.dumps(params)) == params


def test_the_events_use_every_code() -> None:
    used = set().union(*(_codes(pairings) for pairings in EVENTS.values()))
    assert used == set(REASON_CODES)


def test_swiss_params_say_what_the_sentence_says() -> None:
    params = [t.reason_params for p in EVENTS["swiss"] for t in p.tables]
    down = [p for p in params if "from" in p]
    assert any("odd" in p for p in down) and any("odd" not in p for p in down)
    assert any("floated_again" in p for p in down)
    rematch = next(p["rematch"] for p in params if "rematch" in p)
    assert set(rematch) == {"met", "players", "rematches"} and rematch["met"] >= 1


def test_swiss_sentences_and_params_on_a_known_round() -> None:
    players = tuple(PlayerEntry(p, p) for p in ("a", "b", "c", "d", "e"))
    r1 = RoundRecord(1, (MatchRecord(("a", "b"), (2, 0)), MatchRecord(("c", "d"), (2, 0)),
                         MatchRecord(("e",), bye=True)))
    p = pair_swiss(History(players, (r1,)), random.Random(0))
    first = p.tables[0]
    assert first.reason_code in ("swiss_same_points", "swiss_paired_down")
    if first.reason_code == "swiss_same_points":
        assert first.reason == "both on 3 match points" and first.reason_params == {"points": 3}
    by_code = dict(zip(p.bye_reason_codes, p.bye_reason_params))
    assert by_code["swiss_bye"]["player"] == p.byes[0]
    assert p.bye_reasons[0].startswith(f"pairing bye to {p.byes[0]}: the lowest-ranked player without a previous bye")
    awarded = pair_swiss(History(players, ()), random.Random(0), awarded_byes={"a": [1]})
    assert awarded.bye_reasons[0] == "bye awarded at registration for round 1"
    assert (awarded.bye_reason_codes[0], awarded.bye_reason_params[0]) == ("bye_awarded", {"round": 1})


def test_single_elimination_sentences_and_params() -> None:
    seeds = [f"s{i}" for i in range(1, 9)]
    p = pair_single_elimination(seeds, [])
    assert p.tables[0].reason == "bracket: seed 1 vs seed 8"
    assert (p.tables[0].reason_code, p.tables[0].reason_params) == ("bracket", {"stage": "main", "seeds": [1, 8]})
    semis = RoundRecord(1, (MatchRecord(("s1", "s4"), (2, 0)), MatchRecord(("s2", "s3"), (0, 2))), True)
    final = pair_single_elimination(["s1", "s2", "s3", "s4"], [semis], third_place=True)
    third = final.tables[1]
    assert third.reason == "third-place match: the losing semi-finalists (seed 2 vs seed 4)"
    assert (third.reason_code, third.reason_params) == ("third_place", {"stage": "third", "seeds": [2, 4]})


def test_table_and_random_elimination_sentences_and_params() -> None:
    p = pair_table_elimination([f"s{i}" for i in range(1, 5)], [], table_size=4)
    t = p.tables[0]
    assert t.reason == "elimination table of 4 (final): seeds 1, 2, 3, 4; the winner advances"
    assert t.reason_params == {"stage": "main", "size": 4, "final": True, "seeds": [1, 2, 3, 4]}
    r = pair_random_elimination(["a", "b", "c"], [], random.Random(1))
    assert r.tables[0].reason_code == "random_draw" and r.bye_reason_codes == ("random_draw_bye",)
    assert r.bye_reasons == ("left over in the random draw (uneven number of players): the bye counts as a win",)


def test_double_elimination_stages_in_the_params() -> None:
    seeds = [f"s{i}" for i in range(1, 9)]
    r1 = RoundRecord(1, (MatchRecord(("s1", "s8"), (2, 0)), MatchRecord(("s4", "s5"), (2, 0)),
                         MatchRecord(("s2", "s7"), (2, 0)), MatchRecord(("s3", "s6"), (2, 0))), True)
    p = pair_double_elimination(seeds, [r1])
    by_code: dict[str, Table] = {}
    for t in p.tables:
        by_code.setdefault(t.reason_code, t)
    assert by_code["winners_bracket"].reason == "winners' bracket round 2: seed 1 vs seed 4"
    assert by_code["winners_bracket"].reason_params == {"stage": "winners", "bracket_round": 2, "final": False,
                                                       "seeds": [1, 4]}
    assert by_code["losers_bracket"].reason.startswith("losers' bracket round 1: losers of winners' round 1: seed")
    assert by_code["losers_bracket"].reason_params["stage"] == "losers"
    assert by_code["losers_bracket"].reason_params["bracket_round"] == 1
    stages = {(t.reason_params["stage"], t.reason_params.get("swap")) for pr in EVENTS["elimination"]
              for t in pr.tables}
    assert {("grand", None), ("losers", "flipped"), ("losers", "halves_swapped")} <= stages


def test_round_robin_pods_and_teams_sentences_and_params() -> None:
    h = History(tuple(PlayerEntry(p, p) for p in ("a", "b", "c")), ())
    rr = pair_round_robin(h)
    t = rr.tables[0]
    assert t.reason.startswith("round robin (Berger table round 1): pairing numbers ")
    assert t.reason_params["berger_round"] == 1 and t.reason_params["second_cycle"] is False
    assert rr.bye_reasons == ("bye: meets the dummy player of an odd round robin",)
    assert rr.bye_reason_codes == ("round_robin_bye",)
    pods = pair_pods(History(tuple(PlayerEntry(f"p{i}", f"p{i}") for i in range(5)), ()), random.Random(1))
    assert pods.tables[0].reason == "pod of 4 by standings (points 0-0-0-0); seats drawn at random; no repeat opponents"
    assert pods.tables[0].reason_params == {"size": 4, "points": [0, 0, 0, 0], "repeats": 0}
    assert pods.bye_reason_params == ({"players": 5, "min": 3, "max": 4},)
    teams = expand_pairing(pair_single_elimination(list(ROSTER)[:4], []), ROSTER)
    assert teams.tables[0].reason == "teams red vs gold: bracket: seed 1 vs seed 4"
    assert teams.tables[0].reason_params == {"teams": ["red", "gold"], "table": {
        "code": "bracket", "params": {"stage": "main", "seeds": [1, 4]}}}


def test_a_team_bye_gives_each_member_the_reason() -> None:
    h = History(tuple(PlayerEntry(t, t) for t in ROSTER), ())
    p = expand_pairing(pair_swiss(h, random.Random(5)), ROSTER)
    assert len(p.byes) == 2 and len(p.bye_reasons) == 2 and p.bye_reasons[0] == p.bye_reasons[1]
    assert p.bye_reason_codes == ("swiss_bye", "swiss_bye")
