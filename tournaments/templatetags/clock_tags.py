"""The round clock in templates: ``{% load clock_tags %}`` then ``{% clock_state round match t as clock %}`` (a
``tournaments.selectors.ClockState`` at this instant; ``match`` and ``t`` may be empty) or
``{% clock_round t round as r %}`` (the given round, else the tournament's current one); inside a countdown's
``<time data-round-clock ...>`` tag, ``{% clock_texts %}`` gives ``static/round_clock.js`` its words in the page's
language."""

from __future__ import annotations

from django import template
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext

from tournaments.models import Match, Round, Tournament
from tournaments.selectors import ClockState, clock_at, current_round, extended_tables

register = template.Library()


@register.simple_tag
def clock_state(rnd: Round | None, match: Match | None = None, tournament: Tournament | None = None
                ) -> ClockState | None:
    """The clock of ``rnd`` (or of ``match``'s table in it) now; ``tournament`` spares reading ``rnd.tournament``.
    Every round of a finished event has ended (``clock_at``'s ``over``). None without a round."""
    if not isinstance(rnd, Round):
        return None
    event = tournament if isinstance(tournament, Tournament) else rnd.tournament
    return clock_at(rnd, event.round_minutes, now=timezone.now(), match=match if isinstance(match, Match) else None,
                    over=event.status == Tournament.Status.FINISHED)


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


@register.simple_tag
def clock_texts() -> SafeString:
    """The countdown's words for ``static/round_clock.js`` and ``static/projector.js`` in the active language, as
    data attributes of its ``<time>`` tag (``{left}`` and ``{time}`` are filled by the script):
    ``data-text-left``, ``data-text-time-up``, ``data-text-paused``, ``data-text-finished`` (the round clock),
    ``data-text-over``, ``data-text-ends-at``, ``data-text-ended-at`` (the projector's large clock and its
    tooltip)."""
    return format_html(
        ' data-text-left="{}" data-text-time-up="{}" data-text-paused="{}" data-text-finished="{}"'
        ' data-text-over="{}" data-text-ends-at="{}" data-text-ended-at="{}"',
        gettext("%(left)s left (ends at %(time)s)") % {"left": "{left}", "time": "{time}"},
        pgettext("the round's time is over, called by the judge", "Time"),
        gettext("paused, %(left)s left") % {"left": "{left}"},
        pgettext("clock", "finished"),
        pgettext("the round's time is over, called by the judge", "Time"),
        gettext("ends at %(time)s") % {"time": "{time}"},
        gettext("The round ended at %(time)s") % {"time": "{time}"})
