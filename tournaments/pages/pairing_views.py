"""The organiser's pairing tools (the Players tab; swap and re-pair on the Round tab): forbidden pairs, byes at
registration, teams, swapping two players and pairing the latest round again (each needs a reason and is
logged), publishing a draft round (logged)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST
from django.utils.translation import gettext, gettext_lazy

from tournaments.errors import UserError
from tournaments.ids import parse_id, parse_int
from tournaments.models import ForbiddenPair, Registration, Tournament
from tournaments.pages.access import tournament_view
from tournaments.pages.actions import attempt, back_to
from tournaments.services import rounds as pairing


def _registration(tournament: Tournament, value) -> Registration:
    try:
        return Registration.objects.select_related("player").get(pk=parse_id(value) or 0, tournament=tournament)
    except Registration.DoesNotExist:
        raise UserError(gettext_lazy("Choose a player registered for this tournament."),
                        code="not_registered") from None


def _int_or_none(value) -> int | None:
    value = (value or "").strip()
    if not value:
        return None
    number = parse_int(value, maximum=10_000)
    if number is None:
        raise UserError(gettext_lazy("'%(value)s' is not a round number."), code="bad_number",
                        params={"value": value})
    return number


def _run(request: HttpRequest, tournament: Tournament, action, success: str,
         tab: str = "tournaments:manage-players") -> HttpResponse:
    """Run ``action(tournament, request.POST)`` (one service call) and go back to the tab the form was on (``next``,
    else ``tab``: the Players tab's tools, the Round tab's changes to the latest round)."""
    attempt(request, lambda: action(tournament, request.POST), success)
    return back_to(request, tournament, tab, "#pairing-tools" if tab.endswith("players") else "")


@tournament_view("organiser")
@require_POST
def forbidden_pair_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    def action(t, post):
        pairing.forbidden_pair_set(tournament=t, actor=request.user, first=_registration(t, post.get("first")),
                                   second=_registration(t, post.get("second")), reason=post.get("reason", ""),
                                   until_round=_int_or_none(post.get("until_round")),
                                   idempotency_key=post.get("idempotency_key", ""))
    return _run(request, tournament, action, gettext("Those players will not be paired against each other."))


@tournament_view("organiser")
@require_POST
def forbidden_pair_delete(request: HttpRequest, tournament: Tournament, pair_id: int) -> HttpResponse:
    def action(t, post):
        pair = get_object_or_404(ForbiddenPair, pk=pair_id, tournament=t)
        pairing.forbidden_pair_remove(pair=pair, actor=request.user, reason=post.get("reason", ""),
                                      idempotency_key=post.get("idempotency_key", ""))
    return _run(request, tournament, action, gettext("The forbidden pair is removed."))


@tournament_view("organiser")
@require_POST
def byes_award(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    def action(t, post):
        rounds = _int_or_none(post.get("rounds")) or 0
        pairing.byes_award(registration=_registration(t, post.get("registration")), actor=request.user,
                           rounds=rounds, reason=post.get("reason", ""),
                           idempotency_key=post.get("idempotency_key", ""))
    return _run(request, tournament, action, gettext("Byes saved."))


@tournament_view("organiser")
@require_POST
def team_set(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    def action(t, post):
        pairing.registration_team_set(registration=_registration(t, post.get("registration")), actor=request.user,
                                      team=post.get("team", ""))
    return _run(request, tournament, action, gettext("Team saved."))


@tournament_view("organiser")
@require_POST
def swap(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    def action(t, post):
        pairing.round_swap_players(tournament=t, actor=request.user, first=_registration(t, post.get("first")),
                                   second=_registration(t, post.get("second")), reason=post.get("reason", ""),
                                   idempotency_key=post.get("idempotency_key", ""))
    return _run(request, tournament, action, gettext("The two players are swapped."), "tournaments:manage")


@tournament_view("organiser")
@require_POST
def repair(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    def action(t, post):
        pairing.round_repair(tournament=t, actor=request.user, reason=post.get("reason", ""),
                             idempotency_key=post.get("idempotency_key", ""))
    return _run(request, tournament, action, gettext("The round is paired again."), "tournaments:manage")


@tournament_view("organiser")
@require_POST
def publish(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Publish the latest round's draft pairings (``round_publish``, logged) and show the round."""
    done: list = []
    if attempt(request, lambda: done.append(pairing.round_publish(
            tournament=tournament, actor=request.user, idempotency_key=request.POST.get("idempotency_key", ""))),
            ""):
        messages.success(request, gettext("Round %(number)s is published: players see their tables and may "
                                          "report.") % {"number": done[0].number})
        return redirect("tournaments:round", pk=tournament.pk, number=done[0].number)
    return redirect("tournaments:manage", pk=tournament.pk)
