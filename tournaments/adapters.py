"""Turn tournament rows into ``rules`` dataclasses (and nothing else).

The ``rules`` package decides; this module only translates. Player ids in a
``rules.history.History`` are registration primary keys as strings.
"""

from __future__ import annotations

from rules.history import History, MatchRecord, PlayerEntry, RoundRecord
from rules.results import Game

from tournaments.models import Match, Tournament


def history_for(tournament: Tournament) -> History:
    """The tournament's match history: every non-withdrawn registration and every confirmed match.

    Matches without a confirmed result are left out; byes are included. Player order is
    registration order. Queries: 2 (registrations, rounds with matches).
    """
    registrations = list(tournament.registrations.filter(withdrawn=False).select_related("player"))
    players = tuple(PlayerEntry(id=str(r.pk), name=r.display_name) for r in registrations)
    rounds = []
    for rnd in tournament.rounds.prefetch_related("matches"):
        records = []
        for match in rnd.matches.all():
            if match.is_bye:
                records.append(MatchRecord(players=(str(match.player_a_id),), bye=True))
            elif match.status == Match.Status.CONFIRMED:
                records.append(
                    MatchRecord(
                        players=(str(match.player_a_id), str(match.player_b_id)),
                        wins=(match.wins_a or 0, match.wins_b or 0),
                        draws=match.draws or 0,
                    )
                )
        rounds.append(RoundRecord(number=rnd.number, matches=tuple(records), elimination=rnd.is_elimination))
    drops = {str(r.pk): r.dropped_after_round for r in registrations if r.dropped_after_round is not None}
    return History(players=players, rounds=tuple(rounds), drops=drops)


SEATS = {"a": 0, "b": 1}


def games_to_rules(games: list[dict]) -> list[Game]:
    """Stored/submitted games (``winner``/``mulligan_by`` as 'a' or 'b') to ``rules.results.Game``.

    Raises ValueError on a seat other than 'a', 'b' or None.
    """
    result = []
    for game in games:
        winner, mulligan_by = game.get("winner"), game.get("mulligan_by")
        for seat in (winner, mulligan_by):
            if seat not in (None, "a", "b"):
                raise ValueError(f"A seat must be 'a' or 'b', not {seat!r}")
        result.append(
            Game(
                winner=SEATS[winner] if winner else None,
                drawn=bool(game.get("drawn")),
                mulligan_by=SEATS[mulligan_by] if mulligan_by else None,
            )
        )
    return result

