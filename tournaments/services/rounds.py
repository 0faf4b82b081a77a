"""The rounds of a tournament, by topic (this module gathers their public names for the callers that use it,
e.g. ``from tournaments.services import rounds as pairing``):

* pairing the next round for every structure: ``tournaments.services.pairing`` (``round_pair_next``,
  ``next_step``; why no round comes next: ``FINISHED_TEXTS``);
* the organiser's changes to a paired round (a swap, a re-pair, publishing a draft):
  ``tournaments.services.round_changes``;
* what pairing takes into account (forbidden pairs, awarded byes, teams): ``tournaments.services.pairing_setup``;
* finishing the tournament once nothing comes next: ``tournaments.services.lifecycle`` (``tournament_finish``).

Every manual change needs a reason and is written to the audit log.
"""

from tournaments.services.lifecycle import tournament_finish  # noqa: F401
from tournaments.services.pairing import BYE_REASON, FINISHED_TEXTS, next_step, round_pair_next  # noqa: F401
from tournaments.services.pairing_setup import (  # noqa: F401
    byes_award,
    forbidden_pair_remove,
    forbidden_pair_set,
    registration_team_set,
)
from tournaments.services.round_changes import round_publish, round_repair, round_swap_players  # noqa: F401
