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
