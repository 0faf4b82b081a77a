from django.apps import AppConfig
from django.urls import register_converter

from tournaments.pages.converters import Id


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # ``<id:...>`` in every URL file (pages and API): registered once, before any URLconf is read.
        register_converter(Id, "id")
        # Connect the standings job to ``signals.standings_stale``. The one import that waits for
        # ready(): tasks use models, which cannot load while the app registry is being built.
        from . import tasks  # noqa: F401 (also connects the webhooks' receiver: tournaments.webhook_tasks)
        # Connect the login receiver that copies a user's saved language into their session (same reason).
        from . import language  # noqa: F401
        # Connect the receivers that retire the cached visitor pages when what they show changes (same reason).
        from . import page_state  # noqa: F401
        # Connect the receivers that forget who a notification can reach (tournaments.notifications.reach).
        from .notifications import reach  # noqa: F401
