"""Day 2 on the Round tab: the organiser starts it with its cut and its rounds (``tournaments.services.phases``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from tournaments.ids import parse_int
from tournaments.models import Round, Tournament
from tournaments.pages.access import tournament_view
from tournaments.pages.actions import attempt, back_to, idempotency_key
from tournaments.services.phases import day_two_start


def day_two_offered(tournament: Tournament, latest: Round | None) -> bool:
    """True when the Round tab offers "Start day 2": a running Swiss event of single players without a day 2 yet
    whose ``latest`` round is day 1's last Swiss round or later, not a top cut round (the service checks the
    results). No query: a Swiss event's rounds are numbered from 1 and its top cut comes after them."""
    return (
        tournament.status == Tournament.Status.RUNNING
        and tournament.structure == Tournament.Structure.SWISS
        and tournament.team_size == 1
        and not tournament.phases
        and latest is not None
        and latest.kind == Round.Kind.SWISS
        and latest.number >= tournament.swiss_rounds
    )


@tournament_view("organiser")
@require_POST
def manage_day_two(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Start day 2 with the posted ``cut_kind`` (points, record, top), ``cut_value`` and ``rounds`` (and an
    optional ``reason``, logged); back to the Round tab."""
    value = parse_int(request.POST.get("cut_value", ""), minimum=0)
    rounds = parse_int(request.POST.get("rounds", ""), minimum=1)
    attempt(
        request,
        lambda: day_two_start(
            tournament=tournament,
            actor=request.user,
            cut_kind=request.POST.get("cut_kind", ""),
            cut_value=value,
            rounds=rounds,
            reason=request.POST.get("reason", ""),
            idempotency_key=idempotency_key(request),
        ),
        gettext("Day 2 is started: pair its first round."),
    )
    return back_to(request, tournament, "tournaments:manage", "#day-two")
