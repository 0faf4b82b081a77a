"""Issue #10, rule 10: single elimination as the Spell Battle rules describe it (spell-battle-rules.txt,
8. Tournaments): a new random draw among the survivors every round; a bye only for the player left over
when the count is uneven, counting as a win; seeded and reproducible."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from rules.__main__ import main
from rules.history import History, MatchRecord, PlayerEntry, RoundRecord, history_to_json
from rules.pairings import PairingError
from rules.pairings.elimination import (
    RANDOM_ELIMINATION_RULE,
    pair_random_elimination,
    pair_single_elimination,
    random_elimination_survivors,
)
from rules.structures import Finished, StructureError, StructureSettings, next_round

PLAYERS = [f"p{i}" for i in range(1, 8)]


def result_round(number: int, pairing, winner_seat: int = 0) -> RoundRecord:  # type: ignore[no-untyped-def]
    matches = [MatchRecord(t.players, (2, 0) if winner_seat == 0 else (0, 2)) for t in pairing.tables]
    matches += [MatchRecord((p,), bye=True) for p in pairing.byes]
    return RoundRecord(number, tuple(matches), elimination=True)


def test_the_rule_quotes_the_spell_battle_text() -> None:
    text = " ".join(Path("/work/shared/rules-texts/spell-battle-rules.txt").read_text(encoding="utf-8").split())
    assert "players are randomly assigned their opponents for each match" in text
    assert "players are randomly assigned their opponents for each match" in RANDOM_ELIMINATION_RULE
    assert "which counts as a win" in RANDOM_ELIMINATION_RULE


def test_each_round_is_a_new_random_draw_among_the_survivors_and_reproducible() -> None:
    rounds: list[RoundRecord] = []
    seen_byes = []
    for number in (1, 2, 3):
        pairing = pair_random_elimination(PLAYERS, rounds, random.Random(100 + number))
        again = pair_random_elimination(PLAYERS, rounds, random.Random(100 + number))
        assert pairing == again  # the same seed and history give the same round
        alive = random_elimination_survivors(PLAYERS, rounds)
        seated = [p for t in pairing.tables for p in t.players] + list(pairing.byes)
        assert sorted(seated) == sorted(alive)
        assert len(pairing.byes) == len(alive) % 2  # a bye only for the player left over
        if pairing.byes:
            assert "counts as a win" in pairing.bye_reasons[0]
        seen_byes.extend(pairing.byes)
        rounds.append(result_round(number, pairing))
    assert len(random_elimination_survivors(PLAYERS, rounds)) == 1
    with pytest.raises(PairingError) as info:
        pair_random_elimination(PLAYERS, rounds, random.Random(1))
    assert info.value.code == "bracket_complete"


def test_the_draw_is_not_the_fixed_bracket() -> None:
    """Round 2 of a fixed bracket is fixed by round 1; a random draw is not: over seeds it pairs the survivors
    in more than one way (the fixed bracket would always meet the same pairs)."""
    players = [f"p{i}" for i in range(1, 9)]
    first = pair_single_elimination(players, [])
    rounds = [result_round(1, first)]
    fixed = {frozenset(map(frozenset, (t.players for t in pair_single_elimination(players, rounds).tables)))}
    drawn = {frozenset(map(frozenset, (t.players for t in pair_random_elimination(players, rounds,
                                                                                  random.Random(s)).tables)))
             for s in range(20)}
    assert len(fixed) == 1 and len(drawn) > 1


def test_a_missing_or_drawn_result_is_refused() -> None:
    pairing = pair_random_elimination(PLAYERS, [], random.Random(3))
    table = pairing.tables[0]
    unreported = RoundRecord(1, (MatchRecord(table.players),), elimination=True)
    with pytest.raises(PairingError) as info:
        pair_random_elimination(PLAYERS, [unreported], random.Random(3))
    assert info.value.code == "results_missing"
    drawn = [MatchRecord(t.players, (1, 1)) for t in pairing.tables] + [MatchRecord((p,), bye=True)
                                                                         for p in pairing.byes]
    with pytest.raises(PairingError) as info:
        pair_random_elimination(PLAYERS, [RoundRecord(1, tuple(drawn), elimination=True)], random.Random(3))
    assert info.value.code == "elimination_draw"


def test_the_structure_option_runs_an_event_to_its_end() -> None:
    settings = StructureSettings("single_elimination", random_draw_each_round=True)
    history = History(tuple(PlayerEntry(p, p) for p in PLAYERS), ())
    for k in range(10):
        result = next_round(settings, history, random.Random(k))
        if isinstance(result, Finished):
            break
        assert result.kind == "elimination"
        history = History(history.players, (*history.rounds, result_round(result.number, result.pairing)))
    assert isinstance(result, Finished) and result.winner in PLAYERS
    assert result.placings[0].player == result.winner
    with pytest.raises(StructureError) as err:
        StructureSettings("swiss", random_draw_each_round=True)
    assert err.value.params["field"] == "random_draw_each_round"


def test_python_m_rules_pair_random_draw(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    history = History(tuple(PlayerEntry(p, p) for p in PLAYERS), ())
    text = json.dumps(history_to_json(history))
    outputs = []
    for _ in range(2):
        monkeypatch.setattr("sys.stdin", io.StringIO(text))
        assert main(["pair", "--system", "single-elimination", "--random-draw", "--seed", "5"]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1]
    assert len(outputs[0]["pairings"]) == 3 and len(outputs[0]["byes"]) == 1
    expected = pair_random_elimination(PLAYERS, [], random.Random(5))
    assert [t["players"] for t in outputs[0]["pairings"]] == [list(t.players) for t in expected.tables]
