"""Quick events for the manage-page tests: players with a legal deck flag (no decklist parsing)."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User

from tournaments import services
from tournaments.models import Registration, Round, Tournament


def quick_event(organiser, players: int, *, start: bool = True, decks: bool = True, prefix: str = "p",
                **options) -> tuple[Tournament, list[Registration]]:
    """A tournament with ``players`` registered players (p00, p01, ...) flagged as having a legal deck; started
    unless ``start`` is False."""
    t = services.tournament_create(actor=organiser, name="Friday Swiss", date=datetime.date(2026, 12, 5), **options)
    services.tournament_open_registration(tournament=t, actor=organiser)
    regs = []
    for i in range(players):
        user = User.objects.create_user(f"{prefix}{i:02d}")
        regs.append(services.player_register(tournament=t, actor=user))
    if decks:
        Registration.objects.filter(pk__in=[r.pk for r in regs]).update(has_legal_deck=True)
    if start:
        services.tournament_start(tournament=t, actor=organiser)
    return Tournament.objects.get(pk=t.pk), [Registration.objects.get(pk=r.pk) for r in regs]


def settle_all(rnd: Round, organiser, tables: set[int] | None = None) -> None:
    """The organiser enters seat A's 2-0 win at every open duel of the round (or only at ``tables``)."""
    for match in rnd.matches.exclude(status="confirmed").order_by("table"):
        if tables is None or match.table in tables:
            services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}] * 2, reason="slip")
