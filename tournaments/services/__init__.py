"""Every write to a tournament goes through a service here: ``<entity>_<action>``,
keyword-only, atomic, with the acting user passed in so permissions and the audit
log are checked in one place (an organiser's action opens with
``tournaments.services.organiser.organiser_action``)."""

from tournaments.services.accounts import account_update, email_verification_send, email_verify  # noqa: F401
from tournaments.services.deck_status import registration_deck_status_set  # noqa: F401
from tournaments.services.entries import player_drop, player_register  # noqa: F401
from tournaments.services.formats import tournament_format_set  # noqa: F401
from tournaments.services.late_losses import late_loss_record, late_loss_remove  # noqa: F401
from tournaments.services.lifecycle import (  # noqa: F401
    tournament_close_registration,
    tournament_finish,
    tournament_open_registration,
    tournament_start,
)
from tournaments.services.pairing import round_pair_next  # noqa: F401
from tournaments.services.phases import day_two_start  # noqa: F401
from tournaments.services.penalties import penalty_issue  # noqa: F401
from tournaments.services.results import (  # noqa: F401
    result_confirm,
    result_dispute,
    result_report,
    result_settle,
)
from tournaments.services.staff import co_organiser_add, co_organiser_remove  # noqa: F401
from tournaments.services.standings import standings_recompute  # noqa: F401
from tournaments.services.tournaments import tournament_create, tournament_update  # noqa: F401
