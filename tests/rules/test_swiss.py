from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.history import History, MatchRecord, PlayerEntry, RoundRecord, validate_history
from rules.pairings import Pairing, PairingError, pair_swiss
from rules.pairings.swiss import WEIGHT_LIMIT, SwissProblem, build_swiss_problem, matching_weight


def duel(a: str, b: str, wa: int, wb: int) -> MatchRecord:
    return MatchRecord((a, b), (wa, wb))


def bye(a: str) -> MatchRecord:
    return MatchRecord((a,), bye=True)


def make_history(players: list[str], *rounds: list[MatchRecord], drops: dict[str, int] | None = None) -> History:
    h = History(
        tuple(PlayerEntry(p, p) for p in players),
        tuple(RoundRecord(i + 1, tuple(r)) for i, r in enumerate(rounds)),
        drops or {},
    )
    validate_history(h)
    return h


def paired_players(p: Pairing) -> list[str]:
    return [x for t in p.tables for x in t.players] + list(p.byes)


def previous_pairs(h: History) -> set[frozenset[str]]:
    return {frozenset(m.players) for r in h.rounds if not r.elimination for m in r.matches if not m.bye}


def perfect_matchings(n: int, weights: dict[tuple[int, int], int]) -> Iterator[list[tuple[int, int]]]:
    def rec(free: list[int]) -> Iterator[list[tuple[int, int]]]:
        if not free:
            yield []
            return
        first, rest = free[0], free[1:]
        for k, other in enumerate(rest):
            if (first, other) in weights:
                for tail in rec(rest[:k] + rest[k + 1 :]):
                    yield [(first, other), *tail]

    yield from rec(list(range(n)))


def brute_force_best(problem: SwissProblem) -> int | None:
    best = None
    for m in perfect_matchings(len(problem.vertices), problem.weights):
        total = sum(problem.weights[e] for e in m)
        best = total if best is None or total > best else best
    return best


def record_results(h: History, p: Pairing, rng: random.Random, drops: dict[str, int]) -> History:
    matches = [duel(*t.players, *rng.choice([(2, 0), (2, 1), (1, 2), (0, 2), (1, 1)])) for t in p.tables]
    matches += [bye(b) for b in p.byes]
    return History(h.players, (*h.rounds, RoundRecord(p.round, tuple(matches))), dict(drops))


@st.composite
def swiss_histories(draw: st.DrawFn) -> History:
    """A history of 0-4 rounds paired by pair_swiss itself, with random results and drops."""
    n = draw(st.integers(2, 10))
    rng = random.Random(draw(st.integers(0, 2**32)))
    h = History(tuple(PlayerEntry(f"p{i}", f"P{i}") for i in range(n)), ())
    drops: dict[str, int] = {}
    for _ in range(draw(st.integers(0, 4))):
        try:
            p = pair_swiss(h, rng)
        except PairingError:
            break
        h = record_results(h, p, rng, drops)
        active = [x for x in h.player_ids() if x not in drops]
        if len(active) > 2 and rng.random() < 0.25:
            drops[rng.choice(active)] = p.round
            h = History(h.players, h.rounds, dict(drops))
    validate_history(h)
    return h


@given(swiss_histories(), st.integers(0, 2**32))
@settings(max_examples=120, deadline=None)
def test_swiss_pairing_properties(h: History, seed: int) -> None:
    active = [p for p in h.player_ids() if p not in h.drops]
    problem = build_swiss_problem(h, random.Random(seed))
    assert all(0 < w < WEIGHT_LIMIT for w in problem.weights.values())
    best = brute_force_best(problem)
    try:
        p = pair_swiss(h, random.Random(seed))
    except PairingError as exc:
        assert exc.code == "no_pairing"
        assert best is None  # really no rematch-free pairing of everyone
        return
    # everyone active exactly once, nobody else
    assert sorted(paired_players(p)) == sorted(active)
    assert len(p.byes) == len(active) % 2
    # no rematch
    played = previous_pairs(h)
    assert all(frozenset(t.players) not in played for t in p.tables)
    # the objective equals the brute-force optimum over all rematch-free pairings
    assert matching_weight(problem, p) == best
    # no second bye while a player with fewer byes could have taken it
    if p.byes:
        byes = {x: sum(1 for r in h.rounds for m in r.matches if m.bye and x in m.players) for x in active}
        bye_index = problem.vertices.index(None)
        could_take = {
            problem.vertices[a if b == bye_index else b]
            for m in perfect_matchings(len(problem.vertices), problem.weights)
            for a, b in m
            if bye_index in (a, b)
        }
        assert byes[p.byes[0]] == min(byes[x] for x in could_take if x is not None)
    # tables numbered 1.. and ordered by the higher player's points
    assert [t.number for t in p.tables] == list(range(1, len(p.tables) + 1))
    highs = [max(problem.points[x] for x in t.players) for t in p.tables]
    assert highs == sorted(highs, reverse=True)


def test_round_one_of_eight_pairs_everyone() -> None:
    h = make_history([f"p{i}" for i in range(8)])
    p = pair_swiss(h, random.Random(3))
    assert p.round == 1
    assert len(p.tables) == 4 and p.byes == ()
    assert sorted(paired_players(p)) == sorted(h.player_ids())
    assert all(t.reason == "both on 0 match points" for t in p.tables)


def test_round_one_is_random() -> None:
    h = make_history([f"p{i}" for i in range(8)])
    seen = {frozenset(frozenset(t.players) for t in pair_swiss(h, random.Random(s)).tables) for s in range(20)}
    assert len(seen) > 5


def test_same_history_and_seed_give_the_same_pairing() -> None:
    h = make_history([f"p{i}" for i in range(9)], [duel("p0", "p1", 2, 0), duel("p2", "p3", 2, 1),
                                                   duel("p4", "p5", 0, 2), duel("p6", "p7", 1, 1), bye("p8")])
    assert pair_swiss(h, random.Random(42)) == pair_swiss(h, random.Random(42))


def test_a_dropped_player_is_never_paired() -> None:
    players = [f"p{i}" for i in range(6)]
    h = make_history(players, [duel("p0", "p1", 2, 0), duel("p2", "p3", 2, 0), duel("p4", "p5", 2, 0)],
                     drops={"p0": 1})
    for seed in range(10):
        p = pair_swiss(h, random.Random(seed))
        assert "p0" not in paired_players(p)
        assert sorted(paired_players(p)) == players[1:]
        assert len(p.byes) == 1


def test_winners_meet_winners() -> None:
    h = make_history(["a", "b", "c", "d"], [duel("a", "b", 2, 0), duel("c", "d", 2, 1)])
    p = pair_swiss(h, random.Random(0))
    assert p.round == 2
    assert [set(t.players) for t in p.tables] == [{"a", "c"}, {"b", "d"}]
    assert p.tables[0].reason == "both on 3 match points"


def test_an_odd_group_pairs_one_player_down_and_says_why() -> None:
    # after round 1: a, c, e on 3 points, b, d, f on 0
    h = make_history(["a", "b", "c", "d", "e", "f"],
                     [duel("a", "b", 2, 0), duel("c", "d", 2, 0), duel("e", "f", 2, 0)])
    p = pair_swiss(h, random.Random(1))
    reasons = sorted(t.reason for t in p.tables)
    assert reasons == ["both on 0 match points", "both on 3 match points",
                       "paired down from 3 to 0 match points: no unplayed opponent left at 3"]
    assert p.tables[-1].reason == "both on 0 match points"


def test_the_bye_goes_to_the_lowest_player_without_a_bye() -> None:
    # a, c on 3; e had the bye (3 points); b, d on 0 and without byes
    h = make_history(["a", "b", "c", "d", "e"], [duel("a", "b", 2, 0), duel("c", "d", 2, 0), bye("e")])
    for seed in range(10):
        assert pair_swiss(h, random.Random(seed)).byes[0] in {"b", "d"}


def test_no_second_bye_when_someone_else_can_take_it() -> None:
    # c had a bye and is alone at the bottom on 1 point; the bye must still go elsewhere
    h = make_history(["a", "b", "c"], [duel("a", "b", 1, 1), bye("c")])
    p = pair_swiss(h, random.Random(0))
    assert p.byes[0] in {"a", "b"}
    assert "c" in p.tables[0].players


def test_it_never_rematches_and_refuses_when_it_must() -> None:
    players = ["a", "b", "c", "d"]
    h = make_history(players,
                     [duel("a", "b", 2, 0), duel("c", "d", 2, 0)],
                     [duel("a", "c", 2, 0), duel("b", "d", 2, 0)],
                     [duel("a", "d", 2, 0), duel("b", "c", 2, 0)])
    with pytest.raises(PairingError) as info:
        pair_swiss(h, random.Random(0))
    assert info.value.code == "no_pairing"
    assert "rematch" in str(info.value)


def test_forbidden_pairs_are_respected() -> None:
    h = make_history(["a", "b", "c", "d"], [duel("a", "b", 2, 0), duel("c", "d", 2, 1)])
    p = pair_swiss(h, random.Random(0), forbidden=[frozenset({"a", "c"})])
    # a and c (3 points) may not meet; a already played b, so a meets d
    assert {frozenset(t.players) for t in p.tables} == {frozenset({"a", "d"}), frozenset({"b", "c"})}


def test_too_few_players() -> None:
    h = make_history(["a", "b"], [duel("a", "b", 2, 0)], drops={"b": 1})
    with pytest.raises(PairingError) as info:
        pair_swiss(h, random.Random(0))
    assert info.value.code == "too_few_players"


def test_elimination_rounds_are_ignored_for_the_round_number_and_rematches() -> None:
    h = History(
        (PlayerEntry("a", "A"), PlayerEntry("b", "B")),
        (RoundRecord(1, (duel("a", "b", 2, 0),), elimination=True),),
    )
    p = pair_swiss(h, random.Random(0))
    assert p.round == 1 and set(p.tables[0].players) == {"a", "b"}


def test_to_json_shape() -> None:
    h = make_history(["a", "b", "c"])
    out = pair_swiss(h, random.Random(0)).to_json()
    assert set(out) == {"round", "pairings", "byes"}
    assert out["pairings"][0]["table"] == 1 and len(out["pairings"][0]["players"]) == 2
    assert len(out["byes"]) == 1


def test_weights_stay_below_the_solver_limit_for_a_large_event() -> None:
    players = [f"p{i}" for i in range(301)]
    rng = random.Random(5)
    h = make_history(players)
    for _ in range(6):
        h = record_results(h, pair_swiss(h, rng), rng, {})
    problem = build_swiss_problem(h, random.Random(1))
    assert max(problem.weights.values()) < WEIGHT_LIMIT
    p = pair_swiss(h, random.Random(1))
    assert sorted(paired_players(p)) == sorted(players)
