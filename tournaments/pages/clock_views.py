"""The organiser's round clock actions (``tournaments.services.clock``): start or restart, pause, resume, extend the
round, a time extension for one table. Each is a POST from ``fragments/clock_controls.html`` (on the round and manage
pages) that calls one service, shows the outcome as a message and returns to the page it came from (``next``: a path
of the same tournament; else the round page)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tournaments.ids import parse_int
from tournaments.models import Match, Round, Tournament
from tournaments.pages.access import tournament_view
from tournaments.pages.actions import attempt, local_next
from tournaments.services import clock


def _back(request: HttpRequest, tournament: Tournament, rnd: Round) -> HttpResponse:
    """To ``next`` when it is a page of this tournament, else to the round page."""
    return HttpResponseRedirect(local_next(request, tournament)
                                or reverse("tournaments:round", args=[tournament.pk, rnd.number]))


def _round(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(Round, tournament=tournament, number=number)


def _key(request: HttpRequest) -> str:
    return request.POST.get("idempotency_key", "")


def _minutes(request: HttpRequest) -> int | None:
    """The posted ``minutes`` as a whole number, or None (a message says why)."""
    raw = request.POST.get("minutes", "").strip()
    if raw.isascii() and raw.isdigit() and len(raw) < 4:
        return int(raw)
    messages.error(request, gettext("The extension must be a whole number of minutes (1 to 60)."))
    return None


@tournament_view("organiser")
@require_POST
def clock_start(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = _round(tournament, number)
    restart = rnd.started_at is not None
    attempt(request, lambda: clock.round_clock_start(rnd=rnd, actor=request.user, reason=request.POST.get("reason", ""),
                                                     idempotency_key=_key(request)),
            (gettext("Round %(n)s clock restarted: %(minutes)s minutes.") if restart
             else gettext("Round %(n)s clock started: %(minutes)s minutes.")) % {"n": number,
                                                                               "minutes": tournament.round_minutes})
    return _back(request, tournament, rnd)


@tournament_view("organiser")
@require_POST
def clock_pause(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = _round(tournament, number)
    attempt(request, lambda: clock.round_clock_pause(rnd=rnd, actor=request.user, reason=request.POST.get("reason", ""),
                                                     idempotency_key=_key(request)),
            gettext("Round %(n)s clock paused.") % {"n": number})
    return _back(request, tournament, rnd)


@tournament_view("organiser")
@require_POST
def clock_resume(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = _round(tournament, number)
    attempt(request, lambda: clock.round_clock_resume(rnd=rnd, actor=request.user,
                                                      reason=request.POST.get("reason", ""),
                                                      idempotency_key=_key(request)),
            gettext("Round %(n)s clock resumed.") % {"n": number})
    return _back(request, tournament, rnd)


@tournament_view("organiser")
@require_POST
def clock_extend(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    rnd = _round(tournament, number)
    minutes = _minutes(request)
    if minutes is not None:
        attempt(request, lambda: clock.round_clock_extend(rnd=rnd, actor=request.user, minutes=minutes,
                                                          reason=request.POST.get("reason", ""),
                                                          idempotency_key=_key(request)),
                gettext("Round %(n)s extended by %(minutes)s minutes.") % {"n": number, "minutes": minutes})
    return _back(request, tournament, rnd)


@tournament_view("organiser")
@require_POST
def table_extend(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """A time extension for the table numbered ``table`` of round ``number``."""
    rnd = _round(tournament, number)
    minutes = _minutes(request)
    table = parse_int(request.POST.get("table", "").strip(), minimum=1, maximum=32767)
    match = Match.objects.filter(round=rnd, table=table).select_related("round").first() if table else None
    if minutes is not None and match is None:
        messages.error(request, gettext("Round %(n)s has no table %(table)s.") % {
            "n": number, "table": repr(request.POST.get("table", "").strip()[:10])})
    elif minutes is not None and match is not None:
        attempt(request, lambda: clock.match_time_extend(match=match, actor=request.user, minutes=minutes,
                                                         reason=request.POST.get("reason", ""),
                                                         idempotency_key=_key(request)),
                gettext("Table %(table)s has a time extension of %(minutes)s minutes.") % {"table": match.table,
                                                                                            "minutes": minutes})
    return _back(request, tournament, rnd)
