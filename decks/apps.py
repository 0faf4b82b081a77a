from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks and card catalogue"

    def ready(self) -> None:
        # Connect the receivers of tournaments' signals. The one import that waits for ready():
        # the receivers use models, which cannot load while the app registry is being built.
        # Not a dodged cycle: nothing imports decks.receivers.
        from . import receivers  # noqa: F401
