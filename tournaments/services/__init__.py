"""Every write to a tournament goes through a service here: ``<entity>_<action>``,
keyword-only, atomic, with the acting user passed in so permissions and the audit
log are checked in one place."""

from tournaments.services.deck_status import registration_deck_status_set  # noqa: F401
from tournaments.services.formats import tournament_format_set  # noqa: F401
from tournaments.services.penalties import penalty_issue  # noqa: F401
from tournaments.services.results import (  # noqa: F401
    result_confirm,
    result_dispute,
    result_report,
    result_settle,
)
from tournaments.services.rounds import round_pair_next, tournament_finish  # noqa: F401
from tournaments.services.standings import standings_recompute  # noqa: F401
from tournaments.services.tournaments import (  # noqa: F401
    player_drop,
    co_organiser_add,
    co_organiser_remove,
    player_register,
    tournament_close_registration,
    tournament_create,
    tournament_open_registration,
    tournament_start,
    tournament_update,
)
