"""The account page (``/account/``: display name and e-mail address), the e-mail verification link
(``/account/verify/?token=...``) and the password reset form that mails only verified addresses (issue 20, item 8;
``tournaments.services.accounts``)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from tournaments import selectors
from tournaments.errors import UserError
from tournaments.models import ApiToken
from tournaments.services import accounts, api_tokens
from tournaments.services.notifications import push_enabled
from tournaments.pages.player_views import player_required
from tournaments.pages.signup import clean_display_name, display_name_field, email_field

log = logging.getLogger(__name__)


class AccountForm(forms.Form):
    """The account page's form: the display name (as at sign-up) and the optional e-mail address."""

    display_name = display_name_field()
    email = email_field()

    def __init__(self, *args: Any, user: User, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_display_name(self) -> str:
        return clean_display_name(self.cleaned_data.get("display_name", ""), user_id=self.user.pk)


class ApiTokenForm(forms.Form):
    """A new personal API token: its name and whether it may write."""

    name = forms.CharField(label=gettext_lazy("Token name"), max_length=100,
                           help_text=gettext_lazy("What uses it, e.g. \"stream overlay\"."))
    scope = forms.ChoiceField(label=gettext_lazy("Access"), choices=ApiToken.Scope.choices,
                              initial=ApiToken.Scope.READ)


class VerifiedPasswordResetForm(PasswordResetForm):
    """Django's password reset form, mailing only accounts whose address is verified: an address typed at sign-up
    and never confirmed may be a typo or someone else's, and a reset link mailed there would hand the account to
    whoever reads it. The page says the same thing whatever the address (Django's "check your email"), so it
    tells nobody which addresses have accounts."""

    def get_users(self, email: str) -> Iterator[Any]:
        for user in super().get_users(email):
            if accounts.email_is_verified(user):
                yield user


def send_verification_link(request: HttpRequest, user: User) -> None:
    """Mail ``user`` a link to verify their address (nothing when they have none or it is verified) and say so in
    a message; a mail server that cannot be reached is logged and said, never a 500."""
    try:
        sent = accounts.email_verification_send(user=user, link=lambda token: request.build_absolute_uri(
            reverse("tournaments:verify-email") + "?token=" + token))
    except OSError:
        log.exception("The verification mail to user %s could not be sent", user.pk)
        messages.error(request, gettext("The confirmation mail could not be sent; try again later from your "
                                        "account page."))
        return
    if sent:
        messages.info(request, gettext("We sent a confirmation link to %(email)s.") % {"email": user.email})


@player_required
def account(request: HttpRequest) -> HttpResponse:
    """``/account/``: change the display name and the e-mail address (a changed address gets a new verification
    link). Queries: the session's user, the ``VerifiedEmail`` row; a save adds the name check (one) and the
    update."""
    user = request.user
    assert isinstance(user, User)
    form = AccountForm(request.POST or None, user=user,
                       initial={"display_name": user.first_name or user.username, "email": user.email})
    if request.method == "POST" and form.is_valid():
        changed = accounts.account_update(user=user, actor=user, display_name=form.cleaned_data["display_name"],
                                          email=form.cleaned_data["email"])
        messages.success(request, gettext("Your account is saved."))
        if changed:
            send_verification_link(request, user)
        return redirect("tournaments:account")
    return _account_page(request, user, form)


def _account_page(request: HttpRequest, user: User, form: AccountForm, *, token_form: ApiTokenForm | None = None,
                  new_secret: str = "", status: int = 200) -> HttpResponse:
    response = render(request, "registration/account.html", {
        "form": form, "verified": accounts.email_is_verified(user), "account_user": user,
        "tokens": selectors.api_tokens_of(user), "token_form": token_form or ApiTokenForm(prefix="token"),
        "new_secret": new_secret, "stopped_emails": selectors.stopped_emails(user.pk), "push_enabled": push_enabled(),
        "vapid_public_key": settings.VAPID_PUBLIC_KEY}, status=status)
    if new_secret:
        response["Cache-Control"] = "no-store"  # the secret is shown once and kept by no cache
    return response


def _account_form(user: User) -> AccountForm:
    return AccountForm(user=user, initial={"display_name": user.first_name or user.username, "email": user.email})


@require_POST
@player_required
def api_token_create(request: HttpRequest) -> HttpResponse:
    """Create a personal API token (issue 25): the account page answers with its secret, shown this once. A bad
    name: the form's error (400)."""
    user = request.user
    assert isinstance(user, User)
    token_form = ApiTokenForm(request.POST, prefix="token")
    if token_form.is_valid():
        try:
            _, secret = api_tokens.api_token_create(user=user, name=token_form.cleaned_data["name"],
                                                    scope=token_form.cleaned_data["scope"])
        except UserError as exc:
            token_form.add_error(None, exc.message)
        else:
            return _account_page(request, user, _account_form(user), new_secret=secret)
    return _account_page(request, user, _account_form(user), token_form=token_form, status=400)


@require_POST
@player_required
def api_token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    """Revoke one of the user's tokens (another user's: 404)."""
    try:
        api_tokens.api_token_revoke(user=request.user, token_id=token_id)
    except UserError as exc:
        raise Http404(exc.message) from exc
    messages.success(request, gettext("The token is revoked."))
    return redirect("tournaments:account")


@require_POST
@player_required
def verification_resend(request: HttpRequest) -> HttpResponse:
    """Mail the verification link of the account's address again."""
    assert isinstance(request.user, User)
    send_verification_link(request, request.user)
    return redirect("tournaments:account")


def verify_email(request: HttpRequest) -> HttpResponse:
    """``/account/verify/?token=...``: the link of the verification mail; no login needed (the token names the
    account and the address). An expired, tampered or stale link gets the page with its reason (HTTP 400)."""
    try:
        user = accounts.email_verify(token=request.GET.get("token", ""))
    except UserError as exc:
        return render(request, "registration/email_verified.html", {"error": exc.message}, status=exc.status)
    return render(request, "registration/email_verified.html", {"email": user.email})
