from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import condition, require_POST
from rules.pairings.elimination import table_winner

from tournaments import selectors, services
from tournaments.adapters import table_record
from tournaments.errors import NotAllowed, UserError
from tournaments.models import AuditEntry, Match, MatchSeat, Penalty, Registration, ResultReport, Round, Tournament
from tournaments.pages.forms import (
    GAME_CHOICES,
    ORGANISER_GAME_CHOICES,
    TournamentForm,
    game_rows,
    games_from_post,
)
from tournaments.services.penalties import penalties_of
from tournaments.services.permissions import can_organise, is_tournament_organiser
from tournaments.services.tables import pending_table_report, seat_number_of
from tournaments.services.tournaments import late_entry_open


def _tournament(pk: int) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("organiser", "winner__player"), pk=pk)


def _attempt(request: HttpRequest, action, success: str) -> bool:
    """Run a service call; show ``success`` or the user's error as a message. True on success."""
    try:
        action()
    except NotAllowed as exc:
        raise PermissionDenied(exc.message) from exc
    except UserError as exc:
        messages.error(request, exc.message)
        return False
    if success:
        messages.success(request, success)
    return True


def signup(request: HttpRequest) -> HttpResponse:
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        messages.success(request, f"Welcome, {user.username}.")
        return redirect("tournaments:list")
    return render(request, "tournaments/site/signup.html", {"form": form})


def tournament_list(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/site/list.html", {
        "tournaments": selectors.tournament_list(), "can_organise": can_organise(request.user)})


@login_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    if not can_organise(request.user):
        raise PermissionDenied("Only organisers may create tournaments.")
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(actor=request.user, **form.cleaned_data)
        except UserError as exc:
            form.add_error(_create_error_field(exc), exc.message)
        else:
            messages.success(request, "Tournament created. Open registration when you are ready.")
            return redirect("tournaments:manage", pk=tournament.pk)
    return render(request, "tournaments/site/new.html", {"form": form})


def _create_error_field(exc: UserError) -> str | None:
    """The form field a tournament_create error is about (None: the whole form)."""
    if exc.code.startswith("tiebreakers_"):
        option = exc.params.get("option") or next(iter(exc.params.get("options") or []), None)
        return {"floor": "tiebreaker_floor", "placement_points": "placement_points"}.get(option)
    fields = ("tiebreakers", "end_of_round", "round_minutes", "name", "top_cut", "swiss_rounds", "table_size",
              "team_size", "late_entry_rounds")
    return exc.code if exc.code in fields else None


def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament(pk)
    return render(request, "tournaments/site/detail.html", {
        "t": tournament,
        "registrations": tournament.registrations.filter(withdrawn=False).select_related("player"),
        "rounds": tournament.rounds.all(),
        "mine": selectors.registration_of(tournament, request.user),
        "late_entry_open": late_entry_open(tournament),
        "is_organiser": is_tournament_organiser(request.user, tournament),
    })


@login_required
@require_POST
def register(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament(pk)
    if _attempt(request, lambda: services.player_register(tournament=tournament, actor=request.user),
                "You are registered. Now submit your decklist."):
        return redirect("decks:deck", pk=pk)
    return redirect("tournaments:detail", pk=pk)


@login_required
@require_POST
def drop(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament(pk)
    registration = selectors.registration_of(tournament, request.user)
    if registration is None:
        messages.error(request, "You are not registered for this tournament.")
    else:
        _attempt(request, lambda: services.player_drop(registration=registration, actor=request.user),
                 "You have dropped from the tournament.")
    return redirect("tournaments:detail", pk=pk)


def round_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = _tournament(pk)
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    mine = selectors.registration_of(tournament, request.user)
    matches = list(selectors.round_matches(rnd).prefetch_related(TABLE_SEATS))
    return render(request, "tournaments/site/round.html", {
        "t": tournament, "round": rnd, "matches": matches, "multiplayer": any(m.multiplayer for m in matches),
        "mine_id": mine.pk if mine else None, "is_organiser": is_tournament_organiser(request.user, tournament),
        "my_tables": set(MatchSeat.objects.filter(match__round=rnd, registration=mine)
                         .values_list("match_id", flat=True)) if mine else set(),
    })


@condition(etag_func=lambda request, pk: selectors.standings_etag(pk, request.user))
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The latest standings snapshot, served with an ETag of its version (a 304 when unchanged)."""
    tournament = _tournament(pk)
    snapshot = selectors.latest_snapshot(tournament)
    return render(request, "tournaments/site/standings.html", {"t": tournament, "snapshot": snapshot})


def bracket(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament(pk)
    rounds = [(rnd, _with_table_winners(selectors.round_matches(rnd)))
              for rnd in tournament.rounds.filter(kind=Round.Kind.ELIMINATION)]
    return render(request, "tournaments/site/bracket.html", {"t": tournament, "rounds": rounds})


def _match(tournament: Tournament, match_id: int) -> Match:
    return get_object_or_404(Match.objects.select_related("round", "player_a__player", "player_b__player"),
                             pk=match_id, round__tournament=tournament)


@login_required
def match_detail(request: HttpRequest, pk: int, match_id: int) -> HttpResponse:
    """A player's match slip: report game by game, or confirm / dispute the opponent's report."""
    tournament = _tournament(pk)
    match = _match(tournament, match_id)
    if match.multiplayer:
        return _table_slip(request, tournament, match)
    seat = match.seat_of(request.user)
    organiser = is_tournament_organiser(request.user, tournament)
    if seat is None and not organiser:
        raise PermissionDenied("Only the players at this table and the organiser see its match slip.")
    errors: list[str] = []
    if request.method == "POST" and seat is not None:
        slip = {key: request.POST.get(field, "").strip() for key, field in (("round_number", "slip_round"),
                                                                              ("table", "slip_table"))}
        try:
            games = games_from_post(request.POST, "game-", seat=seat)
        except ValueError as exc:
            errors.append(str(exc))
        if not all(v.isdigit() for v in slip.values() if v):
            errors.append("The round and table on the slip must be numbers.")
        if not errors:
            slip_numbers = {key: int(v) if v else None for key, v in slip.items()}
            try:
                services.result_report(match=match, actor=request.user, games=games, **slip_numbers)
            except NotAllowed as exc:
                raise PermissionDenied(exc.message) from exc
            except UserError as exc:
                errors.append(exc.message)
            else:
                messages.success(request, "Result reported. Your opponent must now confirm it.")
                return redirect("tournaments:match", pk=pk, match_id=match.pk)
    pending = match.reports.filter(status=ResultReport.Status.PENDING).select_related("reported_by").first()
    return render(request, "tournaments/site/match.html", {
        "t": tournament, "match": match, "seat": seat, "pending": pending, "errors": errors,
        "can_answer": pending is not None and seat is not None and pending.reported_by_id != request.user.pk,
        "game_rows": game_rows(tournament.best_of), "choices": GAME_CHOICES, "posted": request.POST,
        "is_organiser": organiser, "organiser_choices": ORGANISER_GAME_CHOICES,
        "audit": match.audit_entries.select_related("actor") if organiser else [],
        "ends_at": match.round.ends_at(tournament.round_minutes),
        "penalties": match.penalties.select_related("registration__player"),
    })


@login_required
@require_POST
def report_answer(request: HttpRequest, pk: int, match_id: int, report_id: int, answer: str) -> HttpResponse:
    tournament = _tournament(pk)
    match = _match(tournament, match_id)
    report = get_object_or_404(ResultReport, pk=report_id, match=match)
    if answer == "confirm":
        _attempt(request, lambda: services.result_confirm(report=report, actor=request.user), "Result confirmed.")
    else:
        _attempt(request, lambda: services.result_dispute(report=report, actor=request.user,
                                                          reason=request.POST.get("reason", "")),
                 "Result disputed: the organiser will settle it.")
    return redirect("tournaments:match", pk=pk, match_id=match.pk)


def _require_organiser(request: HttpRequest, tournament: Tournament) -> None:
    if not is_tournament_organiser(request.user, tournament):
        raise PermissionDenied("Only the tournament's organiser may do this.")


@login_required
def manage(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament(pk)
    _require_organiser(request, tournament)
    return render(request, "tournaments/site/manage.html", {
        "t": tournament,
        "registrations": tournament.registrations.select_related("player", "deck"),
        "open_matches": selectors.open_matches(tournament).prefetch_related(TABLE_SEATS),
        "audit": AuditEntry.objects.filter(tournament=tournament).select_related("actor", "match__round")[:100],
        "forbidden_pairs": tournament.forbidden_pairs.select_related("player_a__player", "player_b__player"),
        "choices": ORGANISER_GAME_CHOICES, "game_rows": game_rows(tournament.best_of),
        "penalties": penalties_of(tournament),
        "penalty_kinds": Penalty.Kind.choices,
        "current_matches": selectors.round_matches(latest) if (latest := tournament.rounds.order_by("-number").first())
        else [],
    })


@login_required
@require_POST
def manage_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    tournament = _tournament(pk)
    _require_organiser(request, tournament)
    actor = request.user
    if action == "pair":
        result: dict = {}

        def pair() -> None:
            result["round"] = services.round_pair_next(tournament=tournament, actor=actor)

        if _attempt(request, pair, ""):
            if result["round"] is None:
                tournament.refresh_from_db()
                messages.success(request, f"The tournament is finished. Winner: {tournament.winner}.")
            else:
                messages.success(request, f"Round {result['round'].number} is paired.")
                return redirect("tournaments:round", pk=pk, number=result["round"].number)
        return redirect("tournaments:manage", pk=pk)
    actions = {
        "open": (services.tournament_open_registration, "Registration is open."),
        "close": (services.tournament_close_registration, "Registration is closed."),
        "start": (services.tournament_start, "The tournament has started; decklists are locked."),
    }
    if action not in actions:
        raise PermissionDenied("Unknown action.")
    service, success = actions[action]
    _attempt(request, lambda: service(tournament=tournament, actor=actor), success)
    return redirect("tournaments:manage", pk=pk)


@login_required
@require_POST
def manage_override(request: HttpRequest, pk: int, match_id: int) -> HttpResponse:
    tournament = _tournament(pk)
    _require_organiser(request, tournament)
    match = _match(tournament, match_id)
    if match.multiplayer:
        return table_override(request, pk, match_id)
    try:
        games = games_from_post(request.POST, "game-", seat=None)
    except ValueError as exc:
        messages.error(request, str(exc))
    else:
        _attempt(request, lambda: services.result_override(match=match, actor=request.user, games=games,
                                                           reason=request.POST.get("reason", "")),
                 f"Result of table {match.table} recorded and logged.")
    return redirect("tournaments:manage", pk=pk)


@login_required
@require_POST
def manage_penalty(request: HttpRequest, pk: int) -> HttpResponse:
    """Issue a penalty (warning, game loss, match loss, disqualification); logged in the audit log."""
    tournament = _tournament(pk)
    _require_organiser(request, tournament)
    registration = get_object_or_404(Registration.objects.select_related("player"),
                                     pk=request.POST.get("registration") or 0, tournament=tournament)
    match_id = request.POST.get("match") or ""
    match = _match(tournament, int(match_id)) if match_id.isdigit() else None
    kind = request.POST.get("kind", "")
    _attempt(request, lambda: services.penalty_issue(tournament=tournament, actor=request.user,
                                                     registration=registration, kind=kind,
                                                     reason=request.POST.get("reason", ""), match=match),
             f"{dict(Penalty.Kind.choices).get(kind, 'Penalty')} issued to {registration.display_name} and logged.")
    return redirect("tournaments:manage", pk=pk)


@login_required
@require_POST
def manage_drop(request: HttpRequest, pk: int, registration_id: int) -> HttpResponse:
    tournament = _tournament(pk)
    _require_organiser(request, tournament)
    registration = get_object_or_404(Registration, pk=registration_id, tournament=tournament)
    _attempt(request, lambda: services.player_drop(registration=registration, actor=request.user,
                                                   reason=request.POST.get("reason", "")),
             f"{registration.display_name} dropped.")
    return redirect("tournaments:manage", pk=pk)


# --------------------------------------------------------------------------- multiplayer tables

#: Prefetch of a multiplayer table's seats with their players (duels have none: one query for the lot).
TABLE_SEATS = "seats__registration__player"


def _table_winner(match: Match, seats: list[MatchSeat]) -> Registration | None:
    """The single winner of a confirmed multiplayer table (``rules.pairings.elimination.table_winner``)."""
    if not (match.multiplayer and match.is_confirmed):
        return None
    winner = table_winner(table_record(match, seats))
    return next((s.registration for s in seats if str(s.registration_id) == winner), None)


def _with_table_winners(matches) -> list[Match]:
    """The matches with their seats; a multiplayer table gets ``advances``: its winner's registration
    once confirmed (None before, or when no single seat won)."""
    matches = list(matches.prefetch_related(TABLE_SEATS))
    for m in matches:
        m.advances = _table_winner(m, list(m.seats.all()))
    return matches


def _table_result_from_post(post, seats: int, best_of: int) -> dict:
    """The table result a report or override form posts: ``{"placements": [...]}`` (``mode=placements``,
    fields ``place-<seat>``) or ``{"games": [...]}`` (``mode=games``, per game ``game-<n>-winners``
    checkboxes of seat numbers and ``game-<n>-drawn``; games left blank are skipped).
    Raises ValueError with what to fix; the service judges the result itself."""
    if post.get("mode") == "placements":
        values = [post.get(f"place-{seat}", "").strip() for seat in range(1, seats + 1)]
        if not all(v.isdigit() for v in values):
            raise ValueError("Give every seat's place as a number (1 = won; equal numbers share a place).")
        return {"placements": [int(v) for v in values]}
    if post.get("mode") == "games":
        games = []
        for n in range(1, best_of + 1):
            winners = post.getlist(f"game-{n}-winners")
            drawn = bool(post.get(f"game-{n}-drawn"))
            if not winners and not drawn:
                continue
            if not all(w.isdigit() for w in winners):
                raise ValueError(f"Game {n}: tick the seats that won.")
            games.append({"winners": [int(w) for w in winners], "drawn": drawn} if winners and drawn
                         else {"winners": [int(w) for w in winners]} if winners else {"drawn": True})
        if not games:
            raise ValueError("Tick the winner(s) of at least one game, or mark it drawn.")
        return {"games": games}
    raise ValueError("Report either the placements or the games.")


def _table_games(match: Match, seats: list[MatchSeat], games) -> list[str]:
    """The games of a table result as lines to show: who won each game (a shared win), or drawn."""
    names = {s.seat: f"{s.registration.display_name} (seat {s.seat})" for s in seats}
    lines = []
    for n, game in enumerate(games or [], start=1):
        winners = [names.get(w, f"seat {w}") for w in game.get("winners") or []]
        if game.get("drawn"):
            lines.append(f"Game {n}: drawn")
        elif len(winners) == 1:
            lines.append(f"Game {n}: {winners[0]} won")
        else:
            lines.append(f"Game {n}: shared win, {' and '.join(winners)}")
    return lines


def _table_slip(request: HttpRequest, tournament: Tournament, match: Match) -> HttpResponse:
    """The match slip of a multiplayer table: its seats, a report form (placements or the winner(s)
    of each game), confirm / dispute for the other players, the organiser's override."""
    seats = list(match.seats.select_related("registration__player").order_by("seat"))
    match._seat_list = seats
    seat = seat_number_of(match, request.user)
    organiser = is_tournament_organiser(request.user, tournament)
    if seat is None and not organiser:
        raise PermissionDenied("Only the players at this table and the organiser see its match slip.")
    errors: list[str] = []
    if request.method == "POST" and seat is not None:
        try:
            result = _table_result_from_post(request.POST, len(seats), tournament.best_of)
        except ValueError as exc:
            errors.append(str(exc))
        else:
            try:
                services.table_result_report(match=match, actor=request.user, round_number=match.round.number,
                                             table=match.table, **result)
            except NotAllowed as exc:
                raise PermissionDenied(exc.message) from exc
            except UserError as exc:
                errors.append(exc.message)
            else:
                messages.success(request, "Result reported. Another player at the table must now confirm it.")
                return redirect("tournaments:match", pk=tournament.pk, match_id=match.pk)
    pending, pending_result = pending_table_report(match)
    pending_rows = list(zip(seats, pending_result.placements, pending_result.wins)) if pending_result else []
    return render(request, "tournaments/site/match.html", {
        "t": tournament, "match": match, "seats": seats, "seat": seat, "errors": errors,
        "pending": pending, "pending_rows": pending_rows,
        "pending_games": _table_games(match, seats, pending_result.games if pending_result else None),
        "can_answer": pending is not None and seat is not None and pending.reported_by_id != request.user.pk,
        "game_lines": _table_games(match, seats, match.games), "game_rows": game_rows(tournament.best_of),
        "posted": request.POST, "is_organiser": organiser,
        "audit": match.audit_entries.select_related("actor") if organiser else [],
        "ends_at": match.round.ends_at(tournament.round_minutes),
        "winner": _table_winner(match, seats) if match.round.is_elimination else None,
    }, status=400 if errors else 200)


@login_required
@require_POST
def table_report_answer(request: HttpRequest, pk: int, match_id: int, report_id: int,
                        answer: str) -> HttpResponse:
    """Another player at a multiplayer table confirms or disputes the pending report."""
    tournament = _tournament(pk)
    match = _match(tournament, match_id)
    report = get_object_or_404(ResultReport, pk=report_id, match=match)
    if answer == "confirm":
        _attempt(request, lambda: services.table_result_confirm(report=report, actor=request.user),
                 "Result confirmed.")
    elif answer == "dispute":
        _attempt(request, lambda: services.table_result_dispute(report=report, actor=request.user,
                                                                reason=request.POST.get("reason", "")),
                 "Result disputed: the organiser will settle it.")
    else:
        raise PermissionDenied("Unknown answer.")
    return redirect("tournaments:match", pk=pk, match_id=match.pk)


@login_required
@require_POST
def table_override(request: HttpRequest, pk: int, match_id: int) -> HttpResponse:
    """The organiser enters, corrects or settles a multiplayer table's result (reason required; logged)."""
    tournament = _tournament(pk)
    _require_organiser(request, tournament)
    match = _match(tournament, match_id)
    try:
        result = _table_result_from_post(request.POST, match.seats.count(), tournament.best_of)
    except ValueError as exc:
        messages.error(request, str(exc))
    else:
        _attempt(request, lambda: services.table_result_override(match=match, actor=request.user,
                                                                 reason=request.POST.get("reason", ""), **result),
                 f"Result of table {match.table} recorded and logged.")
    back = request.POST.get("next", "")
    if back == "match":
        return redirect("tournaments:match", pk=pk, match_id=match.pk)
    return redirect("tournaments:manage", pk=pk)
