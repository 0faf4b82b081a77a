from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        # Connect the standings job to ``signals.standings_stale``. The one import that waits for
        # ready(): tasks use models, which cannot load while the app registry is being built.
        from . import tasks  # noqa: F401
