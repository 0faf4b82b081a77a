"""Hand-worked examples for every tiebreaker system of rules.standings, and properties they all share."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.history import (
    History,
    MatchRecord,
    PlayerEntry,
    RoundRecord,
    history_from_json,
    history_to_json,
    validate_history,
)
from rules.standings import TIEBREAKERS, StandingRow, StandingsError, compute_standings

F = Fraction


def duel(a: str, b: str, wa: int, wb: int, draws: int = 0) -> MatchRecord:
    return MatchRecord((a, b), (wa, wb), draws)


def bye(a: str) -> MatchRecord:
    return MatchRecord((a,), bye=True)


def table(players: str, wins: list[int], draws: int = 0, placements: tuple[int, ...] = ()) -> MatchRecord:
    return MatchRecord(tuple(players), tuple(wins), draws, placements=placements)


def history(players: list[str] | str, *rounds: list[MatchRecord], drops: dict[str, int] | None = None,
            disqualified: tuple[str, ...] = ()) -> History:
    h = History(
        tuple(PlayerEntry(p, p.upper()) for p in players),
        tuple(RoundRecord(i + 1, tuple(r)) for i, r in enumerate(rounds)),
        drops or {},
        disqualified,
    )
    validate_history(h)
    return h


def by_player(rows: list[StandingRow]) -> dict[str, StandingRow]:
    return {row.player: row for row in rows}


# ---------------------------------------------------------------------------------- melee


def melee_example() -> History:
    # c is seeded before a.  a won 2-0-1 (two games won, one drawn), c won 2-1.
    return history(["c", "a", "b", "d"], [duel("a", "b", 2, 0, draws=1), duel("c", "d", 2, 1)])


def test_melee_gives_a_drawn_game_no_game_points() -> None:
    mtg = by_player(compute_standings(melee_example(), "mtg"))
    melee = by_player(compute_standings(melee_example(), "melee"))
    # MTR: (3 + 3 + 1) / 9; Melee: 2 games won of 3 played.
    assert mtg["a"].gwp == F(7, 9)
    assert melee["a"].gwp == F(2, 3)
    # c has no drawn game: the same in both.
    assert mtg["c"].gwp == melee["c"].gwp == F(2, 3)
    # b (0-2-1): MTR 1/9, Melee 0; both floored at 1/3 for the player's own GW%.
    assert mtg["b"].gwp == melee["b"].gwp == F(1, 3)
    assert mtg["a"].omwp == melee["a"].omwp == F(1, 3)


def test_melee_and_mtg_rank_a_drawn_game_differently() -> None:
    mtg = compute_standings(melee_example(), "mtg")
    melee = compute_standings(melee_example(), "melee")
    # MTG: a's drawn game lifts a above c.  Melee: a and c are equal on every tiebreaker
    # (GW% 2/3 each), so they share first place in seeding order (c first).
    assert [(r.rank, r.player) for r in mtg] == [(1, "a"), (2, "c"), (3, "b"), (4, "d")]
    assert [(r.rank, r.player) for r in melee] == [(1, "c"), (1, "a"), (3, "b"), (3, "d")]


def test_melee_uses_the_floor_parameter() -> None:
    rows = by_player(compute_standings(melee_example(), "melee", floor=F(1, 4)))
    assert rows["b"].gwp == F(1, 4)


# ---------------------------------------------------------------------------------- pokemon


def test_pokemon_a_three_one_one_opponent_is_seventy_percent() -> None:
    # PAIRINGS.md §2.2 (rk9.gg): an opponent who finished 3-1-1 contributes (1+1+1+0.5+0)/5 = 70 %.
    h = history(
        ["me", "opp", "x1", "x2", "x3", "x4"],
        [duel("opp", "me", 2, 0)], [duel("opp", "x1", 2, 1)], [duel("opp", "x2", 2, 0)],
        [duel("opp", "x3", 0, 2)], [duel("opp", "x4", 1, 1)],
    )
    assert by_player(compute_standings(h, "pokemon"))["me"].value("owp") == F(7, 10)
    # The tie value is a documented choice: 0 counts a tie as no win.
    assert by_player(compute_standings(h, "pokemon", tie_value=0))["me"].value("owp") == F(3, 5)


def test_pokemon_byes_are_left_out_of_win_percentage() -> None:
    # rk9: an opponent who went 2-1 with one of the wins a bye counts as 1-1 = 50 %.
    h = history(["me", "opp", "x"], [duel("opp", "me", 2, 0), bye("x")], [bye("opp"), duel("me", "x", 2, 0)],
                [duel("x", "opp", 2, 0), bye("me")])
    assert by_player(compute_standings(h, "pokemon"))["me"].value("owp") == (F(1, 2) + F(1, 2)) / 2


def test_pokemon_floor_and_dropped_cap() -> None:
    # "loser" went 0-2: 0 % raised to 25 %.  "quitter" won 2 and dropped: 100 % capped at 75 %.
    h = history(["a", "b", "loser", "quitter"],
                [duel("a", "loser", 2, 0), duel("quitter", "b", 2, 0)],
                [duel("b", "loser", 2, 0), duel("quitter", "a", 2, 0)],
                drops={"quitter": 2})
    rows = by_player(compute_standings(h, "pokemon"))
    # a met loser (25 %) and quitter (75 %); b met quitter (75 %) and loser (25 %).
    assert rows["a"].value("owp") == rows["b"].value("owp") == F(1, 2)
    # loser met a (1/2) and b (1/2).
    assert rows["loser"].value("owp") == F(1, 2)
    # quitter's opponents b and a: WP 1/2 each
    assert rows["quitter"].value("owp") == F(1, 2)
    # OOWP(a) = mean(OWP(loser), OWP(quitter)) = 1/2
    assert rows["a"].value("oowp") == F(1, 2)


def test_pokemon_head_to_head_breaks_a_tie_between_exactly_two_who_met() -> None:
    # a and b finish 6 points each, equal OWP and OOWP, and a beat b in round 1.
    h = history(["b", "a", "x", "z"],
                [duel("a", "b", 2, 0), duel("x", "z", 1, 1)],
                [duel("x", "a", 2, 0), bye("b")],
                [duel("b", "x", 2, 0), bye("a")],
                drops={"z": 1})
    rows = compute_standings(h, "pokemon")
    assert [(r.rank, r.player, r.value("h2h")) for r in rows] == [
        (1, "a", 1), (2, "b", -1), (3, "x", 0), (4, "z", 0)
    ]
    assert rows[0].value("owp") == rows[1].value("owp") == F(1, 2)
    assert rows[0].value("oowp") == rows[1].value("oowp")
    # mtg has no head to head: a and b share first place in seeding order.
    mtg = compute_standings(h, "mtg")
    assert [(r.rank, r.player) for r in mtg[:2]] == [(1, "b"), (1, "a")]


def test_pokemon_head_to_head_is_not_used_for_three_tied_players() -> None:
    # a beats b, b beats c, c beats a: all 3 points, all equal.
    h = history(["a", "b", "c"], [duel("a", "b", 2, 0), bye("c")], [duel("b", "c", 2, 0), bye("a")],
                [duel("c", "a", 2, 0), bye("b")])
    rows = compute_standings(h, "pokemon")
    assert [r.rank for r in rows] == [1, 1, 1]
    assert all(r.value("h2h") == 0 for r in rows)


def test_pokemon_head_to_head_counts_after_disqualification() -> None:
    h = history(["b", "a", "x", "z"],
                [duel("a", "b", 2, 0), duel("x", "z", 1, 1)],
                [duel("x", "a", 2, 0), bye("b")],
                [duel("b", "x", 2, 0), bye("a")],
                drops={"z": 1}, disqualified=("x",))
    rows = compute_standings(h, "pokemon")
    assert [r.player for r in rows] == ["a", "b", "z"]
    assert [r.rank for r in rows] == [1, 2, 3]


# ---------------------------------------------------------------------------------- buchholz


def crosstable() -> History:
    # A small crosstable worked by hand (scores 1 / 0.5 / 0):
    #        R1        R2        R3       score
    # A   +B (1)    =C (.5)   +D (1)      2.5
    # B   -A (0)    +D (1)    +C (1)      2
    # C   =D (.5)   =A (.5)   -B (0)      1
    # D   =C (.5)   -B (0)    -A (0)      .5
    return history("abcd",
                   [duel("a", "b", 2, 0), duel("c", "d", 1, 1)],
                   [duel("a", "c", 1, 1), duel("b", "d", 2, 1)],
                   [duel("a", "d", 2, 0), duel("b", "c", 2, 0)])


def test_buchholz_values_on_a_hand_computed_crosstable() -> None:
    rows = by_player(compute_standings(crosstable(), "buchholz"))
    values = {p: tuple(row.value(k) for k in ("score", "bh", "bh_c1", "bh_m1", "sb", "ps"))
              for p, row in rows.items()}
    # BH(A) = 2 + 1 + .5; cut 1 drops D's .5; median also drops B's 2.
    # SB(A) = 2 (beat B) + 1/2 x 1 (drew C) + .5 (beat D); PS(A) = 1 + 1.5 + 2.5.
    assert values["a"] == (F(5, 2), F(7, 2), F(3), F(1), F(3), F(5))
    # B: opponents A 2.5, D .5, C 1; SB = D .5 + C 1; PS = 0 + 1 + 2.
    assert values["b"] == (F(2), F(4), F(7, 2), F(1), F(3, 2), F(3))
    # C: opponents D .5, A 2.5, B 2; SB = .5 x .5 + .5 x 2.5; PS = .5 + 1 + 1.
    assert values["c"] == (F(1), F(5), F(9, 2), F(2), F(3, 2), F(5, 2))
    # D: opponents C 1, B 2, A 2.5; SB = .5 x 1; PS = .5 + .5 + .5.
    assert values["d"] == (F(1, 2), F(11, 2), F(9, 2), F(2), F(1, 2), F(3, 2))
    assert [r.player for r in compute_standings(crosstable(), "buchholz")] == ["a", "b", "c", "d"]
    # points stay match points (3/1/0)
    assert rows["a"].points == 7


def test_buchholz_ranks_equal_scores_by_buchholz_then_sonneborn_berger() -> None:
    # x and y both score 1 from two rounds.  x beat the strong s, y beat the weak w.
    h = history(["y", "x", "s", "w"],
                [duel("x", "s", 2, 0), duel("y", "w", 2, 0)],
                [duel("s", "y", 2, 0), duel("w", "x", 2, 0)])
    rows = compute_standings(h, "buchholz")
    # s: 1, w: 1.  BH(x) = s 1 + w 1 = 2 = BH(y); cut/median equal; SB(x) = 1 (beat s), SB(y) = 1 (beat w).
    # PS: x 1 + 1 = 2, y 1 + 1 = 2.  Everything equal: shared rank in seeding order.
    assert [(r.rank, r.player) for r in rows][:2] == [(1, "y"), (1, "x")]
    h2 = history(["y", "x", "s", "w", "t"],
                 [duel("x", "s", 2, 0), duel("y", "w", 2, 0), bye("t")],
                 [duel("s", "t", 2, 0), duel("w", "x", 2, 0), bye("y")],
                 [duel("s", "y", 2, 0), duel("t", "w", 2, 0), bye("x")])
    rows2 = by_player(compute_standings(h2, "buchholz"))
    # x and y score 2.  s: 2 (beat t, beat y); w: 1 (beat x); t: 2 (bye, beat w).
    # BH(x) = s 2 + w 1 + bye (own 2) = 5;  BH(y) = w 1 + bye (own 2) + s 2 = 5.
    # SB(x) = s 2 + bye 2 = 4;  SB(y) = w 1 + bye 2 = 3  -> x ahead.
    assert rows2["x"].value("bh") == rows2["y"].value("bh") == 5
    assert (rows2["x"].value("sb"), rows2["y"].value("sb")) == (4, 3)
    assert rows2["x"].rank < rows2["y"].rank


def test_buchholz_byes_count_as_a_dummy_opponent_with_the_players_own_score() -> None:
    h = history("abc", [duel("a", "b", 2, 0), bye("c")], [duel("c", "a", 2, 0), bye("b")])
    rows = by_player(compute_standings(h, "buchholz"))
    # scores: a 1, b 1 (bye), c 2.
    assert (rows["a"].value("bh"), rows["a"].value("bh_c1"), rows["a"].value("sb"), rows["a"].value("ps")) == (
        3, 2, 1, 2)
    # b: A (1) + bye (own 1); SB: bye counts own score 1.
    assert (rows["b"].value("bh"), rows["b"].value("bh_c1"), rows["b"].value("sb"), rows["b"].value("ps")) == (
        2, 1, 1, 1)
    assert (rows["c"].value("bh"), rows["c"].value("bh_c1"), rows["c"].value("sb"), rows["c"].value("ps")) == (
        3, 2, 3, 3)
    assert [r.player for r in compute_standings(h, "buchholz")] == ["c", "a", "b"]


def test_buchholz_withdrawn_opponents_and_own_unplayed_rounds() -> None:
    # d beats c, then drops; a beats b, then a beats c; b gets a bye in round 2.
    h = history("abcd", [duel("d", "c", 2, 0), duel("a", "b", 2, 0)], [duel("a", "c", 2, 0), bye("b")],
                drops={"d": 1})
    rows = by_player(compute_standings(h, "buchholz"))
    # d's score 1, adjusted for opponents to 1.5 (round 2 after the drop counts as a draw).
    assert rows["c"].value("bh") == F(3, 2) + 2
    # d's own round 2 is voluntarily unplayed: contribution = own score 1, and it is cut first
    # (FIDE Art. 14.6) even though c's 0 is smaller.
    assert rows["d"].value("bh") == 1
    assert rows["d"].value("bh_c1") == 0
    assert rows["d"].value("ps") == 2  # 1 after round 1, still 1 after round 2


def test_buchholz_takes_no_floor() -> None:
    with pytest.raises(StandingsError) as info:
        compute_standings(crosstable(), "buchholz", floor=F(1, 3))
    assert info.value.code == "unused_option"


# ---------------------------------------------------------------------------------- pods


def test_pods_placement_points_and_opponent_percentages() -> None:
    h = history("abcd",
                [table("abcd", [1, 0, 0, 0], placements=(1, 2, 3, 4))],
                [table("abcd", [0, 1, 0, 0])])
    rows = compute_standings(h, "pods")
    got = by_player(rows)
    # R1: 5/3/2/1.  R2 from wins: b first (5), a, c, d share 2nd-4th: (3 + 2 + 1) / 3 = 2 each.
    assert {p: r.points for p, r in got.items()} == {"a": 7, "b": 8, "c": 4, "d": 3}
    assert [r.player for r in rows] == ["b", "a", "c", "d"]
    # Points % over 5 x 2 rounds: a 7/10, b 8/10, c 4/10, d 3/10 -> floored to 1/3.
    # a's opponents are every other seat in both rounds: (8/10 + 4/10 + 1/3) x 2 / 6.
    assert got["a"].omwp == F(23, 45)
    assert (got["a"].wins, got["a"].losses, got["a"].draws) == (1, 1, 0)
    # One game per table: a won one of two -> 3/6; c won none -> 0, floored.
    assert got["a"].gwp == F(1, 2) and got["c"].gwp == F(1, 3)


def test_pods_a_shared_win_shares_the_points_of_the_places() -> None:
    h = history("abcd", [table("abcd", [1, 1, 0, 0], placements=(1, 1, 3, 4))])
    got = by_player(compute_standings(h, "pods"))
    assert {p: r.points for p, r in got.items()} == {"a": 4, "b": 4, "c": 2, "d": 1}
    assert (got["a"].draws, got["a"].wins) == (1, 0)
    # derived from wins alone the two last seats share 3rd-4th: (2 + 1) / 2
    got = by_player(compute_standings(history("abcd", [table("abcd", [1, 1, 0, 0])]), "pods"))
    assert got["c"].points == F(3, 2)
    assert got["c"].to_json()["points"] == 1.5


def test_pods_win_three_draw_one_and_three_player_tables() -> None:
    h = history("abcdefg",
                [table("abcd", [1, 0, 0, 0]), table("efg", [0, 0, 0], draws=1)])
    got = by_player(compute_standings(h, "pods", placement_points=[3, 0, 0, 0], draw_points=1))
    assert {p: r.points for p, r in got.items()} == {"a": 3, "b": 0, "c": 0, "d": 0, "e": 1, "f": 1, "g": 1}
    # without draw_points a drawn table shares the average of the places it covers
    got = by_player(compute_standings(h, "pods"))
    assert got["e"].points == F(5 + 3 + 2, 3)
    assert got["a"].points == 5 and got["b"].points == 2


def test_pods_bye_earns_first_place_points() -> None:
    h = history("abcde", [table("abcd", [0, 0, 1, 0]), bye("e")])
    got = by_player(compute_standings(h, "pods", placement_points=[4, 2, 1, 0]))
    assert got["e"].points == 4 and got["e"].byes == 1 and got["e"].omwp == 0
    assert got["c"].points == 4


@pytest.mark.parametrize("points", [[], [0, 0], [3, 5], [5, -1]])
def test_pods_refuses_bad_placement_points(points: list[int]) -> None:
    with pytest.raises(StandingsError) as info:
        compute_standings(history("ab"), "pods", placement_points=points)
    assert info.value.code == "bad_option"


def test_pods_disqualified_player_still_counts_for_the_table() -> None:
    h = history("abcd", [table("abcd", [1, 0, 0, 0], placements=(1, 2, 3, 4))], disqualified=("a",))
    rows = compute_standings(h, "pods")
    assert [(r.rank, r.player) for r in rows] == [(1, "b"), (2, "c"), (3, "d")]
    # b's opponents a (5/5 = 1), c (2/5 -> 2/5), d (1/5 -> 1/3)
    assert rows[0].omwp == (1 + F(2, 5) + F(1, 3)) / 3


# ---------------------------------------------------------------------------------- properties


@st.composite
def random_histories(draw: st.DrawFn, multiplayer: bool = False) -> History:
    n = draw(st.integers(1, 10))
    players = [f"p{i}" for i in range(n)]
    rng = random.Random(draw(st.integers(0, 2**32)))
    rounds: list[list[MatchRecord]] = []
    drops: dict[str, int] = {}
    active = list(players)
    for number in range(1, draw(st.integers(0, 5)) + 1):
        rng.shuffle(active)
        matches: list[MatchRecord] = []
        i = 0
        while i < len(active):
            size = rng.choice([2, 3, 4]) if multiplayer else 2
            seats = active[i:i + size]
            i += size
            if len(seats) == 1:
                matches.append(bye(seats[0]))
                continue
            if len(seats) == 2 and not multiplayer:
                wa, wb = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2), (1, 1), (1, 0), (0, 0)])
                matches.append(duel(seats[0], seats[1], wa, wb, rng.choice([0, 0, 1])))
                continue
            wins = [rng.choice([0, 0, 1, 2]) for _ in seats]
            draws = rng.choice([0, 1])
            placements: tuple[int, ...] = ()
            if rng.random() < 0.5:
                scores = [rng.randint(0, 3) for _ in seats]
                placements = tuple(1 + sum(1 for o in scores if o > s) for s in scores)
            if rng.random() < 0.1:
                matches.append(MatchRecord(tuple(seats)))  # not reported yet
            else:
                matches.append(MatchRecord(tuple(seats), tuple(wins), draws, placements=placements))
        rounds.append(matches)
        if active and rng.random() < 0.2:
            drops[active.pop()] = number
    disqualified = tuple(p for p in players if rng.random() < 0.15)
    return history(players, *rounds, drops=drops, disqualified=disqualified)


SORT_KEYS = {
    "mtg": lambda r: (r.points, r.omwp, r.gwp, r.ogwp),
    "melee": lambda r: (r.points, r.omwp, r.gwp, r.ogwp),
    "pokemon": lambda r: (r.points, r.value("owp"), r.value("oowp")),
    "buchholz": lambda r: tuple(r.value(k) for k in ("score", "bh", "bh_c1", "bh_m1", "sb", "ps")),
    "pods": lambda r: (r.points, r.omwp, r.gwp, r.ogwp),
}


def check_properties(h: History, system: str) -> None:
    rows = compute_standings(h, system)
    expected = sorted(p.id for p in h.players if p.id not in h.disqualified)
    assert sorted(r.player for r in rows) == expected
    if rows:
        assert rows[0].rank == 1
    key = SORT_KEYS[system]
    for position, (prev, row) in enumerate(zip(rows, rows[1:]), start=2):
        assert prev.rank <= row.rank <= position
        assert key(prev) >= key(row)
        if key(prev) == key(row) and system != "pokemon":
            assert prev.rank == row.rank
        if prev.rank == row.rank:
            assert key(prev) == key(row)
    for row in rows:
        assert 0 <= row.omwp <= 1 and 0 <= row.gwp <= 1 and 0 <= row.ogwp <= 1
        assert row.byes <= row.wins
    # the JSON round trip gives the same rows, and rows serialise to the stable keys
    again = compute_standings(history_from_json(history_to_json(h)), system)
    assert again == rows
    for row in rows:
        data = row.to_json()
        assert list(data)[:9] == ["rank", "player", "points", "wins", "losses", "draws", "omwp", "gwp", "ogwp"]


@pytest.mark.parametrize("system", ["mtg", "melee", "pokemon", "buchholz", "pods"])
@given(h=random_histories())
@settings(max_examples=60, deadline=None)
def test_duel_histories_properties(system: str, h: History) -> None:
    check_properties(h, system)
    if system != "pods":
        rows = compute_standings(h, system)
        for row in rows:
            assert row.points == 3 * row.wins + row.draws


@given(h=random_histories(multiplayer=True))
@settings(max_examples=100, deadline=None)
def test_multiplayer_histories_properties(h: History) -> None:
    check_properties(h, "pods")


def test_every_system_is_tested_here() -> None:
    assert set(SORT_KEYS) == set(TIEBREAKERS)
