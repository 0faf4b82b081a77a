"""Check-in pages: a player checks in or claims a walk-in's entry; the organiser checks players in or out,
registers walk-ins and drops the no-shows (``tournaments.services.check_in``). The organiser's panel is
``tournaments/fragments/check_in.html`` on the manage page's Players tab (its check-in buttons answer htmx with the panel
itself); the player's is ``fragments/check_in_player.html`` on the tournament page."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from tournaments.errors import NotAllowed, UserError
from tournaments.models import Registration, Tournament
from tournaments.pages.access import tournament_view
from tournaments.pages.actions import attempt, back_to
from tournaments.pages.manage_views import manage_pair
from tournaments.services.check_in import (
    check_in_close,
    no_shows_drop,
    registration_check_in,
    walk_in_claim,
    walk_in_register,
)


class ClaimForm(forms.Form):
    code = forms.CharField(label=gettext_lazy("Claim code"), max_length=32, strip=True,
                           help_text=gettext_lazy("The code on the slip the organiser gave you, e.g. ABCDE-FGHJK"),
                           widget=forms.TextInput(attrs={"class": "form-control", "autocomplete": "off",
                                                         "autocapitalize": "characters", "spellcheck": "false"}))


def _back_to_panel(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """To the page the form was on (``next``), else the Players tab's check-in panel."""
    return back_to(request, tournament, "tournaments:manage-players", "#check-in")


def _key(request: HttpRequest) -> str:
    return request.POST.get("idempotency_key", "")


# --------------------------------------------------------------------------- the player
@tournament_view("player")
@require_POST
def check_in(request: HttpRequest, tournament: Tournament, registration: Registration | None) -> HttpResponse:
    """The player checks themself in (before round 1 is paired)."""
    if registration is None:
        messages.error(request, gettext("You are not registered for this tournament."))
    else:
        attempt(request, lambda: registration_check_in(registration=registration, actor=request.user),
                gettext("You are checked in. Good luck!"))
    return redirect("tournaments:detail", pk=tournament.pk)


@tournament_view("player")
def claim(request: HttpRequest, tournament: Tournament, registration: Registration | None) -> HttpResponse:
    """A logged-in user with no entry in the tournament claims a walk-in's entry with its claim code. A wrong code
    is a form error (400); too many wrong codes a form error (429)."""
    if registration is not None:
        messages.error(request, gettext("You already have an entry in this tournament."))
        return redirect("tournaments:detail", pk=tournament.pk)
    form = ClaimForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            claimed = walk_in_claim(tournament=tournament, actor=request.user, code=form.cleaned_data["code"])
        except NotAllowed as exc:
            raise PermissionDenied(exc.message) from exc
        except UserError as exc:
            form.add_error("code", exc.message)
            status = 429 if exc.code == "too_many_attempts" else exc.status
        else:
            messages.success(request, gettext("The entry of %(name)s is yours now: your pairings and match slips are "
                                              "on this page.") % {"name": claimed.display_name})
            return redirect("tournaments:detail", pk=tournament.pk)
    elif request.method == "POST":
        status = 400
    return render(request, "tournaments/claim.html", {"t": tournament, "form": form}, status=status)


# --------------------------------------------------------------------------- the organiser
@tournament_view("organiser")
@require_POST
def manage_check_in(request: HttpRequest, tournament: Tournament, registration_id: int) -> HttpResponse:
    """Check a player in (``checked_in=1``) or out (``checked_in=0``); logged. An htmx request gets the panel back."""
    registration = get_object_or_404(Registration.objects.select_related("player"), pk=registration_id,
                                     tournament=tournament)
    checked_in = request.POST.get("checked_in", "1") != "0"
    if request.htmx:  # type: ignore[attr-defined]
        error = ""
        try:
            registration_check_in(registration=registration, actor=request.user, checked_in=checked_in,
                                  idempotency_key=_key(request))
        except NotAllowed as exc:
            raise PermissionDenied(exc.message) from exc
        except UserError as exc:
            error = exc.message
        return render(request, "tournaments/fragments/check_in.html", {"t": tournament, "check_in_error": error},
                      status=200)
    attempt(request, lambda: registration_check_in(registration=registration, actor=request.user,
                                                   checked_in=checked_in, idempotency_key=_key(request)),
            (gettext("%(name)s is checked in.") if checked_in else gettext("%(name)s is checked out."))
            % {"name": registration.display_name})
    return _back_to_panel(request, tournament)


@tournament_view("organiser")
@require_POST
def manage_walk_in(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Register a walk-in by name (no account); checked in, with a claim code to hand over; logged. A late entry
    (running event): ``late_entry_losses=1`` gives them a loss with no opponent for each round missed; otherwise
    (the default) zero points and no losses."""
    made: list[Registration] = []

    def register() -> None:
        made.append(walk_in_register(tournament=tournament, actor=request.user, name=request.POST.get("name", ""),
                                     late_entry_losses=request.POST.get("late_entry_losses") == "1",
                                     idempotency_key=_key(request)))

    if attempt(request, register, ""):
        messages.success(request, gettext("%(name)s is registered and checked in. Give them their claim code (listed "
                                          "under walk-ins) and enter their decklist.") % {"name": made[0].display_name})
    return _back_to_panel(request, tournament)


@tournament_view("organiser")
@require_POST
def manage_no_shows(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Drop every player who has not checked in, in one step, once check-in is closed and before round 1 is paired;
    each logged as a no-show. ``close=1``: close check-in first (logged); ``pair=1``: then pair round 1 (the
    organiser's choice when round 1 was refused for players not checked in, ``manage_views.manage_pair``)."""
    dropped: list[Registration] = []

    def drop() -> None:
        dropped.extend(no_shows_drop(tournament=tournament, actor=request.user, close=request.POST.get("close") == "1",
                                     idempotency_key=_key(request)))

    if attempt(request, drop, ""):
        names = ", ".join(r.display_name for r in dropped[:20]) + (" ..." if len(dropped) > 20 else "")
        count = len(dropped)
        messages.success(request, ngettext("%(n)s no-show dropped: %(names)s.", "%(n)s no-shows dropped: %(names)s.",
                                           count) % {"n": count, "names": names} if dropped
                         else gettext("The no-shows were already dropped."))
        if request.POST.get("pair") == "1":
            return manage_pair(request, tournament.pk)
    return _back_to_panel(request, tournament)


@tournament_view("organiser")
@require_POST
def manage_check_in_close(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Close check-in now (logged): players can no longer check themselves in; "Drop no-shows" appears."""
    attempt(request, lambda: check_in_close(tournament=tournament, actor=request.user, idempotency_key=_key(request)),
            gettext("Check-in is closed."))
    return _back_to_panel(request, tournament)
