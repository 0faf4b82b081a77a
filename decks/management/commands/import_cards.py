from django.core.management.base import BaseCommand

from decks.services import cards_import


class Command(BaseCommand):
    help = "Import the Spellfire card catalogue from SPELLFIRE_CARDS_DIR (../shared/cards) into the database."

    def handle(self, *args, **options) -> None:
        count = cards_import()
        self.stdout.write(f"Card catalogue: {count} cards.")
