import secrets

from django.contrib.auth.models import Group, User
from django.core.management.base import BaseCommand

from tournaments.services.permissions import ORGANISERS_GROUP


class Command(BaseCommand):
    help = "Create the organiser account (once) and print its login; does nothing if it exists."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--username", default="organiser")

    def handle(self, *args, username: str, **options) -> None:
        group, _ = Group.objects.get_or_create(name=ORGANISERS_GROUP)
        if User.objects.filter(username=username).exists():
            self.stdout.write(f"Organiser account '{username}' already exists (its password was printed when "
                              "it was created; reset it with: python manage.py changepassword "
                              f"{username}).")
            return
        password = secrets.token_urlsafe(12)
        user = User.objects.create_user(username, password=password, is_staff=True)
        user.groups.add(group)
        self.stdout.write(self.style.SUCCESS(f"Organiser login (shown once): username '{username}', "
                                             f"password '{password}'"))
