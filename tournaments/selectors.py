"""Reads for pages and the API (query counts kept flat: select_related / prefetch)."""

from __future__ import annotations

from django.db.models import Case, IntegerField, QuerySet, Value, When

from tournaments.models import Match, Registration, Round, StandingsSnapshot, Tournament


def tournament_list() -> QuerySet[Tournament]:
    return Tournament.objects.select_related("organiser")


def round_matches(rnd: Round) -> QuerySet[Match]:
    return rnd.matches.select_related("player_a__player", "player_b__player").order_by("table")


def latest_snapshot(tournament: Tournament) -> StandingsSnapshot | None:
    return tournament.snapshots.order_by("-version").first()


def registration_of(tournament: Tournament, user) -> Registration | None:
    if not user.is_authenticated:
        return None
    return tournament.registrations.filter(player=user).first()


def match_of(tournament: Tournament, rnd: Round, user) -> Match | None:
    """The user's match in ``rnd``, if they play in it."""
    reg = registration_of(tournament, user)
    if reg is None:
        return None
    return round_matches(rnd).filter(player_a=reg).first() or round_matches(rnd).filter(player_b=reg).first()


def open_matches(tournament: Tournament) -> QuerySet[Match]:
    """Tables of the tournament without a confirmed result (disputed first), for the organiser."""
    return (
        Match.objects.filter(round__tournament=tournament)
        .exclude(status=Match.Status.CONFIRMED)
        .select_related("round", "player_a__player", "player_b__player")
        .annotate(urgency=Case(When(status=Match.Status.DISPUTED, then=Value(0)),
                               When(status=Match.Status.REPORTED, then=Value(1)),
                               default=Value(2), output_field=IntegerField()))
        .order_by("urgency", "round__number", "table")
    )


def standings_etag(tournament_id: int, user=None) -> str | None:
    """An ETag for the standings of a tournament: its newest snapshot version and results version.

    One query. ``user`` (pages carry the user's name) makes the tag per user; None for the API,
    whose body does not depend on who asks. None when the tournament does not exist.
    """
    from django.db.models import Max

    row = (Tournament.objects.filter(pk=tournament_id).annotate(latest=Max("snapshots__version"))
           .values_list("results_version", "latest").first())
    if row is None:
        return None
    who = f"-u{user.pk}" if user is not None and user.is_authenticated else ""
    return f"standings-{tournament_id}-v{row[1] or 0}-r{row[0]}{who}"
