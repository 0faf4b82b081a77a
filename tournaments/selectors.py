"""Reads for pages and the API (query counts kept flat: select_related / prefetch)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Case, Count, IntegerField, Max, OuterRef, Prefetch, Q, QuerySet, Subquery, Value, When
from django.db.models.functions import Coalesce

from tournaments.clock import ClockState, clock_at, table_time_up  # noqa: F401 (selectors of the round clock)
from tournaments.event_rules import check_in_open, late_entry_open
from tournaments.models import (
    Match,
    Registration,
    ResultSubmission,
    Round,
    Seat,
    StandingsSnapshot,
    Tournament,
    UserPreferences,
)
from tournaments.presentation import describe_record, dispute_reason_text, outcome_text
from tournaments.outcomes import Outcome


def tournament_list() -> QuerySet[Tournament]:
    return Tournament.objects.select_related("organiser").prefetch_related("co_organisers")


def tournament_list_with_players() -> QuerySet[Tournament]:
    """The tournaments page's rows (newest first): each tournament with ``players``, its registrations not withdrawn
    before the start (dropped and disqualified players still count: they played). One query."""
    players = (Registration.objects.filter(tournament=OuterRef("pk"), withdrawn=False).order_by()
               .values("tournament").annotate(n=Count("pk")).values("n"))
    return tournament_list().annotate(players=Coalesce(Subquery(players), 0)).order_by("-date", "-id")


def last_time_zone(user) -> str:
    """The time zone of the organiser's latest event (by creation), or "" when they have none: a new event's
    default (issue 20, item 5). One query."""
    if not getattr(user, "is_authenticated", False):
        return ""
    return Tournament.objects.filter(organiser=user).order_by("-pk").values_list("time_zone", flat=True).first() or ""


def round_matches(rnd: Round) -> QuerySet[Match]:
    """The round's matches in table order with their seats and players (2 queries)."""
    return rnd.matches.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("registration__player").order_by("number"))
    ).order_by("table")


def round_state(rnd: Round, results_version: int) -> tuple[int, str]:
    """(tables, a version of everything the round page shows) in one query (grouped by status, no join): the
    round's seating version (``Round.pairing_version``: a swap bumps it; pairing again makes a new round), the
    tournament's results version (every confirmed result, correction or override bumps it) and the count of
    tables in each status, last the confirmed ones. The round page's rendered tables, its ETag and the
    projector's lines are cached under it (``tournaments.pages.crowd``)."""
    counts = dict(rnd.matches.order_by().values_list("status").annotate(n=Count("pk")).values_list("status", "n"))
    tables = sum(counts.values())
    return tables, "-".join([f"s{rnd.pairing_version}", str(results_version),
                             *(str(counts.get(s, 0)) for s in Match.Status.values)])


def my_table(rnd: Round, user) -> tuple[int, int, int] | None:
    """(match id, table, position among the round's tables) of the user's match in ``rnd``, or None
    (2 queries for a player, none for a visitor)."""
    if not user.is_authenticated:
        return None
    mine = (Seat.objects.filter(match__round=rnd, registration__player=user)
            .values_list("match_id", "match__table").first())
    if mine is None:
        return None
    return mine[0], mine[1], rnd.matches.filter(table__lt=mine[1]).count()


def latest_snapshot(tournament: Tournament) -> StandingsSnapshot | None:
    """The newest stored standings snapshot, or None before the first (one query). Reads only: a snapshot older
    than ``tournament.results_version`` is returned as it is (the write path brings it up to date:
    ``tournaments.tasks.send_recompute``); compare its version with ``results_version`` (or
    :func:`standings_versions`) to tell."""
    return tournament.snapshots.order_by("-version").first()


def registration_of(tournament: Tournament, user) -> Registration | None:
    if not user.is_authenticated:
        return None
    return tournament.registrations.filter(player=user).first()


def open_matches(tournament: Tournament) -> QuerySet[Match]:
    """Tables of the tournament without a confirmed result (disputed first), for the organiser."""
    return (
        Match.objects.filter(round__tournament=tournament)
        .exclude(status=Match.Status.CONFIRMED)
        .select_related("round")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("registration__player")
                                   .order_by("number")))
        .annotate(urgency=Case(When(status=Match.Status.DISPUTED, then=Value(0)),
                               When(status=Match.Status.REPORTED, then=Value(1)),
                               default=Value(2), output_field=IntegerField()))
        .order_by("urgency", "round__number", "table")
    )


def standings_versions(tournament_id: int) -> tuple[int, int | None] | None:
    """(results version, newest snapshot version or None) of a tournament, in one query; None when it does not
    exist."""
    return (Tournament.objects.filter(pk=tournament_id).annotate(latest=Max("snapshots__version"))
            .values_list("results_version", "latest").first())


def standings_etag(tournament_id: int, user=None, versions: tuple[int, int | None] | None = None) -> str | None:
    """An ETag for the standings of a tournament: its newest snapshot version and results version.

    One query (none when ``versions``, from :func:`standings_versions`, is given). ``user`` (pages carry the
    user's name) makes the tag per user; None for the API, whose body does not depend on who asks. None when the
    tournament does not exist.
    """
    row = versions if versions is not None else standings_versions(tournament_id)
    if row is None:
        return None
    who = f"-u{user.pk}" if user is not None and user.is_authenticated else ""
    return f"standings-{tournament_id}-v{row[1] or 0}-r{row[0]}{who}"


def match_submissions(match: Match) -> list[dict]:
    """Every result submission of the match, newest first, for the evidence view: each as
    ``{"submission", "source", "by", "at", "state", "result" (text), "games" (one line per game),
    "reason", "dispute_reason", "responded_by"}`` (2 queries)."""
    seats = list(match.seats.select_related("registration__player").order_by("number"))
    return [submission_row(sub, seats) for sub in
            match.submissions.select_related("submitted_by", "responded_by").order_by("-submitted_at", "-id")]


def submission_row(sub: ResultSubmission, seats: list[Seat]) -> dict:
    """One row of :func:`match_submissions` for ``sub``; ``seats``: its match's seats in seat order, with their
    registration and player loaded (no query when ``sub``'s submitter and responder are loaded too, as they are
    for the submission a service has just written)."""
    names = {s.number: s.registration.display_name for s in seats}
    return {
        "submission": sub, "source": sub.get_source_display(), "by": sub.submitted_by.get_username(),
        "at": sub.submitted_at, "state": sub.state, "state_display": sub.get_state_display(),
        "result": outcome_text(seats, Outcome.from_json(sub.outcome)),
        "games": describe_record(sub.record, names), "reason": sub.reason,
        "dispute_reason": dispute_reason_text(sub),
        "responded_by": sub.responded_by.get_username() if sub.responded_by else "",
    }


def pending_submission(match: Match) -> ResultSubmission | None:
    """The match's report waiting for confirmation, if any."""
    return match.submissions.filter(state=ResultSubmission.State.PENDING).select_related("submitted_by").first()


def check_in_panel(tournament: Tournament) -> dict:
    """What the organiser's check-in panel shows (``tournaments/fragments/check_in.html``), in 2 or 3 queries:
    ``rows`` (while the window is open: every registration not withdrawn, registration order, with its player),
    ``checked_in`` and
    ``active`` (counts of active entries: not withdrawn, not dropped), ``no_shows`` (active entries not checked in),
    ``walk_ins`` (walk-in entries not withdrawn, with ``claim_code`` still unspent or spent), ``window_open``
    (players can still check in: ``tournaments.event_rules.check_in_open``) and ``walk_ins_open`` (the
    organiser can register a walk-in now)."""
    window_open = check_in_open(tournament)
    entries = tournament.registrations.filter(withdrawn=False).select_related("player").order_by("registered_at", "id")
    if not window_open:  # once round 1 is paired the list is over; only the walk-ins' claim codes still matter
        entries = entries.exclude(walk_in_name="")
    rows = list(entries)
    active = [r for r in rows if not r.dropped]
    checked_in = sum(1 for r in active if r.checked_in)
    walk_ins_open = (tournament.status in (Tournament.Status.REGISTRATION, Tournament.Status.CLOSED)
                     or late_entry_open(tournament))
    return {
        "rows": rows if window_open else [], "active": len(active), "checked_in": checked_in,
        "no_shows": len(active) - checked_in, "walk_ins": [r for r in rows if r.is_walk_in],
        "window_open": window_open, "walk_ins_open": walk_ins_open,
    }


def claimable_walk_ins(tournament: Tournament) -> bool:
    """True if the tournament has a walk-in entry no account has claimed yet (1 query)."""
    return tournament.registrations.filter(player__isnull=True).exclude(claim_code="").exists()


# --------------------------------------------------------------------------- the player's own events
@dataclass
class MatchNow:
    """Where a player stands in one tournament (the "your match now" panel of ``/me/`` and the event page).

    ``registration`` (with its ``tournament``); ``deck_status``: "legal" (a legal decklist is registered),
    "not_legal" (decklists submitted, none legal) or "none"; for a running tournament ``round``: its latest
    round (None before round 1), ``match``: the player's match in that round (None when not paired in it),
    ``seat``: the player's seat number there, ``seats``: every seat of that match in seat order (registrations
    and players loaded), ``report``: the match's open report (pending or disputed, newest), if any."""

    registration: Registration
    deck_status: str
    round: Round | None = None
    match: Match | None = None
    seat: int | None = None
    seats: list[Seat] = field(default_factory=list)
    report: ResultSubmission | None = None

    @property
    def tournament(self) -> Tournament:
        return self.registration.tournament


def player_events(user, *, tournament: Tournament | None = None) -> list[MatchNow]:
    """The user's registrations (withdrawn ones left out), newest event first, each as a ``MatchNow``; only
    ``tournament``'s when given. At most 5 queries whatever the number of events: registrations with their
    tournaments and decklist counts, the latest rounds, the player's seats, every seat of those matches, their
    open reports. An anonymous user has none (no query).

    The deck status reads the decks app's submissions through the reverse relation ``deck_submissions`` (a
    query, not an import: ``decks`` sits on top of ``tournaments``)."""
    if not getattr(user, "is_authenticated", False):
        return []
    registrations = (Registration.objects.filter(player=user, withdrawn=False)
                     .select_related("tournament", "player").annotate(decklists=Count("deck_submissions"))
                     .order_by("-tournament__date", "-tournament_id"))
    if tournament is not None:
        registrations = registrations.filter(tournament=tournament)
    events = [MatchNow(registration=r, deck_status="legal" if r.has_legal_deck else
                       "not_legal" if r.decklists else "none")  # type: ignore[attr-defined]
              for r in registrations]
    running = [e for e in events if e.tournament.status == Tournament.Status.RUNNING]
    if not running:
        return events
    latest: dict[int, Round] = {}
    for rnd in Round.objects.filter(tournament_id__in=[e.tournament.pk for e in running]).order_by("number"):
        latest[rnd.tournament_id] = rnd
    for event in running:
        event.round = latest.get(event.tournament.pk)
    mine = {seat.registration_id: seat for seat in Seat.objects.filter(
        registration__in=[e.registration for e in running if e.round is not None],
        match__round__in=list(latest.values())).select_related("match")}
    if not mine:
        return events
    matches = {seat.match_id: seat.match for seat in mine.values()}
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(match__in=list(matches)).select_related("registration__player").order_by("number"):
        seats.setdefault(seat.match_id, []).append(seat)
    reports: dict[int, ResultSubmission] = {}
    for report in (ResultSubmission.objects.filter(match__in=list(matches), state__in=(
            ResultSubmission.State.PENDING, ResultSubmission.State.DISPUTED))
            .select_related("submitted_by", "responded_by").order_by("submitted_at", "id")):
        reports[report.match_id] = report  # the newest wins
    for event in running:
        own = mine.get(event.registration.pk)
        if own is None:
            continue
        event.match, event.seat = matches[own.match_id], own.number
        event.match.seat_list = event.seats = seats.get(own.match_id, [])
        event.report = reports.get(own.match_id)
    return events


def rounds_progress(tournament: Tournament) -> tuple[int | None, int | None]:
    """(the last round whose every table is confirmed, the latest round), round numbers or None, in one query:
    the standings say "after round 3" (and "with round 4 results so far" while round 4 is playing)."""
    rows = list(tournament.rounds.annotate(
        open=Count("matches", filter=~Q(matches__status=Match.Status.CONFIRMED))).values_list("number", "open"))
    complete = [number for number, open_ in rows if open_ == 0]
    return max(complete, default=None), max((number for number, _ in rows), default=None)


# --------------------------------------------------------------------------- the round clock
# ``clock_at`` (the clock at an instant, for the round or one table), ``ClockState`` and ``table_time_up`` are pure
# arithmetic on the rows, in ``tournaments.clock`` (the results service checks time with them too); re-exported here.


def extended_tables(rnd: Round) -> list[Match]:
    """The round's tables with a time extension of their own (``Match.extra_minutes``), in table order (one
    query)."""
    return list(rnd.matches.filter(extra_minutes__gt=0).order_by("table"))


def current_round(tournament: Tournament) -> Round | None:
    """The tournament's latest round (the one whose clock runs), or None before round 1 (one query)."""
    return tournament.rounds.order_by("-number").first()


# --------------------------------------------------------------------------- printing


@dataclass(frozen=True)
class PairingLine:
    """One player's line of the alphabetical pairings: ``name``, ``table``, ``side`` ("A"/"B" in a duel, "Seat 3"
    at a multiplayer table, "" for a bye), ``opponents`` (names in seat order), ``bye``."""

    name: str
    table: int
    side: str
    opponents: tuple[str, ...]
    bye: bool


def pairing_lines(rnd: Round) -> list[PairingLine]:
    """Every player seated in ``rnd``, sorted by name (case-insensitive), each with their table, side or seat and
    opponents: what venues post on the wall beside the pairings by table (2 queries)."""
    lines = []
    for match in round_matches(rnd):
        seats = list(match.seats.all())
        for seat in seats:
            others = tuple(s.registration.display_name for s in seats if s.pk != seat.pk)
            if len(seats) == 1:
                side = ""
            elif len(seats) == 2:
                side = "AB"[seat.number - 1] if seat.number in (1, 2) else f"Seat {seat.number}"
            else:
                side = f"Seat {seat.number}"
            lines.append(PairingLine(name=seat.registration.display_name, table=match.table, side=side,
                                     opponents=others, bye=len(seats) == 1))
    return sorted(lines, key=lambda line: (line.name.casefold(), line.name, line.table))


def rounds_tables(tournament: Tournament) -> list[tuple[int, int, int]]:
    """(round number, tables, confirmed tables) of every round in order, in one query: how far the standings
    go ("after round 2; round 3 in progress")."""
    rows = (tournament.rounds.order_by("number")
            .annotate(tables=Count("matches"),
                      confirmed=Count("matches", filter=Q(matches__status=Match.Status.CONFIRMED)))
            .values_list("number", "tables", "confirmed"))
    return list(rows)


def staff_names(tournament: Tournament) -> list[str]:
    """The co-organisers' (judges') usernames, sorted (one query); the organiser is ``tournament.organiser``."""
    return sorted(tournament.co_organisers.values_list("username", flat=True))


def saved_language(user_id: int) -> str:
    """The language code the user chose with the language switch ("pt-br", ...), "" when they never chose (1 query)."""
    from_row = UserPreferences.objects.filter(user_id=user_id).values_list("language", flat=True).first()
    return from_row or ""
