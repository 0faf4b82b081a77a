"""The organiser's actions: the edit form (the Settings tab), and each workflow step and correction (open, close,
start, pair, finish, reopen, staff, results, penalties, drops); every change logged. Each POST comes back to the
manage tab its form is on (``tournaments.pages.manage_tabs``)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST
from django.utils.translation import gettext

from tournaments import services
from tournaments.errors import NotAllowed, UserError
from tournaments.ids import parse_id
from tournaments.models import Match, Penalty, Registration, ResultSubmission, Tournament
from tournaments.pages.access import tournament_view
from tournaments.pages.actions import attempt, back_to, idempotency_key
from tournaments.pages.forms import TournamentEditForm, bootstrap
from tournaments.pages.result_form import result_from_post
from tournaments.pages.match_views import match_of
from tournaments.result_input import ResultInputError
from tournaments.pages.manage_tabs import penalties_tab
from tournaments.pages.webhook_views import webhooks_context
from tournaments.services.late_losses import late_loss_record, late_loss_remove
from tournaments.services.tournaments import player_reinstate, tournament_reopen


@tournament_view("organiser")
def manage_edit(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The Settings tab: edit the event, details until it is finished, the structure until round 1 is paired
    (read-only after). A refused value is a form error (400), never a 500; every change is logged; a saved change
    comes back to this tab. Until round 1, the structure comes first and only its options are fields, as on the
    create form (``tournament_new``: ``?structure=``, ``shown_structure``, "Show its options")."""
    locked = tournament.rounds.exists()
    posted = request.POST if request.method == "POST" else None
    chosen = None if locked else (posted if posted is not None else request.GET).get("structure")
    if posted is not None and not locked and ("show_options" in posted
                                                or posted.get("shown_structure", chosen) != chosen):
        # another structure chosen without JavaScript: its options, the values kept, nothing saved yet
        form = TournamentEditForm(initial=posted.dict(), instance=tournament, structure=chosen)
        return render(request, "tournaments/edit.html", {"t": tournament, "form": form, "locked": locked,
                                                         "options_changed": True})
    form = TournamentEditForm(posted, request.FILES if posted is not None else None, instance=tournament,
                              locked=locked, structure=chosen)
    if request.method == "POST":
        if form.is_valid():
            try:
                services.tournament_update(tournament=tournament, actor=request.user, changes=form.changes(),
                                           reason=form.cleaned_data.get("reason", ""))
            except NotAllowed as exc:
                raise PermissionDenied(exc.message) from exc
            except UserError as exc:
                field = exc.code if exc.code in form.fields else None
                if exc.code == "structure_locked":
                    field = None
                form.add_error(field, exc.message)
                bootstrap(form)
            else:
                messages.success(request, gettext("The event is updated; the change is logged."))
                return redirect("tournaments:manage-edit", pk=tournament.pk)
    return render(request, "tournaments/edit.html", {"t": tournament, "form": form, "locked": locked,
                                                     "tab": "settings", **webhooks_context(tournament)})


@tournament_view("organiser")
@require_POST
def manage_finish(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Finish the tournament (its structure complete, every result confirmed); logged."""
    done: list[Tournament] = []
    if attempt(request, lambda: done.append(services.tournament_finish(tournament=tournament, actor=request.user,
                                                                         idempotency_key=idempotency_key(request))), ""):
        winner = done[0].winner
        messages.success(request, gettext("The tournament is finished. Winner: %(name)s.") % {
            "name": winner.display_name if winner else "–"})
    return redirect("tournaments:manage", pk=tournament.pk)


@tournament_view("organiser")
@require_POST
def manage_staff_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Add a co-organiser (judge) by username; only the organiser may (a co-organiser gets the 403 page)."""
    username = request.POST.get("username", "").strip()
    attempt(request, lambda: services.co_organiser_add(tournament=tournament, actor=request.user,
                                                       username=username),
            gettext("%(username)s is now a co-organiser of %(tournament)s.") % {
                "username": username, "tournament": tournament.name})
    return redirect("tournaments:manage-staff", pk=tournament.pk)


@tournament_view("organiser")
@require_POST
def manage_staff_remove(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Remove a co-organiser; only the organiser may, and the organiser cannot be removed."""
    username = request.POST.get("username", "").strip()
    attempt(request, lambda: services.co_organiser_remove(tournament=tournament, actor=request.user,
                                                          username=username),
            gettext("%(username)s is no longer a co-organiser.") % {"username": username})
    return redirect("tournaments:manage-staff", pk=tournament.pk)


@tournament_view("organiser")
@require_POST
def manage_open(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    attempt(request, lambda: services.tournament_open_registration(tournament=tournament, actor=request.user),
            gettext("Registration is open."))
    return redirect("tournaments:manage", pk=tournament.pk)


@tournament_view("organiser")
@require_POST
def manage_close(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    attempt(request, lambda: services.tournament_close_registration(tournament=tournament, actor=request.user),
            gettext("Registration is closed."))
    return redirect("tournaments:manage", pk=tournament.pk)


@tournament_view("organiser")
@require_POST
def manage_start(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Start the tournament: registration closes and decklists lock."""
    attempt(request, lambda: services.tournament_start(tournament=tournament, actor=request.user),
            gettext("The tournament has started; decklists are locked."))
    return redirect("tournaments:manage", pk=tournament.pk)


@tournament_view("organiser")
@require_POST
def manage_pair(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Pair the next round and show it (the round page offers the way back). After the last round this says
    the event is complete: the organiser finishes it with its own button (``manage_finish``). Round 1 of an event
    whose check-in is required, with players not checked in: a page naming them, to drop them or wait (409)."""
    try:
        rnd = services.round_pair_next(tournament=tournament, actor=request.user)
    except NotAllowed as exc:
        raise PermissionDenied(exc.message) from exc
    except UserError as exc:
        if exc.code == "not_checked_in":  # check-in is required: drop them or wait (nothing is paired)
            return render(request, "tournaments/pair_check_in.html",
                          {"t": tournament, "players": exc.params["players"],
                           "can_drop": exc.params["anyone_checked_in"]}, status=exc.status)
        if exc.code == "complete":  # not a failure: the last round is played, the Finish button is offered
            messages.info(request, exc.message)
        else:
            messages.error(request, exc.message)
        return redirect("tournaments:manage", pk=tournament.pk)
    if rnd.is_draft:
        messages.success(request, gettext("Round %(number)s is paired as a draft: only the staff sees it. Review it, "
                                          "then publish it.") % {"number": rnd.number})
    else:
        messages.success(request, gettext("Round %(number)s is paired.") % {"number": rnd.number})
    return redirect("tournaments:round", pk=tournament.pk, number=rnd.number)


@tournament_view("organiser")
@require_POST
def manage_override(request: HttpRequest, tournament: Tournament, match_id: int) -> HttpResponse:
    """The organiser settles a dispute or enters or corrects a result, always with a reason (logged):
    ``submission`` accepts one of the match's reports as it stands; otherwise the posted games (the duel
    form for two seats, the winners or placements form for a table) are the new result.
    ``next=match`` returns to the match page, else to the manage page (another ``next`` of this tournament: there)."""
    match = match_of(tournament, match_id)
    reason = request.POST.get("reason", "")
    submission_id = request.POST.get("submission", "")
    if submission_id:
        submission = get_object_or_404(ResultSubmission, pk=parse_id(submission_id) or 0,
                                       match=match)
        attempt(request, lambda: services.result_settle(match=match, actor=request.user, reason=reason,
                                                         submission=submission, idempotency_key=idempotency_key(request)),
                 gettext("Report by %(username)s accepted as the result of table %(table)s; logged.") % {
                     "username": submission.submitted_by.get_username(), "table": match.table})
    else:
        try:
            result = result_from_post(request.POST, match.seats.count(), tournament.best_of, seat=None)
        except ResultInputError as exc:
            messages.error(request, exc.message)
        else:
            attempt(request, lambda: services.result_settle(match=match, actor=request.user, reason=reason,
                                                             idempotency_key=idempotency_key(request), **result),
                     gettext("Result of table %(table)s recorded and logged.") % {"table": match.table})
    if request.POST.get("next") == "match":
        return redirect("tournaments:match", pk=tournament.pk, match_id=match.pk)
    return back_to(request, tournament, "tournaments:manage")


@tournament_view("organiser")
@require_http_methods(["GET", "POST"])
def manage_penalty(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The Penalties tab (GET: ``manage_tabs.penalties_tab``); a POST issues a penalty (warning, game loss, match
    loss, disqualification; logged in the audit log) and comes back to the tab."""
    if request.method != "POST":
        return penalties_tab(request, tournament)
    registration = get_object_or_404(Registration.objects.select_related("player"),
                                     pk=parse_id(request.POST.get("registration")) or 0, tournament=tournament)
    match_id = request.POST.get("match") or ""
    match_pk = parse_id(match_id)
    match = match_of(tournament, match_pk) if match_pk else None
    kind = request.POST.get("kind", "")
    attempt(request, lambda: services.penalty_issue(tournament=tournament, actor=request.user,
                                                     registration=registration, kind=kind,
                                                     reason=request.POST.get("reason", ""), match=match,
                                                     idempotency_key=idempotency_key(request)),
             gettext("%(penalty)s issued to %(player)s and logged.") % {
                 "penalty": dict(Penalty.Kind.choices).get(kind, gettext("Penalty")),
                 "player": registration.display_name})
    return redirect("tournaments:penalty", pk=tournament.pk)


@tournament_view("organiser")
@require_POST
def manage_drop(request: HttpRequest, tournament: Tournament, registration_id: int) -> HttpResponse:
    """Drop a player (logged with the reason); back to the Players tab (``next``: with its search)."""
    registration = get_object_or_404(Registration, pk=registration_id, tournament=tournament)
    attempt(request, lambda: services.player_drop(registration=registration, actor=request.user,
                                                   reason=request.POST.get("reason", ""),
                                                   idempotency_key=idempotency_key(request)),
             gettext("%(player)s dropped.") % {"player": registration.display_name})
    return back_to(request, tournament, "tournaments:manage-players", "#players")


@tournament_view("organiser")
@require_POST
def manage_reinstate(request: HttpRequest, tournament: Tournament, registration_id: int) -> HttpResponse:
    """Lift a drop, withdrawal or disqualification (logged with the reason)."""
    registration = get_object_or_404(Registration, pk=registration_id, tournament=tournament)
    attempt(request, lambda: player_reinstate(registration=registration, actor=request.user,
                                              reason=request.POST.get("reason", ""),
                                              idempotency_key=idempotency_key(request)),
            gettext("%(player)s is reinstated.") % {"player": registration.display_name})
    return back_to(request, tournament, "tournaments:manage-players", "#players")


@tournament_view("organiser")
@require_POST
def manage_late_loss(request: HttpRequest, tournament: Tournament, registration_id: int) -> HttpResponse:
    """Record a loss with no opponent for the player in the posted ``round`` (they missed it: TOM's "LATE");
    logged with the optional reason; back to the Players tab."""
    registration = get_object_or_404(Registration, pk=registration_id, tournament=tournament)
    number = parse_id(request.POST.get("round"))
    if number is None:
        messages.error(request, gettext("Choose the round the player missed."))
        return back_to(request, tournament, "tournaments:manage-players", "#players")
    attempt(request, lambda: late_loss_record(registration=registration, actor=request.user, round_number=number,
                                              reason=request.POST.get("reason", ""),
                                              idempotency_key=idempotency_key(request)),
            gettext("%(player)s: a loss with no opponent is recorded for round %(round)s.")
            % {"player": registration.display_name, "round": number})
    return back_to(request, tournament, "tournaments:manage-players", "#players")


@tournament_view("organiser")
@require_POST
def manage_late_loss_remove(request: HttpRequest, tournament: Tournament, match_id: int) -> HttpResponse:
    """Remove an opponentless loss recorded by mistake (logged with the reason); back to the Players tab."""
    match = get_object_or_404(Match, pk=match_id, round__tournament=tournament)
    removed: list[Registration] = []

    def remove() -> None:
        removed.append(late_loss_remove(match=match, actor=request.user, reason=request.POST.get("reason", ""),
                                        idempotency_key=idempotency_key(request)))

    if attempt(request, remove, ""):
        messages.success(request, gettext("%(player)s: the late loss of round %(round)s is removed.")
                         % {"player": removed[0].display_name, "round": match.round.number})
    return back_to(request, tournament, "tournaments:manage-players", "#players")


@tournament_view("organiser")
@require_POST
def manage_reopen(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Reopen a finished tournament (logged with the reason); it is running again, with no winner."""
    attempt(request, lambda: tournament_reopen(tournament=tournament, actor=request.user,
                                               reason=request.POST.get("reason", ""),
                                               idempotency_key=idempotency_key(request)),
            gettext("The tournament is reopened: correct it, then finish it again."))
    return redirect("tournaments:manage", pk=tournament.pk)
