"""What the pages show of a match, computed once in the view instead of set as attributes on the model.

``MatchRow`` is a match (``row.match``) with its seats in seat order (``row.seats``) and the text and
flags the templates need: the round, manage, bracket and match pages read these, never ad-hoc
attributes of ``Match``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from rules.formats import HAND_SIZES, DeckFormat
from rules.game_start import FIRST_PLAYER_RULE, FIRST_PLAYER_TEXT
from rules.results import VICTORY_RULE

from tournaments.models import Match, Registration, Seat, Tournament
from tournaments.pages.forms import organiser_game_choices
from tournaments.services.results import outcome_text
from tournaments.services.scoring import Outcome


@dataclass
class MatchRow:
    """A match and its seats as the pages show them.

    ``result_text``: the confirmed result ("alice 2-1 bob", "1. carol (2 won), ..."; "" before);
    ``advances``: the single winner of a confirmed match (the one seat placed first), else None;
    ``organiser_choices``: the organiser's game choices with the players' names (a duel);
    ``is_mine``: the viewing player sits at this table (the round page);
    ``evidence``: every report side by side (``selectors.match_submissions``; the manage page, disputes only).
    """

    match: Match
    seats: list[Seat]
    result_text: str = ""
    advances: Registration | None = None
    organiser_choices: list[tuple[str, str]] = field(default_factory=list)
    is_mine: bool = False
    evidence: list[dict] = field(default_factory=list)

    @property
    def is_bye(self) -> bool:
        """One seat: a bye."""
        return len(self.seats) == 1

    @property
    def is_duel(self) -> bool:
        """Two seats: the duel forms (players A and B); any other count gets the table forms."""
        return len(self.seats) == 2


def match_row(match: Match, *, mine_id: int | None = None, deck_out: str = "game_ends") -> MatchRow:
    """The row of one match whose seats are prefetched in seat order (``selectors.round_matches``);
    ``mine_id``: the viewing player's registration, for ``is_mine``; ``deck_out``: the tournament's
    running-out-of-cards setting (no deck-out choice under ``reshuffle``)."""
    seats = list(match.seats.all())
    result_text = ""
    advances = None
    wins = tuple(s.wins for s in seats if s.wins is not None)
    placements = tuple(s.placement for s in seats if s.placement is not None)
    if match.is_confirmed and seats and len(wins) == len(placements) == len(seats):
        result_text = outcome_text(seats, Outcome(wins=wins, placements=placements, draws=match.draws or 0))
        firsts = [s for s in seats if s.placement == 1]
        if len(firsts) == 1:
            advances = firsts[0].registration
    return MatchRow(
        match=match, seats=seats, result_text=result_text, advances=advances,
        organiser_choices=organiser_game_choices([s.registration.display_name for s in seats], deck_out),
        is_mine=mine_id is not None and any(s.registration_id == mine_id for s in seats),
    )


def match_rows(matches: Iterable[Match], *, mine_id: int | None = None,
               deck_out: str = "game_ends") -> list[MatchRow]:
    """``match_row`` of each match, in order."""
    return [match_row(m, mine_id=mine_id, deck_out=deck_out) for m in matches]


@dataclass(frozen=True)
class GameStart:
    """What the rules say at the start of every game of a tournament, for the match slip and the format page:
    who goes first (``rules.game_start``), the hand sizes of the tournament's frozen format (``None`` when the
    format gives none and its size has no 2.0 numbers), the victory condition's rule."""

    first_player_text: str
    first_player_rule: str
    deck_size: int
    starting_hand: int | None
    draws_per_turn: int | None
    hand_limit: int | None
    hand_source: str
    victory_rule: str


def game_start(tournament: Tournament) -> GameStart:
    """The ``GameStart`` of ``tournament``: hand sizes from its frozen format; a format stored without them
    shows the 2.0 numbers of its deck size (``rules.formats.HAND_SIZES``), or none."""
    fmt = DeckFormat.from_dict(tournament.deck_format)
    hands: tuple[int | None, int | None, int | None, str] = (
        fmt.starting_hand, fmt.draws_per_turn, fmt.hand_limit, fmt.hand_source)
    if fmt.starting_hand is None:
        hands = HAND_SIZES.get(fmt.total, (None, None, None, ""))
    return GameStart(first_player_text=FIRST_PLAYER_TEXT, first_player_rule=FIRST_PLAYER_RULE, deck_size=fmt.total,
                     starting_hand=hands[0], draws_per_turn=hands[1], hand_limit=hands[2], hand_source=hands[3],
                     victory_rule=VICTORY_RULE)


# --------------------------------------------------------------------------- what the public sees of the standings

#: What each tiebreaker column heading of ``rules.standings.SYSTEMS`` means, for its ``<abbr title>``.
COLUMN_TITLES: dict[str, str] = {
    "OMW%": "Opponents' match-win percentage: the average match-win rate of the player's opponents",
    "GW%": "Game-win percentage: the share of games the player won",
    "GW% (draws worth 0)": "Game-win percentage, a drawn game counting as played and not won",
    "OGW%": "Opponents' game-win percentage: the average game-win rate of the player's opponents",
    "OWP (resistance)": "Opponents' win percentage (resistance)",
    "OOWP": "Opponents' opponents' win percentage",
    "Head to head": "The result between tied players who met",
    "Score": "Chess score: 1 a win, ½ a draw",
    "Buchholz": "The sum of the opponents' scores",
    "Buchholz cut 1": "Buchholz without the lowest opponent's score",
    "Median Buchholz": "Buchholz without the highest and lowest opponents' scores",
    "Sonneborn-Berger": "The scores of the opponents beaten, plus half those drawn",
    "Progressive": "The sum of the running score after each round",
    "Opponents' points %": "Opponents' share of the placement points available to them",
}


@dataclass(frozen=True)
class StandingsColumn:
    """A tiebreaker column as the standings table shows it: the row ``key``, the ``heading`` (a human name,
    never a command-line flag), its ``title`` (what it means), ``percent`` (a fraction shown as a percentage)
    and ``primary`` (the first tiebreaker: the one column kept on a phone)."""

    key: str
    heading: str
    title: str
    percent: bool
    primary: bool


def standings_columns(columns: Iterable[tuple[str, str, bool]]) -> list[StandingsColumn]:
    """``StandingsSnapshot.columns`` ((key, heading, percent) from ``rules.standings.SYSTEMS``) with titles."""
    return [StandingsColumn(key=key, heading=heading, title=COLUMN_TITLES.get(heading, heading), percent=pct,
                            primary=i == 0) for i, (key, heading, pct) in enumerate(columns)]


# --------------------------------------------------------------------------- the bracket

_SEEDS = re.compile(r"seed (\d+) vs seed (\d+)")
_TABLE_SEEDS = re.compile(r"seeds ((?:\d+, )*\d+)")
_WINNERS = re.compile(r"winners' bracket (?:round (\d+)|(final))")
_LOSERS = re.compile(r"losers' bracket round (\d+)")


@dataclass(frozen=True)
class Stage:
    """Where a match of an elimination round sits in the bracket, read from its pairing reason
    (``rules.pairings.elimination`` and ``rules.pairings.double_elimination`` write it): ``section``
    ("main", "winners", "losers", "grand", "third"), ``number`` (the round within a double-elimination
    section; 0 elsewhere) and ``final`` (a multiplayer elimination table that is the final)."""

    section: str
    number: int = 0
    final: bool = False


def stage_of(reason: str) -> Stage:
    """The ``Stage`` of a match from its ``pairing_reason``."""
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


def seeds_in(reason: str) -> list[int]:
    """The seeds a pairing reason names, in seat order ("seed 1 vs seed 8"; "seeds 1, 8, 9, 16"), or []."""
    found = _SEEDS.search(reason)
    if found:
        return [int(found.group(1)), int(found.group(2))]
    found = _TABLE_SEEDS.search(reason)
    return [int(s) for s in found.group(1).split(", ")] if found else []


def main_round_name(players: int, final: bool = False) -> str:
    """The name of a single-elimination round by the players it starts with (rounded up to a bracket size):
    2 "final", 4 "semi-final", 8 "quarter-final", else "round of N" (16, 32, ...)."""
    if final or players <= 2:
        return "final"
    size = 1 << (players - 1).bit_length()
    return {4: "semi-final", 8: "quarter-final"}.get(size, f"round of {size}")


def _main_players(stages_and_seats: Iterable[tuple[Stage, int]]) -> tuple[int, bool]:
    """(players in the main bracket of one round, is it a final by tables)."""
    pairs = [(stage, seats) for stage, seats in stages_and_seats if stage.section == "main"]
    return sum(seats for _, seats in pairs), any(stage.final for stage, _ in pairs)


def stage_name(stage: Stage, main_players: int = 0, main_final: bool = False, losers_rounds: int = 0) -> str:
    """The name of a stage in words: "quarter-final", "third-place match", "winners' round 2",
    "losers' final", "grand final", "grand final (reset)"."""
    if stage.section == "third":
        return "third-place match"
    if stage.section == "grand":
        return "grand final" if stage.number == 1 else "grand final (reset)"
    if stage.section == "winners":
        return "winners' final" if stage.number == 99 else f"winners' round {stage.number}"
    if stage.section == "losers":
        return "losers' final" if losers_rounds and stage.number == losers_rounds else f"losers' round {stage.number}"
    return main_round_name(main_players, main_final)


def elimination_round_title(tournament: Tournament, matches: Iterable[tuple[str, int]]) -> str:
    """The title of an elimination round from its matches' (pairing reason, seats): "Top 8 — quarter-final",
    "Single elimination — final and third-place match", "Double elimination — winners' round 2, losers' round 1".
    """
    stages = [(stage_of(reason), seats) for reason, seats in matches]
    players, final = _main_players(stages)
    names: list[str] = []
    for stage, _ in stages:
        name = stage_name(stage, players, final)
        if name not in names:
            names.append(name)
    if tournament.top_cut and tournament.structure in (Tournament.Structure.SWISS, Tournament.Structure.PODS):
        prefix = f"Top {tournament.top_cut}"
    else:
        prefix = {Tournament.Structure.DOUBLE_ELIMINATION: "Double elimination"}.get(
            tournament.structure, "Single elimination")  # type: ignore[call-overload]
    if not names:
        return prefix
    text = ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]
    return f"{prefix} — {text}"


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


def bracket_sections(tournament: Tournament, rounds: Iterable[tuple[int, list[MatchRow]]]) -> list[BracketSection]:
    """The bracket of a tournament drawn as brackets, from its elimination rounds ((round number, match rows)
    in order): one section for single elimination (columns "quarter-final", "semi-final", "final", the
    third-place match under the final), or the winners' bracket, losers' bracket and grand final of a double
    elimination (``rules.pairings.double_elimination``; PAIRINGS.md §3.1-3.2). Seeds come from the pairing
    reasons (the Swiss rank for a top cut, else the bracket's seeding); a player's seed holds for the whole
    bracket."""
    rounds = list(rounds)
    seed_of: dict[int, int] = {}
    for _, rows in rounds:
        for row in rows:
            for seat, seed in zip(row.seats, seeds_in(row.match.pairing_reason)):
                seed_of.setdefault(seat.registration_id, seed)
    # (section, key) -> (name, boxes); keys sort the columns left to right
    columns: dict[str, dict[int, tuple[str, list[BracketMatch]]]] = {}
    extra: list[tuple[str, BracketMatch]] = []
    losers_rounds = max((stage_of(r.match.pairing_reason).number for _, rows in rounds for r in rows
                         if stage_of(r.match.pairing_reason).section == "losers"), default=0)
    for number, rows in rounds:
        stages = [(stage_of(r.match.pairing_reason), r) for r in rows]
        players, final = _main_players((s, len(r.seats)) for s, r in stages)
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
    titles = {"winners": "Winners' bracket" if "losers" in columns else "", "losers": "Losers' bracket",
              "grand": "Grand final"}
    sections = []
    for section in ("winners", "losers", "grand"):
        if section not in columns:
            continue
        keyed = sorted(columns[section].items())
        drawn = _order([boxes for _, (_, boxes) in keyed])
        for column, (_, (name, _)) in zip(drawn, keyed):
            column.name = name
        sections.append(BracketSection(name=titles[section], columns=drawn))
    if extra and sections:
        sections[0].extra = extra
    return sections
