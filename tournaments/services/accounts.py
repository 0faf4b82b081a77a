"""A person's account: their display name, their e-mail address and its verification (issue 20, item 8).

Terms: the *display name* is the name other people read on pairings, standings, the projector, slips, print
views, the bracket, exports and the API (``tournaments.models.person_name``; stored in ``User.first_name``); the
*e-mail address* is optional and *verified* once its owner opened the link mailed to it
(``tournaments.models.VerifiedEmail``). Only a verified address gets password reset mails
(``tournaments.pages.account_views.VerifiedPasswordResetForm``).

A verification link carries a token signed with the site's ``SECRET_KEY`` (``django.core.signing``,
``TimestampSigner`` with its own salt) over the user's id and the address: it works for
``settings.EMAIL_VERIFICATION_DAYS`` days, for that address only (a link mailed before the address changed
verifies nothing), and a tampered token is refused."""

from __future__ import annotations

import datetime
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import override

from tournaments.errors import UserError
from tournaments.models import VerifiedEmail, person_name

_SALT = "tournaments.email-verification"


def email_is_verified(user: User) -> bool:
    """True when the account's ``email`` is the address of its ``VerifiedEmail`` row (case-insensitive). One
    query unless ``verified_email`` was loaded (``select_related``)."""
    if not user.email:
        return False
    try:
        return user.verified_email.address.casefold() == user.email.casefold()
    except VerifiedEmail.DoesNotExist:
        return False


def email_verification_token(user: User) -> str:
    """The signed, timestamped token of a verification link for the account's current address (str, URL-safe)."""
    return signing.TimestampSigner(salt=_SALT).sign_object({"user": user.pk, "email": user.email})


def email_verification_send(*, user: User, link: Callable[[str], str]) -> bool:
    """Mail a verification link to the account's address (``link(token)`` gives the absolute URL). Returns False
    (and sends nothing) when the account has no address or it is verified already. The mail is in English and
    the user's language is not known here: it names the site and the link, nothing else. Raises what the e-mail
    backend raises when the mail server cannot be reached (the page says so)."""
    if not user.email or email_is_verified(user):
        return False
    url = link(email_verification_token(user))
    days = settings.EMAIL_VERIFICATION_DAYS
    with override("en"):
        send_mail(
            subject="Confirm your e-mail address",
            message=(f"Hello {person_name(user)},\n\nOpen this link to confirm that {user.email} is your address; "
                     f"it works for {days:g} days:\n\n{url}\n\nWith a confirmed address you can reset your password "
                     "if you forget it. If you did not ask for this, ignore this mail.\n"),
            from_email=None, recipient_list=[user.email])
    return True


@transaction.atomic
def email_verify(*, token: str, now: datetime.datetime | None = None) -> User:
    """Mark the address a verification link names as verified for its account and return the user.

    Raises ``UserError`` with code ``link_expired`` (older than ``EMAIL_VERIFICATION_DAYS``), ``link_invalid``
    (tampered, cut short, or its account is gone) or ``link_stale`` (the account's address changed since the link
    was sent). Opening the link twice is harmless (the first time is kept)."""
    signer = signing.TimestampSigner(salt=_SALT)
    try:
        data = signer.unsign_object(token, max_age=datetime.timedelta(days=settings.EMAIL_VERIFICATION_DAYS))
    except signing.SignatureExpired:
        raise UserError(_("This link has expired. Send a new one from your account page."),
                        code="link_expired") from None
    except (signing.BadSignature, ValueError):
        raise UserError(_("This link is not valid. Copy the whole link from the mail, or send a new one from "
                          "your account page."), code="link_invalid") from None
    user_id = data.get("user") if isinstance(data, dict) else None
    user = User.objects.select_for_update().filter(pk=user_id).first() if isinstance(user_id, int) else None
    if user is None:
        raise UserError(_("This link is not valid. Copy the whole link from the mail, or send a new one from "
                          "your account page."), code="link_invalid")
    address = str(data.get("email", ""))
    if not user.email or address.casefold() != user.email.casefold():
        raise UserError(_("This link is for an address your account no longer uses."), code="link_stale")
    if not email_is_verified(user):
        VerifiedEmail.objects.update_or_create(
            user=user, defaults={"address": user.email, "verified_at": now or timezone.now()})
    return user


@transaction.atomic
def account_update(*, user: User, actor: User, display_name: str, email: str) -> bool:
    """Change the account's display name and e-mail address (both already cleaned by the form: trimmed,
    ``DISPLAY_NAME_MAX_LENGTH`` at most, not imitating another's name). Only the account's owner may (``actor``;
    ``UserError`` code ``not_yours`` otherwise). A changed address is unverified until its link is opened
    (``VerifiedEmail`` keeps the old address, which no longer matches). Returns True when the address changed.
    The next standings snapshot and every page show the new name; walk-in entries keep the name the organiser
    typed."""
    if actor.pk != user.pk:
        raise UserError(_("Only the account's owner may change it."), code="not_yours")
    changed = email.casefold() != (user.email or "").casefold()
    user.first_name, user.email = display_name, email
    user.save(update_fields=["first_name", "email"])
    return changed
