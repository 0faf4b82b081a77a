from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.history import History, MatchRecord, PlayerEntry, RoundRecord
from rules.pairings import Pairing, PairingError, pair_pods, pod_sizes
from rules.pairings.pods import pod_standings


def players(n: int) -> tuple[PlayerEntry, ...]:
    return tuple(PlayerEntry(f"p{i}", f"P{i}") for i in range(n))


def play(h: History, p: Pairing, rng: random.Random, drops: dict[str, int] | None = None) -> History:
    matches = []
    for t in p.tables:
        winner = rng.randrange(len(t.players))
        matches.append(MatchRecord(t.players, tuple(1 if k == winner else 0 for k in range(len(t.players)))))
    matches += [MatchRecord((b,), bye=True) for b in p.byes]
    return History(h.players, (*h.rounds, RoundRecord(p.round, tuple(matches))), drops or dict(h.drops))


def repeats(h: History, p: Pairing) -> int:
    met = {frozenset(pair) for r in h.rounds for m in r.matches if not m.bye
           for pair in itertools.combinations(m.players, 2)}
    return sum(1 for t in p.tables for pair in itertools.combinations(t.players, 2) if frozenset(pair) in met)


@pytest.mark.parametrize("n, sizes", [
    (3, [3]), (4, [4]), (6, [3, 3]), (7, [4, 3]), (8, [4, 4]), (9, [3, 3, 3]), (10, [4, 3, 3]),
    (11, [4, 4, 3]), (12, [4, 4, 4]), (13, [4, 3, 3, 3]), (14, [4, 4, 3, 3]),
])
def test_pod_sizes(n: int, sizes: list[int]) -> None:
    assert pod_sizes(n) == (sizes, 0)


def test_five_players_get_one_pod_and_a_bye() -> None:
    assert pod_sizes(5) == ([4], 1)
    h = History(players(5), ())
    p = pair_pods(h, random.Random(0))
    assert [len(t.players) for t in p.tables] == [4] and len(p.byes) == 1


def test_bad_pod_sizes_and_too_few_players() -> None:
    with pytest.raises(PairingError) as info:
        pod_sizes(2)
    assert info.value.code == "too_few_players"
    with pytest.raises(PairingError) as info:
        pod_sizes(10, 9)
    assert info.value.code == "bad_pod_size"


@pytest.mark.parametrize("n", [9, 10, 13])
def test_round_one_pods_have_the_right_sizes_smaller_at_the_bottom(n: int) -> None:
    p = pair_pods(History(players(n), ()), random.Random(1))
    sizes = [len(t.players) for t in p.tables]
    assert sizes == pod_sizes(n)[0] == sorted(sizes, reverse=True)
    assert sorted(x for t in p.tables for x in t.players) == sorted(x.id for x in players(n))


def test_pods_follow_the_standings() -> None:
    rng = random.Random(3)
    h = History(players(16), ())
    h = play(h, pair_pods(h, rng), rng)
    ranking, points = pod_standings(h)
    p = pair_pods(h, random.Random(4))
    # the four winners (3 points) cannot meet each other in round 2 without a repeat? they never met: one pod
    winners = {x for x in ranking if points[x] == 3}
    assert len(winners) == 4
    assert any(set(t.players) == winners for t in p.tables)
    assert repeats(h, p) == 0


def test_seats_are_drawn_at_random_and_reproducibly() -> None:
    h = History(players(12), ())
    assert pair_pods(h, random.Random(5)) == pair_pods(h, random.Random(5))
    orders = {pair_pods(h, random.Random(s)).tables[0].players for s in range(15)}
    assert len(orders) > 5


def test_dropped_players_are_not_seated() -> None:
    rng = random.Random(2)
    h = History(players(10), ())
    h = play(h, pair_pods(h, rng), rng, drops={"p0": 1, "p1": 1})
    p = pair_pods(h, rng)
    seated = [x for t in p.tables for x in t.players]
    assert "p0" not in seated and "p1" not in seated and len(seated) == 8


@given(st.integers(6, 40), st.integers(1, 4), st.integers(0, 2**32))
@settings(max_examples=25, deadline=None)
def test_local_search_removes_repeats_when_there_is_room(n: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    h = History(players(n), ())
    for played in range(rounds):
        p = pair_pods(h, rng)
        seated = [x for t in p.tables for x in t.players] + list(p.byes)
        assert sorted(seated) == sorted(x.id for x in players(n))
        if n >= 24 and played < 3:
            # Plenty of room: for more than 20 players a seating with no repeated opponent across
            # three rounds exists (PAIRINGS.md §3.4); the local search must find one. From round 4
            # it is a heuristic (e.g. 24 players, seed 2, round 4 keeps one repeat).
            assert repeats(h, p) == 0, (n, played)
        h = play(h, p, rng)


def test_local_search_never_does_worse_than_plain_chunking() -> None:
    rng = random.Random(9)
    h = History(players(12), ())
    for _ in range(3):
        h = play(h, pair_pods(h, rng), rng)
    for seed in range(10):
        searched = pair_pods(h, random.Random(seed))
        plain = pair_pods(h, random.Random(seed), local_search=False)
        assert repeats(h, searched) <= repeats(h, plain)
        assert all("repeat" in t.reason for t in searched.tables)


# --------------------------------------------------------------------------- table size fixed ahead of time
# spell-battle-rules.txt, 8. Tournaments: "It should be decided ahead of time how many people will be in each game".
def test_a_fixed_table_size_seats_only_full_tables_and_gives_the_rest_byes() -> None:
    assert pod_sizes(13, 4, fixed=True) == ([4, 4, 4], 1)
    assert pod_sizes(10, 4, fixed=True) == ([4, 4], 2)
    p = pair_pods(History(players(13), ()), random.Random(3), pod_size=4, fixed_size=True)
    assert [len(t.players) for t in p.tables] == [4, 4, 4]
    assert len(p.byes) == 1
    assert p.bye_reason_codes == ("fixed_table_bye",)
    assert p.bye_reason_params == ({"players": 13, "seated": 12, "size": 4},)


def test_mixed_table_sizes_stay_as_before_without_the_option() -> None:
    p = pair_pods(History(players(13), ()), random.Random(3), pod_size=4)
    assert [len(t.players) for t in p.tables] == [4, 3, 3, 3] and p.byes == ()


def test_a_fixed_table_size_needs_one_full_table() -> None:
    with pytest.raises(PairingError) as info:
        pod_sizes(3, 4, fixed=True)
    assert info.value.code == "too_few_players"


def test_the_byes_of_fixed_tables_go_to_the_players_with_the_fewest_byes() -> None:
    rng = random.Random(5)
    h = History(players(13), ())
    first = pair_pods(h, rng, fixed_size=True)
    h = play(h, first, rng)
    second = pair_pods(h, rng, fixed_size=True)
    assert len(second.byes) == 1 and second.byes[0] != first.byes[0]
