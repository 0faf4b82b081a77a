"""Staff who also play: a member of a tournament's staff (its organiser, a co-organiser or a site admin) who has an
entry in it does not decide their own matches, nor act on their own opponent or their own entry; another member
of the staff must (their action is logged as usual). Each refusal is a 403 and a warning in the log
(``tournaments.services.impartiality``), so an attempt leaves a trace even though nothing is written.

Terms:

* *own match*: a match at which the acting user holds a seat (``Registration.belongs_to``);
* *own opponent*: a player seated at the acting user's match of the tournament's current (latest) round: a penalty
  on them decides that match (a disqualification or a match loss there), so it is refused as an own match;
* *own entry*: the acting user's own registration (a penalty on oneself, a reinstatement, byes, a forbidden pair
  or a deck replacement for oneself).

What it covers: settling or overriding a result (``result_settle``), penalties (``penalty_issue``), a table's time
extension (``match_time_extend``), a swap that moves a player into or out of the actor's table
(``round_swap_players``), re-pairing a round the actor plays in (``round_repair``), and the own-entry actions
(``player_reinstate``, ``byes_award``, ``forbidden_pair_set``, ``decks.services.deck_replacement_decide``). A
player's own report, confirmation, dispute and drop stay theirs (``tournaments.services.results``).
"""

from __future__ import annotations

import logging

from django.utils.translation import gettext_lazy as _

from tournaments.errors import NotAllowed
from tournaments.models import Match, Registration, Round, Seat

logger = logging.getLogger(__name__)


def plays_at(user, match: Match) -> bool:
    """True if ``user`` holds a seat at ``match`` (one query, none for a logged-out user)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return Seat.objects.filter(match=match, registration__player=user).exists()


def match_played_by(user, rnd: Round | None) -> Match | None:
    """The match ``user`` plays in round ``rnd``, or None."""
    if rnd is None or not getattr(user, "is_authenticated", False):
        return None
    return rnd.matches.filter(seats__registration__player=user).select_related("round").first()


def _refuse_match(user, match: Match, action: str) -> None:
    logger.warning("own_match refused: %s (%s) tried %s on round %s, table %s of tournament %s, where they play",
                   user.get_username(), user.pk, action, match.round.number, match.table, match.round.tournament_id)
    raise NotAllowed(_("You play at round %(round)s, table %(table)s: another member of the tournament's staff "
                       "must decide it."), code="own_match",
                     params={"round": match.round.number, "table": match.table})


def require_not_own_match(user, match: Match | None, *, action: str) -> None:
    """Raises NotAllowed (``own_match``, logged) when ``user`` plays at ``match`` (None: nothing to check).
    ``action``: the service's name, for the log."""
    if match is not None and plays_at(user, match):
        _refuse_match(user, match, action)


def require_not_own_entry(user, registration: Registration, *, action: str) -> None:
    """Raises NotAllowed (``own_entry``, logged) when ``registration`` is ``user``'s own entry."""
    if registration.belongs_to(user):
        logger.warning("own_entry refused: %s (%s) tried %s on their own entry %s of tournament %s",
                       user.get_username(), user.pk, action, registration.pk, registration.tournament_id)
        raise NotAllowed(_("This is your own entry: another member of the tournament's staff must do this."),
                         code="own_entry")


def require_not_own_opponent(user, registration: Registration, *, match: Match | None, latest: Round | None,
                             action: str) -> None:
    """Raises NotAllowed (logged) when ``registration`` is ``user``'s own entry (``own_entry``), or when ``user``
    plays at ``match`` (the match the action applies to) or, with no match, at ``registration``'s match of the
    ``latest`` round (``own_match``: acting on one's own opponent)."""
    require_not_own_entry(user, registration, action=action)
    if match is None and latest is not None:
        match = latest.matches.filter(seats__registration=registration).select_related("round").first()
    require_not_own_match(user, match, action=action)
