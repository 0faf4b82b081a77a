"""Opponentless losses (a late player's loss, TOM's "LATE") and drops, replayed by hand per tiebreaker system.

Sources: Magic Tournament Rules, Appendix C (only opponents met count in OMW%; a bye is a 2-0 win, so an
opponentless loss is its mirror, 0-2); Play! Pokémon Tournament Rules Handbook §5.3.3.1 (WP over the rounds
played, byes left out, 25% floor, 75% cap for the dropped) with rk9.gg, "All about tiebreakers in the Pokémon
TCG" (2021: the Late Penalty ranks a late player below all others with the same match points); TOM's frozen
resistance of a dropped player (OpenTourney issue #102); FIDE C.07 (a forfeit lost is an unplayed round).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction as F
from typing import Any

import pytest

from rules.__main__ import main
from rules.history import (
    History,
    HistoryError,
    MatchRecord,
    PlayerEntry,
    RoundRecord,
    history_from_json,
    history_to_json,
    validate_history,
)
from rules.standings import compute_standings, player_records
from rules.standings.systems import frozen_resistance


def duel(a: str, b: str, wa: int = 2, wb: int = 0) -> dict[str, Any]:
    return {"players": [a, b], "wins": [wa, wb]}


def late(p: str) -> dict[str, Any]:
    return {"players": [p], "loss": True}


def bye(p: str) -> dict[str, Any]:
    return {"players": [p], "bye": True}


def as_json(
    players: str, *rounds: list[dict[str, Any]], drops: dict[str, int] | None = None
) -> dict[str, Any]:
    return {
        "players": [{"id": p, "name": p.upper()} for p in players],
        "rounds": [{"number": i + 1, "matches": r} for i, r in enumerate(rounds)],
        "drops": drops or {},
    }


#: e is late for round 1 (an opponentless loss), then beats b; d has the round-2 bye.
LATE_EVENT = as_json(
    "abcde",
    [duel("a", "b"), duel("c", "d", 2, 1), late("e")],
    [duel("a", "c", 2, 1), duel("e", "b"), bye("d")],
)

#: l is late for round 1, then beats a: without the Late Penalty l (OWP 1/2) would rank above a (3/8).
POKEMON_LATE_EVENT = as_json(
    "abcdl", [duel("a", "b"), duel("c", "d"), late("l")], [duel("l", "a"), duel("c", "b"), bye("d")]
)

#: b beats a in round 1 and drops; a then wins twice (WP 0 after round 1, 2/3 at the end).
DROP_EVENT = as_json(
    "abcdefg",
    [duel("b", "a"), duel("c", "d"), duel("e", "f"), bye("g")],
    [duel("a", "g"), duel("d", "c"), duel("e", "f")],
    [duel("a", "e"), duel("g", "c"), duel("f", "d")],
    drops={"b": 1},
)


def test_the_history_format_reads_and_writes_an_opponentless_loss() -> None:
    history = history_from_json(LATE_EVENT)
    loss = history.rounds[0].matches[2]
    assert loss.loss and loss.reported and not loss.bye and loss.players == ("e",)
    assert history_to_json(history)["rounds"][0]["matches"][2] == {"players": ["e"], "loss": True}
    assert history_from_json(history_to_json(history)) == history


@pytest.mark.parametrize(
    "match, field",
    [
        ({"players": ["a", "b"], "loss": True}, "rounds[0].matches[0].players"),
        ({"players": ["a"], "loss": True, "bye": True}, "rounds[0].matches[0].loss"),
        ({"players": ["a"], "loss": True, "wins": [0]}, "rounds[0].matches[0].loss"),
        ({"players": ["a"], "loss": "yes"}, "rounds[0].matches[0].loss"),
    ],
)
def test_a_malformed_opponentless_loss_is_refused(match: dict[str, Any], field: str) -> None:
    with pytest.raises(HistoryError) as err:
        history_from_json(as_json("ab", [match]))
    assert err.value.code == "bad_loss"
    assert err.value.params["field"] == field


def test_an_opponentless_loss_is_refused_in_an_elimination_round() -> None:
    obj = as_json("ab", [duel("a", "b")])
    obj["rounds"].append({"number": 2, "elimination": True, "matches": [late("a")]})
    with pytest.raises(HistoryError) as err:
        history_from_json(obj)
    assert err.value.code == "bad_loss"


def test_mtg_counts_an_opponentless_loss_as_a_round_lost_0_2_with_no_opponent() -> None:
    # MTR Appendix C: e played 2 rounds (MW% 3/6 = 1/2, not 3/3) and 4 games (won 2: GW% 6/12); the loss adds
    # no opponent, so e's OMW% is b's floored 1/3 alone, and b's is the mean of a (1) and e (1/2) = 3/4.
    rows = {r.player: r for r in compute_standings(history_from_json(LATE_EVENT), "mtg")}
    assert (rows["e"].wins, rows["e"].losses, rows["e"].points) == (1, 1, 3)
    assert rows["e"].gwp == F(1, 2)
    assert rows["e"].omwp == F(1, 3)
    assert rows["b"].omwp == F(3, 4)
    # placings by hand: a 6 points; c (OMW% 3/4), d (1/2), e (1/3) on 3; b 0
    assert [r.player for r in compute_standings(history_from_json(LATE_EVENT), "mtg")] == [
        "a",
        "c",
        "d",
        "e",
        "b",
    ]
    assert player_records(history_from_json(LATE_EVENT))["e"].opponentless_losses == 1


def test_pokemon_ranks_a_late_player_below_everyone_on_the_same_points() -> None:
    # WP (TRH §5.3.3.1, byes out, the late loss in): a 1/2, b 0 -> 1/4, c 1, d 0/1 -> 1/4, l 1/2.
    # OWP: d = c's 1; l = a's 1/2; a = mean(b 1/4, l 1/2) = 3/8. On 3 points: d, then a above l (Late Penalty,
    # rk9.gg 2021) although l's OWP is higher.
    rows = compute_standings(history_from_json(POKEMON_LATE_EVENT), "pokemon")
    by = {r.player: r for r in rows}
    assert (by["l"].value("owp"), by["a"].value("owp"), by["d"].value("owp")) == (F(1, 2), F(3, 8), F(1))
    assert [r.player for r in rows] == ["c", "d", "a", "l", "b"]
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5]


def test_pokemon_freezes_a_dropped_players_resistance_at_their_drop_round() -> None:
    # b dropped after round 1, when a was 0-1 (WP floored to 1/4): b's OWP stays 1/4, not a's final 2/3, and its
    # OOWP is a's OWP after round 1 (b's own 1/1 = 1). Final placings by hand (points, then OWP):
    # a 6 (23/36), g 6 (1/2), e 6 (4/9); f 3 (5/9), c 3 (7/18), d 3 (1/3), b 3 (1/4).
    rows = compute_standings(history_from_json(DROP_EVENT), "pokemon")
    by = {r.player: r for r in rows}
    assert (by["b"].value("owp"), by["b"].value("oowp")) == (F(1, 4), F(1))
    assert by["a"].value("owp") == F(23, 36)  # a's own resistance is the final one: b capped at 3/4
    assert [r.player for r in rows] == ["a", "g", "e", "f", "c", "d", "b"]
    # the dropped player keeps their record and is ranked by it
    assert (by["b"].wins, by["b"].losses, by["b"].points) == (1, 0, 3)


def test_mtg_ranks_a_dropped_player_by_their_record_with_final_values() -> None:
    rows = compute_standings(history_from_json(DROP_EVENT), "mtg")
    by = {r.player: r for r in rows}
    assert (by["b"].wins, by["b"].points) == (1, 3)
    assert by["b"].omwp == F(2, 3)  # MTR: the opponent's final MW% (a 6 of 9)


def test_buchholz_counts_an_opponentless_loss_as_a_forfeit_lost() -> None:
    # FIDE C.07: e's round 1 is unplayed (score 0, counted with e's own score 1, cut first): BH = 1 + b's 0 = 1.
    rows = {r.player: r for r in compute_standings(history_from_json(LATE_EVENT), "buchholz")}
    assert rows["e"].value("score") == 1
    assert rows["e"].value("bh") == 1
    assert rows["e"].value("bh_c1") == 0


def test_pods_counts_an_opponentless_loss_as_a_round_for_no_points() -> None:
    obj = as_json("abcde", [{"players": ["a", "b", "c", "d"], "wins": [1, 0, 0, 0]}, late("e")])
    rows = {r.player: r for r in compute_standings(history_from_json(obj), "pods")}
    assert (rows["e"].points, rows["e"].losses, rows["e"].omwp) == (0, 1, 0)


def run_cli(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], obj: dict[str, Any]
) -> list[dict[str, Any]]:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(obj)))
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_the_cli_reads_late_losses_and_drops(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = run_cli(monkeypatch, capsys, ["standings", "--tiebreakers", "pokemon"], POKEMON_LATE_EVENT)
    assert [r["player"] for r in rows] == ["c", "d", "a", "l", "b"]
    rows = run_cli(monkeypatch, capsys, ["standings", "--tiebreakers", "pokemon"], DROP_EVENT)
    assert [r["player"] for r in rows] == ["a", "g", "e", "f", "c", "d", "b"]
    assert rows[-1]["owp"] == 0.25


def _random_event(rng: random.Random) -> History:
    """Small Swiss events with random results, late losses, byes and drops (some before round 1)."""
    ids = [f"p{i}" for i in range(rng.randint(3, 9))]
    active = list(ids)
    rounds, drops = [], {}
    for number in range(1, rng.randint(2, 5) + 1):
        rng.shuffle(active)
        matches: list[MatchRecord] = []
        players = list(active)
        if rng.random() < 0.3 and players:
            matches.append(MatchRecord((players.pop(),), loss=True))
        while len(players) >= 2:
            a, b = players.pop(), players.pop()
            matches.append(MatchRecord((a, b), rng.choice([(2, 0), (0, 2), (2, 1), (1, 1)])))
        if players:
            matches.append(MatchRecord((players.pop(),), bye=True))
        rounds.append(RoundRecord(number, tuple(matches)))
        for p in list(active):
            if rng.random() < 0.2:
                drops[p] = number
                active.remove(p)
    if rng.random() < 0.3:
        drops[ids[0]] = 0
        rounds = [
            RoundRecord(r.number, tuple(m for m in r.matches if ids[0] not in m.players)) for r in rounds
        ]
    return History(tuple(PlayerEntry(p, p) for p in ids), tuple(rounds), drops)


def _naive_frozen(history: History, pid: str) -> tuple[F, F]:
    """The dropped player's OWP and OOWP in the pokemon standings of the history cut after their drop round."""
    d = history.drops[pid]
    cut = History(
        history.players,
        tuple(r for r in history.rounds if r.number <= d),
        {p: n for p, n in history.drops.items() if n < d},
        history.disqualified,
    )
    row = next(r for r in compute_standings(cut, "pokemon") if r.player == pid)
    return row.value("owp"), row.value("oowp")


def test_frozen_resistance_is_the_pokemon_standings_of_the_history_cut_at_the_drop_round() -> None:
    rng = random.Random(24)
    checked = 0
    for _ in range(60):
        history = _random_event(rng)
        validate_history(history)
        last = history.rounds[-1].number
        frozen = frozen_resistance(history)
        assert set(frozen) == {p for p, d in history.drops.items() if d < last}
        for pid in frozen:
            assert frozen[pid] == _naive_frozen(history, pid)
            checked += 1
    assert checked > 30
