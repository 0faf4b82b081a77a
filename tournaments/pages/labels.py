"""The words of the tiebreaker systems and of the standings columns, in the reader's language: the one place they
are translated.

Which systems and columns exist is ``rules.standings.SYSTEMS`` (``rules/standings/registry.py``): each system's
name, description (English, with the command-line flags it takes) and columns (row key, English heading,
percentage or not). This module only says them in the reader's language, for every caller: the event forms' select
(:func:`system_choices`), the format page (:func:`system_text`), the standings table and the projector
(:func:`column_heading`, :func:`column_title`) and the CSV export's header row (:func:`export_column_name`).

Terms: a *system* is a registered ``TiebreakerSystem`` (``mtg``, ``buchholz``, ...); a *heading* is a column's
English heading as the registry gives it ("OMW%", "Head to head"); an *export key* is a column of a CSV export
("rank", "points", a tiebreaker's row key such as "bh").

A system or a heading registered without a translation here is shown in the registry's own English (a system's
description without its flags), never left out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils import translation
from django.utils.functional import Promise, lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from rules.standings import SYSTEMS, Column

from tournaments.rule_texts.terms import label_separator

#: What each built-in system ranks by, by system name: its registry description without the command-line flags
#: (see :func:`system_text`), to be translated. A description changed in ``rules/`` no longer matches its
#: translation and is shown in English until this text follows it.
SYSTEM_TEXTS: dict[str, Promise] = {
    "mtg": _("match points, then OMW%, GW%, OGW% (Magic Tournament Rules, Appendix C; floors at 1/3)"),
    "melee": _("as the Magic Tournament Rules, Appendix C, but a drawn game counts as played and earns no game "
               "points (Melee.gg GW%)"),
    "pokemon": _("match points, then OWP (resistance, floor 25%, dropped capped 75%), OOWP, head to head"),
    "buchholz": _("chess score 1/0.5/0, then Buchholz, Buchholz cut 1, median Buchholz, Sonneborn-Berger, "
                  "progressive score (FIDE Tie-Break Regulations)"),
    "pods": _("multiplayer tables: placement points (default 5,3,2,1), then opponents' points %, game-win %, "
              "opponents' game-win % over every seat at the table"),
}

#: Where each built-in system comes from, by system name: its registry ``source``, to be translated (the standings
#: table and its print-out say it after the columns, as the format page says it in :func:`system_text`). A source
#: changed in ``rules/`` is shown in English until this text follows it.
SYSTEM_SOURCES: dict[str, Promise] = {
    "mtg": _("Magic Tournament Rules, Appendix C"),
    "melee": _("Melee.gg (as the Magic Tournament Rules, a drawn game earns no game points)"),
    "pokemon": _("Play! Pokémon Tournament Rules Handbook"),
    "buchholz": _("FIDE Tie-Break Regulations"),
    "pods": _("placement points at multiplayer tables (TopDeck-style cEDH scoring)"),
}

#: The column headings of the registry's systems (English, keyed as there) as the pages and exports show them: the
#: words translated; abbreviations (OMW%, GW%, OGW%, OOWP) and names (Buchholz, Sonneborn-Berger) kept as the
#: player communities write them. A heading not listed is shown as ``rules`` gives it.
COLUMN_HEADINGS: dict[str, Promise] = {
    "GW% (draws worth 0)": _("GW% (draws worth 0)"),
    "OWP (resistance)": _("OWP (resistance)"),
    "Head to head": _("Head to head"),
    "Score": _("Score"),
    "Buchholz cut 1": _("Buchholz cut 1"),
    "Median Buchholz": _("Median Buchholz"),
    "Progressive": _("Progressive"),
    "Opponents' points %": _("Opponents' points %"),
}

#: What each column heading of the registry means, for its ``<abbr title>`` (the heading itself when not listed).
COLUMN_TITLES: dict[str, Promise] = {
    "OMW%": _("Opponents' match-win percentage: the average match-win rate of the player's opponents"),
    "GW%": _("Game-win percentage: the share of games the player won"),
    "GW% (draws worth 0)": _("Game-win percentage, a drawn game counting as played and not won"),
    "OGW%": _("Opponents' game-win percentage: the average game-win rate of the player's opponents"),
    "OWP (resistance)": _("Opponents' win percentage (resistance)"),
    "OOWP": _("Opponents' opponents' win percentage"),
    "Head to head": _("The result between tied players who met"),
    "Score": _("Chess score: 1 a win, ½ a draw"),
    "Buchholz": _("The sum of the opponents' scores"),
    "Buchholz cut 1": _("Buchholz without the lowest opponent's score"),
    "Median Buchholz": _("Buchholz without the highest and lowest opponents' scores"),
    "Sonneborn-Berger": _("The scores of the opponents beaten, plus half those drawn"),
    "Progressive": _("The sum of the running score after each round"),
    "Opponents' points %": _("Opponents' share of the placement points available to them"),
}

#: The CSV exports' columns that are not a system's tiebreaker (those are named by their heading), by export key.
#: ``omwp``/``gwp``/``ogwp`` are in every standings row (``rules.standings.StandingRow.to_json``), whatever the
#: system, so they keep a name of their own.
EXPORT_COLUMN_NAMES: dict[str, Promise] = {
    "placing": _("placing"),
    "placing_band": _("placing band"),
    "rank": _("rank"),
    "player": _("player id"),
    "name": _("name"),
    "points": _("match points"),
    "wins": _("wins"),
    "losses": _("losses"),
    "draws": _("draws"),
    "omwp": _("OMW%"),
    "gwp": _("GW%"),
    "ogwp": _("OGW%"),
    "dropped": _("dropped"),
    "results_version": _("results version"),
    "round": _("round"),
    "kind": _("kind"),
    "table": _("table"),
    "seat_count": _("players at the table"),
    "seats": _("players"),
    "bye": _("bye"),
    "late_loss": _("late: loss"),
    "reason": _("pairing reason"),
    "status": _("status"),
    "result": _("result"),
    "placements": _("placements"),
    "games": _("games"),
    "record": _("record (JSON)"),
}

_FLAG = re.compile(r"(,\s*)?--[a-z][a-z-]*(,\s*)?")


def _english(label: Promise) -> str:
    with translation.override("en"):
        return str(label)


def system_description(name: str) -> str:
    """The registry's English description of system ``name`` without the command-line flags it mentions
    ("(Magic Tournament Rules, Appendix C; floors at 1/3)"), another system named by its id said by the rules it
    follows ("as mtg, but" -> "as the Magic Tournament Rules, Appendix C, but"); ``name`` itself for a system not
    registered."""
    system = SYSTEMS.get(name)
    if system is None:
        return name
    text = _FLAG.sub("", system.description).replace("()", "").strip()
    return re.sub(r"\bas (\w+),", lambda m: f"as the {SYSTEMS[m.group(1)].source}," if m.group(1) in SYSTEMS
                  else m.group(0), text)


def system_text(name: str) -> str:
    """What tiebreaker system ``name`` ranks by, for players, in the active language: its ``SYSTEM_TEXTS``
    translation while that is still the registry's description (:func:`system_description`), else the registry's
    English description (a system registered without a translation, or one whose description changed); ``name``
    for a system not registered."""
    text = system_description(name)
    label = SYSTEM_TEXTS.get(name)
    return str(label) if label is not None and _english(label) == text else text


def system_source_text(name: str) -> str:
    """Where tiebreaker system ``name`` comes from ("Magic Tournament Rules, Appendix C"), in the active language:
    its ``SYSTEM_SOURCES`` translation while that is still the registry's ``source``, else the registry's English
    ``source``; "rules.standings" for a system not registered (as ``StandingsSnapshot.system_source``)."""
    system = SYSTEMS.get(name)
    if system is None:
        return "rules.standings"
    label = SYSTEM_SOURCES.get(name)
    return str(label) if label is not None and _english(label) == system.source else system.source


_lazy_system_text = lazy(system_text, str)
_lazy_label_separator = lazy(label_separator, str)


def system_choices() -> list[tuple[str, Any]]:
    """The tiebreaker select's choices, one per registered system in listing order: ``("mtg", "mtg: match points,
    then ...")``, the text (:func:`system_text`) in the language active when the select is rendered."""
    return [(name, format_lazy("{}{}{}", name, _lazy_label_separator(), _lazy_system_text(name))) for name in SYSTEMS]


def system_columns(name: str) -> tuple[Column, ...]:
    """The registry's columns of system ``name`` in tiebreak order (none for a system not registered)."""
    system = SYSTEMS.get(name)
    return system.columns if system is not None else ()


def column_heading(heading: str) -> str:
    """A registry column heading ("Head to head") in the active language (``COLUMN_HEADINGS``), else as given."""
    return str(COLUMN_HEADINGS.get(heading, heading))


def column_title(heading: str) -> str:
    """What a registry column heading means, in the active language (``COLUMN_TITLES``), else the heading."""
    return str(COLUMN_TITLES.get(heading, heading))


def export_column_name(key: str, headings: Mapping[str, str] | None = None) -> str:
    """The name of export column ``key`` in the active language: a tiebreaker column by its heading
    (``headings``: row key -> English heading of the event's system, see :func:`column_heading`), any other by
    ``EXPORT_COLUMN_NAMES``; ``key`` itself when neither names it."""
    if headings and key in headings:
        return column_heading(headings[key])
    return str(EXPORT_COLUMN_NAMES[key]) if key in EXPORT_COLUMN_NAMES else key
