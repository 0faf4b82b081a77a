"""What the public sees of the standings: the tiebreaker system in words and the tiebreaker columns with their
headings and titles, in the reader's language (the texts: ``tournaments.pages.labels``)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import get_language, gettext, pgettext

from tournaments.models import Tournament
from tournaments.pages.labels import column_heading, column_title, system_source_text, system_text


def tiebreaker_text(name: str) -> str:
    """What a tiebreaker system (``rules.standings.SYSTEMS``) ranks by, for players, in the active language
    (``labels.system_text``): "match points, then OMW%, GW%, OGW% (Magic Tournament Rules, Appendix C; floors at
    1/3)"; the registry's English description for a system without a translation; the name itself for a system
    no longer registered."""
    return system_text(name)


def placing_text(band: object) -> str:
    """A final placing band as stored with the standings ("1st", "3rd-4th": English ordinals) in the active
    language: "3º–4º" in Portuguese, "3e–4e" in French; English as stored (the standings page, its print-out and
    the CSV export with ``?lang=``)."""
    text = str(band or "")
    if get_language() in (None, "en") or not text:
        return text
    numbers = re.findall(r"\d+", text)
    return "–".join(pgettext("a placing, an ordinal number", "%(n)sth") % {"n": n} for n in numbers) or text


def tiebreaker_source(name: str) -> str:
    """Where a tiebreaker system comes from, for the standings table and its print-out, in the active language
    (``labels.system_source_text``): "Magic Tournament Rules, Appendix C"."""
    return system_source_text(name)


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
    English) with the heading and its title in the active language (``labels.column_heading``,
    ``labels.column_title``)."""
    return [StandingsColumn(key=key, heading=column_heading(heading), title=column_title(heading), percent=pct,
                            primary=i == 0) for i, (key, heading, pct) in enumerate(columns)]


def day_two_summary(tournament: Tournament) -> str:
    """Day 2 as the Round tab and the standings page say it ("Day 2: 5 rounds for the players at X-2 or better"),
    "" without a day 2. No query."""
    if len(tournament.phases) < 2:
        return ""
    phase = tournament.phases[1]
    (kind, value), rounds = next(iter(phase.get("cut", {}).items())), phase.get("rounds")
    if kind == "record":
        cut = gettext("at %(record)s or better") % {"record": str(value).upper()}
    elif kind == "points":
        cut = gettext("with %(points)s match points or more") % {"points": value}
    else:
        cut = gettext("in the top %(count)s of day 1") % {"count": value}
    return gettext("Day 2: %(rounds)s Swiss rounds for the players %(cut)s after day 1.") % {
        "rounds": rounds, "cut": cut}
