"""Deck pages for the organiser (forms on the manage page, ``decks/fragments/manage_decks.html``):
decklist publication, deck checks, and deciding Enter Darkness Together replacements.

Each view (``@tournament_view("organiser")``) calls one service and returns to the manage page's Decks tab
(:func:`manage_decks`, or ``next``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_POST
from django.utils.translation import gettext

from decks.models import DeckCheck, DeckReplacement
from decks.services import (
    deck_check_record,
    deck_checks_pick,
    deck_replacement_decide,
    decklists_publish,
    pools_deal,
)
from tournaments.ids import parse_id, parse_int
from tournaments.models import Registration, Tournament
from tournaments.pages.access import tournament_view
from tournaments.pages.actions import attempt, back_to


@tournament_view("organiser")
@require_POST
def manage_publish(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    attempt(request, lambda: decklists_publish(tournament=tournament, actor=request.user,
                                               scope=request.POST.get("scope", "")),
            gettext("Decklist publication updated."))
    return back_to(request, tournament, "decks:manage")


@tournament_view("organiser")
@require_POST
def manage_deck_checks(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Pick players for a deck check: one named player, or N drawn at random."""
    registration_id = request.POST.get("registration")
    if registration_id:
        registrations = [get_object_or_404(Registration, pk=parse_id(registration_id) or 0, tournament=tournament)]
        count = 0
    else:
        registrations = None
        count = parse_int(request.POST.get("count") or "0", maximum=10_000) or 0
    attempt(request, lambda: deck_checks_pick(tournament=tournament, actor=request.user,
                                              registrations=registrations, count=count),
            gettext("Players picked for a deck check."))
    return back_to(request, tournament, "decks:manage")


@tournament_view("organiser")
@require_POST
def manage_deck_check_record(request: HttpRequest, tournament: Tournament, check_id: int) -> HttpResponse:
    check = get_object_or_404(DeckCheck, pk=check_id, tournament=tournament)
    attempt(request, lambda: deck_check_record(check=check, actor=request.user,
                                               findings=request.POST.get("findings", ""),
                                               penalty_note=request.POST.get("penalty_note", "")),
            gettext("Deck check recorded."))
    return back_to(request, tournament, "decks:manage")


@tournament_view("organiser")
@require_POST
def manage_replacement(request: HttpRequest, tournament: Tournament, replacement_id: int, decision: str) -> HttpResponse:
    replacement = get_object_or_404(DeckReplacement, pk=replacement_id, registration__tournament=tournament)
    attempt(request, lambda: deck_replacement_decide(replacement=replacement, actor=request.user,
                                                     approve=decision == "approve",
                                                     reason=request.POST.get("reason", "")),
            gettext("Replacement approved: the new decklist is registered.") if decision == "approve"
            else gettext("Replacement rejected."))
    return back_to(request, tournament, "decks:manage")


@tournament_view("organiser")
@require_POST
def manage_deal_pools(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Deal every player a sealed pool (a limited event): the sets typed (codes, comma-separated), or the
    organiser's own card list when one is pasted, and an optional seed (blank: a random one, stored)."""
    sets = [code.strip() for code in request.POST.get("sets", "").split(",") if code.strip()][:20] or None
    seed = parse_int(request.POST.get("seed") or "", maximum=2**31 - 1) if request.POST.get("seed") else None
    if request.POST.get("seed") and seed is None:
        messages.error(request, gettext("The seed must be a whole number of 0 or more."))
        return back_to(request, tournament, "decks:manage")
    card_list = request.POST.get("card_list", "").strip() or None
    attempt(request, lambda: pools_deal(tournament=tournament, actor=request.user, seed=seed, sets=sets,
                                        card_list=card_list),
            gettext("Pools dealt."))
    return back_to(request, tournament, "decks:manage")


@tournament_view("organiser")
def manage_decks(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The manage page's Decks tab (``decks/manage.html`` in ``tournaments/manage_base.html``): decklist
    publication, pending Enter Darkness Together replacements and deck checks (``{% manage_decks %}``); read-only
    once the event is finished, but for the publication."""
    return render(request, "decks/manage.html", {
        "t": tournament, "tab": "decks", "tab_title": gettext("Decks"),
        "registrations": tournament.registrations.select_related("player"),
    })
