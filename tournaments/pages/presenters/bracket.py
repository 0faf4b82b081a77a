"""The elimination rounds drawn as brackets: where each match sits (``Stage``: main bracket, winners', losers',
grand final, third-place match), the seeds, the names of the rounds and the boxes in bracket order.

Terms: a *section* is one bracket (single elimination, or the winners' bracket, losers' bracket and grand final of
a double elimination); a *column* is one round of a section; a *box* is one match.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.pages.presenters.matches import MatchRow, join_names
from tournaments.round_names import (  # noqa: F401 (the stages' names are the round names' module's)
    Stage,
    bracket_params,
    main_bracket_players,
    main_round_name,
    stage_name,
    stage_of,
)


_SEEDS = re.compile(r"seed (\d+) vs seed (\d+)")
_TABLE_SEEDS = re.compile(r"seeds ((?:\d+, )*\d+)")


def seeds_in(reason: str, params: Mapping[str, Any] | None = None) -> list[int]:
    """The seeds of a match in seat order: its ``pairing_reason_params["seeds"]``, else those its English
    ``pairing_reason`` names ("seed 1 vs seed 8"; "seeds 1, 8, 9, 16"), or []."""
    seeds = bracket_params(params).get("seeds")
    if isinstance(seeds, list):
        return [int(s) for s in seeds]
    found = _SEEDS.search(reason)
    if found:
        return [int(found.group(1)), int(found.group(2))]
    found = _TABLE_SEEDS.search(reason)
    return [int(s) for s in found.group(1).split(", ")] if found else []


def elimination_round_title(tournament: Tournament, matches: Iterable[tuple[Any, ...]]) -> str:
    """The title of an elimination round from its matches' (pairing reason, seats) or (pairing reason, seats,
    pairing reason params): "Top 8 — quarter-final", "Single elimination — final and third-place match",
    "Double elimination — winners' round 2, losers' round 1".
    """
    stages = [(stage_of(match[0], match[2] if len(match) > 2 else None), match[1]) for match in matches]
    players, final = main_bracket_players(stages)
    names: list[str] = []
    for stage, _seats in stages:
        name = stage_name(stage, players, final)
        if name not in names:
            names.append(name)
    if tournament.top_cut and tournament.structure_spec.swiss_phase:
        prefix = _("Top %(n)s") % {"n": tournament.top_cut}
    elif tournament.structure == Tournament.Structure.DOUBLE_ELIMINATION:
        prefix = _("Double elimination")
    else:
        prefix = _("Single elimination")
    if not names:
        return prefix
    return f"{prefix} — {join_names(names)}"


@dataclass(frozen=True)
class BracketSlot:
    """One player in a bracket box: ``name``, ``seed`` (None when unknown), ``wins`` (games won once the result
    is confirmed) and ``won`` (they advance)."""

    name: str
    seed: int | None
    wins: int | None
    won: bool


@dataclass
class BracketMatch:
    """A box of the bracket: the match (``row``), its players (``slots``), the round it was played in
    (``round_number``), ``status`` in words until it is confirmed, ``is_bye``."""

    row: MatchRow
    slots: list[BracketSlot]
    round_number: int
    status: str = ""

    @property
    def is_bye(self) -> bool:
        return self.row.is_bye


@dataclass
class BracketColumn:
    """One round of a bracket section, named ("quarter-final"); ``pairs``: the boxes in bracket order, two
    by two when every box of the next column is fed by two of them (``joined``: draw the connectors), else one
    by one."""

    name: str
    pairs: list[list[BracketMatch]]
    joined: bool = False


@dataclass
class BracketSection:
    """A bracket (the single-elimination tree, or the winners' bracket, the losers' bracket and the grand
    final of a double elimination), its ``columns`` left to right, and the ``extra`` boxes (the third-place
    match) shown under the last column."""

    name: str
    columns: list[BracketColumn]
    extra: list[tuple[str, BracketMatch]] = field(default_factory=list)


def _slots(row: MatchRow, seed_of: dict[int, int]) -> list[BracketSlot]:
    confirmed = row.match.is_confirmed
    return [BracketSlot(name=s.registration.display_name, seed=seed_of.get(s.registration_id),
                        wins=s.wins if confirmed else None,
                        won=row.advances is not None and row.advances.pk == s.registration_id)
            for s in row.seats]


def _best_seeds(columns: list[list[BracketMatch]]) -> dict[int, float]:
    """The best (lowest) seed in each box's part of the bracket (the box and every box that fed it), by
    ``id(box)``, left to right; an unseeded player counts as no seed."""
    best: dict[int, float] = {}
    winner_of: dict[int, float] = {}  # registration id -> best seed of the part of the bracket it came through
    for column in columns:
        for box in column:
            seeds = [s.seed if s.seed is not None else math.inf for s in box.slots]
            came = [winner_of.get(s.registration_id, math.inf) for s in box.row.seats]
            best[id(box)] = min([*seeds, *came], default=math.inf)
        for box in column:
            if box.row.advances is not None:
                winner_of[box.row.advances.pk] = best[id(box)]
    return best


def _order(columns: list[list[BracketMatch]]) -> list[BracketColumn]:
    """Bracket order, right to left: the last column by best seed; each earlier column ordered by the box its
    winner moves on to, then by best seed (so the top seed's path runs along the top, 1 v 8 above 4 v 5), and
    connectors join a box to the two that fed it."""
    best = _best_seeds(columns)
    ordered: list[list[BracketMatch]] = [list(c) for c in columns]
    if ordered:
        ordered[-1].sort(key=lambda b: best[id(b)])
    joined = [False] * len(columns)
    for i in range(len(columns) - 2, -1, -1):
        later = ordered[i + 1]
        position = {s.registration_id: k for k, box in enumerate(later) for s in box.row.seats}
        fed = {id(box): position.get(box.row.advances.pk) if box.row.advances else None for box in ordered[i]}
        known = sorted((box for box in ordered[i] if fed[id(box)] is not None),
                       key=lambda b: (fed[id(b)] or 0, best[id(b)]))
        rest = [box for box in ordered[i] if fed[id(box)] is None]
        ordered[i] = known + rest
        joined[i] = not rest and len(later) * 2 == len(ordered[i]) and all(
            sum(1 for v in fed.values() if v == k) == 2 for k in range(len(later)))
    result = []
    for boxes, join in zip(ordered, joined):
        pairs = [boxes[k:k + 2] for k in range(0, len(boxes), 2)] if join else [[b] for b in boxes]
        result.append(BracketColumn(name="", pairs=pairs, joined=join))
    return result


def _stage(row: MatchRow) -> Stage:
    return stage_of(row.match.pairing_reason, row.match.pairing_reason_params)


def bracket_sections(tournament: Tournament, rounds: Iterable[tuple[int, list[MatchRow]]]) -> list[BracketSection]:
    """The bracket of a tournament drawn as brackets, from its elimination rounds ((round number, match rows)
    in order): one section for single elimination (columns "quarter-final", "semi-final", "final", the
    third-place match under the final), or the winners' bracket, losers' bracket and grand final of a double
    elimination (``rules.pairings.double_elimination``; PAIRINGS.md §3.1-3.2). Seeds come from the pairing
    reasons (the Swiss rank for a top cut, else the bracket's seeding); a player's seed holds for the whole
    bracket."""
    rounds = list(rounds)
    seed_of: dict[int, int] = {}
    for _number, rows in rounds:
        for row in rows:
            for seat, seed in zip(row.seats, seeds_in(row.match.pairing_reason, row.match.pairing_reason_params)):
                seed_of.setdefault(seat.registration_id, seed)
    # (section, key) -> (name, boxes); keys sort the columns left to right
    columns: dict[str, dict[int, tuple[str, list[BracketMatch]]]] = {}
    extra: list[tuple[str, BracketMatch]] = []
    losers_rounds = max((_stage(r).number for _n, rows in rounds for r in rows
                         if _stage(r).section == "losers"), default=0)
    for number, rows in rounds:
        stages = [(_stage(r), r) for r in rows]
        players, final = main_bracket_players((s, len(r.seats)) for s, r in stages)
        for stage, row in stages:
            box = BracketMatch(row=row, slots=_slots(row, seed_of), round_number=number,
                               status="" if row.match.is_confirmed else row.match.get_status_display())
            name = stage_name(stage, players, final, losers_rounds)
            if stage.section == "third":
                extra.append((name, box))
                continue
            section = "winners" if stage.section == "main" else stage.section
            key = number if stage.section == "main" else stage.number
            columns.setdefault(section, {}).setdefault(key, (name, []))[1].append(box)
    titles = {"winners": _("Winners' bracket") if "losers" in columns else "", "losers": _("Losers' bracket"),
              "grand": _("Grand final")}
    sections = []
    for section in ("winners", "losers", "grand"):
        if section not in columns:
            continue
        keyed = sorted(columns[section].items())
        drawn = _order([boxes for _key, (_name, boxes) in keyed])
        for column, (_key, (name, _boxes)) in zip(drawn, keyed):
            column.name = name
        sections.append(BracketSection(name=titles[section], columns=drawn))
    if extra and sections:
        sections[0].extra = extra
    return sections
