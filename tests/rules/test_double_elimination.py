from __future__ import annotations

import itertools
import random

import pytest

from rules.history import MatchRecord, RoundRecord
from rules.pairings import Pairing, PairingError, pair_double_elimination
from rules.pairings.double_elimination import double_elimination_winner, replay


def tables(p: Pairing) -> list[tuple[str, ...]]:
    return [t.players for t in p.tables]


def play(p: Pairing, number: int, rng: random.Random) -> RoundRecord:
    return RoundRecord(number, tuple(MatchRecord(t.players, rng.choice([(2, 0), (0, 2), (2, 1), (1, 2)]))
                                     for t in p.tables), True)


def run(seeds: list[str], rng: random.Random, *, bracket_reset: bool = False) -> list[Pairing]:
    rounds: list[RoundRecord] = []
    out = []
    while True:
        try:
            p = pair_double_elimination(seeds, rounds, bracket_reset=bracket_reset)
        except PairingError as exc:
            assert exc.code == "bracket_complete"
            return out
        out.append(p)
        rounds.append(play(p, len(rounds) + 1, rng))


TOP8 = [f"s{i}" for i in range(1, 9)]


def test_round_one_is_the_winners_bracket_with_standard_seeding() -> None:
    p = pair_double_elimination(TOP8, [])
    assert tables(p) == [("s1", "s8"), ("s4", "s5"), ("s2", "s7"), ("s3", "s6")]
    assert all(t.reason.startswith("winners' bracket round 1") for t in p.tables)


def test_round_two_adds_the_first_losers_round() -> None:
    r1 = RoundRecord(1, (MatchRecord(("s1", "s8"), (2, 0)), MatchRecord(("s4", "s5"), (2, 0)),
                         MatchRecord(("s2", "s7"), (2, 0)), MatchRecord(("s3", "s6"), (2, 0))), True)
    p = pair_double_elimination(TOP8, [r1])
    assert tables(p) == [("s1", "s4"), ("s2", "s3"), ("s5", "s8"), ("s6", "s7")]


def test_split_and_flip_drops_losers_to_the_other_half() -> None:
    # after WB round 2, the loser of the top WB match meets the survivor of the bottom LB match
    r1 = RoundRecord(1, (MatchRecord(("s1", "s8"), (2, 0)), MatchRecord(("s4", "s5"), (2, 0)),
                         MatchRecord(("s2", "s7"), (2, 0)), MatchRecord(("s3", "s6"), (2, 0))), True)
    r2 = RoundRecord(2, (MatchRecord(("s1", "s4"), (2, 0)), MatchRecord(("s2", "s3"), (2, 0)),
                         MatchRecord(("s5", "s8"), (2, 0)), MatchRecord(("s6", "s7"), (2, 0))), True)
    p = pair_double_elimination(TOP8, [r1, r2])
    assert tables(p) == [("s1", "s2"), ("s3", "s5"), ("s4", "s6")]
    assert "flipped" in p.tables[1].reason


@pytest.mark.parametrize("n", [4, 8, 16, 32, 12, 27])
def test_no_rematch_in_the_first_two_losers_rounds(n: int) -> None:
    seeds = [f"s{i}" for i in range(1, n + 1)]
    k = (n - 1).bit_length()
    early = [r for r in (1, 2) if r < 2 * (k - 1)]  # the losers' final may be a rematch
    for trial in range(40):
        met: set[frozenset[str]] = set()
        for p in run(seeds, random.Random(trial)):
            for t in p.tables:
                pair = frozenset(t.players)
                if any(t.reason.startswith(f"losers' bracket round {r}:") for r in early):
                    assert pair not in met, (trial, t)
                met.add(pair)


@pytest.mark.parametrize("n", range(2, 18))
def test_everyone_but_the_champion_loses_twice(n: int) -> None:
    seeds = [f"s{i}" for i in range(1, n + 1)]
    for trial in range(5):
        rng = random.Random(trial)
        rounds: list[RoundRecord] = []
        while True:
            try:
                p = pair_double_elimination(seeds, rounds)
            except PairingError:
                break
            players = [x for t in p.tables for x in t.players]
            assert len(p.tables) >= 1
            assert len(players) == len(set(players))
            rounds.append(play(p, len(rounds) + 1, rng))
        state = replay(seeds, rounds)
        assert state.champion is not None
        losses = {s: 0 for s in seeds}
        for r in rounds:
            for m in r.matches:
                losses[m.players[0] if m.wins[0] < m.wins[1] else m.players[1]] += 1
        assert losses[state.champion] <= 1
        assert sorted(state.eliminated) == sorted(s for s in seeds if s != state.champion)
        # without a bracket reset the unbeaten finalist is out after losing the grand final
        one_loss = [s for s in seeds if s != state.champion and losses[s] == 1]
        assert all(losses[s] == 2 for s in seeds if s != state.champion and s not in one_loss)
        assert len(one_loss) <= 1 and losses[state.champion] in (0, 1)


def test_grand_final_and_bracket_reset() -> None:
    seeds = ["a", "b"]
    r1 = RoundRecord(1, (MatchRecord(("a", "b"), (2, 0)),), True)
    p = pair_double_elimination(seeds, [r1], bracket_reset=True)
    assert tables(p) == [("a", "b")] and p.tables[0].reason.startswith("grand final")
    g1 = RoundRecord(2, (MatchRecord(("a", "b"), (0, 2)),), True)
    # the losers' bracket champion b won: with a reset, a deciding match; without, b is champion
    reset = pair_double_elimination(seeds, [r1, g1], bracket_reset=True)
    assert reset.tables[0].reason.startswith("grand final reset")
    assert double_elimination_winner(seeds, [r1, g1]) == "b"
    g2 = RoundRecord(3, (MatchRecord(("a", "b"), (2, 1)),), True)
    assert double_elimination_winner(seeds, [r1, g1, g2], bracket_reset=True) == "a"
    with pytest.raises(PairingError) as info:
        pair_double_elimination(seeds, [r1, g1, g2], bracket_reset=True)
    assert info.value.code == "bracket_complete" and info.value.params["winner"] == "a"


def test_byes_for_the_top_seeds_drop_nobody() -> None:
    seeds = list("abcdef")
    p = pair_double_elimination(seeds, [])
    assert tables(p) == [("d", "e"), ("c", "f")]
    r1 = RoundRecord(1, (MatchRecord(("d", "e"), (2, 0)), MatchRecord(("c", "f"), (2, 0))), True)
    p2 = pair_double_elimination(seeds, [r1])
    # WB round 2: a v d, b v c; e and f face bye slots in LB round 1 and wait for WB round-2 losers
    assert tables(p2) == [("a", "d"), ("b", "c")]
    r2 = RoundRecord(2, (MatchRecord(("a", "d"), (2, 0)), MatchRecord(("b", "c"), (2, 0))), True)
    p3 = pair_double_elimination(seeds, [r1, r2])
    assert sorted(map(sorted, tables(p3))) == [["a", "b"], ["c", "e"], ["d", "f"]]


def test_errors() -> None:
    for seeds, rounds, code in [
        (["a"], [], "too_few_players"),
        (["a", "a"], [], "duplicate_seed"),
        (["a", "b"], [RoundRecord(1, (), True)], "results_missing"),
        (["a", "b"], [RoundRecord(1, (MatchRecord(("a", "b"), (1, 1)),), True)], "elimination_draw"),
    ]:
        with pytest.raises(PairingError) as info:
            pair_double_elimination(seeds, rounds)
        assert info.value.code == code


def test_rounds_after_the_final_are_refused() -> None:
    seeds = ["a", "b"]
    rounds = [RoundRecord(k, (MatchRecord(("a", "b"), (2, 0)),), True) for k in (1, 2, 3)]
    with pytest.raises(PairingError) as info:
        pair_double_elimination(seeds, rounds)
    assert info.value.code == "rounds_after_final"


def test_all_outcomes_of_four_players() -> None:
    seeds = ["a", "b", "c", "d"]
    for outcome in itertools.product([(2, 0), (0, 2)], repeat=8):
        rounds: list[RoundRecord] = []
        results = iter(outcome)
        while True:
            try:
                p = pair_double_elimination(seeds, rounds)
            except PairingError as exc:
                assert exc.code == "bracket_complete"
                break
            rounds.append(RoundRecord(len(rounds) + 1,
                                      tuple(MatchRecord(t.players, next(results)) for t in p.tables), True))
        assert len(rounds) in (4, 5)  # WB1; WB2+LB1; LB2; GF (and no reset by default)
