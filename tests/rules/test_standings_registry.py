"""The tiebreaker registry: what each built-in system declares, how compute_standings uses it, adding a system."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from fractions import Fraction as F
from typing import Any

import pytest

from rules.__main__ import main
from rules.history import History, MatchRecord, PlayerEntry, RoundRecord
from rules.standings import (
    SYSTEMS,
    TIEBREAKERS,
    Column,
    Option,
    StandingRow,
    StandingsError,
    TiebreakerSystem,
    compute_standings,
    get_system,
    register,
    unregister,
)
from rules.standings.core import Entry, player_records, rank_entries


def duel_history() -> History:
    players = tuple(PlayerEntry(p, p.upper()) for p in "abcd")
    r1 = RoundRecord(1, (MatchRecord(("a", "b"), (2, 0)), MatchRecord(("c", "d"), (2, 1))))
    r2 = RoundRecord(2, (MatchRecord(("a", "c"), (1, 1), 1), MatchRecord(("b", "d"), (0, 2))))
    return History(players, (r1, r2))


def pods_history() -> History:
    players = tuple(PlayerEntry(p, p.upper()) for p in "abcd")
    return History(players, (RoundRecord(1, (MatchRecord(("a", "b", "c", "d"), (1, 0, 0, 0)),)),))


# --- the built-in systems ----------------------------------------------------------------------------------

def test_the_built_in_systems_in_listing_order() -> None:
    assert list(SYSTEMS) == ["mtg", "melee", "pokemon", "buchholz", "pods"]
    assert dict(TIEBREAKERS) == {name: system.description for name, system in SYSTEMS.items()}
    assert all(name == system.name for name, system in SYSTEMS.items())


def test_sources_and_columns_are_those_the_standings_page_showed() -> None:
    """The values of tournaments.models.TIEBREAKER_SOURCES and STANDINGS_COLUMNS, which the registry replaces."""
    assert {name: s.source for name, s in SYSTEMS.items()} == {
        "mtg": "Magic Tournament Rules, Appendix C",
        "melee": "Melee.gg (as the Magic Tournament Rules, a drawn game earns no game points)",
        "pokemon": "Play! Pokémon Tournament Rules Handbook",
        "buchholz": "FIDE Tie-Break Regulations",
        "pods": "placement points at multiplayer tables (TopDeck-style cEDH scoring)",
    }
    columns = {name: tuple((c.key, c.heading, c.percent) for c in s.columns) for name, s in SYSTEMS.items()}
    assert columns == {
        "mtg": (("omwp", "OMW%", True), ("gwp", "GW%", True), ("ogwp", "OGW%", True)),
        "melee": (("omwp", "OMW%", True), ("gwp", "GW% (draws worth 0)", True), ("ogwp", "OGW%", True)),
        "pokemon": (("owp", "OWP (resistance)", True), ("oowp", "OOWP", True), ("h2h", "Head to head", False)),
        "buchholz": (("score", "Score", False), ("bh", "Buchholz", False), ("bh_c1", "Buchholz cut 1", False),
                     ("bh_m1", "Median Buchholz", False), ("sb", "Sonneborn-Berger", False),
                     ("ps", "Progressive", False)),
        "pods": (("omwp", "Opponents' points %", True), ("gwp", "GW%", True), ("ogwp", "OGW%", True)),
    }


def test_options_are_those_each_system_always_took() -> None:
    assert {name: set(s.option_names) for name, s in SYSTEMS.items()} == {
        "mtg": {"floor"}, "melee": {"floor"}, "pokemon": {"floor", "tie_value"}, "buchholz": set(),
        "pods": {"floor", "placement_points", "draw_points"},
    }
    assert [o.name for o in SYSTEMS["pods"].options if o.many] == ["placement_points"]
    assert all(o.description for s in SYSTEMS.values() for o in s.options)


@pytest.mark.parametrize("name", ["mtg", "melee", "pokemon", "buchholz", "pods"])
def test_every_column_is_a_key_of_the_rows(name: str) -> None:
    history = pods_history() if name == "pods" else duel_history()
    rows = [row.to_json() for row in compute_standings(history, name)]
    assert all(column.key in row for row in rows for column in SYSTEMS[name].columns)


@pytest.mark.parametrize("name", ["mtg", "melee", "pokemon", "pods"])
def test_the_defaults_are_what_not_giving_an_option_means(name: str) -> None:
    history = pods_history() if name == "pods" else duel_history()
    defaults = {o.name: o.default for o in SYSTEMS[name].options}
    nones = {o.name: None for o in SYSTEMS[name].options}
    assert compute_standings(history, name) == compute_standings(history, name, **defaults)
    assert compute_standings(history, name) == compute_standings(history, name, **nones)


def test_default_values() -> None:
    assert SYSTEMS["mtg"].options[0].default == F(1, 3)
    assert {o.name: o.default for o in SYSTEMS["pokemon"].options} == {"floor": F(1, 4), "tie_value": F(1, 2)}
    assert {o.name: o.default for o in SYSTEMS["pods"].options} == {
        "placement_points": (5, 3, 2, 1), "draw_points": None, "floor": F(1, 3)}


# --- refusals ---------------------------------------------------------------------------------------------

def test_an_unknown_system_is_refused_with_the_valid_names() -> None:
    with pytest.raises(StandingsError) as info:
        compute_standings(duel_history(), "elo")
    assert info.value.code == "unknown_tiebreakers"
    assert info.value.params == {"tiebreakers": "elo", "valid": ["mtg", "melee", "pokemon", "buchholz", "pods"]}
    assert str(info.value) == "Unknown tiebreaker system 'elo'; choose one of: mtg, melee, pokemon, buchholz, pods."
    with pytest.raises(StandingsError):
        get_system("elo")


def test_an_undeclared_option_is_refused_saying_which_the_system_accepts() -> None:
    with pytest.raises(StandingsError) as info:
        compute_standings(duel_history(), "pokemon", placement_points=[3, 1], draw_points=1)
    err = info.value
    assert err.code == "unused_option"
    assert err.params == {"tiebreakers": "pokemon", "options": ["draw_points", "placement_points"],
                          "accepted": ["floor", "tie_value"]}
    assert err.message == ("The pokemon system does not use draw_points, placement_points; remove it "
                           "(it accepts floor, tie_value).")
    with pytest.raises(StandingsError, match="it takes no options"):
        compute_standings(duel_history(), "buchholz", floor=F(1, 3))


def test_a_bad_value_is_refused_by_the_options_parse() -> None:
    with pytest.raises(StandingsError) as info:
        compute_standings(duel_history(), "pokemon", tie_value="2")
    assert info.value.code == "bad_option" and info.value.params["option"] == "tie_value"


def test_a_system_is_checked_when_it_is_declared() -> None:
    def rank(history: History, **options: Any) -> list[StandingRow]:
        return []

    with pytest.raises(ValueError, match="twice"):
        TiebreakerSystem("x", "x", "x", (Option("a", "a", 0, int), Option("a", "a", 0, int)), (), rank)
    with pytest.raises(ValueError, match="may not name an option"):
        TiebreakerSystem("x", "x", "x", (Option("system", "s", 0, int),), (), rank)
    with pytest.raises(ValueError, match="name"):
        TiebreakerSystem("two words", "x", "x", (), (), rank)


def test_a_taken_name_cannot_be_registered_again() -> None:
    with pytest.raises(StandingsError) as info:
        register(SYSTEMS["mtg"])
    assert info.value.code == "duplicate_system"
    assert list(SYSTEMS) == ["mtg", "melee", "pokemon", "buchholz", "pods"]


# --- adding a system is one registry entry ---------------------------------------------------------------

def _check_win_value(value: Any) -> F:
    try:
        parsed = F(value)
    except (TypeError, ValueError) as exc:
        raise StandingsError("bad_option", f"win_value must be a number, not {value!r}.",
                             option="win_value", value=str(value)) from exc
    if parsed <= 0:
        raise StandingsError("bad_option", f"win_value must be above 0, not {value}.",
                             option="win_value", value=str(value))
    return parsed


def _most_wins(history: History, *, win_value: F) -> list[StandingRow]:
    """Toy system: ``score`` = win_value x match wins, then fewest losses."""
    entries = []
    for index, (pid, rec) in enumerate(player_records(history).items()):
        score = win_value * rec.wins
        entries.append(Entry(
            key=(score, -rec.losses), index=index,
            fields={"player": pid, "points": rec.points, "wins": rec.wins, "losses": rec.losses, "draws": rec.draws,
                    "omwp": F(0), "gwp": F(0), "ogwp": F(0), "byes": rec.byes, "extra": (("score", score),)},
        ))
    return rank_entries(entries, history)


@pytest.fixture
def toy() -> Iterator[TiebreakerSystem]:
    system = register(TiebreakerSystem(
        name="most-wins",
        description="toy: win_value per match won, then fewest losses",
        source="this test",
        options=(Option("win_value", "points per match won; default 1", F(1), _check_win_value),),
        columns=(Column("score", "Score", False),),
        rank=_most_wins,
    ))
    try:
        yield system
    finally:
        unregister(system.name)


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str],
        stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_registered_system_ranks_and_is_listed(toy: TiebreakerSystem, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert TIEBREAKERS["most-wins"] == toy.description and list(SYSTEMS)[-1] == "most-wins"
    rows = compute_standings(duel_history(), "most-wins", win_value="5/2")
    assert [(r.player, r.rank, r.value("score")) for r in rows] == [
        ("a", 1, F(5, 2)), ("c", 1, F(5, 2)), ("d", 3, F(5, 2)), ("b", 4, F(0))]
    with pytest.raises(StandingsError, match="it accepts win_value"):
        compute_standings(duel_history(), "most-wins", floor=F(1, 3))

    code, out, _ = run(monkeypatch, capsys, ["tiebreakers"])
    assert code == 0 and out.splitlines()[-1] == f"most-wins {toy.description}"

    history = {"players": [{"id": p, "name": p} for p in "abcd"], "rounds": [
        {"number": 1, "matches": [{"players": ["a", "b"], "wins": [2, 0]}, {"players": ["c", "d"], "wins": [0, 2]}]}]}
    code, out, err = run(monkeypatch, capsys, ["standings", "--tiebreakers", "most-wins", "--win-value", "2"],
                         json.dumps(history))
    assert code == 0, err
    assert [(r["player"], r["score"]) for r in json.loads(out)] == [("a", 2), ("d", 2), ("b", 0), ("c", 0)]
    code, _, err = run(monkeypatch, capsys, ["standings", "--tiebreakers", "most-wins", "--win-value", "0"],
                       json.dumps(history))
    assert code == 2 and "above 0" in err


def test_the_toy_system_is_gone_after_its_fixture() -> None:
    assert "most-wins" not in SYSTEMS and "most-wins" not in TIEBREAKERS
    with pytest.raises(StandingsError):
        unregister("most-wins")
