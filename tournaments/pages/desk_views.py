"""The organiser's results desk, on the Round tab of the manage page (``fragments/results_desk.html``): the current
round's tables, each with its state and the one-tap result buttons; "Accept all reported"; the keyboard entry
("12 2-1", Enter). Writes go through ``tournaments.services.desk`` (final with no typed reason; a reason only to
change a confirmed result). Filters are plain GET parameters (``desk``: "playing"; ``q``: a name or a table
number), so the desk works without JavaScript."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from tournaments import selectors
from tournaments.errors import NotAllowed, UserError
from tournaments.ids import parse_int
from tournaments.models import Match, ResultSubmission, Round, Seat, Tournament
from tournaments.outcomes import Outcome
from tournaments.pages.access import tournament_view
from tournaments.pages.actions import attempt, idempotency_key
from tournaments.pages.match_views import match_of
from tournaments.pages.presenters.result_buttons import ResultButtons, result_buttons
from tournaments.pages.result_form import result_from_post
from tournaments.presentation import outcome_text
from tournaments.result_choices import parse_desk_entry, score_choice
from tournaments.result_input import ResultInputError
from tournaments.services.desk import desk_accept, desk_accept_all, desk_enter

State = ResultSubmission.State

#: The session key that carries a refused keyboard entry (its text and message) back to the desk.
_ENTRY_ERROR = "desk_entry_error"


@dataclass
class DeskRow:
    """One table at the desk: the ``match`` and its ``seats``, its ``state`` ("playing", "reported", "disputed",
    "confirmed", "time_extension") and its label, the ``result`` (confirmed) or the ``reports`` waiting
    (``[(submission, text)]``: the pending one, or both sides of a dispute), the ``evidence`` of a disputed
    table (``selectors.match_submissions``: every report game by game, with the reasons) and its ``buttons``."""

    match: Match
    seats: list[Seat]
    state: str
    state_label: str
    buttons: ResultButtons
    result: str = ""
    reports: list[tuple[ResultSubmission, str]] = field(default_factory=list)
    evidence: list[dict] = field(default_factory=list)


def _state(match: Match) -> tuple[str, str]:
    if match.status == Match.Status.PENDING and match.extra_minutes:
        return "time_extension", gettext("time extension (+%(minutes)s min)") % {"minutes": match.extra_minutes}
    states: dict[str, tuple[str, str]] = {
        Match.Status.PENDING.value: ("playing", gettext("playing")),
        Match.Status.REPORTED.value: ("reported", gettext("reported")),
        Match.Status.DISPUTED.value: ("disputed", gettext("disputed")),
        Match.Status.CONFIRMED.value: ("confirmed", gettext("confirmed")),
    }
    return states.get(str(match.status), (str(match.status), match.get_status_display()))


def _row(match: Match, tournament: Tournament) -> DeskRow:
    seats = list(match.seats.all())
    state, label = _state(match)
    subs = getattr(match, "desk_submissions", [])  # prefetched by _matches
    row = DeskRow(match=match, seats=seats, state=state, state_label=label,
                  buttons=result_buttons(seats, tournament.best_of, elimination=match.round.is_elimination))
    if match.status == Match.Status.DISPUTED:  # the evidence: every report side by side, games and reasons
        row.evidence = selectors.match_submissions(match)
    for sub in subs:
        text = outcome_text(seats, Outcome.from_json(sub.outcome))
        if sub.state == State.CONFIRMED:
            row.result = text
        elif sub.state in (State.PENDING, State.DISPUTED):
            row.reports.append((sub, text))
    return row


def _matches(rnd: Round):
    """The round's tables with seats and their live submissions (3 queries, flat in the number of tables)."""
    return (rnd.matches.select_related("round").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("registration__player").order_by("number")),
        Prefetch("submissions", to_attr="desk_submissions", queryset=ResultSubmission.objects.filter(
            state__in=(State.PENDING, State.DISPUTED, State.CONFIRMED)).select_related("submitted_by")
            .order_by("-submitted_at", "-id")))
        .order_by("table"))


def _matches_query(row: DeskRow, q: str) -> bool:
    if not q:
        return True
    if q.isdigit():
        return row.match.table == int(q)
    needle = q.casefold()
    return any(needle in s.registration.display_name.casefold() for s in row.seats)


def desk_context(request: HttpRequest, tournament: Tournament, rnd: Round | None, *, poll: bool = False) -> dict:
    """The desk's context for the manage page and its live part: ``desk_rows`` (the tables shown after the
    filters), the counts (``desk_total``, ``desk_reported``, ``desk_playing``), the filters (``desk_filter``,
    ``desk_q``), ``desk_places`` (a table of three or more seats: the keyboard entry's help names the form by
    places), a refused keyboard entry (``desk_entry``, ``desk_entry_error``; left for the page when ``poll``: a
    poll never takes it), and the polling (``desk_live``: a table of the round without a confirmed result and
    the event not finished; ``desk_live_url``, the live part's URL with the round and the filters; ``poll``, seconds:
    ``settings.LIVE_POLL_SECONDS``)."""
    refused = request.session.pop(_ENTRY_ERROR, None) if hasattr(request, "session") and not poll else None
    context: dict = {"desk_round": rnd, "desk_rows": [], "desk_total": 0, "desk_reported": 0, "desk_playing": 0,
                     "desk_filter": request.GET.get("desk", ""), "desk_q": request.GET.get("q", "").strip()[:80],
                     "desk_entry": refused["text"] if refused else "",
                     "desk_entry_error": refused["message"] if refused else "",
                     "desk_focus": bool(refused) or request.GET.get("entry") == "1",
                     "desk_places": False, "desk_live": False, "poll": settings.LIVE_POLL_SECONDS}
    params = {k: v for k, v in (("round", rnd.number if rnd else ""), ("desk", context["desk_filter"]),
                                ("q", context["desk_q"])) if v}
    context["desk_live_url"] = (reverse("tournaments:desk-live", args=[tournament.pk])
                                + (f"?{urlencode(params)}" if params else ""))
    if rnd is None:
        return context
    rows = [_row(m, tournament) for m in _matches(rnd) if len(m.seats.all()) > 1]
    context["desk_total"] = len(rows)
    context["desk_reported"] = sum(1 for r in rows if r.state == "reported")
    context["desk_playing"] = sum(1 for r in rows if r.state in ("playing", "time_extension"))
    context["desk_places"] = any(len(r.seats) > 2 for r in rows)
    context["desk_live"] = (tournament.status != Tournament.Status.FINISHED
                            and any(r.state != "confirmed" for r in rows))
    shown = [r for r in rows if _matches_query(r, context["desk_q"])]
    if context["desk_filter"] == "playing":
        shown = [r for r in shown if r.state in ("playing", "time_extension")]
    context["desk_rows"] = shown
    return context


@tournament_view("organiser")
def desk_live(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The desk's live part (``fragments/desk_live.html``), which the Round tab polls (htmx) while a table of the
    current round has no confirmed result: the tables with their states and buttons (the filters ``desk`` and
    ``q`` as on the page), and, swapped out of band, the counts and "Accept all reported". The keyboard entry
    and the filter form are not in it, so a poll never touches what the organiser is typing; the page polls only
    while no row is half-filled (``fragments/desk_live.html``). Once every table is confirmed (or the event is
    finished) the answer no longer polls. ``?round=`` is the round the page shows (a round paired since, by another
    organiser, is not swapped under its heading: the page's round is complete by then, so its poll stops); without
    it, or for no such round, the current round."""
    number = parse_int(request.GET.get("round", ""), minimum=1)
    rnd = (tournament.rounds.filter(number=number).first() if number else None) \
        or tournament.rounds.order_by("-number").first()
    context = {"t": tournament, "desk_oob": True, **desk_context(request, tournament, rnd, poll=True)}
    return HttpResponse(render_to_string("tournaments/fragments/desk_live.html", context, request))


def _back(request: HttpRequest, tournament: Tournament, **extra: str) -> HttpResponse:
    """Back to the desk with its filters (``desk``, ``q`` posted back from the page)."""
    params = {k: request.POST.get(k, "") for k in ("desk", "q") if request.POST.get(k)}
    params.update(extra)
    query = f"?{urlencode(params)}" if params else ""
    # after a keyboard entry no fragment: a browser does not autofocus a page opened at a fragment, and the
    # focused box scrolls into view by itself
    anchor = "" if extra.get("entry") else "#results-desk"
    return redirect(reverse("tournaments:manage", args=[tournament.pk]) + query + anchor)


@tournament_view("organiser")
@require_POST
def desk_record(request: HttpRequest, tournament: Tournament, match_id: int) -> HttpResponse:
    """Record a table's result from its row: the one-tap ``score`` (seat order) or ``placement_choice``; final,
    logged; a ``reason`` only to change a confirmed result. A refusal is shown as a message."""
    match = match_of(tournament, match_id)
    try:
        result = result_from_post(request.POST, match.seats.count(), tournament.best_of, seat=None)
    except ResultInputError as exc:
        messages.error(request, exc.message)
        return _back(request, tournament)
    attempt(request, lambda: desk_enter(match=match, actor=request.user, reason=request.POST.get("reason", ""),
                                        idempotency_key=idempotency_key(request), **result),
            gettext("Table %(table)s: result recorded.") % {"table": match.table})
    return _back(request, tournament)


@tournament_view("organiser")
@require_POST
def desk_accept_report(request: HttpRequest, tournament: Tournament, match_id: int, report_id: int) -> HttpResponse:
    """Accept one report of a table (the pending one, or one side of a dispute): final, logged, no reason."""
    match = match_of(tournament, match_id)
    submission = get_object_or_404(ResultSubmission, pk=report_id, match=match)
    attempt(request, lambda: desk_accept(match=match, actor=request.user, submission=submission,
                                         reason=request.POST.get("reason", ""),
                                         idempotency_key=idempotency_key(request)),
            gettext("Table %(table)s: report accepted.") % {"table": match.table})
    return _back(request, tournament)


@tournament_view("organiser")
@require_POST
def desk_accept_everything(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Accept every reported table of the current round in one action."""
    rnd = tournament.rounds.order_by("-number").first()
    accepted = desk_accept_all(round=rnd, actor=request.user) if rnd is not None else []
    messages.success(request, ngettext("%(count)s reported result accepted.", "%(count)s reported results accepted.",
                                       len(accepted)) % {"count": len(accepted)})
    return _back(request, tournament)


@tournament_view("organiser")
@require_POST
def desk_keyboard(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The keyboard entry: "12 2-1" records duel 12 of the current round as 2-1 (seat order); "7 2 1 3 4" records
    the table of four at table 7 by places in seat order (seat 1 2nd, seat 2 1st, ...:
    ``result_choices.parse_desk_entry``); then back to the box for the next one. A line that cannot be read, a
    table that does not exist, a score for a table or places for a duel, or a result the rules refuse (a place
    per seat, the places the rules allow, a single winner in an elimination round: the results service) comes
    back as the box's error, with the text kept."""
    text = request.POST.get("entry", "")
    rnd = tournament.rounds.order_by("-number").first()
    try:
        entry = parse_desk_entry(text)
        match = rnd.matches.filter(table=entry.table).first() if rnd is not None else None
        if match is None:
            raise UserError(_("There is no table %(table)s in the current round."), code="desk_entry",
                            params={"table": entry.table})
        seats = match.seats.count()
        if seats < 2:
            raise UserError(_("Table %(table)s is a bye: it has no result to enter."), code="desk_entry",
                            params={"table": entry.table})
        if seats == 2 and not entry.score:
            raise UserError(_("Table %(table)s is a duel: type its score, e.g. \"%(table)s 2-1\"."),
                            code="desk_entry", params={"table": entry.table})
        if seats > 2 and not entry.placements:
            raise UserError(_("Table %(table)s has %(seats)s seats: type each seat's place in seat order, e.g. "
                              "\"%(table)s %(example)s\"."), code="desk_entry",
                            params={"table": entry.table, "seats": seats,
                                    "example": " ".join(str(n) for n in range(1, seats + 1))})
        if entry.score:
            choice = score_choice(entry.score, tournament.best_of)
            recorded = choice.key
            desk_enter(match=match, actor=request.user, score=choice.as_score(),
                       idempotency_key=idempotency_key(request))
        else:
            recorded = " ".join(str(p) for p in entry.placements)
            desk_enter(match=match, actor=request.user, placements=list(entry.placements),
                       idempotency_key=idempotency_key(request))
    except NotAllowed as exc:
        raise PermissionDenied(exc.message) from exc
    except UserError as exc:
        request.session[_ENTRY_ERROR] = {"text": text[:80], "message": str(exc.message)}
        return _back(request, tournament, entry="1")
    messages.success(request, gettext("Table %(table)s: %(score)s recorded.") % {"table": match.table,
                                                                                 "score": recorded})
    return _back(request, tournament, entry="1")
