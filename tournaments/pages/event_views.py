"""The event's own pages: sign up, the list of tournaments, a new tournament, the event page, and a player's
registration and drop."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST
from django.utils.translation import gettext

from tournaments import selectors, services
from tournaments.errors import UserError
from tournaments.models import (
    Registration,
    Tournament,
    person_name,
)
from tournaments.pages.access import organiser_required, tournament_view
from tournaments.pages.actions import attempt, idempotency_key
from tournaments.pages.forms import TournamentForm
from tournaments.pages.presenters import (
    now_panel,
)
from tournaments.pages.account_views import send_verification_link
from tournaments.pages.signup import SignupForm, TooManySignups, count_signup, signup_refused
from tournaments.services.permissions import can_organise, is_tournament_organiser
from tournaments.services.tournaments import late_entry_open, waitlist_position


def signup(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        try:
            count_signup(request)
        except TooManySignups as exc:
            return signup_refused(request, exc)
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, gettext("Welcome, %(name)s.") % {"name": person_name(user)})
        send_verification_link(request, user)
        return redirect("tournaments:list")
    return render(request, "registration/signup.html", {"form": form})


def tournament_list(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/list.html", {
        "tournaments": selectors.tournament_list_with_players(), "can_organise": can_organise(request.user)})


@organiser_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    """The create form, structure first (``?structure=NAME``): only that structure's options are fields. A post
    whose structure is not the one whose options were shown (``shown_structure``: chosen without JavaScript), or
    that asks for them ("Show its options"), shows the new structure's options with the values kept and creates
    nothing; with JavaScript the options follow the choice at once (htmx swaps ``#structure-options``)."""
    posted = request.POST if request.method == "POST" else None
    chosen = (posted if posted is not None else request.GET).get("structure")
    zone = selectors.last_time_zone(request.user)
    if posted is not None and ("show_options" in posted or posted.get("shown_structure", chosen) != chosen):
        form = TournamentForm(initial=posted.dict(), structure=chosen, zone=zone)
        return render(request, "tournaments/new.html", {"form": form, "options_changed": True, "zone_known": True})
    form = TournamentForm(posted, structure=chosen, zone=zone)
    if posted is not None and form.is_valid():
        try:
            tournament = services.tournament_create(actor=request.user, **form.cleaned_data)
        except UserError as exc:
            form.add_error(_create_error_field(exc), exc.message)
        else:
            messages.success(request, gettext("Tournament created. Open registration when you are ready."))
            return redirect("tournaments:manage", pk=tournament.pk)
    return render(request, "tournaments/new.html", {"form": form, "zone_known": bool(zone) or posted is not None})


def _create_error_field(exc: UserError) -> str | None:
    """The form field a tournament_create error is about (None: the whole form)."""
    if exc.code.startswith("tiebreakers_"):
        option = exc.params.get("option") or next(iter(exc.params.get("options") or []), None)
        fields_of_options = {"floor": "tiebreaker_floor", "placement_points": "placement_points"}
        return fields_of_options.get(option) if isinstance(option, str) else None
    fields = ("tiebreakers", "end_of_round", "round_minutes", "name", "top_cut", "swiss_rounds", "table_size",
              "fixed_table_size",
              "team_size", "late_entry_rounds", "victory_condition", "deck_out", "random_draw_each_round",
              "time_zone", "venue", "description", "capacity", "registration_deadline", "best_of", "structure",
              "clock_start", "check_in_required", "check_in_deadline",
              "placement_points", "tiebreaker_floor")
    return exc.code if exc.code in fields else None


def structure_text(t: Tournament) -> str:
    """The tournament's structure in words, for its page (the table size decides, not the template)."""
    values = {"rounds": t.swiss_rounds, "cut": t.top_cut, "size": t.table_size, "team": t.team_size}
    if t.structure == Tournament.Structure.SWISS:
        text = (gettext("%(rounds)s Swiss rounds, then a top %(cut)s single-elimination cut") if t.top_cut
                else gettext("%(rounds)s Swiss rounds")) % values
    elif t.structure == Tournament.Structure.PODS:
        text = (gettext("%(rounds)s rounds of multiplayer tables of %(size)s, then a top %(cut)s elimination by "
                        "tables") if t.top_cut
                else gettext("%(rounds)s rounds of multiplayer tables of %(size)s")) % values
        if t.fixed_table_size:
            text = gettext("%(structure)s, exactly %(size)s at every table (byes for the players left over)") % {
                **values, "structure": text}
    else:
        text = str(t.get_structure_display())
    if t.team_size > 1:
        text = gettext("%(structure)s; teams of %(team)s") % {**values, "structure": text}
    return text


@tournament_view("public")
def tournament_detail(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    mine = selectors.registration_of(tournament, request.user)
    return render(request, "tournaments/detail.html", {
        "t": tournament, "structure": structure_text(tournament),
        "registrations": tournament.registrations.entered().select_related("player"),
        "staff": selectors.staff_names(tournament),
        "waitlist_position": waitlist_position(mine) if mine is not None else None,
        "rounds": tournament.rounds.all(),
        "mine": mine,
        "now": next((now_panel(e) for e in selectors.player_events(request.user, tournament=tournament)), None),
        "late_entry_open": late_entry_open(tournament),
        "is_organiser": is_tournament_organiser(request.user, tournament),
    })


@tournament_view("player")
@require_POST
def register(request: HttpRequest, tournament: Tournament, registration: Registration | None) -> HttpResponse:
    """Register (or join the waiting list of a full event: the message gives the player's place on it)."""
    done: list[Registration] = []
    if attempt(request, lambda: done.append(services.player_register(tournament=tournament, actor=request.user)),
               ""):
        position = waitlist_position(done[0])
        if position is not None:
            messages.warning(request, gettext("The tournament is full: you are on the waiting list, number "
                                              "%(position)s. You get a place as soon as one frees up.")
                             % {"position": position})
            return redirect("tournaments:detail", pk=tournament.pk)
        messages.success(request, gettext("You are registered. Now submit your decklist."))
        return redirect("decks:deck", pk=tournament.pk)
    return redirect("tournaments:detail", pk=tournament.pk)


@tournament_view("player")
@require_POST
def drop(request: HttpRequest, tournament: Tournament, registration: Registration | None) -> HttpResponse:
    if registration is None:
        messages.error(request, gettext("You are not registered for this tournament."))
    else:
        attempt(request, lambda: services.player_drop(registration=registration, actor=request.user,
                                                      idempotency_key=idempotency_key(request)),
                gettext("You have dropped from the tournament."))
    return redirect("tournaments:detail", pk=tournament.pk)
