"""The match slip: a player reports the result (the duel form game by game, or a table's winners or placements),
another player confirms or disputes it, and the organiser sees every report side by side.

``match_detail`` only dispatches: :func:`_report` is the POST (the report), :func:`_slip_context` the page."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST
from django.utils.translation import gettext

from tournaments import selectors, services
from tournaments.errors import NotAllowed, UserError
from tournaments.models import (
    Match,
    Penalty,
    Registration,
    ResultSubmission,
    Seat,
    Tournament,
)
from tournaments.pages.access import tournament_view
from tournaments.pages.actions import attempt
from tournaments.pages.forms import game_choices, game_rows
from tournaments.pages.result_form import result_from_post, slip_from_post
from tournaments.result_input import ResultInputError
from tournaments.pages.presenters.result_buttons import result_buttons
from tournaments.pages.presenters import (
    MatchRow,
    Report,
    audit_rows,
    game_start,
    match_row,
    report_of,
)
from tournaments.services.permissions import is_tournament_organiser
from tournaments.presentation import dispute_reason_text, outcome_text
from tournaments.services.scoring import Outcome


def match_of(tournament: Tournament, match_id: int) -> Match:
    """The tournament's match ``match_id`` with its round (a 404 for another tournament's)."""
    return get_object_or_404(Match.objects.select_related("round"), pk=match_id, round__tournament=tournament)


def _told(record: dict, names: dict[int, str], tournament: Tournament) -> Report:
    """``record`` told game by game (``presenters.report_of``) under ``tournament``'s procedures."""
    return report_of(record, names, end_of_round=tournament.end_of_round, last_card=tournament.deck_out_at_last_card)


def _confirmed_report(match: Match, names: dict[int, str], tournament: Tournament) -> Report | None:
    """The confirmed result game by game (``presenters.report_of``); None before it is confirmed."""
    confirmed = next((s for s in match.submissions.all() if s.state == ResultSubmission.State.CONFIRMED), None)
    return _told(confirmed.record, names, tournament) if confirmed is not None else None


def _disputed(match: Match, seats: list[Seat], names: dict[int, str], tournament: Tournament) -> dict | None:
    """A disputed match's newest disputed report as the players see it: ``{"by"`` (who disputed it, "" when two
    reports differ), ``"reason"``, ``"reporter"``, ``"result"`` (text), ``"report"`` (``presenters.Report``)};
    None unless the match is disputed."""
    if match.status != Match.Status.DISPUTED:
        return None
    sub = next((s for s in match.submissions.all() if s.state == ResultSubmission.State.DISPUTED), None)
    if sub is None:
        return {"by": "", "reason": "", "reporter": "", "result": "", "report": None}
    by = {s.registration.player_id: s.registration.display_name for s in seats}
    return {"by": by.get(sub.responded_by_id, "") if sub.responded_by_id else "", "reason": dispute_reason_text(sub),
            "reporter": by.get(sub.submitted_by_id, "the organiser"),
            "result": outcome_text(seats, Outcome.from_json(sub.outcome)),
            "report": _told(sub.record, names, tournament)}


def seats_text(seat_count: int, *, late_loss: bool = False) -> str:
    """What kind of match a number of seats makes, in words: "A bye", "A duel", "A multiplayer table of 4";
    ``late_loss``: one seat lost with no opponent (``Match.opponentless_loss``)."""
    if seat_count == 1 and late_loss:
        return gettext("A late player's loss, with no opponent")
    if seat_count == 1:
        return gettext("A bye")
    if seat_count == 2:
        return gettext("A duel")
    return gettext("A multiplayer table of %(n)s") % {"n": seat_count}



@tournament_view("player")
def match_detail(request: HttpRequest, tournament: Tournament, registration: Registration | None,
                 match_id: int) -> HttpResponse:
    """The match slip, for any number of seats: report (the duel form game by game for two seats, the
    winners or placements form for a table), confirm or dispute another player's report, and for the
    organiser every submission side by side and the settle forms. A refused report is shown on the slip (400).
    A draft round's slip is a 404 for anyone but the staff (``selectors.round_visible``)."""
    match = get_object_or_404(
        Match.objects.select_related("round").prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("registration__player").order_by("number")),
            "submissions"),
        pk=match_id, round__tournament=tournament)
    row = match_row(match, deck_out=tournament.deck_out, last_card=tournament.deck_out_at_last_card)
    seat = next((s.number for s in row.seats if s.registration.belongs_to(request.user)), None)
    organiser = is_tournament_organiser(request.user, tournament)
    if not organiser and not selectors.round_visible(match.round, request.user, tournament):
        raise Http404(gettext("Round %(n)s is being paired.") % {"n": match.round.number})
    if seat is None and not organiser:
        raise PermissionDenied(gettext("Only the players at this table and the organiser see its match slip."))
    errors: list[str] = []
    if request.method == "POST" and seat is not None and not request.POST.get("add_game"):
        errors = _report(request, match, len(row.seats), seat)
        if not errors:
            messages.success(request, gettext("Result reported. Your opponent must now confirm it.") if row.is_duel
                             else gettext("Result reported. Another player at the table must now confirm it."))
            return redirect("tournaments:match", pk=tournament.pk, match_id=match.pk)
    context = _slip_context(request, tournament, row, seat, organiser)
    return render(request, "tournaments/match.html", {**context, "errors": errors}, status=400 if errors else 200)


def _report(request: HttpRequest, match: Match, seat_count: int, seat: int) -> list[str]:
    """The player at ``seat`` reports the posted result (``result_form``: the same reading and refusals as the
    API) with the round and table written on the slip; the errors to show on the slip, [] once reported.
    A NotAllowed from the service is the 403 page."""
    errors: list[str] = []
    result: dict = {}
    slip: dict = {}
    try:
        result = result_from_post(request.POST, seat_count, match.round.tournament.best_of, seat=seat)
    except ResultInputError as exc:
        errors.append(exc.message)
    try:
        slip = slip_from_post(request.POST)
    except ResultInputError as exc:
        errors.append(exc.message)
    if errors:
        return errors
    try:
        services.result_report(match=match, actor=request.user, **result, **slip)
    except NotAllowed as exc:
        raise PermissionDenied(exc.message) from exc
    except UserError as exc:
        return [exc.message]
    return []


def _pending_context(request: HttpRequest, tournament: Tournament, seats: list[Seat], seat: int | None,
                     names: dict[int, str], pending: ResultSubmission | None) -> dict:
    """The slip's words about the report waiting for an answer (``pending``, None when there is none): its result
    and games, who sent it, whether it is the viewer's own and whether the viewer may answer it."""
    if pending is None:
        return {"pending_result": "", "pending_report": None, "pending_by": "", "mine_pending": False,
                "can_answer": False}
    by_seat = next((s for s in seats if s.registration.player_id == pending.submitted_by_id), None)
    mine = pending.submitted_by_id == request.user.pk
    return {
        "pending_result": outcome_text(seats, Outcome.from_json(pending.outcome)),
        "pending_report": _told(pending.record, names, tournament),
        "pending_by": by_seat.registration.display_name if by_seat else pending.submitted_by.get_username(),
        "mine_pending": seat is not None and mine,
        "can_answer": seat is not None and not mine,
    }


def _waiting_for(seats: list[Seat], seat: int | None) -> str:
    """Who must answer the viewer's report: the opponent's name in a duel, else "another player at the table
    (names)"."""
    others = [s.registration.display_name for s in seats if s.number != seat]
    if len(others) == 1:
        return others[0]
    return gettext("another player at the table (%(names)s)") % {"names": ", ".join(others)}


def _penalties(match: Match, organiser: bool):
    """The match's penalties on the slip: every one for the organiser; the players see the game and match losses
    that change the result, no reason."""
    penalties = match.penalties.select_related("registration__player")
    return penalties if organiser else penalties.filter(kind__in=(Penalty.Kind.GAME_LOSS, Penalty.Kind.MATCH_LOSS))


def _slip_context(request: HttpRequest, tournament: Tournament, row: MatchRow, seat: int | None,
                  organiser: bool) -> dict:
    """What the match slip shows (``tournaments/match.html``), but its ``errors``."""
    match, seats = row.match, row.seats
    names = {s.number: s.registration.display_name for s in seats}
    pending = selectors.pending_submission(match)
    return {
        "t": tournament, "match": match, "match_row": row, "seats": seats, "seat": seat,
        "duel": row.is_duel, "seats_text": seats_text(len(seats), late_loss=row.is_late_loss), "pending": pending,
        "seat_names": [s.registration.display_name for s in seats],
        **_pending_context(request, tournament, seats, seat, names, pending),
        "waiting_for": _waiting_for(seats, seat),
        "confirmed_report": _confirmed_report(match, names, tournament),
        "disputed": _disputed(match, seats, names, tournament),
        **_details_context(request, tournament, seats, seat),
        "result_buttons": result_buttons(seats, tournament.best_of, elimination=match.round.is_elimination,
                                         seat=seat),
        "picked": request.POST.get("score") or request.POST.get("placement_choice", ""),
        "choices": game_choices(tournament.deck_out, last_card=tournament.deck_out_at_last_card),
        "posted": request.POST, "start": game_start(tournament),
        "is_organiser": organiser,
        "evidence": selectors.match_submissions(match) if organiser else [],
        "audit": audit_rows(match.audit_entries.select_related("actor")) if organiser else [],
        "ends_at": match.round.ends_at(tournament.round_minutes),
        "penalties": _penalties(match, organiser),
        # off the top: the table's shared pool, for its players and the staff (spell-battle-rules.txt, 8.)
        "shared_pool": selectors.shared_pools([match]).get(match.pk) if tournament.is_off_the_top else None,
    }


def _details_context(request: HttpRequest, tournament: Tournament, seats: list[Seat], seat: int | None) -> dict:
    """The "Add game details" form: one game row to start with, one more for each "Add a game" (the form is
    posted back with ``rows`` and ``add_game``: no JavaScript needed), up to ``forms.slip_rows``; the player's
    one-tap "went first" and mulligan record per game (``result_form.games_from_post``)."""
    rows = game_rows(tournament.best_of)
    posted = request.POST.get("rows", "")
    shown = int(posted) if posted.isascii() and posted.isdigit() else 1
    if request.POST.get("add_game"):
        shown += 1
    shown = max(1, min(shown, len(rows)))
    other = next((s.registration.display_name for s in seats if s.number != seat), "")
    return {
        "game_rows": rows[:shown], "can_add_row": shown < len(rows),
        "settle_rows": rows,  # the organiser's form on the slip: every row at once (fragments/settle.html)
        "details_open": request.method == "POST" and "rows" in request.POST,
        "sides": [("me", gettext("Me")), ("opponent", other)],
        "mulligan_sides": [("", gettext("None")), ("me", gettext("Me")), ("me2", gettext("Me, twice")),
                           ("opponent", other), ("opponent2", gettext("%(name)s, twice") % {"name": other})],
    }


@tournament_view("player")
@require_POST
def report_answer(request: HttpRequest, tournament: Tournament, registration: Registration | None, match_id: int,
                  report_id: int, answer: str) -> HttpResponse:
    """Another player at the table confirms or disputes (with a reason) the pending report."""
    match = match_of(tournament, match_id)
    submission = get_object_or_404(ResultSubmission, pk=report_id, match=match)
    if answer == "confirm":
        attempt(request, lambda: services.result_confirm(submission=submission, actor=request.user),
                 gettext("Result confirmed."))
    elif answer == "dispute":
        attempt(request, lambda: services.result_dispute(submission=submission, actor=request.user,
                                                          reason=request.POST.get("reason", "")),
                 gettext("Result disputed: the organiser will settle it."))
    else:
        raise PermissionDenied(gettext("Unknown answer."))
    return redirect("tournaments:match", pk=tournament.pk, match_id=match.pk)
