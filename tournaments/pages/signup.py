"""The signup form: Django's, with a display name (required: the name pairings, standings and slips show) and an
e-mail address (optional; a link to verify it is mailed at once), refusing a username or display name that looks
like another user's (``tournaments.usernames``); and the limit on sign-ups per address (issue 21, finding 12).

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
from tournaments.models import DISPLAY_NAME_MAX_LENGTH
from tournaments.usernames import imitated_name


if TYPE_CHECKING:
    _Base = UserCreationForm[User]
else:
    _Base = UserCreationForm


def display_name_field() -> forms.CharField:
    """The display name of the sign-up and account forms: required, trimmed, at most
    ``DISPLAY_NAME_MAX_LENGTH`` characters."""
    return forms.CharField(
        label=_("Display name"), max_length=DISPLAY_NAME_MAX_LENGTH, strip=True,
        help_text=_("Your name as other players and the organiser see it on pairings, standings and slips, for "
                    "example Alice Martin."))


def email_field() -> forms.EmailField:
    """The optional e-mail address of the sign-up and account forms."""
    return forms.EmailField(
        label=_("E-mail (optional)"), required=False,
        help_text=_("We mail you a link to confirm it; a confirmed address lets you reset a forgotten password. "
                    "Never shown to other players."))


def clean_display_name(name: str, *, user_id: int | None = None) -> str:
    """``name`` with each run of whitespace made one space; raises ValidationError (code ``confusable``) when it
    looks like another user's username or display name (``tournaments.usernames.imitated_name``)."""
    name = " ".join(name.split())
    if not name:
        raise forms.ValidationError(_("Enter a display name."), code="required")
    if imitated_name(name, exclude_user_id=user_id) is not None:
        raise forms.ValidationError(
            _("This name looks too much like another player's; choose another (add an initial, for example)."),
            code="confusable")
    return name


class SignupForm(_Base):
    """Username, display name, optional e-mail, password twice. ``save()`` stores the display name in
    ``User.first_name`` (``tournaments.models.person_name``) and the address in ``User.email`` (unverified)."""

    display_name = display_name_field()
    email = email_field()

    field_order = ["username", "display_name", "email", "password1", "password2"]

    def clean_username(self) -> str:
        username = super().clean_username()
        if username and imitated_name(username) is not None:
            raise forms.ValidationError(
                _("This username looks too much like an existing player's; choose another."), code="confusable")
        return username

    def clean_display_name(self) -> str:
        return clean_display_name(self.cleaned_data.get("display_name", ""))

    def save(self, commit: bool = True) -> User:
        user = super().save(commit=False)
        user.first_name = self.cleaned_data["display_name"]
        user.email = self.cleaned_data.get("email", "")
        if commit:
            user.save()
        return user


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
