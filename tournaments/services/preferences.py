"""A user's preferences (``UserPreferences``): the language they chose with the language switch.

Not a tournament result or registration, so no ``AuditEntry``: a user only ever changes their own row."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import User

from tournaments.models import UserPreferences

LANGUAGE_CODES = frozenset(code for code, _ in settings.LANGUAGES)


def save_language(user: User, language: str) -> bool:
    """Remember ``language`` (a code of ``settings.LANGUAGES``, e.g. "pt-br") for the logged-in ``user``.

    Returns False (and saves nothing) for a code that is not one of the site's languages, True otherwise.
    One query (an upsert) for a new or changed choice."""
    if language not in LANGUAGE_CODES:
        return False
    UserPreferences.objects.update_or_create(user=user, defaults={"language": language})
    return True
