"""Notifications (issue 25): players and staff hear about the event by e-mail and web push, two channels of the
one notification system (``tournaments.notifications.events``).

Terms: an *event* is a kind of happening (``NotificationEvent``: ``round.paired``, ``result.reported``, ...); a
*happening* is one occurrence of it, named by its *key* ("round.paired:round=7:v=0"); its *payload* is the data
the event was announced with plus ``tournament_id`` (JSON-safe, the Celery task's arguments); its *recipients* are
user ids; a *channel* is e-mail or web push. Every notification is a ``Notification`` row (who, event, channel,
status): the log.

The flow: a service announces an event once (``events.announce``); once its transaction commits,
``events.event_happened`` is sent and ``tournaments.tasks.queue_notifications`` (its e-mail and push receiver)
turns it into a notification (:func:`notification_of`: only the events of :data:`NOTIFIED`) and queues
``send_notifications`` (run eagerly on the embedded default), which splits the recipients into chunks of
``settings.NOTIFICATION_CHUNK_SIZE`` (:func:`notification_chunks`) and queues one ``send_notification_chunk`` each
(:func:`notifications_deliver`: one SMTP connection per chunk). Nothing here can fail the write that caused it:
the receiver runs after the commit and its errors are logged. No service calls this module to send.

E-mail goes to a verified address only (``accounts.email_is_verified``), in the user's saved language
(``UserPreferences.language``, else ``settings.LANGUAGE_CODE``), with a signed link to stop that event's mails and
one to stop them all (:func:`unsubscribe_url`; ``List-Unsubscribe`` and ``List-Unsubscribe-Post`` headers, RFC
8058). Web push goes to every browser the user opted in with (``PushSubscription``), only while both VAPID keys are
set (:func:`push_enabled`); the same words as the mail. What each event says, and to whom:
``tournaments.notification_texts``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlencode, urlsplit

import pywebpush
from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage, get_connection
from django.core.validators import URLValidator
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy, override

from tournaments.errors import UserError
from tournaments.models import (
    Notification,
    NotificationEvent,
    NotificationOptOut,
    PushSubscription,
    UserPreferences,
    VerifiedEmail,
)
from tournaments.notification_texts import Message, happening

logger = logging.getLogger(__name__)

_UNSUBSCRIBE_SALT = "tournaments.notifications.unsubscribe"
#: The ``event`` of an opt-out (and of an unsubscribe link) that stops every event's mails.
EVERY_EVENT = ""
EVENTS = frozenset(NotificationEvent.values)
PUSH_TIMEOUT_SECONDS = 10
PUSH_TTL_SECONDS = 6 * 60 * 60


# --- after the write ------------------------------------------------------------------------------------------


#: The announced events (``tournaments.notifications.events``) told to people by e-mail and push, and the
#: ``NotificationEvent`` each is told as: a published draft is the round's pairing to its players. The others
#: (``round.started``, ``standings.updated``) go to the webhooks only: the pairing already told each player their
#: table and the clock, and standings concern nobody in particular.
NOTIFIED: dict[str, str] = {
    "round.paired": NotificationEvent.ROUND_PAIRED,
    "round.published": NotificationEvent.ROUND_PAIRED,
    "round.time": NotificationEvent.ROUND_TIME,
    "result.reported": NotificationEvent.RESULT_REPORTED,
    "result.confirmed": NotificationEvent.RESULT_CONFIRMED,
    "result.disputed": NotificationEvent.RESULT_DISPUTED,
    "player.dropped": NotificationEvent.PLAYER_DROPPED,
    "event.finished": NotificationEvent.EVENT_FINISHED,
    "deck.refused": NotificationEvent.DECK_REFUSED,
}


def notification_of(
    event: str, tournament_id: int, data: dict[str, Any]
) -> tuple[str, dict[str, Any]] | None:
    """The notification an announced ``event`` (``tournaments.notifications.events``) of ``tournament_id`` with
    ``data`` makes: (its ``NotificationEvent`` value, its payload: ``data`` and ``tournament_id``); None for an
    event told to nobody by e-mail or push (not in :data:`NOTIFIED`). Who is told is decided when sending, from the
    payload (``tournaments.notification_texts.happening``)."""
    told_as = NOTIFIED.get(event)
    if told_as is None:
        return None
    return str(told_as), {**data, "tournament_id": tournament_id}


def notification_chunks(*, event: str, payload: dict[str, Any], size: int | None = None) -> list[list[int]]:
    """The recipients of the happening (user ids) in chunks of ``size`` (``settings.NOTIFICATION_CHUNK_SIZE``),
    one worker task each; [] when it has no recipients or its objects are gone."""
    found = happening(event, payload)
    if found is None:
        return []
    size = max(1, size or settings.NOTIFICATION_CHUNK_SIZE)
    ids = found.recipients
    return [ids[start : start + size] for start in range(0, len(ids), size)]


def notifications_deliver(*, event: str, payload: dict[str, Any], user_ids: Iterable[int]) -> dict[str, int]:
    """Send the happening to ``user_ids`` (one chunk) on every channel each has, and log each notification.

    E-mail: to a verified address not opted out of ``event`` (an opted-out user is logged ``skipped``), all the
    chunk's mails over one connection (``send_messages``). Push: each of the user's ``PushSubscription`` while
    :func:`push_enabled`; a subscription the push service says is gone (404, 410) is deleted. A user already sent
    this happening on a channel (the same ``key``: the task ran twice) is not sent it again. A channel that fails
    logs ``failed`` rows and raises nothing. Returns the count of rows per status (``{"sent": n, ...}``)."""
    found = happening(event, payload)
    if found is None:
        return {}
    wanted = set(found.recipients)
    ids = [pk for pk in dict.fromkeys(user_ids) if pk in wanted]
    users = list(User.objects.filter(pk__in=ids).select_related("verified_email").order_by("pk"))
    languages = dict(UserPreferences.objects.filter(user__in=ids).values_list("user_id", "language"))
    done = set(
        Notification.objects.filter(key=found.key, user__in=ids, status=Notification.Status.SENT).values_list(
            "user_id", "channel"
        )
    )
    opted_out = set(
        NotificationOptOut.objects.filter(user__in=ids, event__in=(event, EVERY_EVENT)).values_list(
            "user_id", flat=True
        )
    )
    subscriptions: dict[int, list[PushSubscription]] = {}
    if push_enabled():
        for sub in PushSubscription.objects.filter(user__in=ids).order_by("pk"):
            subscriptions.setdefault(sub.user_id, []).append(sub)
    rows: list[Notification] = []
    mails: list[tuple[User, EmailMessage]] = []

    def log(user: User, channel: str, status: str, detail: str = "") -> None:
        rows.append(
            Notification(
                user=user,
                tournament_id=found.tournament_id,
                event=event,
                key=found.key,
                channel=channel,
                status=status,
                detail=detail[:300],
            )
        )

    for user in users:
        with override(languages.get(user.pk) or settings.LANGUAGE_CODE):
            message = found.render(user.pk)
            if _has_verified_email(user) and (user.pk, Notification.Channel.EMAIL) not in done:
                if user.pk in opted_out:
                    log(user, Notification.Channel.EMAIL, Notification.Status.SKIPPED, "unsubscribed")
                else:
                    mails.append((user, _email(user, event, message)))
            if subscriptions.get(user.pk) and (user.pk, Notification.Channel.PUSH) not in done:
                status, detail = _push(subscriptions[user.pk], message)
                log(user, Notification.Channel.PUSH, status, detail)
    if mails:
        status, detail = _send_mails([mail for _, mail in mails])
        for user, _ in mails:
            log(user, Notification.Channel.EMAIL, status, detail)
    Notification.objects.bulk_create(rows)
    counts: dict[str, int] = {}
    for row in rows:
        counts[row.status] = counts.get(row.status, 0) + 1
    return counts


def _has_verified_email(user: User) -> bool:
    if not user.email:
        return False
    try:
        return user.verified_email.address.casefold() == user.email.casefold()
    except VerifiedEmail.DoesNotExist:
        return False


def _email(user: User, event: str, message: Message) -> EmailMessage:
    """The mail of ``message`` to ``user`` in the active language, with its unsubscribe links and headers."""
    one, every = unsubscribe_url(user.pk, event), unsubscribe_url(user.pk, EVERY_EVENT)
    body = (
        "\n\n".join(
            [
                message.text,
                message.url,
                "-- ",
                gettext("Stop these e-mails (%(what)s): %(link)s")
                % {"what": NotificationEvent(event).label, "link": one},
                gettext("Stop every e-mail from this site: %(link)s") % {"link": every},
            ]
        )
        + "\n"
    )
    return EmailMessage(
        subject=message.subject,
        body=body,
        to=[user.email],
        headers={"List-Unsubscribe": f"<{one}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )


def _send_mails(mails: list[EmailMessage]) -> tuple[str, str]:
    """Send ``mails`` over one connection of the configured backend; (status, detail) for all of them."""
    try:
        with get_connection() as connection:
            connection.send_messages(mails)
    except Exception as exc:  # a mail server down or refusing: logged, never raised
        logger.warning("%d notification mails could not be sent: %s", len(mails), exc)
        return Notification.Status.FAILED, f"{type(exc).__name__}: {exc}"
    return Notification.Status.SENT, ""


# --- web push -------------------------------------------------------------------------------------------------


def push_enabled() -> bool:
    """True when web push is configured: both ``VAPID_PUBLIC_KEY`` and ``VAPID_PRIVATE_KEY`` are set."""
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def _push(subscriptions: list[PushSubscription], message: Message) -> tuple[str, str]:
    """Push ``message`` to each of a user's browsers; ``sent`` when at least one took it, else ``failed`` with the
    last reason. A subscription answered 404 or 410 (expired, revoked) is deleted."""
    data = json.dumps({"title": message.subject, "body": message.text, "url": message.url})
    sent, detail = False, ""
    for sub in subscriptions:
        try:
            pywebpush.webpush(
                subscription_info={
                    "endpoint": sub.endpoint,
                    "keys": {"p256dh": sub.p256dh, "auth": sub.auth},
                },
                data=data,
                vapid_private_key=settings.VAPID_PRIVATE_KEY,
                vapid_claims={"sub": settings.VAPID_SUBJECT},
                timeout=PUSH_TIMEOUT_SECONDS,
                ttl=PUSH_TTL_SECONDS,
            )
            sent = True
        except pywebpush.WebPushException as exc:
            code = getattr(exc.response, "status_code", None)
            if code in (404, 410):
                sub.delete()
            detail = f"push service answered {code}" if code else f"WebPushException: {exc}"
        except Exception as exc:  # an unreachable push service, a malformed key: logged, never raised
            detail = f"{type(exc).__name__}: {exc}"
    if sent:
        return Notification.Status.SENT, ""
    return Notification.Status.FAILED, detail


_https = URLValidator(schemes=["https"])


def is_push_service(endpoint: str) -> bool:
    """True when ``endpoint``'s host is one of ``settings.PUSH_SERVICE_HOSTS`` (an entry starting with "." matches
    any host under it), on the default https port."""
    parts = urlsplit(endpoint)
    host = (parts.hostname or "").lower().rstrip(".")
    try:
        port = parts.port
    except ValueError:
        return False
    if parts.scheme != "https" or port not in (None, 443) or parts.username or parts.password:
        return False
    return any(
        host == entry or (entry.startswith(".") and host.endswith(entry))
        for entry in (e.lower() for e in settings.PUSH_SERVICE_HOSTS)
    )


@transaction.atomic
def push_subscribe(*, user: User, endpoint: str, p256dh: str, auth: str) -> PushSubscription:
    """Opt ``user``'s browser in to web push: store (or take over) the subscription of ``endpoint`` (an https URL
    of a push service) with the browser's keys (URL-safe base64). Raises UserError (``push_off``: push is not
    configured; ``bad_subscription``: not an https endpoint of a push service of ``settings.PUSH_SERVICE_HOSTS``,
    keys missing or too long). The host check keeps the site from POSTing to any address a user names (server-side
    request forgery)."""
    if not push_enabled():
        raise UserError(
            gettext_lazy("Notifications on this device are not available on this site."), code="push_off"
        )
    endpoint, p256dh, auth = (endpoint or "").strip(), (p256dh or "").strip(), (auth or "").strip()
    try:
        _https(endpoint)
    except ValidationError:
        endpoint = ""
    if endpoint and not is_push_service(endpoint):
        endpoint = ""
    if not endpoint or len(endpoint) > 1000 or not p256dh or not auth or len(p256dh) > 200 or len(auth) > 100:
        raise UserError(
            gettext_lazy("This browser's subscription could not be read; try again."), code="bad_subscription"
        )
    subscription, _ = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth}
    )
    return subscription


def push_unsubscribe(*, user: User, endpoint: str) -> bool:
    """Opt a browser out: delete ``user``'s subscription of ``endpoint``; False when they had none."""
    deleted, _ = PushSubscription.objects.filter(user=user, endpoint=(endpoint or "").strip()).delete()
    return bool(deleted)


# --- unsubscribing --------------------------------------------------------------------------------------------


def unsubscribe_token(user_id: int, event: str) -> str:
    """The signed token of an unsubscribe link: ``user_id`` stops ``event``'s mails (``EVERY_EVENT``: all).
    Signed with ``SECRET_KEY`` (``django.core.signing``, its own salt); it does not expire."""
    return signing.dumps({"u": user_id, "e": event}, salt=_UNSUBSCRIBE_SALT)


def unsubscribe_url(user_id: int, event: str) -> str:
    """The absolute unsubscribe link of :func:`unsubscribe_token`: ``settings.SITE_URL`` + the page's path +
    ``?token=``."""
    return f"{settings.SITE_URL}{reverse('tournaments:unsubscribe')}?{urlencode({'token': unsubscribe_token(user_id, event)})}"


def unsubscribe_read(token: str) -> tuple[User, str]:
    """The user and event (``EVERY_EVENT`` for all) a token names. Raises UserError (``bad_link``) for a tampered
    token, an unknown event or a deleted account."""
    try:
        data = signing.loads(token, salt=_UNSUBSCRIBE_SALT)
        user = User.objects.get(pk=int(data["u"]))
        event = str(data["e"])
    except (signing.BadSignature, KeyError, TypeError, ValueError, User.DoesNotExist):
        raise UserError(gettext_lazy("This unsubscribe link is not valid."), code="bad_link") from None
    if event != EVERY_EVENT and event not in EVENTS:
        raise UserError(gettext_lazy("This unsubscribe link is not valid."), code="bad_link")
    return user, event


def unsubscribe(*, token: str) -> tuple[User, str]:
    """Stop the mails a signed link names (:func:`unsubscribe_token`); idempotent. Returns (user, event). Raises
    UserError (``bad_link``)."""
    user, event = unsubscribe_read(token)
    NotificationOptOut.objects.get_or_create(user=user, event=event)
    return user, event


def resubscribe(*, user: User, event: str) -> bool:
    """Undo an opt-out of ``user`` (``event``, or ``EVERY_EVENT``); False when there was none."""
    deleted, _ = NotificationOptOut.objects.filter(user=user, event=event).delete()
    return bool(deleted)
