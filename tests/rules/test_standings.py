from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.history import History, MatchRecord, PlayerEntry, RoundRecord, validate_history
from rules.standings import TIEBREAKERS, StandingRow, StandingsError, compute_standings, player_records

THIRD = Fraction(1, 3)


def duel(a: str, b: str, wa: int, wb: int, draws: int = 0) -> MatchRecord:
    return MatchRecord((a, b), (wa, wb), draws)


def bye(a: str) -> MatchRecord:
    return MatchRecord((a,), bye=True)


def history(players: list[str], *rounds: list[MatchRecord], drops: dict[str, int] | None = None,
            elimination: set[int] = frozenset()) -> History:  # type: ignore[assignment]
    h = History(
        tuple(PlayerEntry(p, p.title()) for p in players),
        tuple(RoundRecord(i + 1, tuple(r), i + 1 in elimination) for i, r in enumerate(rounds)),
        drops or {},
    )
    validate_history(h)
    return h


def rows_by_player(h: History, **kw: Fraction) -> dict[str, StandingRow]:
    return {row.player: row for row in compute_standings(h, **kw)}


def test_five_two_one_in_eight_rounds_is_a_two_thirds_opponent() -> None:
    # PAIRINGS.md §2.1: 5-2-1 in 8 rounds -> MW% 16/24.  Each opponent's only opponent is "ace".
    results = [(2, 0)] * 5 + [(0, 2)] * 2 + [(1, 1)]
    opps = [f"o{i}" for i in range(8)]
    h = history(["ace", *opps], *[[duel("ace", o, wa, wb)] for o, (wa, wb) in zip(opps, results)])
    rows = rows_by_player(h)
    assert rows["ace"].points == 16
    assert (rows["ace"].wins, rows["ace"].losses, rows["ace"].draws) == (5, 2, 1)
    assert rows["o0"].omwp == Fraction(16, 24)
    # ace's GW%: 10+1+... games: won 5*2 + 1 = 11 games, drew 0; lost 4 + 1 = 5; 16 games.
    assert rows["ace"].gwp == Fraction(3 * 11, 3 * 16)


def test_one_three_then_drop_is_floored_as_an_opponent() -> None:
    # PAIRINGS.md §2.1: 1-3-0 then drop -> 3/12 = 0.25 -> floored.
    opps = ["w", "x", "y", "z"]
    results = [(2, 0), (0, 2), (0, 2), (0, 2)]
    h = history(["dan", *opps], *[[duel("dan", o, wa, wb)] for o, (wa, wb) in zip(opps, results)],
                drops={"dan": 4})
    assert player_records(h)["dan"].mwp() == Fraction(1, 4)
    assert rows_by_player(h)["w"].omwp == THIRD
    assert rows_by_player(h, floor=Fraction(33, 100))["w"].omwp == Fraction(33, 100)


def test_a_bye_counts_in_the_players_own_match_win_percentage() -> None:
    # PAIRINGS.md §2.1: 3-2-0 including a round-1 bye, then drop -> 9/15.
    h = history(
        ["bea", "p", "q", "r", "s"],
        [bye("bea")], [duel("bea", "p", 2, 0)], [duel("bea", "q", 2, 1)],
        [duel("bea", "r", 0, 2)], [duel("bea", "s", 1, 2)],
        drops={"bea": 5},
    )
    rows = rows_by_player(h)
    assert rows["bea"].points == 9
    assert rows["bea"].byes == 1
    assert rows["p"].omwp == Fraction(9, 15)
    # bea's games: bye 2 won; 2-0, 2-1, 0-2, 1-2 -> won 7 of 12 games -> GP 21 / 36.
    assert rows["bea"].gwp == Fraction(21, 36)


def test_byes_are_not_opponents() -> None:
    h = history(["ann", "ben"], [bye("ann")], [duel("ann", "ben", 2, 0)])
    rows = rows_by_player(h)
    # ann's only opponent is ben (0-1, MW% 0 -> floored); the bye is ignored.
    assert rows["ann"].omwp == THIRD
    assert rows["ann"].ogwp == THIRD
    assert rows["ann"].points == 6


def test_a_player_with_only_byes_has_zero_omw() -> None:
    h = history(["ann", "ben", "cat"], [bye("ann"), duel("ben", "cat", 2, 0)])
    rows = rows_by_player(h)
    assert rows["ann"].omwp == 0
    assert rows["ann"].gwp == 1
    # ben has the same points and an opponent (floored at 1/3), so ben ranks above ann.
    assert (rows["ben"].rank, rows["ann"].rank) == (1, 2)


def test_the_floor_applies_to_the_players_own_gwp() -> None:
    h = history(["ann", "ben"], [duel("ann", "ben", 2, 0)])
    assert rows_by_player(h)["ben"].gwp == THIRD
    assert rows_by_player(h, floor=Fraction(0))["ben"].gwp == 0


def test_rematches_count_once_per_round() -> None:
    h = history(["a", "b", "c", "d"],
                [duel("a", "b", 2, 0), duel("c", "d", 2, 0)],
                [duel("a", "b", 2, 0), duel("c", "d", 0, 2)],
                [duel("a", "c", 2, 0), duel("b", "d", 0, 2)])
    # a met b twice (b: 0-3 -> 1/3 floor) and c once (c: 1-2 -> 1/3): mean 1/3
    # d's opponents: c, c, b -> c MW% 3/9 = 1/3, b 0 -> 1/3
    rows = rows_by_player(h)
    assert rows["a"].omwp == THIRD
    # c: opponents d, d, a: d 6/9, d 6/9, a 1 -> (2/3 + 2/3 + 1) / 3
    assert rows["c"].omwp == (Fraction(2, 3) * 2 + 1) / 3


def test_dropped_players_keep_their_record() -> None:
    h = history(["a", "b", "c", "d"],
                [duel("a", "b", 2, 0), duel("c", "d", 2, 1)],
                [duel("a", "c", 2, 0), bye("b")],
                drops={"d": 1})
    rows = rows_by_player(h)
    assert set(rows) == {"a", "b", "c", "d"}
    assert (rows["d"].losses, rows["d"].points) == (1, 0)
    assert rows["d"].gwp == THIRD  # 1 game won of 3 -> 3/9


def test_elimination_rounds_do_not_change_standings() -> None:
    swiss = history(["a", "b"], [duel("a", "b", 2, 0)])
    with_cut = history(["a", "b"], [duel("a", "b", 2, 0)], [duel("a", "b", 0, 2)], elimination={2})
    assert compute_standings(swiss) == compute_standings(with_cut)


def test_unreported_matches_are_ignored() -> None:
    h = history(["a", "b"], [MatchRecord(("a", "b"))])
    assert [r.points for r in compute_standings(h)] == [0, 0]


def test_equal_players_share_a_rank_in_seeding_order() -> None:
    h = history(["b", "c", "a", "d"], [duel("a", "b", 2, 0), duel("c", "d", 2, 0)])
    rows = compute_standings(h)
    assert [(r.rank, r.player) for r in rows] == [(1, "c"), (1, "a"), (3, "b"), (3, "d")]


def test_ranking_order_points_then_omw_then_gw() -> None:
    h = history(["a", "b", "c", "d"],
                [duel("a", "b", 2, 1), duel("c", "d", 2, 0)],
                [duel("a", "c", 2, 0), duel("b", "d", 2, 0)])
    rows = compute_standings(h)
    # b and c: 3 points each, both met a (MW% 1) and d (0 -> floored 1/3): OMW% 2/3 each;
    # GW% decides: b won 3 of 5 games (3/5), c 2 of 4 (1/2).
    assert [r.player for r in rows] == ["a", "b", "c", "d"]
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    b, c = rows[1], rows[2]
    assert b.omwp == c.omwp == Fraction(2, 3)
    assert (b.gwp, c.gwp) == (Fraction(3, 5), Fraction(1, 2))


def test_omw_comes_before_gw() -> None:
    # "hi" beat stronger opponents; "lo" has a better GW% but weaker opponents.
    h = history(["lo", "hi", "strong", "weak", "z"],
                [duel("strong", "z", 2, 0), duel("hi", "weak", 2, 1), bye("lo")],
                [duel("hi", "strong", 2, 1), duel("lo", "weak", 2, 0), bye("z")])
    rows = rows_by_player(h)
    # hi: 6 points, opponents weak (0 -> 1/3) and strong (1/2): OMW% 5/12, GW% 4/6.
    # lo: 6 points (bye + win), opponent weak only: OMW% 1/3, GW% 1.
    assert rows["hi"].points == rows["lo"].points == 6
    assert rows["hi"].omwp == Fraction(5, 12) and rows["lo"].omwp == THIRD
    assert rows["lo"].gwp > rows["hi"].gwp
    assert rows["hi"].rank < rows["lo"].rank


def test_to_json_rounds_floats_and_has_the_stable_keys() -> None:
    h = history(["a", "b"], [duel("a", "b", 2, 1)])
    row = compute_standings(h)[0].to_json()
    assert row == {"rank": 1, "player": "a", "points": 3, "wins": 1, "losses": 0, "draws": 0,
                   "omwp": 0.333333, "gwp": 0.666667, "ogwp": 0.333333, "byes": 0}


def test_unknown_tiebreakers_are_refused() -> None:
    with pytest.raises(StandingsError) as info:
        compute_standings(history(["a"]), "elo")
    assert info.value.code == "unknown_tiebreakers"
    assert "mtg, melee, pokemon, buchholz, pods" in str(info.value)


def test_multiplayer_tables_are_refused_clearly() -> None:
    h = history(["a", "b", "c"], [MatchRecord(("a", "b", "c"), (1, 0, 0))])
    with pytest.raises(StandingsError) as info:
        compute_standings(h)
    assert info.value.code == "multiplayer_not_supported"
    assert "pods" in str(info.value)


def test_tiebreakers_lists_every_system_mtg_first() -> None:
    assert list(TIEBREAKERS) == ["mtg", "melee", "pokemon", "buchholz", "pods"]
    assert all(description and "\n" not in description for description in TIEBREAKERS.values())


def test_the_floor_is_a_parameter_and_defaults_to_one_third() -> None:
    h = history(["a", "b"], [duel("a", "b", 2, 0)])
    assert rows_by_player(h)["a"].omwp == THIRD
    assert rows_by_player(h, floor=Fraction(33, 100))["a"].omwp == Fraction(33, 100)
    assert compute_standings(h, "mtg", floor=Fraction(33, 100)) == compute_standings(h, floor="0.33")


@pytest.mark.parametrize("floor", [Fraction(-1, 3), 2, "a third"])
def test_a_bad_floor_is_refused(floor: object) -> None:
    with pytest.raises(StandingsError) as info:
        compute_standings(history(["a"]), floor=floor)  # type: ignore[arg-type]
    assert info.value.code == "bad_option"


def test_an_option_the_system_does_not_use_is_refused() -> None:
    with pytest.raises(StandingsError) as info:
        compute_standings(history(["a"]), "mtg", placement_points=[5, 3, 2, 1])
    assert info.value.code == "unused_option"
    assert info.value.params["options"] == ["placement_points"]


def test_a_disqualified_player_leaves_the_standings_but_counts_for_opponents() -> None:
    h = History(
        tuple(PlayerEntry(p, p) for p in ["a", "b", "c", "d"]),
        (RoundRecord(1, (duel("a", "b", 2, 0), duel("c", "d", 2, 0))),
         RoundRecord(2, (duel("a", "c", 2, 0), duel("b", "d", 2, 0)))),
        {},
        ("a",),
    )
    validate_history(h)
    rows = compute_standings(h)
    assert [r.player for r in rows] == ["b", "c", "d"]
    # a (2-0, MW% 1) still counts in b's and c's OMW%: (1 + 1/3) / 2.
    assert rows[0].omwp == rows[1].omwp == Fraction(2, 3)
    assert [r.rank for r in rows] == [1, 1, 3]
    without_dq = compute_standings(History(h.players, h.rounds, h.drops))
    assert [r.player for r in without_dq][0] == "a"
    assert {r.player: r.omwp for r in without_dq}["c"] == Fraction(2, 3)


@st.composite
def random_histories(draw: st.DrawFn) -> History:
    n = draw(st.integers(1, 9))
    players = [f"p{i}" for i in range(n)]
    rng = random.Random(draw(st.integers(0, 2**32)))
    rounds: list[list[MatchRecord]] = []
    drops: dict[str, int] = {}
    active = list(players)
    for number in range(1, draw(st.integers(0, 5)) + 1):
        rng.shuffle(active)
        matches: list[MatchRecord] = []
        for i in range(0, len(active) - 1, 2):
            wa, wb = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2), (1, 1), (1, 0), (0, 0)])
            matches.append(duel(active[i], active[i + 1], wa, wb, rng.choice([0, 0, 1])))
        if len(active) % 2:
            matches.append(bye(active[-1]))
        rounds.append(matches)
        if active and rng.random() < 0.2:
            gone = active.pop()
            drops[gone] = number
    return history(players, *rounds, drops=drops)


@given(random_histories())
@settings(max_examples=150, deadline=None)
def test_standings_properties(h: History) -> None:
    rows = compute_standings(h)
    assert sorted(r.player for r in rows) == sorted(p.id for p in h.players)
    assert rows[0].rank == 1
    for prev, row in zip(rows, rows[1:]):
        assert prev.rank <= row.rank
        assert (prev.points, prev.omwp, prev.gwp, prev.ogwp) >= (row.points, row.omwp, row.gwp, row.ogwp)
    for position, row in enumerate(rows, start=1):
        assert row.points == 3 * row.wins + row.draws
        assert row.rank <= position
        assert 0 <= row.omwp <= 1 and 0 <= row.gwp <= 1 and 0 <= row.ogwp <= 1
    played = {p: sum(1 for r in h.rounds for m in r.matches if p in m.players) for p in h.player_ids()}
    for row in rows:
        assert row.wins + row.losses + row.draws == played[row.player]
