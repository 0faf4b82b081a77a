from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.views.decorators.http import condition, require_POST
from django.utils.translation import get_language, gettext

from tournaments import selectors, services
from tournaments.errors import NotAllowed, UserError
from tournaments.ids import parse_id
from tournaments.models import (
    AuditEntry,
    Match,
    Penalty,
    Registration,
    ResultSubmission,
    Round,
    Seat,
    StandingsSnapshot,
    Tournament,
)
from tournaments.pages import crowd
from tournaments.pages.access import organiser_required, tournament_view
from tournaments.pages.actions import attempt
from tournaments.pages.forms import (
    SlipError,
    TournamentEditForm,
    TournamentForm,
    bootstrap,
    game_choices,
    game_rows,
    result_from_post,
)
from tournaments.pages.presenters import (
    Report,
    audit_rows,
    bracket_sections,
    elimination_round_title,
    game_start,
    match_row,
    match_rows,
    now_panel,
    report_of,
    standings_columns,
)
from tournaments.pages.signup import SignupForm
from tournaments.services.penalties import penalties_of
from tournaments.services.permissions import can_organise, is_main_organiser, is_tournament_organiser
from tournaments.services.results import dispute_reason_text, outcome_text
from tournaments.services.scoring import Outcome
from tournaments.services.event_state import event_state
from tournaments.services.tournaments import late_entry_open, player_reinstate, tournament_reopen, waitlist_position


def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, gettext("Welcome, %(name)s.") % {"name": user.username})
        return redirect("tournaments:list")
    return render(request, "registration/signup.html", {"form": form})


def tournament_list(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/list.html", {
        "tournaments": selectors.tournament_list_with_players(), "can_organise": can_organise(request.user)})


@organiser_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(actor=request.user, **form.cleaned_data)
        except UserError as exc:
            form.add_error(_create_error_field(exc), exc.message)
        else:
            messages.success(request, gettext("Tournament created. Open registration when you are ready."))
            return redirect("tournaments:manage", pk=tournament.pk)
    return render(request, "tournaments/new.html", {"form": form})


def _create_error_field(exc: UserError) -> str | None:
    """The form field a tournament_create error is about (None: the whole form)."""
    if exc.code.startswith("tiebreakers_"):
        option = exc.params.get("option") or next(iter(exc.params.get("options") or []), None)
        fields_of_options = {"floor": "tiebreaker_floor", "placement_points": "placement_points"}
        return fields_of_options.get(option) if isinstance(option, str) else None
    fields = ("tiebreakers", "end_of_round", "round_minutes", "name", "top_cut", "swiss_rounds", "table_size",
              "team_size", "late_entry_rounds", "victory_condition", "deck_out", "random_draw_each_round",
              "time_zone", "venue", "description", "capacity", "registration_deadline", "best_of", "structure",
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
    else:
        text = str(t.get_structure_display())
    if t.team_size > 1:
        text = gettext("%(structure)s; teams of %(team)s") % {**values, "structure": text}
    return text


def seats_text(seat_count: int) -> str:
    """What kind of match a number of seats makes, in words: "A bye", "A duel", "A multiplayer table of 4"."""
    if seat_count == 1:
        return gettext("A bye")
    if seat_count == 2:
        return gettext("A duel")
    return gettext("A multiplayer table of %(n)s") % {"n": seat_count}


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
                                                      idempotency_key=_key(request)),
                gettext("You have dropped from the tournament."))
    return redirect("tournaments:detail", pk=tournament.pk)


@crowd.anonymous_page
@tournament_view("public")
def round_detail(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """The pairings of a round: 100 tables a page, searchable by player name (``?q=``), the player's own table
    marked with a link to their match slip and a "find me" link. Each page of tables is rendered once per state
    of the round (``selectors.round_state``) and cached; the player's marks are added per request.

    Live: while a table is still open the table polls this URL (htmx, ``HX-Request``), which answers with only
    the table (``fragments/round_live.html``); once every table is confirmed the answer no longer polls. A
    visitor's page and every poll carry an ETag of the round's state (a 304 when nothing changed). The organiser
    also sees why each table was paired and the line that reproduces the round (``is_organiser``)."""
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    paging = crowd.Paging.of(request)
    is_organiser = is_tournament_organiser(request.user, tournament)
    tables, state = selectors.round_state(rnd, tournament.results_version)
    path = request.path
    fragment_only = crowd.wants_fragment(request)

    def build() -> dict:
        if paging.q:
            rows = [m for m in match_rows(selectors.round_matches(rnd))
                    if any(crowd.matches_name(s.registration.display_name, paging.q) for s in m.seats)]
            total = len(rows)
        else:
            total = tables
        pages = crowd.page_count(total)
        page = min(paging.page, pages)
        start = (page - 1) * crowd.PAGE_SIZE
        if paging.q:
            rows = rows[start:start + crowd.PAGE_SIZE]
        else:
            rows = match_rows(selectors.round_matches(rnd)[start:start + crowd.PAGE_SIZE])
        html = render_to_string("tournaments/fragments/round_table.html", {
            "t": tournament, "matches": rows, "is_organiser": is_organiser,
            "nav": crowd.nav(path, page, pages, paging.q, total)})
        return {"html": html}

    viewer = "organiser" if is_organiser else "public"
    mine = selectors.my_table(rnd, request.user)

    def context() -> dict:
        html = crowd.cached(paging.key("round", rnd.pk, state, viewer), build)["html"]
        find_me = ""
        if mine is not None:
            match_id, _, position = mine
            find_me = crowd.page_url(path, position // crowd.PAGE_SIZE + 1, anchor=f"#m{match_id}")
            html = html.replace(f'<tr id="m{match_id}">', f'<tr id="m{match_id}" class="mine">')
            html = html.replace(f'<tr id="m{match_id}" class="bye">', f'<tr id="m{match_id}" class="mine bye">')
            slip = reverse("tournaments:match", args=[tournament.pk, match_id])
            html = html.replace(f"<!--slip{match_id}-->", f' <a class="btn btn-sm btn-primary ms-md-2" href="{slip}">'
                                f'{escape(gettext("Open your match slip"))}</a>')
        title = gettext("Round %(n)s") % {"n": rnd.number}
        if rnd.is_elimination:
            title = crowd.cached(f"crowd:round-title:{rnd.pk}:{state}", lambda: elimination_round_title(
                tournament, rnd.matches.annotate(n=Count("seats")).values_list("pairing_reason", "n", "pairing_reason_params")))
        ctx = {"t": tournament, "round": rnd, "fragment": mark_safe(html), "find_me": find_me,  # noqa: S308
               "is_organiser": is_organiser, "title": title, "live": not _round_complete(tables, state),
               "live_url": crowd.page_url(path, paging.page, paging.q), "poll": settings.LIVE_POLL_SECONDS}
        if is_organiser:  # the organiser's bar: back to the manage page and the step valid now
            ctx["organiser_actions"] = state_actions(tournament, event_state(tournament))
        return ctx

    rounds = tournament.rounds.count()  # the tabs of a visitor's page, which is cached whole
    key = paging.key("round-page", rnd.pk, state, f"n{rounds}", f"c{rnd.clock_version}", crowd.digest(tournament.name))
    etag = None
    # no forms inside (an ETag never serves a stale token) and no message waiting to be shown
    if (fragment_only or not request.user.is_authenticated) and not len(messages.get_messages(request)):
        etag = f'"round-{rnd.pk}-{state}-n{rounds}-c{rnd.clock_version}-{crowd.digest(tournament.name)}-{viewer}' \
               f'-u{request.user.pk or 0}{"-hx" if fragment_only else ""}"'
        not_modified = get_conditional_response(request, etag=etag)
        if not_modified is not None:
            return crowd.vary_on_fragment(not_modified)
    if fragment_only:
        response = HttpResponse(render_to_string("tournaments/fragments/round_live.html", context(), request))
    else:
        response = crowd.whole_page(request, key, "tournaments/round.html", context)
    if etag:
        response.headers["ETag"] = etag
    return crowd.vary_on_fragment(response)


def _round_complete(tables: int, state: str) -> bool:
    """Every table of the round is confirmed, from ``selectors.round_state`` (its last count is the confirmed
    tables: ``Match.Status.values`` ends with ``confirmed``)."""
    return Match.Status.values[-1] == Match.Status.CONFIRMED and state.rsplit("-", 1)[-1] == str(tables)


def _standings_etag(request: HttpRequest, pk: int) -> str | None:
    """The page's ETag (one query); the versions it read are kept on the request for the view. A live poll
    (``HX-Request``, answered with only the table) has its own tag, and the tag ends with the active language: the
    same standings in another language are another page (issue 14)."""
    request.standings_versions = selectors.standings_versions(pk)  # type: ignore[attr-defined]
    etag = selectors.standings_etag(pk, request.user, versions=request.standings_versions)  # type: ignore[attr-defined]
    if etag is None:
        return None
    return f"{etag}-hx-{get_language()}" if crowd.wants_fragment(request) else f"{etag}-{get_language()}"


@crowd.anonymous_page
@condition(etag_func=_standings_etag)
@tournament_view("public")
def standings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The latest standings snapshot, served with an ETag of its version (a 304 when unchanged), 100 rows a
    page, searchable by name (``?q=``), with a "find me" link for a registered player. Each page's table is
    rendered once per snapshot version, a visitor's whole page once per version (``tournaments.pages.crowd``);
    the CSV export keeps every row.

    Live: until the tournament is finished (and while its standings are being brought up to date) the table
    polls this URL (htmx, ``HX-Request``), answered with only the table (``fragments/standings_live.html``)."""
    paging = crowd.Paging.of(request)
    versions = getattr(request, "standings_versions", None) or (tournament.results_version, None)
    results_version, latest = versions
    loaded: list = []  # the snapshot, once read (standings behind their results are shown as they are, updating)
    path = request.path
    fragment_only = crowd.wants_fragment(request)

    def load() -> StandingsSnapshot:
        assert latest is not None  # only called when there is a snapshot
        if not loaded or loaded[0] is None or loaded[0].version != latest:
            loaded[:] = [tournament.snapshots.get(version=latest)]
        return loaded[0]

    def build() -> dict:
        snap = load()
        rows = [r for r in snap.rows if crowd.matches_name(r["name"], paging.q)] if paging.q else snap.rows
        pages = crowd.page_count(len(rows))
        page = min(paging.page, pages)
        columns = standings_columns(snap.columns)
        shown = rows[(page - 1) * crowd.PAGE_SIZE:page * crowd.PAGE_SIZE]
        table = [(row, [(row.get(c.key), c) for c in columns]) for row in shown]
        complete, current = selectors.rounds_progress(tournament)
        return {"html": render_to_string("tournaments/fragments/standings_table.html", {
            "snapshot": snap, "table": table, "columns": columns, "complete": complete, "current": current,
            "nav": crowd.nav(path, page, pages, paging.q, len(rows))})}

    def context() -> dict:
        updating = latest is not None and results_version > latest
        ctx: dict = {"t": tournament, "q": paging.q, "find_me": "", "updating": updating,
                     "live": tournament.status != Tournament.Status.FINISHED or updating,
                     "live_url": crowd.page_url(path, paging.page, paging.q), "poll": settings.LIVE_POLL_SECONDS}
        if latest is None:
            return ctx
        fragment = crowd.cached(paging.key("standings", tournament.pk, f"v{latest}"), build)
        ctx["fragment"] = mark_safe(fragment["html"])  # noqa: S308 - rendered (escaped) by its template
        mine = selectors.registration_of(tournament, request.user)
        if mine is not None:
            positions = crowd.cached(f"crowd:standings-positions:{tournament.pk}:v{latest}",
                                     lambda: {r["player"]: i for i, r in enumerate(load().rows)})
            index = positions.get(str(mine.pk))
            if index is not None:
                ctx["find_me"] = crowd.page_url(path, index // crowd.PAGE_SIZE + 1, anchor=f"#p{mine.pk}")
        return ctx

    if fragment_only:
        return crowd.vary_on_fragment(HttpResponse(
            render_to_string("tournaments/fragments/standings_live.html", context(), request)))
    rounds = tournament.rounds.count()  # the tabs of a visitor's page, which is cached whole
    key = paging.key("standings-page", tournament.pk, f"v{latest}", f"r{results_version}", f"n{rounds}",
                     tournament.status, crowd.digest(tournament.name))
    return crowd.vary_on_fragment(crowd.whole_page(request, key, "tournaments/standings.html", context))


@tournament_view("public")
def bracket(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The elimination rounds drawn as a bracket (``presenters.bracket_sections``): a column per round named
    quarter-final, semi-final, final (or the winners' and losers' brackets and the grand final), each match a
    box with both players, their seeds, the games won and the winner in bold."""
    rounds = [(rnd.number, match_rows(selectors.round_matches(rnd)))
              for rnd in tournament.rounds.filter(kind=Round.Kind.ELIMINATION)]
    return render(request, "tournaments/bracket.html", {
        "t": tournament, "sections": bracket_sections(tournament, rounds),
        "title": elimination_round_title(tournament, []) if rounds else ""})


def _match(tournament: Tournament, match_id: int) -> Match:
    return get_object_or_404(Match.objects.select_related("round"), pk=match_id, round__tournament=tournament)


def _confirmed_report(match: Match, names: dict[int, str], end_of_round: str) -> Report | None:
    """The confirmed result game by game (``presenters.report_of``); None before it is confirmed."""
    confirmed = next((s for s in match.submissions.all() if s.state == ResultSubmission.State.CONFIRMED), None)
    return report_of(confirmed.record, names, end_of_round=end_of_round) if confirmed is not None else None


def _disputed(match: Match, seats: list[Seat], names: dict[int, str], end_of_round: str) -> dict | None:
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
            "report": report_of(sub.record, names, end_of_round=end_of_round)}


@tournament_view("player")
def match_detail(request: HttpRequest, tournament: Tournament, registration: Registration | None,
                 match_id: int) -> HttpResponse:
    """The match slip, for any number of seats: report (the duel form game by game for two seats, the
    winners or placements form for a table), confirm or dispute another player's report, and for the
    organiser every submission side by side and the settle forms."""
    match = get_object_or_404(
        Match.objects.select_related("round").prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("registration__player").order_by("number")),
            "submissions"),
        pk=match_id, round__tournament=tournament)
    row = match_row(match, deck_out=tournament.deck_out)
    seats = row.seats
    seat = next((s.number for s in seats if s.registration.belongs_to(request.user)), None)
    organiser = is_tournament_organiser(request.user, tournament)
    if seat is None and not organiser:
        raise PermissionDenied(gettext("Only the players at this table and the organiser see its match slip."))
    errors: list[str] = []
    if request.method == "POST" and seat is not None:
        slip = {key: request.POST.get(field, "").strip() for key, field in (("round_number", "slip_round"),
                                                                              ("table", "slip_table"))}
        result: dict = {}
        try:
            result = result_from_post(request.POST, len(seats), tournament.best_of, seat=seat)
        except SlipError as exc:
            errors.append(exc.message)
        if not all(v.isascii() and v.isdigit() for v in slip.values() if v):
            errors.append(gettext("The round and table on the slip must be numbers."))
        if not errors:
            slip_numbers = {key: int(v) if v else None for key, v in slip.items()}
            try:
                services.result_report(match=match, actor=request.user, **result, **slip_numbers)
            except NotAllowed as exc:
                raise PermissionDenied(exc.message) from exc
            except UserError as exc:
                errors.append(exc.message)
            else:
                messages.success(request, gettext("Result reported. Your opponent must now confirm it.") if len(seats) == 2
                                 else gettext("Result reported. Another player at the table must now confirm it."))
                return redirect("tournaments:match", pk=tournament.pk, match_id=match.pk)
    names = {s.number: s.registration.display_name for s in seats}
    pending = selectors.pending_submission(match)
    by_seat = next((s for s in seats if pending is not None and s.registration.player_id == pending.submitted_by_id),
                   None)
    others = [s.registration.display_name for s in seats if s.number != seat]
    return render(request, "tournaments/match.html", {
        "t": tournament, "match": match, "match_row": row, "seats": seats, "seat": seat, "errors": errors,
        "duel": row.is_duel, "seats_text": seats_text(len(seats)), "pending": pending,
        "seat_names": [s.registration.display_name for s in seats],
        "pending_result": outcome_text(seats, Outcome.from_json(pending.outcome)) if pending else "",
        "pending_report": report_of(pending.record, names, end_of_round=tournament.end_of_round) if pending else None,
        "pending_by": (by_seat.registration.display_name if by_seat else pending.submitted_by.get_username())
        if pending else "",
        "mine_pending": pending is not None and seat is not None and pending.submitted_by_id == request.user.pk,
        "waiting_for": others[0] if len(others) == 1 else
        gettext("another player at the table (%(names)s)") % {"names": ", ".join(others)},
        "can_answer": pending is not None and seat is not None and pending.submitted_by_id != request.user.pk,
        "confirmed_report": _confirmed_report(match, names, tournament.end_of_round),
        "disputed": _disputed(match, seats, names, tournament.end_of_round),
        "game_rows": game_rows(tournament.best_of), "choices": game_choices(tournament.deck_out),
        "posted": request.POST, "start": game_start(tournament),
        "is_organiser": organiser,
        "evidence": selectors.match_submissions(match) if organiser else [],
        "audit": audit_rows(match.audit_entries.select_related("actor")) if organiser else [],
        "ends_at": match.round.ends_at(tournament.round_minutes),
        # Penalties are the organiser's: the players see the game and match losses that change the result, no reason.
        "penalties": match.penalties.select_related("registration__player") if organiser else
        match.penalties.filter(kind__in=(Penalty.Kind.GAME_LOSS, Penalty.Kind.MATCH_LOSS))
        .select_related("registration__player"),
    }, status=400 if errors else 200)


@tournament_view("player")
@require_POST
def report_answer(request: HttpRequest, tournament: Tournament, registration: Registration | None, match_id: int,
                  report_id: int, answer: str) -> HttpResponse:
    """Another player at the table confirms or disputes (with a reason) the pending report."""
    match = _match(tournament, match_id)
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


#: The URL of each workflow step of ``tournaments.services.event_state`` (the manage page's buttons).
ACTION_URLS = {"open": "tournaments:manage-open", "close": "tournaments:manage-close",
               "start": "tournaments:manage-start", "pair": "tournaments:manage-pair",
               "finish": "tournaments:manage-finish", "reopen": "tournaments:manage-reopen"}


def state_actions(tournament: Tournament, state) -> list[dict]:
    """The state's valid actions with their form URLs, for the templates (``fragments/next_action.html``)."""
    return [{"action": a, "url": reverse(ACTION_URLS[a.code], args=[tournament.pk])} for a in state.actions]


@tournament_view("organiser")
def manage(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The organiser's page, built around the event's state (``event_state``): the status header, the steps
    valid now, what blocks the next one, then tables to settle, players, penalties, pairing tools, decks, staff
    and the audit log."""
    open_matches = match_rows(selectors.open_matches(tournament), deck_out=tournament.deck_out)
    for row in open_matches:
        if row.match.status == Match.Status.DISPUTED:
            row.evidence = selectors.match_submissions(row.match)
    latest = tournament.rounds.order_by("-number").first()
    state = event_state(tournament)
    return render(request, "tournaments/manage.html", {
        "t": tournament,
        "state": state,
        "actions": state_actions(tournament, state),
        "latest_round": latest,
        "registrations": tournament.registrations.select_related("player"),
        "open_matches": open_matches,
        "audit": audit_rows(AuditEntry.objects.filter(tournament=tournament)
                            .select_related("actor", "match__round")[:100]),
        "forbidden_pairs": tournament.forbidden_pairs.select_related("player_a__player", "player_b__player"),
        "game_rows": game_rows(tournament.best_of),
        "penalties": penalties_of(tournament),
        "penalty_kinds": Penalty.Kind.choices,
        "current_matches": match_rows(selectors.round_matches(latest)) if latest else [],
        "staff": selectors.staff_names(tournament),
        "is_main_organiser": is_main_organiser(request.user, tournament),
    })


@tournament_view("organiser")
def manage_edit(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Edit the event: details always, the structure until round 1 is paired (read-only after). A refused value
    is a form error (400), never a 500; every change is logged."""
    locked = tournament.rounds.exists()
    form = TournamentEditForm(request.POST or None, instance=tournament, locked=locked)
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
                return redirect("tournaments:manage", pk=tournament.pk)
    return render(request, "tournaments/edit.html", {"t": tournament, "form": form, "locked": locked})


@tournament_view("organiser")
@require_POST
def manage_finish(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Finish the tournament (its structure complete, every result confirmed); logged."""
    done: list[Tournament] = []
    if attempt(request, lambda: done.append(services.tournament_finish(tournament=tournament, actor=request.user,
                                                                         idempotency_key=_key(request))), ""):
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
    return redirect(reverse("tournaments:manage", args=[tournament.pk]) + "#staff")


@tournament_view("organiser")
@require_POST
def manage_staff_remove(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Remove a co-organiser; only the organiser may, and the organiser cannot be removed."""
    username = request.POST.get("username", "").strip()
    attempt(request, lambda: services.co_organiser_remove(tournament=tournament, actor=request.user,
                                                          username=username),
            gettext("%(username)s is no longer a co-organiser.") % {"username": username})
    return redirect(reverse("tournaments:manage", args=[tournament.pk]) + "#staff")


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
    the event is complete: the organiser finishes it with its own button (``manage_finish``)."""
    try:
        rnd = services.round_pair_next(tournament=tournament, actor=request.user)
    except NotAllowed as exc:
        raise PermissionDenied(exc.message) from exc
    except UserError as exc:
        if exc.code == "complete":  # not a failure: the last round is played, the Finish button is offered
            messages.info(request, exc.message)
        else:
            messages.error(request, exc.message)
        return redirect("tournaments:manage", pk=tournament.pk)
    messages.success(request, gettext("Round %(number)s is paired.") % {"number": rnd.number})
    return redirect("tournaments:round", pk=tournament.pk, number=rnd.number)


@tournament_view("organiser")
@require_POST
def manage_override(request: HttpRequest, tournament: Tournament, match_id: int) -> HttpResponse:
    """The organiser settles a dispute or enters or corrects a result, always with a reason (logged):
    ``submission`` accepts one of the match's reports as it stands; otherwise the posted games (the duel
    form for two seats, the winners or placements form for a table) are the new result.
    ``next=match`` returns to the match page, else to the manage page."""
    match = _match(tournament, match_id)
    reason = request.POST.get("reason", "")
    submission_id = request.POST.get("submission", "")
    if submission_id:
        submission = get_object_or_404(ResultSubmission, pk=parse_id(submission_id) or 0,
                                       match=match)
        attempt(request, lambda: services.result_settle(match=match, actor=request.user, reason=reason,
                                                         submission=submission, idempotency_key=_key(request)),
                 gettext("Report by %(username)s accepted as the result of table %(table)s; logged.") % {
                     "username": submission.submitted_by.get_username(), "table": match.table})
    else:
        try:
            result = result_from_post(request.POST, match.seats.count(), tournament.best_of, seat=None)
        except SlipError as exc:
            messages.error(request, exc.message)
        else:
            attempt(request, lambda: services.result_settle(match=match, actor=request.user, reason=reason,
                                                             idempotency_key=_key(request), **result),
                     gettext("Result of table %(table)s recorded and logged.") % {"table": match.table})
    if request.POST.get("next") == "match":
        return redirect("tournaments:match", pk=tournament.pk, match_id=match.pk)
    return redirect("tournaments:manage", pk=tournament.pk)


@tournament_view("organiser")
@require_POST
def manage_penalty(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Issue a penalty (warning, game loss, match loss, disqualification); logged in the audit log."""
    registration = get_object_or_404(Registration.objects.select_related("player"),
                                     pk=parse_id(request.POST.get("registration")) or 0, tournament=tournament)
    match_id = request.POST.get("match") or ""
    match_pk = parse_id(match_id)
    match = _match(tournament, match_pk) if match_pk else None
    kind = request.POST.get("kind", "")
    attempt(request, lambda: services.penalty_issue(tournament=tournament, actor=request.user,
                                                     registration=registration, kind=kind,
                                                     reason=request.POST.get("reason", ""), match=match,
                                                     idempotency_key=_key(request)),
             gettext("%(penalty)s issued to %(player)s and logged.") % {
                 "penalty": dict(Penalty.Kind.choices).get(kind, gettext("Penalty")),
                 "player": registration.display_name})
    return redirect("tournaments:manage", pk=tournament.pk)


@tournament_view("organiser")
@require_POST
def manage_drop(request: HttpRequest, tournament: Tournament, registration_id: int) -> HttpResponse:
    registration = get_object_or_404(Registration, pk=registration_id, tournament=tournament)
    attempt(request, lambda: services.player_drop(registration=registration, actor=request.user,
                                                   reason=request.POST.get("reason", ""),
                                                   idempotency_key=_key(request)),
             gettext("%(player)s dropped.") % {"player": registration.display_name})
    return redirect("tournaments:manage", pk=tournament.pk)


@tournament_view("organiser")
@require_POST
def manage_reinstate(request: HttpRequest, tournament: Tournament, registration_id: int) -> HttpResponse:
    """Lift a drop, withdrawal or disqualification (logged with the reason)."""
    registration = get_object_or_404(Registration, pk=registration_id, tournament=tournament)
    attempt(request, lambda: player_reinstate(registration=registration, actor=request.user,
                                              reason=request.POST.get("reason", ""),
                                              idempotency_key=_key(request)),
            gettext("%(player)s is reinstated.") % {"player": registration.display_name})
    return redirect("tournaments:manage", pk=tournament.pk)


@tournament_view("organiser")
@require_POST
def manage_reopen(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Reopen a finished tournament (logged with the reason); it is running again, with no winner."""
    attempt(request, lambda: tournament_reopen(tournament=tournament, actor=request.user,
                                               reason=request.POST.get("reason", ""),
                                               idempotency_key=_key(request)),
            gettext("The tournament is reopened: correct it, then finish it again."))
    return redirect("tournaments:manage", pk=tournament.pk)


def _key(request: HttpRequest) -> str:
    """The form's one-time ``idempotency_key`` ({% idempotency_field %})."""
    return request.POST.get("idempotency_key", "")
