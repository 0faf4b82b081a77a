"""Reads for pages and the API (query counts kept flat: select_related / prefetch)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from django.db.models import Case, Count, IntegerField, Max, OuterRef, Prefetch, Q, QuerySet, Subquery, Value, When
from django.db.models.functions import Coalesce
from django.utils.translation import gettext
from rules.deck_export import group_by_type

from tournaments.catalogue import get_catalogue
from tournaments.clock import ClockState, clock_at, table_time_up  # noqa: F401 (selectors of the round clock)
from tournaments.event_rules import check_in_closed, check_in_open, late_entry_open
from tournaments.models import (
    ApiToken,
    AuditEntry,
    Match,
    MatchPool,
    NotificationEvent,
    NotificationOptOut,
    Registration,
    ResultSubmission,
    Round,
    Seat,
    StandingsSnapshot,
    Tournament,
    UserPreferences,
    Webhook,
    WebhookDelivery,
    person_name,
)
from tournaments.presentation import describe_record, dispute_reason_text, outcome_text
from tournaments.roles import is_tournament_organiser
from tournaments.outcomes import Outcome


def tournament_list() -> QuerySet[Tournament]:
    return Tournament.objects.select_related("organiser").prefetch_related("co_organisers")


def tournament_list_with_players() -> QuerySet[Tournament]:
    """The tournaments page's rows (newest first): each tournament with ``players``, its registrations not withdrawn
    before the start (dropped and disqualified players still count: they played). One query."""
    players = (Registration.objects.filter(tournament=OuterRef("pk"), withdrawn=False).order_by()
               .values("tournament").annotate(n=Count("pk")).values("n"))
    return tournament_list().annotate(players=Coalesce(Subquery(players), 0)).order_by("-date", "-id")


# --------------------------------------------------------------------------- draft pairings
# Who sees a round's pairings, in one place: a round paired as a draft (``Tournament.pairings_as_draft``,
# ``Round.published_at`` None) is seen by the staff only (the organiser, co-organisers, admins) until the organiser
# publishes it (``tournaments.services.round_publish``); everyone else is told "Round N is being paired".


def sees_drafts(tournament: Tournament, user) -> bool:
    """True when ``user`` sees the tournament's draft rounds: its staff (``tournaments.roles``; at most one
    query, none for a visitor)."""
    return is_tournament_organiser(user, tournament)


def round_visible(rnd: Round, user, tournament: Tournament | None = None) -> bool:
    """True when ``user`` may see ``rnd``'s pairings: a published round, or a draft for the staff
    (``tournament``: ``rnd``'s, when the caller has it loaded)."""
    return not rnd.is_draft or sees_drafts(tournament or rnd.tournament, user)


def visible_rounds(tournament: Tournament, user) -> QuerySet[Round]:
    """The tournament's rounds whose pairings ``user`` may see, in order (every round for the staff; the
    published ones for anyone else)."""
    rounds = tournament.rounds.order_by("number")
    return rounds if sees_drafts(tournament, user) else rounds.filter(published_at__isnull=False)


def visible_rounds_of(tournament_id: int, user) -> QuerySet[Round]:
    """:func:`visible_rounds` from the tournament's id, unordered: no query for a visitor, one for a logged-in
    user (whether they are on its staff); no round when the tournament does not exist."""
    rounds = Round.objects.filter(tournament_id=tournament_id)
    tournament = Tournament.objects.filter(pk=tournament_id).first() if user.is_authenticated else None
    if tournament is not None and sees_drafts(tournament, user):
        return rounds
    return rounds.filter(published_at__isnull=False)


def visible_matches(tournament: Tournament, user) -> QuerySet[Match]:
    """Every match of the tournament in rounds ``user`` may see (:func:`visible_rounds`), unordered."""
    matches = Match.objects.filter(round__tournament=tournament)
    return matches if sees_drafts(tournament, user) else matches.filter(round__published_at__isnull=False)


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
    tables in each status, last the confirmed ones (a draft round's version ends in "d": publishing changes it).
    The round page's rendered tables, its ETag and the
    projector's lines are cached under it (``tournaments.pages.crowd``)."""
    counts = dict(rnd.matches.order_by().values_list("status").annotate(n=Count("pk")).values_list("status", "n"))
    tables = sum(counts.values())
    return tables, "-".join([f"s{rnd.pairing_version}{'d' if rnd.is_draft else ''}", str(results_version),
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


def phase_tables(rows: list[dict]) -> list[dict]:
    """The standings of each phase of an event run in phases, from a snapshot's rows (their ``by_phase``:
    ``tournaments.services.standings.standings_rows``): ``[{"phase": 1, "rows": [...]}, ...]``, phase 1 first,
    each table in its rank order, each row the phase's values plus ``player``, ``name`` and ``dropped`` (and
    ``advanced`` before the last phase). ``[]`` for an event of one phase. No query."""
    tables: dict[int, list[dict]] = {}
    for row in rows:
        for entry in row.get("by_phase", ()):
            tables.setdefault(entry["phase"], []).append(
                {**entry, "player": row["player"], "name": row["name"], "dropped": row["dropped"]})
    return [{"phase": phase, "rows": sorted(tables[phase], key=lambda r: r["rank"])} for phase in sorted(tables)]


def registration_of(tournament: Tournament, user) -> Registration | None:
    if not user.is_authenticated:
        return None
    return tournament.registrations.filter(player=user).first()


def player_accounts(tournament: Tournament, registration_ids: Iterable[str | int]) -> dict[str, int]:
    """The accounts behind standings rows, for links to the player pages (``/players/<id>/``): ``{registration
    id as text (a snapshot row's "player"): user id}`` for the registrations of ``tournament`` among
    ``registration_ids`` that belong to an active account. A walk-in without an account (``player`` None) is left
    out: its name stays plain text. One query (none for no id)."""
    wanted = [int(i) for i in registration_ids if str(i).isdigit()]
    if not wanted:
        return {}
    return {str(pk): user_id for pk, user_id in tournament.registrations.filter(
        pk__in=wanted, player__isnull=False, player__is_active=True).values_list("pk", "player_id")}


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
        "submission": sub, "source": sub.get_source_display(), "by": person_name(sub.submitted_by),
        "at": sub.submitted_at, "state": sub.state, "state_display": sub.get_state_display(),
        "result": outcome_text(seats, Outcome.from_json(sub.outcome)),
        "games": describe_record(sub.record, names), "reason": sub.reason,
        "dispute_reason": dispute_reason_text(sub),
        "responded_by": person_name(sub.responded_by) if sub.responded_by else "",
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
    (the check-in list is still kept: ``tournaments.event_rules.check_in_open``), ``closed`` (check-in closed by
    the organiser or its deadline: players no longer check themselves in, the no-shows may be dropped;
    ``check_in_closed``) and ``walk_ins_open`` (the organiser can register a walk-in now)."""
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
        "window_open": window_open, "walk_ins_open": walk_ins_open, "closed": check_in_closed(tournament),
    }


@dataclass(frozen=True)
class LateLossChoices:
    """What the Players tab offers about late players while the tournament runs: ``missed``: registration pk -> the
    Swiss (or pods) rounds it has no match in, in order (an opponentless loss may be recorded for them:
    ``services.late_losses.late_loss_record``); ``recorded``: registration pk -> ``(round number, match pk)`` of
    each opponentless loss it has (``late_loss_remove``)."""

    missed: dict[int, list[int]] = field(default_factory=dict)
    recorded: dict[int, list[tuple[int, int]]] = field(default_factory=dict)


def late_loss_choices(tournament: Tournament, registrations: list[Registration]) -> LateLossChoices:
    """The :class:`LateLossChoices` of ``registrations`` (those taking part; rounds after a player's drop left out;
    players with nothing to offer left out); empty unless the tournament runs. Queries: 1 (every seat of the Swiss
    rounds: a paired round always has one)."""
    if tournament.status != Tournament.Status.RUNNING:
        return LateLossChoices()
    rows = list(Seat.objects.filter(match__round__tournament=tournament,
                                    match__round__kind__in=(Round.Kind.SWISS, Round.Kind.PODS))
                .values_list("registration_id", "match__round__number", "match__opponentless_loss", "match_id"))
    seated = {(pk, n) for pk, n, _, _ in rows}
    numbers = sorted({n for _, n, _, _ in rows})
    choices = LateLossChoices()
    for pk, n, late, match_id in sorted(rows, key=lambda row: row[1]):
        if late:
            choices.recorded.setdefault(pk, []).append((n, match_id))
    for r in registrations:
        if r.withdrawn or r.waitlisted or r.disqualified:
            continue
        last = r.dropped_after_round
        missed = [n for n in numbers if (r.pk, n) not in seated and (last is None or n <= last)]
        if missed:
            choices.missed[r.pk] = missed
    return choices


def claimable_walk_ins(tournament: Tournament) -> bool:
    """True if the tournament has a walk-in entry no account has claimed yet (1 query)."""
    return tournament.registrations.filter(player__isnull=True).exclude(claim_code="").exists()


# --------------------------------------------------------------------------- the player's own events
@dataclass
class MatchNow:
    """Where a player stands in one tournament (the "your match now" panel of ``/me/`` and the event page).

    ``registration`` (with its ``tournament``); ``deck_status``: "legal" (a legal decklist is registered),
    "not_legal" (decklists submitted, none legal) or "none"; for a running tournament ``round``: its latest
    round (None before round 1), ``match``: the player's match in that round (None when not paired in it, or
    when the round is a draft the player may not see yet: ``round.is_draft``),
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
                     .select_related("tournament__winner__player", "player")
                     .annotate(decklists=Count("deck_submissions"))
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
    tournaments = {e.tournament.pk: e.tournament for e in running}
    for rnd in Round.objects.filter(tournament_id__in=list(tournaments)).order_by("number"):
        rnd.tournament = tournaments[rnd.tournament_id]
        latest[rnd.tournament_id] = rnd
    for event in running:
        event.round = latest.get(event.tournament.pk)
    # a draft round's table stays hidden from a player who is not on the staff (round_visible)
    shown = [rnd for rnd in latest.values() if not rnd.is_draft or sees_drafts(rnd.tournament, user)]
    mine = {seat.registration_id: seat for seat in Seat.objects.filter(
        registration__in=[e.registration for e in running if e.round is not None],
        match__round__in=shown).select_related("match")} if shown else {}
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
    at a multiplayer table, "" for a bye), ``opponents`` (names in seat order), ``bye`` (one seat: a bye or a late
    loss), ``late_loss`` (a loss with no opponent: ``Match.opponentless_loss``)."""

    name: str
    table: int
    side: str
    opponents: tuple[str, ...]
    bye: bool
    late_loss: bool = False


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
                                     opponents=others, bye=len(seats) == 1,
                                     late_loss=len(seats) == 1 and match.opponentless_loss))
    return sorted(lines, key=lambda line: (line.name.casefold(), line.name, line.table))


def rounds_tables(tournament: Tournament) -> list[tuple[int, int, int]]:
    """(round number, tables, confirmed tables) of every round in order, in one query: how far the standings
    go ("after round 2; round 3 in progress")."""
    rows = (tournament.rounds.order_by("number")
            .annotate(tables=Count("matches"),
                      confirmed=Count("matches", filter=Q(matches__status=Match.Status.CONFIRMED)))
            .values_list("number", "tables", "confirmed"))
    return list(rows)


def round_started(rnd: Round) -> bool:
    """Whether a result was reported in the round (any submission but a bye's): it can no longer be swapped or
    paired again (``services.round_changes`` refuses with ``round_started``). One query."""
    return ResultSubmission.objects.filter(match__round=rnd).exclude(source=ResultSubmission.Source.PAIRING).exists()


def audit_entries(tournament: Tournament, *, action: str = "",
                  registration: Registration | None = None) -> QuerySet[AuditEntry]:
    """The tournament's audit log, newest first, with the actor and the match's round (for the Audit log tab).
    ``action``: only entries of that ``AuditEntry.Action`` value; ``registration``: only entries about that player:
    those naming them (``before``/``after`` key ``player``: drops, penalties, check-in, byes, walk-ins) and those of
    a match they are seated at (results, disputes, time extensions). One query (a count more when paginated)."""
    entries = AuditEntry.objects.filter(tournament=tournament).select_related("actor", "match__round")
    if action:
        entries = entries.filter(action=action)
    if registration is not None:
        name = registration.display_name
        entries = entries.filter(Q(after__player=name) | Q(before__player=name)
                                 | Q(match__in=Seat.objects.filter(registration=registration).values("match")))
    return entries.order_by("-created_at", "-id")


def staff_names(tournament: Tournament) -> list[str]:
    """The co-organisers' (judges') usernames, sorted (one query); the organiser is ``tournament.organiser``."""
    return sorted(tournament.co_organisers.values_list("username", flat=True))


def saved_language(user_id: int) -> str:
    """The language code the user chose with the language switch ("pt-br", ...), "" when they never chose (1 query)."""
    from_row = UserPreferences.objects.filter(user_id=user_id).values_list("language", flat=True).first()
    return from_row or ""


def stopped_emails(user_id: int) -> list[tuple[str, str]]:
    """The notification mails the user stopped (issue 25), as (event, label in the active language); the event ""
    (every mail) first. One query."""
    events = sorted(NotificationOptOut.objects.filter(user_id=user_id).values_list("event", flat=True))
    return [(event, str(NotificationEvent(event).label) if event else gettext("Every e-mail"))
            for event in events if not event or event in NotificationEvent.values]


# --------------------------------------------------------------------------- a player's record (issue 20, item 9)
@dataclass(frozen=True)
class RecordMatch:
    """One of a player's matches in an event: ``round`` (number), ``elimination`` (a top-cut or bracket round),
    ``table`` (number), ``opponents`` (their names, ``Registration.display_name``), ``status`` (``Match.Status``),
    ``outcome``: "bye", "late_loss" (a loss with no opponent), "won", "lost", "drew", "placed" (a table of three or more) or "" (not confirmed yet),
    ``score`` from the player's side ("2-1", "2-1-1" with drawn games; "" at a table or for a bye), ``placement``
    (the player's place at a table of three or more, else None)."""

    round: int
    elimination: bool
    table: int
    opponents: tuple[str, ...]
    status: str
    outcome: str
    score: str = ""
    placement: int | None = None


@dataclass(frozen=True)
class PlayerRecord:
    """A player's record in one event: ``standing``: their row of the newest standings snapshot (rank, points
    (match points), wins, losses, draws, and after an elimination phase placing and placing_band; None before the
    first confirmed result or when they are not in it: a disqualified player), ``final``: the event is finished
    (the standing is the final placing), ``matches``: every match they were seated at, round by round."""

    standing: dict | None
    final: bool
    matches: tuple[RecordMatch, ...]


def _record_match(match: Match, seats: list[Seat], registration_id: int) -> RecordMatch:
    mine = next(s for s in seats if s.registration_id == registration_id)
    others = [s for s in seats if s.registration_id != registration_id]
    unconfirmed = RecordMatch(
        round=match.round.number, elimination=match.round.kind == Round.Kind.ELIMINATION, table=match.table,
        opponents=tuple(s.registration.display_name for s in others), status=match.status, outcome="")
    if not others:
        return replace(unconfirmed, outcome="late_loss" if match.opponentless_loss else "bye")
    if match.status != Match.Status.CONFIRMED:
        return unconfirmed
    if len(seats) > 2:
        return replace(unconfirmed, outcome="placed", placement=mine.placement)
    other = others[0]
    score = f"{mine.wins or 0}-{other.wins or 0}" + (f"-{match.draws}" if match.draws else "")
    won = mine.placement == 1 and other.placement != 1
    drew = mine.placement == other.placement
    return replace(unconfirmed, outcome="won" if won else "drew" if drew else "lost", score=score)


def _latest_snapshots(tournament_ids: list[int]) -> dict[int, StandingsSnapshot]:
    """The newest standings snapshot of each tournament (one query)."""
    newest = Subquery(StandingsSnapshot.objects.filter(tournament_id=OuterRef("tournament_id"))
                      .order_by("-version").values("version")[:1])
    return {s.tournament_id: s for s in StandingsSnapshot.objects.filter(
        tournament_id__in=tournament_ids, version=newest).order_by()}


def player_records(registrations: list[Registration], *, with_matches: bool = True) -> dict[int, PlayerRecord]:
    """The record of each registration (its ``tournament`` loaded) in a started event, by registration id: the
    player's row of the newest standings snapshot and (``with_matches``) every match they played. Three queries
    whatever the number of events (the snapshots; the player's seats with their matches and rounds; every seat of
    those matches with its registration and player), one without matches; none for no started event."""
    started = [r for r in registrations if r.tournament.status in (Tournament.Status.RUNNING,
                                                                   Tournament.Status.FINISHED)]
    if not started:
        return {}
    snapshots = _latest_snapshots([r.tournament_id for r in started])
    matches: dict[int, list[RecordMatch]] = {r.pk: [] for r in started}
    if with_matches:
        mine = list(Seat.objects.filter(registration__in=started).select_related("match__round")
                    .order_by("match__round__number", "match__table"))
        table_seats: dict[int, list[Seat]] = {}
        for seat in (Seat.objects.filter(match__in=[s.match_id for s in mine])
                     .select_related("registration__player").order_by("number")):
            table_seats.setdefault(seat.match_id, []).append(seat)
        for seat in mine:
            matches[seat.registration_id].append(
                _record_match(seat.match, table_seats.get(seat.match_id, [seat]), seat.registration_id))
    records = {}
    for r in started:
        snapshot = snapshots.get(r.tournament_id)
        row = next((row for row in snapshot.rows if row.get("player") == str(r.pk)), None) if snapshot else None
        records[r.pk] = PlayerRecord(standing=row, final=r.tournament.status == Tournament.Status.FINISHED,
                                     matches=tuple(matches[r.pk]))
    return records


def finished_events_of(user_id: int) -> list[tuple[Registration, PlayerRecord]]:
    """A player's public record (``/players/<id>/``): their entries in finished events (withdrawn and waiting-list
    entries left out), newest first, each with its ``PlayerRecord`` without matches. Two queries whatever the
    number of events (the entries with their tournaments, the snapshots)."""
    entries = list(Registration.objects.entered().filter(
        player_id=user_id, tournament__status=Tournament.Status.FINISHED).select_related("tournament")
        .order_by("-tournament__date", "-tournament_id"))
    records = player_records(entries, with_matches=False)
    return [(r, records[r.pk]) for r in entries]


# --- webhooks (issue 25, item 3) ----------------------------------------------------------------------------------

def _seats_data(match: Match) -> list[dict[str, Any]]:
    return [{"registration": seat.registration_id, "player": seat.registration.display_name,
             "wins": seat.wins, "placement": seat.placement} for seat in match.seats.all()]


def _match_with_seats(match_id: int) -> Match:
    return (Match.objects.select_related("round").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.order_by("number").select_related("registration__player")))
        .get(pk=match_id))


def webhook_event_data(event: str, tournament: Tournament, ids: dict[str, Any]) -> dict[str, Any]:
    """The ``data`` of a webhook's body for ``event`` (``tournaments.notifications.events``), read from ``ids``
    (the data the event was announced with). Times are ISO 8601 (UTC):

    * ``round.paired`` / ``round.published`` (``round_id``, ``matches``): ``{"round", "kind", "tables": [{"table",
      "players": [names in seat order], "registrations": [ids], "bye", "opponentless_loss"}]}``, and after a swap
      or a re-pair ``"changed"``: the numbers of the tables whose players changed;
    * ``round.started`` (``round_id``): ``{"round", "started_at", "ends_at", "minutes"}`` (``minutes``: the round's
      time with its extensions);
    * ``round.time`` (``round_id``, ``called_at``): ``{"round", "called_at", "open_tables": [{"table", "players",
      "extra_minutes"}]}`` (the tables without a confirmed result, byes left out);
    * ``result.reported`` (``match_id``, ``submission_id``): ``{"match", "round", "table", "reported_by",
      "players": [names in seat order], "wins", "placements", "draws"}`` (the reported outcome, unconfirmed);
    * ``result.confirmed`` (``match_id``): ``{"match", "round", "table", "draws", "seats": [{"registration",
      "player", "wins", "placement"}]}``;
    * ``result.disputed`` (``match_id``): ``{"match", "round", "table", "players", "reason"}``;
    * ``standings.updated`` (``version``): ``{"version", "top": [{"rank", "player", "points", "registration"}]}``
      (the first 16 rows);
    * ``player.dropped`` (``registration_id``): ``{"registration", "player", "dropped_after_round"}``;
    * ``event.finished``: ``{"winner", "winner_registration", "rounds"}``;
    * ``deck.refused`` (``registration_id``, ``submission_id``, ``verdict``): ``{"registration", "player",
      "submission", "violations": [{"code", "rule", "message"}]}`` (the messages in English).
    """
    if event in ("round.paired", "round.published"):
        rnd = Round.objects.get(pk=ids["round_id"])
        matches = list(rnd.matches.order_by("table").prefetch_related(
            Prefetch("seats", queryset=Seat.objects.order_by("number").select_related("registration__player"))))
        data: dict[str, Any] = {"round": rnd.number, "kind": rnd.kind, "tables": [
            {"table": m.table, "players": [s.registration.display_name for s in m.seats.all()],
             "registrations": [s.registration_id for s in m.seats.all()],
             "bye": len(m.seats.all()) == 1 and not m.opponentless_loss, "opponentless_loss": m.opponentless_loss}
            for m in matches]}
        if ids.get("matches") is not None:
            changed = set(ids["matches"])
            data["changed"] = [m.table for m in matches if m.pk in changed]
        return data
    if event == "round.started":
        rnd = Round.objects.get(pk=ids["round_id"])
        ends_at = rnd.ends_at(tournament.round_minutes)
        return {"round": rnd.number, "started_at": rnd.started_at.isoformat() if rnd.started_at else None,
                "ends_at": ends_at.isoformat() if ends_at else None,
                "minutes": tournament.round_minutes + rnd.clock_extra_minutes}
    if event == "round.time":
        rnd = Round.objects.get(pk=ids["round_id"])
        open_matches = rnd.matches.exclude(status=Match.Status.CONFIRMED).order_by("table").prefetch_related(
            Prefetch("seats", queryset=Seat.objects.order_by("number").select_related("registration__player")))
        return {"round": rnd.number, "called_at": ids.get("called_at"), "open_tables": [
            {"table": m.table, "players": [s.registration.display_name for s in m.seats.all()],
             "extra_minutes": m.extra_minutes}
            for m in open_matches if len(m.seats.all()) > 1]}
    if event == "result.reported":
        match = _match_with_seats(ids["match_id"])
        submission = ResultSubmission.objects.select_related("submitted_by").get(pk=ids["submission_id"])
        reporter = next((s.registration.display_name for s in match.seats.all()
                         if s.registration.player_id == submission.submitted_by_id), submission.submitted_by.username)
        outcome = submission.outcome or {}
        return {"match": match.pk, "round": match.round.number, "table": match.table, "reported_by": reporter,
                "players": [s.registration.display_name for s in match.seats.all()],
                "wins": outcome.get("wins"), "placements": outcome.get("placements"), "draws": outcome.get("draws")}
    if event == "result.confirmed":
        match = _match_with_seats(ids["match_id"])
        return {"match": match.pk, "round": match.round.number, "table": match.table, "draws": match.draws,
                "seats": _seats_data(match)}
    if event == "result.disputed":
        match = _match_with_seats(ids["match_id"])
        disputed = match.submissions.filter(state=ResultSubmission.State.DISPUTED).order_by("-pk").first()
        return {"match": match.pk, "round": match.round.number, "table": match.table,
                "players": [s.registration.display_name for s in match.seats.all()],
                "reason": disputed.dispute_reason if disputed else ""}
    if event == "standings.updated":
        snapshot = tournament.snapshots.filter(version=ids["version"]).first()
        rows = (snapshot.rows if snapshot else [])[:16]
        names = {str(r.pk): r.display_name for r in Registration.objects.filter(
            tournament=tournament, pk__in=[int(row["player"]) for row in rows if str(row["player"]).isdigit()])
            .select_related("player")}
        return {"version": ids["version"], "top": [
            {"rank": row["rank"], "player": names.get(str(row["player"]), str(row["player"])),
             "registration": int(row["player"]) if str(row["player"]).isdigit() else None, "points": row["points"]}
            for row in rows]}
    if event == "player.dropped":
        registration = Registration.objects.select_related("player").get(pk=ids["registration_id"])
        return {"registration": registration.pk, "player": registration.display_name,
                "dropped_after_round": registration.dropped_after_round}
    if event == "event.finished":
        winner = tournament.winner
        return {"winner": winner.display_name if winner else None, "winner_registration": tournament.winner_id,
                "rounds": tournament.rounds.count()}
    if event == "deck.refused":
        registration = Registration.objects.select_related("player").get(pk=ids["registration_id"])
        violations = (ids.get("verdict") or {}).get("violations", [])
        return {"registration": registration.pk, "player": registration.display_name,
                "submission": ids.get("submission_id"),
                "violations": [{"code": v.get("code", ""), "rule": v.get("rule", ""), "message": v.get("message", "")}
                               for v in violations]}
    return {}


def webhooks_of(tournament: Tournament) -> list[Webhook]:
    """The tournament's webhooks, oldest first (the staff's Settings page and the API)."""
    return list(Webhook.objects.filter(tournament=tournament).order_by("pk"))


def webhook_deliveries(tournament: Tournament, limit: int = 50) -> list[WebhookDelivery]:
    """The tournament's latest ``limit`` webhook deliveries, newest first, with their hook."""
    return list(WebhookDelivery.objects.filter(webhook__tournament=tournament).select_related("webhook")
                .order_by("-created_at", "-pk")[:limit])


def api_tokens_of(user) -> list[ApiToken]:
    """The user's API tokens, newest first, the revoked ones included (the account page)."""
    return list(ApiToken.objects.filter(user=user).order_by("-created_at", "-pk"))


def shared_pools(matches: Iterable[Match]) -> dict[int, dict[str, Any]]:
    """The shared pools of off-the-top ``matches`` (``MatchPool``) by match id: ``{"count", "sets", "cards" (keys
    in stack order), "groups": [{"card_type", "count", "cards": [(Card, copies)]}]}``, card types in the deck
    page's order (``rules.deck_export.group_by_type``). Matches without one are left out. 1 query."""
    catalogue = get_catalogue()
    found: dict[int, dict[str, Any]] = {}
    for pool in MatchPool.objects.filter(match__in=[match.pk for match in matches]):
        cards = [catalogue.get(key) for key in pool.cards if key in catalogue]
        groups = [{"card_type": card_type, "count": sum(copies for _, copies in entries), "cards": entries}
                  for card_type, entries in group_by_type(cards)]
        found[pool.match_id] = {"count": len(cards), "sets": list(pool.sets), "cards": list(pool.cards),
                                "groups": groups}
    return found
