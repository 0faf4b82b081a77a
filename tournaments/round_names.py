"""The names of a tournament's rounds, in one place (issue 20): a Swiss or pods round is "Round 3"; an elimination
round is named by its stage, from its tables' pairing reasons (``Stage``): "Semi-finals", "Final", "Final and
third-place match" on the tabs (:func:`round_label`), "Pair the final" on the organiser's button
(:func:`pair_label`), every round of an event at once (:func:`round_labels`, one query); the round page's and the projector's title is
``tournaments.pages.presenters.elimination_round_title`` ("Top 4 — semi-final"), from the same stages.

Terms: a round's *tables* here are (pairing reason, seats, pairing reason params) triples, as stored
(``Match.pairing_reason``, the seat count, ``Match.pairing_reason_params``) or as the rules paired them
(``rules.pairings.Table``: ``reason``, ``players``, ``reason_params``). Presentation only: no write.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from django.db.models import Count

from tournaments.models import Match, Round, Tournament

_WINNERS = re.compile(r"winners' bracket (?:round (\d+)|(final))")
_LOSERS = re.compile(r"losers' bracket round (\d+)")


@dataclass(frozen=True)
class Stage:
    """Where a match of an elimination round sits in the bracket, read from its pairing reason's params (or, for a
    match stored before those, its English text; ``rules.pairings.elimination`` and
    ``rules.pairings.double_elimination`` write both): ``section`` ("main", "winners", "losers", "grand",
    "third"), ``number`` (the round within a double-elimination section, 99 for the winners' final; 0 elsewhere)
    and ``final`` (a multiplayer elimination table that is the final)."""

    section: str
    number: int = 0
    final: bool = False


def bracket_params(params: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """The params that place a match in the bracket: a team table's own (``"teams"`` wraps them), else as given."""
    params = params or {}
    inner = params.get("table") if "teams" in params else None
    return (inner.get("params") or {}) if isinstance(inner, Mapping) else params


def stage_of(reason: str, params: Mapping[str, Any] | None = None) -> Stage:
    """The ``Stage`` of a match from its ``pairing_reason_params`` (``"stage"``, ``"bracket_round"``,
    ``"final"``; ``rules.pairings.REASON_CODES``), else from its English ``pairing_reason``."""
    found_params = bracket_params(params)
    stage = found_params.get("stage")
    if isinstance(stage, str) and stage:
        number = int(found_params.get("bracket_round") or 0)
        final = bool(found_params.get("final"))
        if stage == "winners" and final:
            return Stage("winners", 99)
        return Stage(stage, number if stage in ("winners", "losers", "grand") else 0,
                     final=final and stage == "main")
    if reason.startswith("third-place match"):
        return Stage("third")
    if reason.startswith("grand final reset"):
        return Stage("grand", 2)
    if reason.startswith("grand final"):
        return Stage("grand", 1)
    found = _WINNERS.match(reason)
    if found:
        return Stage("winners", int(found.group(1)) if found.group(1) else 99)
    found = _LOSERS.match(reason)
    if found:
        return Stage("losers", int(found.group(1)))
    return Stage("main", final="(final)" in reason)


def main_round_name(players: int, final: bool = False) -> str:
    """The name of a single-elimination round by the players it starts with (rounded up to a bracket size):
    2 "final", 4 "semi-final", 8 "quarter-final", else "round of N" (16, 32, ...)."""
    if final or players <= 2:
        return pgettext("elimination round", "final")
    size = 1 << (players - 1).bit_length()
    if size == 4:
        return pgettext("elimination round", "semi-final")
    if size == 8:
        return pgettext("elimination round", "quarter-final")
    return pgettext("elimination round", "round of %(n)s") % {"n": size}


def main_bracket_players(stages_and_seats: Iterable[tuple[Stage, int]]) -> tuple[int, bool]:
    """(players in the main bracket of one round, is it a final by tables)."""
    pairs = [(stage, seats) for stage, seats in stages_and_seats if stage.section == "main"]
    return sum(seats for _, seats in pairs), any(stage.final for stage, _ in pairs)


def stage_name(stage: Stage, main_players: int = 0, main_final: bool = False, losers_rounds: int = 0) -> str:
    """The name of a stage in words: "quarter-final", "third-place match", "winners' round 2",
    "losers' final", "grand final", "grand final (reset)"."""
    if stage.section == "third":
        return _("third-place match")
    if stage.section == "grand":
        return _("grand final") if stage.number == 1 else _("grand final (reset)")
    if stage.section == "winners":
        return _("winners' final") if stage.number == 99 else _("winners' round %(n)s") % {"n": stage.number}
    if stage.section == "losers":
        if losers_rounds and stage.number == losers_rounds:
            return _("losers' final")
        return _("losers' round %(n)s") % {"n": stage.number}
    return main_round_name(main_players, main_final)


def _main_key(players: int, final: bool = False) -> tuple[str, int]:
    """(``final``, ``semi-final``, ``quarter-final`` or ``round-of``, the bracket size) of a main-bracket round
    starting with ``players`` (as :func:`main_round_name` names it)."""
    if final or players <= 2:
        return "final", 2
    size = 1 << (players - 1).bit_length()
    return {4: "semi-final", 8: "quarter-final"}.get(size, "round-of"), size


def round_stage(tables: Iterable[tuple[Any, ...]]) -> tuple[str, int, bool] | None:
    """(stage key of :func:`_main_key`, bracket size, with a third-place match) of an elimination round of one
    main bracket from its tables (module docstring); None for a double elimination round (winners', losers',
    grand final: named by :func:`stage_name` per table) or a round without tables."""
    stages = [(stage_of(table[0], table[2] if len(table) > 2 else None), table[1]) for table in tables]
    if not stages or any(stage.section not in ("main", "third") for stage, _seats in stages):
        return None
    players, final = main_bracket_players(stages)
    if not players:
        return None
    key, size = _main_key(players, final)
    return key, size, any(stage.section == "third" for stage, _seats in stages)


def round_label(tournament: Tournament, number: int, kind: str, tables: Iterable[tuple[Any, ...]] = ()) -> str:
    """A round's short name (a tab, a heading): "Round 3", or an elimination round's stage: "Quarter-finals",
    "Semi-finals", "Final", "Final and third-place match", "Round of 16" (a double elimination round stays
    "Round 6"). ``tables``: the round's (module docstring); only an elimination round reads them."""
    stage = round_stage(tables) if kind == Round.Kind.ELIMINATION else None
    if stage is None:
        return pgettext("tournament", "Round %(n)s") % {"n": number}
    key, size, third = stage
    if key == "final" and third:
        return _("Final and third-place match")
    return {"final": pgettext("round name", "Final"), "semi-final": pgettext("round name", "Semi-finals"),
            "quarter-final": pgettext("round name", "Quarter-finals")}.get(key) or (
        pgettext("round name", "Round of %(n)s") % {"n": size})


def pair_label(tournament: Tournament, number: int, kind: str, tables: Iterable[tuple[Any, ...]] = (),
               *, top_cut_starts: bool = False) -> str:
    """The organiser's button that pairs round ``number`` (``tables``: how the rules would pair it): "Pair round
    4", "Pair the semi-finals", "Pair the final", "Pair the final and the third-place match", and where a top cut
    starts "Pair the quarter-finals (top 8)"."""
    stage = round_stage(tables) if kind == Round.Kind.ELIMINATION else None
    if stage is None:
        label = _("Pair round %(n)s") % {"n": number}
    else:
        key, size, third = stage
        label = (_("Pair the final and the third-place match") if key == "final" and third else {
            "final": _("Pair the final"), "semi-final": _("Pair the semi-finals"),
            "quarter-final": _("Pair the quarter-finals")}.get(key) or _("Pair the round of %(n)s") % {"n": size})
    if top_cut_starts:
        return _("%(pair)s (top %(cut)s)") % {"pair": label, "cut": tournament.top_cut}
    return label


def paired_tables(pairing: Any) -> list[tuple[str, int, dict]]:
    """The tables of a ``rules.pairings.Pairing`` the rules propose, as :func:`round_label` reads them."""
    return ([(table.reason, len(table.players), dict(table.reason_params)) for table in pairing.tables]
            + [("bye", 1, {}) for _player in pairing.byes])  # a bye is a player of the bracket too


def round_labels(tournament: Tournament, rounds: Iterable[Round]) -> list[tuple[Round, str]]:
    """Each of ``rounds`` (of ``tournament``) with its :func:`round_label`: one query for the elimination rounds'
    tables, none when there are none."""
    rounds = list(rounds)
    elimination = [rnd.pk for rnd in rounds if rnd.kind == Round.Kind.ELIMINATION]
    tables: dict[int, list[tuple[Any, ...]]] = {pk: [] for pk in elimination}
    if elimination:
        for round_id, reason, seats, params in (Match.objects.filter(round__in=elimination).order_by()
                                                .annotate(n=Count("seats"))
                                                .values_list("round_id", "pairing_reason", "n",
                                                             "pairing_reason_params")):
            tables[round_id].append((reason, seats, params))
    return [(rnd, round_label(tournament, rnd.number, rnd.kind, tables.get(rnd.pk, ()))) for rnd in rounds]
