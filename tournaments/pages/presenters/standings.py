"""What the public sees of the standings: the tiebreaker system in words and the tiebreaker columns with their
headings and titles, in the reader's language (the texts: ``tournaments.pages.labels``)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from rules.standings import SYSTEMS

_FLAG = re.compile(r"(,\s*)?--[a-z][a-z-]*(,\s*)?")

#: tiebreaker_text's English texts of the built-in systems, to be translated (a changed text stays English).
_TIEBREAKER_TEXTS = frozenset((
    gettext_noop("match points, then OMW%, GW%, OGW% (Magic Tournament Rules, Appendix C; floors at 1/3)"),
    gettext_noop("as the Magic Tournament Rules, Appendix C, but a drawn game counts as played and earns no game "
                 "points (Melee.gg GW%)"),
    gettext_noop("match points, then OWP (resistance, floor 25%, dropped capped 75%), OOWP, head to head"),
    gettext_noop("chess score 1/0.5/0, then Buchholz, Buchholz cut 1, median Buchholz, Sonneborn-Berger, "
                 "progressive score (FIDE Tie-Break Regulations)"),
    gettext_noop("multiplayer tables: placement points (default 5,3,2,1), then opponents' points %, game-win %, "
                 "opponents' game-win % over every seat at the table"),
))


def tiebreaker_text(name: str) -> str:
    """What a tiebreaker system (``rules.standings.SYSTEMS``) ranks by, for players: its description without the
    command-line flags it mentions ("match points, then OMW%, GW%, OGW% (Magic Tournament Rules, Appendix C;
    floors at 1/3)"); the name itself for a system no longer registered."""
    system = SYSTEMS.get(name)
    if system is None:
        return name
    text = _FLAG.sub("", system.description).replace("()", "").strip()
    # "as mtg, but ...": another system by its id -> by the rules it follows
    text = re.sub(r"\bas (\w+),", lambda m: f"as the {SYSTEMS[m.group(1)].source}," if m.group(1) in SYSTEMS
                  else m.group(0), text)
    return _(text) if text in _TIEBREAKER_TEXTS else text


# --------------------------------------------------------------------------- what the public sees of the standings

#: What each tiebreaker column heading of ``rules.standings.SYSTEMS`` means, for its ``<abbr title>``.
COLUMN_TITLES: dict[str, Promise] = {
    "OMW%": gettext_lazy("Opponents' match-win percentage: the average match-win rate of the player's opponents"),
    "GW%": gettext_lazy("Game-win percentage: the share of games the player won"),
    "GW% (draws worth 0)": gettext_lazy("Game-win percentage, a drawn game counting as played and not won"),
    "OGW%": gettext_lazy("Opponents' game-win percentage: the average game-win rate of the player's opponents"),
    "OWP (resistance)": gettext_lazy("Opponents' win percentage (resistance)"),
    "OOWP": gettext_lazy("Opponents' opponents' win percentage"),
    "Head to head": gettext_lazy("The result between tied players who met"),
    "Score": gettext_lazy("Chess score: 1 a win, ½ a draw"),
    "Buchholz": gettext_lazy("The sum of the opponents' scores"),
    "Buchholz cut 1": gettext_lazy("Buchholz without the lowest opponent's score"),
    "Median Buchholz": gettext_lazy("Buchholz without the highest and lowest opponents' scores"),
    "Sonneborn-Berger": gettext_lazy("The scores of the opponents beaten, plus half those drawn"),
    "Progressive": gettext_lazy("The sum of the running score after each round"),
    "Opponents' points %": gettext_lazy("Opponents' share of the placement points available to them"),
}


#: The tiebreaker column headings of ``rules.standings.SYSTEMS`` (English, keyed as there) as the pages show
#: them: the words translated; abbreviations (OMW%, GW%, OGW%, OOWP) and names (Buchholz, Sonneborn-Berger)
#: kept as the player communities write them. A heading not listed is shown as ``rules`` gives it.
COLUMN_HEADINGS: dict[str, Promise] = {
    "GW% (draws worth 0)": gettext_lazy("GW% (draws worth 0)"),
    "OWP (resistance)": gettext_lazy("OWP (resistance)"),
    "Head to head": gettext_lazy("Head to head"),
    "Score": gettext_lazy("Score"),
    "Buchholz cut 1": gettext_lazy("Buchholz cut 1"),
    "Median Buchholz": gettext_lazy("Median Buchholz"),
    "Progressive": gettext_lazy("Progressive"),
    "Opponents' points %": gettext_lazy("Opponents' points %"),
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
    """``StandingsSnapshot.columns`` ((key, heading, percent) from ``rules.standings.SYSTEMS``, the heading in
    English) with the heading and its title in the active language (``COLUMN_HEADINGS``, ``COLUMN_TITLES``)."""
    return [StandingsColumn(key=key, heading=str(COLUMN_HEADINGS.get(heading, heading)),
                            title=str(COLUMN_TITLES.get(heading, heading)),
                            percent=pct,
                            primary=i == 0) for i, (key, heading, pct) in enumerate(columns)]
