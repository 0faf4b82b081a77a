"""factory_boy factories for volume; personas live in conftest.py."""

from __future__ import annotations

import factory
from django.contrib.auth.models import User


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n:04d}")
    password = factory.PostGenerationMethodCall("set_password", "player-pass-123")


class CardRecordFactory(factory.django.DjangoModelFactory):
    """A catalogue row; by default an ally of a made-up set "ZZ"."""

    class Meta:
        model = "decks.CardRecord"

    set_code = "ZZ"
    number = factory.Sequence(lambda n: n + 1)
    key = factory.LazyAttribute(lambda o: f"{o.set_code}/{o.number}")
    name = factory.Sequence(lambda n: f"Test Card {n}")
    card_type = "Ally"
    champion_type = ""
    level = ""
    level_value = None
    world = "None"
    is_avatar = False
