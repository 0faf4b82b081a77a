"""The signup form: Django's, refusing a username that looks like an existing one
(``tournaments.usernames``); and the limit on sign-ups per address (issue 21, finding 12).

Every sign-up *post* counts against ``settings.SIGNUP_THROTTLE_RATE`` (DRF rate syntax, "20/hour"; None: no limit)
for the client's address (``tournaments.client_address.client_ip``); past it the page answers 429 with
``templates/429.html`` saying how long to wait. Showing the form is never counted. The counts live in the default
cache (a DRF ``SimpleRateThrottle``)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy
from rest_framework.throttling import SimpleRateThrottle

from tournaments.client_address import client_ip
from tournaments.errors import UserError
from tournaments.usernames import imitated_username


if TYPE_CHECKING:
    _Base = UserCreationForm[User]
else:
    _Base = UserCreationForm


class SignupForm(_Base):
    def clean_username(self) -> str:
        username = super().clean_username()
        if username and imitated_username(username) is not None:
            raise forms.ValidationError(
                _("This username looks too much like an existing player's; choose another."), code="confusable")
        return username


class TooManySignups(UserError):
    """Too many sign-ups from one address within the window (HTTP 429); ``params["count"]``: minutes to wait."""

    status = 429

    def __init__(self, minutes: int) -> None:
        super().__init__(ngettext_lazy(
            "Too many accounts were created from this address recently. Try again in %(count)s minute.",
            "Too many accounts were created from this address recently. Try again in %(count)s minutes.",
            "count"), code="too_many_signups", params={"count": minutes})


class SignupThrottle(SimpleRateThrottle):
    scope = "signup"

    def get_rate(self) -> str | None:
        return getattr(settings, "SIGNUP_THROTTLE_RATE", None)

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        address = client_ip(request)
        return None if address is None else self.cache_format % {"scope": self.scope, "ident": address}


def count_signup(request: HttpRequest) -> None:
    """Counts this sign-up attempt for the client's address; raises :class:`TooManySignups` (with the minutes to
    wait) when the address already used ``SIGNUP_THROTTLE_RATE``."""
    throttle = SignupThrottle()
    # a DRF throttle on a Django request: it reads only request.META (through client_ip) and no view
    if not throttle.allow_request(request, None):  # type: ignore[arg-type]
        raise TooManySignups(max(1, math.ceil((throttle.wait() or 60) / 60)))


def signup_refused(request: HttpRequest, exc: TooManySignups) -> HttpResponse:
    """The site's 429 page for a refused sign-up, with ``Retry-After`` (seconds)."""
    response = render(request, "429.html", {"signup_refusal": exc.message}, status=exc.status)
    response["Retry-After"] = str(exc.params["count"] * 60)
    return response
