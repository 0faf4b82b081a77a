"""Reads for pages and the API (query counts kept flat: select_related / prefetch)."""

from __future__ import annotations

import logging

from django.conf import settings
from django.db.models import Case, Count, IntegerField, Max, Prefetch, QuerySet, Value, When

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
from tournaments.services.results import describe_record, outcome_text
from tournaments.services.scoring import Outcome
from tournaments.services.standings import standings_recompute

logger = logging.getLogger(__name__)


def tournament_list() -> QuerySet[Tournament]:
    return Tournament.objects.select_related("organiser")


def round_matches(rnd: Round) -> QuerySet[Match]:
    """The round's matches in table order with their seats and players (2 queries)."""
    return rnd.matches.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("registration__player").order_by("number"))
    ).order_by("table")


def round_state(rnd: Round, results_version: int) -> tuple[int, str]:
    """(tables, a version of everything the round page shows) in one query (grouped by status, no join): the
    count of tables in each status, and the tournament's results version (every confirmed result, correction
    or override bumps it). The round page's rendered tables are cached under it (``tournaments.pages.crowd``)."""
    counts = dict(rnd.matches.order_by().values_list("status").annotate(n=Count("pk")).values_list("status", "n"))
    tables = sum(counts.values())
    return tables, "-".join([str(results_version), *(str(counts.get(s, 0)) for s in Match.Status.values)])


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
    """The newest standings snapshot (one query).

    On the embedded default (eager tasks) a snapshot older than ``tournament.results_version`` is
    brought up to date here, on its first read: confirmations inside ``STANDINGS_EAGER_WINDOW_SECONDS``
    defer their recompute (``tournaments.tasks.send_recompute``). If that fails (a locked SQLite
    database) the older snapshot is shown, marked as updating. The scaled path leaves it to the workers."""
    snapshot = tournament.snapshots.order_by("-version").first()
    behind = snapshot is None and tournament.results_version > 0 or (
        snapshot is not None and snapshot.version < tournament.results_version)
    if behind and settings.CELERY_TASK_ALWAYS_EAGER:
        try:
            snapshot = standings_recompute(tournament_id=tournament.pk) or tournament.snapshots.order_by(
                "-version").first()
        except Exception:
            logger.exception("The standings of tournament %s could not be brought up to date on read.",
                             tournament.pk)
    return snapshot


def registration_of(tournament: Tournament, user) -> Registration | None:
    if not user.is_authenticated:
        return None
    return tournament.registrations.filter(player=user).first()


def match_of(tournament: Tournament, rnd: Round, user) -> Match | None:
    """The user's match in ``rnd``, if they play in it."""
    reg = registration_of(tournament, user)
    if reg is None:
        return None
    return round_matches(rnd).filter(seats__registration=reg).first()


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
    names = {s.number: s.registration.display_name for s in seats}
    rows = []
    for sub in match.submissions.select_related("submitted_by", "responded_by").order_by("-submitted_at", "-id"):
        rows.append({
            "submission": sub, "source": sub.get_source_display(), "by": sub.submitted_by.get_username(),
            "at": sub.submitted_at, "state": sub.state, "state_display": sub.get_state_display(),
            "result": outcome_text(seats, Outcome.from_json(sub.outcome)),
            "games": describe_record(sub.record, names), "reason": sub.reason,
            "dispute_reason": sub.dispute_reason,
            "responded_by": sub.responded_by.get_username() if sub.responded_by else "",
        })
    return rows


def pending_submission(match: Match) -> ResultSubmission | None:
    """The match's report waiting for confirmation, if any."""
    return match.submissions.filter(state=ResultSubmission.State.PENDING).select_related("submitted_by").first()


def saved_language(user_id: int) -> str:
    """The language code the user chose with the language switch ("pt-br", ...), "" when they never chose (1 query)."""
    from_row = UserPreferences.objects.filter(user_id=user_id).values_list("language", flat=True).first()
    return from_row or ""
