"""The language a logged-in user chose, activated on every request (issue 14).

Django's ``LocaleMiddleware`` picks the language from the language cookie, else the browser's
``Accept-Language``, else ``LANGUAGE_CODE`` ("en"). A logged-in user who chose a language with the language
switch (``tournaments.pages.language.set_language``, saved in ``UserPreferences``) gets that language on every
browser: ``UserLanguageMiddleware`` (after ``AuthenticationMiddleware``) activates it and sets the language
cookie when the browser's cookie differs, so the choice outlives a logout on that browser too.

The saved choice is copied into the session when the user logs in (one query, at login; ``user_logged_in``),
so a page costs no extra query; a session from before this existed is filled on its first request."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from tournaments.selectors import saved_language

#: The session key holding the user's saved language ("" = none saved: follow the cookie and the browser).
SESSION_KEY = "_user_language"


@receiver(user_logged_in, dispatch_uid="tournaments.language.remember_on_login")
def remember_on_login(sender, request: HttpRequest | None, user, **kwargs) -> None:
    """Copy the user's saved language into their new session (1 query)."""
    if request is not None and hasattr(request, "session"):
        request.session[SESSION_KEY] = saved_language(user.pk)


class UserLanguageMiddleware:
    """Activate a logged-in user's saved language for the request and keep the browser's cookie in step."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = self._saved(request)
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language  # type: ignore[attr-defined]
        response = self.get_response(request)
        if language and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != language:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME, language,
                max_age=settings.LANGUAGE_COOKIE_AGE, path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN, secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY, samesite=settings.LANGUAGE_COOKIE_SAMESITE,  # type: ignore[arg-type]
            )
        return response

    @staticmethod
    def _saved(request: HttpRequest) -> str:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return ""
        session = request.session
        if SESSION_KEY not in session:
            session[SESSION_KEY] = saved_language(user.pk)
        return session[SESSION_KEY]
