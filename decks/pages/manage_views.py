"""Deck pages for the organiser (forms on the manage page, ``decks/fragments/manage_decks.html``):
decklist publication, deck checks, and deciding Enter Darkness Together replacements.

Each view checks the organiser, calls one service and returns to the manage page."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from decks.models import DeckCheck, DeckReplacement
from decks.pages.shortcuts import attempt, require_organiser, tournament_or_404
from decks.services import deck_check_record, deck_checks_pick, deck_replacement_decide, decklists_publish
from tournaments.models import Registration


@login_required
@require_POST
def manage_publish(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_or_404(pk)
    require_organiser(request, tournament)
    attempt(request, lambda: decklists_publish(tournament=tournament, actor=request.user,
                                               scope=request.POST.get("scope", "")),
            "Decklist publication updated.")
    return redirect("tournaments:manage", pk=pk)


@login_required
@require_POST
def manage_deck_checks(request: HttpRequest, pk: int) -> HttpResponse:
    """Pick players for a deck check: one named player, or N drawn at random."""
    tournament = tournament_or_404(pk)
    require_organiser(request, tournament)
    registration_id = request.POST.get("registration")
    if registration_id:
        registrations = [get_object_or_404(Registration, pk=registration_id, tournament=tournament)]
        count = 0
    else:
        registrations = None
        try:
            count = int(request.POST.get("count") or 0)
        except ValueError:
            count = 0
    attempt(request, lambda: deck_checks_pick(tournament=tournament, actor=request.user,
                                              registrations=registrations, count=count),
            "Players picked for a deck check.")
    return redirect("tournaments:manage", pk=pk)


@login_required
@require_POST
def manage_deck_check_record(request: HttpRequest, pk: int, check_id: int) -> HttpResponse:
    tournament = tournament_or_404(pk)
    require_organiser(request, tournament)
    check = get_object_or_404(DeckCheck, pk=check_id, tournament=tournament)
    attempt(request, lambda: deck_check_record(check=check, actor=request.user,
                                               findings=request.POST.get("findings", ""),
                                               penalty_note=request.POST.get("penalty_note", "")),
            "Deck check recorded.")
    return redirect("tournaments:manage", pk=pk)


@login_required
@require_POST
def manage_replacement(request: HttpRequest, pk: int, replacement_id: int, decision: str) -> HttpResponse:
    tournament = tournament_or_404(pk)
    require_organiser(request, tournament)
    replacement = get_object_or_404(DeckReplacement, pk=replacement_id, registration__tournament=tournament)
    attempt(request, lambda: deck_replacement_decide(replacement=replacement, actor=request.user,
                                                     approve=decision == "approve",
                                                     reason=request.POST.get("reason", "")),
            "Replacement approved: the new decklist is registered." if decision == "approve"
            else "Replacement rejected.")
    return redirect("tournaments:manage", pk=pk)
