"""The round clock in templates: ``{% load clock_tags %}`` then ``{% clock_state round match t as clock %}`` (a
``tournaments.selectors.ClockState`` at this instant; ``match`` and ``t`` may be empty) or
``{% clock_round t round as r %}`` (the given round, else the tournament's current one)."""

from __future__ import annotations

from django import template
from django.utils import timezone

from tournaments.models import Match, Round, Tournament
from tournaments.selectors import ClockState, clock_at, current_round, extended_tables

register = template.Library()


@register.simple_tag
def clock_state(rnd: Round | None, match: Match | None = None, tournament: Tournament | None = None
                ) -> ClockState | None:
    """The clock of ``rnd`` (or of ``match``'s table in it) now; ``tournament`` spares reading ``rnd.tournament``.
    None without a round."""
    if not isinstance(rnd, Round):
        return None
    minutes = (tournament if isinstance(tournament, Tournament) else rnd.tournament).round_minutes
    return clock_at(rnd, minutes, now=timezone.now(), match=match if isinstance(match, Match) else None)


@register.simple_tag
def clock_round(tournament: Tournament, rnd: Round | None = None) -> Round | None:
    """``rnd`` when given, else the tournament's current round (one query per page: kept on the tournament),
    else None."""
    if isinstance(rnd, Round):
        return rnd
    if not hasattr(tournament, "_clock_current_round"):
        tournament._clock_current_round = current_round(tournament)  # type: ignore[attr-defined]
    return tournament._clock_current_round  # type: ignore[attr-defined]


@register.simple_tag
def clock_extensions(rnd: Round | None, tournament: Tournament | None = None) -> list[tuple[Match, ClockState]]:
    """The round's tables with their own time extension, each with its clock now (one query)."""
    if not isinstance(rnd, Round):
        return []
    minutes = (tournament if isinstance(tournament, Tournament) else rnd.tournament).round_minutes
    now = timezone.now()
    return [(m, clock_at(rnd, minutes, now=now, match=m)) for m in extended_tables(rnd)]
