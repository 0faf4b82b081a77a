"""Day 2: the organiser declares a second Swiss phase for the players who pass a cut.

Terms (``rules.history``, "phase"; ``rules.standings.phases``)
-----------------------------------------------------------
phase
    Day 1 is the tournament's ``swiss_rounds`` Swiss rounds (``Round.phase`` 1). Day 2 (phase 2) is a further
    number of Swiss rounds played only by the players who passed the cut at the end of day 1 (``points``: at least
    N match points; ``record``: at most N losses, "X-N or better"; ``top``: the first N of day 1's standings),
    carrying their day-1 points, as the Play! Pokémon Tournament Rules Handbook runs day 2 and TOM places it. The
    others keep their day-1 standing, below every day-2 player; a top cut, if the event has one, follows day 2.

Why an action and not a setting of the event: the cut and day 2's length are decided when day 1 ends, from the
attendance (TOM's round count for day 2 follows the number of players who advance), and an event that was planned
as one day needs no edit of its structure to go on. So the organiser starts day 2 on the Round tab once day 1's
last round is confirmed (before any top cut round); from then on ``rules.structures.next_round`` pairs day 2 among
the advancing players only (``Tournament.phases`` gives the history its ``phases``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from rules.history import CUT_KINDS, Cut, Phase
from rules.standings import StandingsError, compute_phase_standings
from rules.structure_registry import MAX_SWISS_ROUNDS

from tournaments.adapters import history_for, standings_options
from tournaments.errors import Conflict, UserError
from tournaments.models import AuditEntry, Round, Tournament
from tournaments.services.organiser import organiser_action
from tournaments.services.pairing import require_round_finished
from tournaments.services.standings import queue_standings


def day_two_cut(kind: str, value: Any) -> Cut:
    """The cut ``kind`` (one of ``rules.history.CUT_KINDS``) with its whole number ``value`` (0 or more; a top N at
    least 2). Raises UserError (``bad_cut``) otherwise."""
    if (
        kind not in CUT_KINDS
        or isinstance(value, bool)
        or not isinstance(value, int)
        or value < 0
        or (kind == "top" and value < 2)
    ):
        raise UserError(
            _(
                "Choose a cut: at least N match points, at most N losses (X-N or better) or the top N "
                "(2 or more)."
            ),
            code="bad_cut",
            params={"kind": kind, "value": value},
        )
    return Cut(kind, value)


@transaction.atomic
def day_two_start(
    *,
    tournament: Tournament,
    actor,
    cut_kind: str,
    cut_value: Any,
    rounds: Any,
    reason: str = "",
    idempotency_key: str = "",
) -> Tournament:
    """The organiser starts day 2 (module docstring): ``rounds`` more Swiss rounds (1 to ``MAX_SWISS_ROUNDS``) for
    the players who pass the cut ``cut_kind``/``cut_value`` (``day_two_cut``) on day 1's standings. Stores
    ``Tournament.phases``, logs it (``AuditEntry.Action.TOURNAMENT_EDITED``, before/after the phases), recomputes
    the standings. Returns the tournament, its ``phases`` set (who advances: ``day_two_players``).

    Raises NotAllowed (not an organiser), Conflict (``not_running``; ``not_swiss``: only a Swiss event of single
    players has a day 2; ``day_two_started``: already declared; ``day_one_running``: day 1's rounds are not all
    played; ``results_missing``: its last round has tables without a confirmed result; ``top_cut_started``: an
    elimination round is paired; ``finished``), UserError (``bad_cut``; ``bad_rounds``; ``too_few_advance``: fewer
    than two players pass the cut).
    """
    act = organiser_action(
        tournament,
        actor,
        action="day_two_start",
        idempotency_key=idempotency_key,
        reason=reason,
        payload={"cut_kind": cut_kind, "cut_value": cut_value, "rounds": rounds},
    )
    tournament = act.tournament
    if act.repeated:
        return act.first(Tournament)
    if tournament.status != Tournament.Status.RUNNING:
        raise Conflict(_("Day 2 starts while the tournament is running."), code="not_running")
    if tournament.structure != Tournament.Structure.SWISS or tournament.team_size > 1:
        raise Conflict(_("Only a Swiss event of single players has a day 2."), code="not_swiss")
    if tournament.phases:
        raise Conflict(_("Day 2 has been started already."), code="day_two_started")
    cut = day_two_cut(cut_kind, cut_value)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_SWISS_ROUNDS:
        raise UserError(
            _("Day 2 plays 1 to %(max)s rounds."), code="bad_rounds", params={"max": MAX_SWISS_ROUNDS}
        )
    if tournament.rounds.filter(kind=Round.Kind.ELIMINATION).exists():
        raise Conflict(_("The top cut has started: day 2 comes before it."), code="top_cut_started")
    played = tournament.rounds.filter(kind=Round.Kind.SWISS).count()
    if played < tournament.swiss_rounds:
        raise Conflict(
            _("Day 1 has %(count)s of its %(rounds)s rounds paired: play them all, then start day 2."),
            code="day_one_running",
            params={"count": played, "rounds": tournament.swiss_rounds},
        )
    require_round_finished(tournament)
    phases = [Phase(rounds=tournament.swiss_rounds).to_json(), Phase(rounds=rounds, cut=cut).to_json()]
    tournament.phases = phases
    advanced = day_two_players(tournament)
    if len(advanced) < 2:
        raise UserError(
            _("Only %(count)s player passes this cut: day 2 needs two or more. Choose a wider cut."),
            code="too_few_advance",
            params={"count": len(advanced)},
        )
    Tournament.objects.filter(pk=tournament.pk).update(phases=phases)
    AuditEntry.objects.create(
        tournament=tournament,
        actor=actor,
        action=AuditEntry.Action.TOURNAMENT_EDITED,
        reason=act.reason or f"Day 2 started: {rounds} rounds, cut {cut.to_json()}",
        before={"phases": []},
        after={"phases": phases, "advanced": len(advanced)},
    )
    queue_standings(tournament)
    return act.done(tournament)


def day_two_players(tournament: Tournament) -> list[str]:
    """The players (registration pks as str, in day-1 standings order) who pass the cut into day 2
    (``tournament.phases`` as set on the instance; ``[]`` without a day 2). Raises UserError for tiebreaker
    options the rules refuse."""
    try:
        standings = compute_phase_standings(
            history_for(tournament), tournament.tiebreakers, **standings_options(tournament)
        )
    except StandingsError as exc:
        raise UserError.from_rules(exc) from exc
    return list(standings[0].advanced) if len(standings) > 1 else []
