"""A tournament's webhooks (issue 25, item 3): registered by its staff (the Settings page, the API), one signed JSON
POST per event, retried by a Celery task (``tournaments.webhook_tasks``) with exponential backoff, every delivery
logged (``WebhookDelivery``).

Signature: the headers ``X-Spellfire-Timestamp`` (Unix seconds) and ``X-Spellfire-Signature``
(``sha256=`` and the hex HMAC-SHA256, keyed with the hook's secret, of ``<timestamp>.<body>``); a receiver
recomputes it over the raw body and refuses a timestamp more than a few minutes old (replay).

Server-side request forgery: a target whose address is loopback, private, link-local, multicast, reserved or
unspecified is refused, at registration and again at each delivery, unless ``settings.WEBHOOKS_ALLOW_LOOPBACK`` (tests,
local bots: then loopback and private addresses are allowed, link-local never, e.g. a cloud's metadata service
169.254.169.254). The host name is resolved once per attempt and the connection made to the checked address
(the Host header and TLS server name stay the name's), so a second DNS answer cannot swap it; redirects are not
followed.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import logging
import secrets
import socket
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import urllib3
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments import selectors
from tournaments.errors import UserError
from tournaments.models import Tournament, Webhook, WebhookDelivery
from tournaments.notifications.events import EVENTS
from tournaments.services.organiser import organiser_action
from tournaments.services.permissions import require_not_finished, require_organiser

log = logging.getLogger(__name__)

SIGNATURE_HEADER = "X-Spellfire-Signature"
TIMESTAMP_HEADER = "X-Spellfire-Timestamp"
EVENT_HEADER = "X-Spellfire-Event"
DELIVERY_HEADER = "X-Spellfire-Delivery"
#: Hooks per tournament.
MAX_WEBHOOKS = 10
#: Seconds to connect and to read the answer.
CONNECT_TIMEOUT, READ_TIMEOUT = 5.0, 10.0
#: Discord refuses a ``content`` longer than this.
DISCORD_LIMIT = 2000


class WebhookNotFound(UserError):
    """No such webhook on this tournament (HTTP 404)."""

    status = 404

    def __init__(self, message: object) -> None:
        super().__init__(message, code="not_found")


class TargetRefused(Exception):
    """A delivery target that may not be reached (a refused address, a name that does not resolve, a bad URL)."""


def new_secret() -> str:
    """A signing secret: 32 random bytes as 64 hex characters."""
    return secrets.token_hex(32)


def sign(secret: str, timestamp: int, body: bytes) -> str:
    """The signature header's value: ``sha256=`` and the hex HMAC-SHA256 of ``b"<timestamp>." + body`` keyed
    with ``secret`` (UTF-8)."""
    digest = hmac.new(secret.encode(), str(timestamp).encode() + b"." + body, hashlib.sha256).hexdigest()
    return "sha256=" + digest


# --- the targets ----------------------------------------------------------------------------------------------


def address_allowed(address: str) -> bool:
    """Whether a delivery may connect to the IP ``address`` (text, v4 or v6): a public address; with
    ``WEBHOOKS_ALLOW_LOOPBACK`` also loopback and private ones. Link-local, multicast, reserved and unspecified
    addresses never."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_link_local or ip.is_multicast or ip.is_unspecified or ip.is_reserved:
        return False
    if ip.is_loopback or ip.is_private or not ip.is_global:
        return bool(getattr(settings, "WEBHOOKS_ALLOW_LOOPBACK", False))
    return True


@dataclass(frozen=True)
class Target:
    """A checked target: the URL's parts and the address to connect to."""

    scheme: str
    host: str
    port: int
    path: str
    address: str


def resolve_target(url: str) -> Target:
    """Parse ``url`` (http or https), resolve its host once and check every address it resolves to
    (:func:`address_allowed`). Returns the :class:`Target` (the first address). Raises :class:`TargetRefused`."""
    try:
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as exc:
        raise TargetRefused(f"bad URL: {exc}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username or parts.password:
        raise TargetRefused("only http:// and https:// URLs without credentials")
    host = parts.hostname
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError, OSError) as exc:
        raise TargetRefused(f"{host} does not resolve: {exc}") from None
    addresses = list(dict.fromkeys(str(info[4][0]) for info in infos))
    if not addresses:
        raise TargetRefused(f"{host} does not resolve")
    refused = [a for a in addresses if not address_allowed(a)]
    if refused:
        raise TargetRefused(
            f"{host} resolves to a refused address ({refused[0]}: loopback, private or link-local)"
        )
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(scheme=parts.scheme, host=host, port=port, path=path, address=addresses[0])


def post_pinned(target: Target, body: bytes, headers: dict[str, str]) -> int:
    """POST ``body`` to ``target``, connected to ``target.address`` (the Host header and, for https, the TLS
    server name and certificate check use ``target.host``); no redirect followed, no retry here. Returns the
    status code; raises ``urllib3.exceptions.HTTPError`` or ``OSError`` when no answer came."""
    timeout = urllib3.Timeout(connect=CONNECT_TIMEOUT, read=READ_TIMEOUT)
    pool: urllib3.HTTPConnectionPool
    if target.scheme == "https":
        pool = urllib3.HTTPSConnectionPool(
            target.address,
            target.port,
            timeout=timeout,
            retries=False,
            server_hostname=target.host,
            assert_hostname=target.host,
            cert_reqs="CERT_REQUIRED",
        )
    else:
        pool = urllib3.HTTPConnectionPool(target.address, target.port, timeout=timeout, retries=False)
    default_port = 443 if target.scheme == "https" else 80
    host_header = target.host if ":" not in target.host else f"[{target.host}]"
    if target.port != default_port:
        host_header += f":{target.port}"
    try:
        response = pool.urlopen(
            "POST",
            target.path,
            body=body,
            headers={**headers, "Host": host_header},
            redirect=False,
            retries=False,
            preload_content=False,
            assert_same_host=False,
        )
        response.read(64 * 1024, decode_content=False)  # the answer is not used; a little is read and dropped
        response.release_conn()
        return int(response.status)
    finally:
        pool.close()


def _check_url(url: str) -> str:
    url = (url or "").strip()
    if len(url) > 500:
        raise UserError(_("The webhook's URL is too long (500 characters at most)."), code="url")
    try:
        resolve_target(url)
    except TargetRefused as exc:
        raise UserError(
            _("This URL cannot receive webhooks: %(why)s. Use a public http:// or https:// address."),
            code="webhook_target_refused",
            params={"why": str(exc)},
        ) from None
    return url


def _check_events(events: Any) -> list[str]:
    if not isinstance(events, (list, tuple)) or not events:
        raise UserError(_("Choose at least one event."), code="events")
    unknown = [e for e in events if e not in EVENTS]
    if unknown:
        raise UserError(
            _("Unknown event %(event)s; the events are: %(events)s."),
            code="events",
            params={"event": str(unknown[0]), "events": ", ".join(EVENTS)},
        )
    return [e for e in EVENTS if e in events]


# --- registration ---------------------------------------------------------------------------------------------


@transaction.atomic
def webhook_create(
    *,
    tournament: Tournament,
    actor,
    url: str,
    events: Any,
    payload_format: str = Webhook.PayloadFormat.JSON,
    idempotency_key: str = "",
) -> Webhook:
    """Register a webhook on ``tournament`` (its organiser or a co-organiser; not once it is finished: a finished
    event is read-only until reopened): ``url`` (http/https, a public address: :func:`resolve_target`), ``events`` (names of
    ``EVENTS``), ``payload_format`` (``json`` or ``discord``). The returned hook's ``secret`` is the signing key.
    ``idempotency_key``: a repeat returns the first hook. Raises NotAllowed, Conflict (``finished``), UserError (``url``,
    ``webhook_target_refused``, ``events``, ``payload_format``, ``too_many_webhooks``)."""
    require_organiser(actor, tournament)  # before the URL is resolved: nobody else may probe addresses
    require_not_finished(tournament)
    if payload_format not in Webhook.PayloadFormat.values:
        raise UserError(_("The payload is json or discord."), code="payload_format")
    url, events = _check_url(url), _check_events(events)
    act = organiser_action(
        tournament,
        actor,
        action="webhook_create",
        idempotency_key=idempotency_key,
        payload={"url": url, "events": events, "payload_format": payload_format},
    )
    if act.repeated:
        return act.first(Webhook)
    if act.tournament.webhooks.count() >= MAX_WEBHOOKS:
        raise UserError(
            _("A tournament has at most %(count)s webhooks: delete one first."),
            code="too_many_webhooks",
            params={"count": MAX_WEBHOOKS},
        )
    hook = Webhook.objects.create(
        tournament=act.tournament,
        url=url,
        events=events,
        payload_format=payload_format,
        secret=new_secret(),
        created_by=actor,
    )
    _forget_listening(act.tournament.pk)
    return act.done(hook)


def _hook(tournament: Tournament, actor, webhook_id: int) -> Webhook:
    require_organiser(actor, tournament)
    require_not_finished(tournament)
    hook = Webhook.objects.filter(pk=webhook_id, tournament=tournament).first()
    if hook is None:
        raise WebhookNotFound(_("This tournament has no such webhook."))
    return hook


def webhook_delete(*, tournament: Tournament, actor, webhook_id: int) -> None:
    """Delete a webhook and its delivery log (staff). Raises NotAllowed, Conflict (``finished``), WebhookNotFound
    (404)."""
    _hook(tournament, actor, webhook_id).delete()
    _forget_listening(tournament.pk)


def webhook_rotate_secret(*, tournament: Tournament, actor, webhook_id: int) -> Webhook:
    """Give a webhook a new signing secret (staff); deliveries from now on are signed with it. Raises
    NotAllowed, Conflict (``finished``), WebhookNotFound (404)."""
    hook = _hook(tournament, actor, webhook_id)
    hook.secret = new_secret()
    hook.save(update_fields=["secret"])
    return hook


# --- deliveries -----------------------------------------------------------------------------------------------


def discord_content(event: str, tournament: Tournament, data: dict[str, Any]) -> str:
    """The text of a Discord message for ``event`` (one of ``EVENTS``) with its webhook ``data``
    (``selectors.webhook_event_data``): English, at most :data:`DISCORD_LIMIT` characters."""
    name = tournament.name
    if event in ("round.paired", "round.published"):
        lines = [f"**{name}**: round {data['round']} is paired."]
        for table in data.get("tables", []):
            players = " vs ".join(table["players"])
            lines.append(f"Table {table['table']}: {players}" + (" (bye)" if table.get("bye") else ""))
        if data.get("changed") is not None:
            lines[0] = (
                f"**{name}**: round {data['round']}: the pairings changed (tables "
                + (", ".join(str(t) for t in data["changed"]) or "none")
                + ")."
            )
    elif event == "round.started":
        ends = data.get("ends_at") or ""
        lines = [
            f"**{name}**: round {data['round']} has started"
            + (f" ({data['minutes']} minutes, ends {ends[11:16]} UTC)." if ends else ".")
        ]
    elif event == "round.time":
        tables = ", ".join(str(t["table"]) for t in data.get("open_tables", []))
        lines = [
            f"**{name}**: time in round {data['round']}!"
            + (f" Tables still playing: {tables}." if tables else "")
        ]
    elif event == "result.reported":
        lines = [
            f"**{name}**: round {data['round']}, table {data['table']}: {data['reported_by']} reported a "
            "result, to be confirmed."
        ]
    elif event == "result.confirmed":
        seats = ", ".join(f"{s['player']} {s['wins']}" for s in data.get("seats", []))
        lines = [f"**{name}**: round {data['round']}, table {data['table']}: {seats}."]
    elif event == "result.disputed":
        players = " vs ".join(data.get("players", []))
        lines = [
            f"**{name}**: round {data['round']}, table {data['table']} ({players}): the result is disputed; "
            "a judge settles it."
        ]
    elif event == "standings.updated":
        lines = [f"**{name}**: standings"]
        lines += [f"{row['rank']}. {row['player']} ({row['points']} pts)" for row in data.get("top", [])]
    elif event == "player.dropped":
        lines = [f"**{name}**: {data['player']} dropped."]
    elif event == "event.finished":
        lines = [f"**{name}** is finished. Winner: {data.get('winner') or '-'}."]
    elif event == "deck.refused":
        count = len(data.get("violations", []))
        lines = [
            f"**{name}**: {data['player']}'s decklist is refused ({count} problem{'s' if count != 1 else ''})."
        ]
    else:
        lines = [f"**{name}**: {event}"]
    text = "\n".join(lines)
    return text if len(text) <= DISCORD_LIMIT else text[: DISCORD_LIMIT - 1] + "…"


def _listening_key(tournament_id: int) -> str:
    return f"webhooks:listening:{tournament_id}"


def _forget_listening(tournament_id: int) -> None:
    """Forget the cached events the tournament's hooks listen to (:func:`listening`): now, and again once the change
    commits (a reader may have cached the old list in between)."""

    def forget() -> None:
        try:
            cache.delete(_listening_key(tournament_id))
        except Exception:  # an unreachable cache holds nothing this process could read either
            log.warning("The webhooks of tournament %s could not be forgotten in the cache", tournament_id)

    forget()
    transaction.on_commit(forget)


def listening(tournament_id: int) -> frozenset[str]:
    """The events at least one of the tournament's webhooks listens to. Asked after every result write (issue 27:
    a write costs a few milliseconds), so it is cached (one cache read; the query once per tournament until a hook
    is added or deleted, which forgets it); a cache that cannot be reached costs the query."""
    key = _listening_key(tournament_id)
    try:
        found = cache.get(key)
    except Exception:  # the cache is an optimisation: never the reason an event is lost
        found = None
    if found is not None:
        return frozenset(found)
    events = frozenset(e for hook in Webhook.objects.filter(tournament_id=tournament_id).values_list("events", flat=True)
                       for e in hook)
    try:
        cache.set(key, sorted(events), timeout=24 * 60 * 60)
    except Exception:
        pass
    return events


def deliveries_create(*, event: str, tournament_id: int, ids: dict[str, Any]) -> list[int]:
    """Log one pending delivery of ``event`` to each of the tournament's webhooks that listens to it, its body
    built now (``selectors.webhook_event_data``; nothing read when no hook listens: :func:`listening`). Returns
    their ids (for the task to send)."""
    if event not in listening(tournament_id):
        return []
    hooks = [h for h in Webhook.objects.filter(tournament_id=tournament_id) if event in h.events]
    if not hooks:
        return []
    tournament = hooks[0].tournament
    data = selectors.webhook_event_data(event, tournament, ids)
    body = {
        "event": event,
        "tournament": {"id": tournament.pk, "name": tournament.name},
        "data": data,
        "occurred_at": timezone.now().isoformat(),
    }
    discord = {"content": discord_content(event, tournament, data)}
    made = WebhookDelivery.objects.bulk_create(
        [
            WebhookDelivery(
                webhook=h,
                event=event,
                payload=discord if h.payload_format == Webhook.PayloadFormat.DISCORD else body,
            )
            for h in hooks
        ]
    )
    return [d.pk for d in made]


def delivery_attempt(delivery_id: int, *, max_attempts: int) -> bool:
    """Make one attempt at a pending delivery: sign its body, POST it to the checked address, log the attempt.

    Returns True when another attempt should follow (no answer, or a 5xx/429 answer, with attempts left); False
    when done: a 2xx (``succeeded``), a refused target or another answer (``failed``, no retry), the attempts
    exhausted (``failed``), or the delivery or its hook gone."""
    delivery = WebhookDelivery.objects.select_related("webhook").filter(pk=delivery_id).first()
    if delivery is None or delivery.status != WebhookDelivery.Status.PENDING:
        return False
    hook = delivery.webhook
    body = json.dumps(delivery.payload, separators=(",", ":"), ensure_ascii=False).encode()
    timestamp = int(time.time())
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "SpellfireTournamentManager-Webhook/1",
        EVENT_HEADER: delivery.event,
        DELIVERY_HEADER: str(delivery.pk),
        TIMESTAMP_HEADER: str(timestamp),
        SIGNATURE_HEADER: sign(hook.secret, timestamp, body),
    }
    delivery.attempts += 1
    delivery.last_attempt_at = timezone.now()
    retry = False
    try:
        code = post_pinned(resolve_target(hook.url), body, headers)
    except TargetRefused as exc:
        delivery.status, delivery.error, delivery.response_code = (
            WebhookDelivery.Status.FAILED,
            str(exc)[:300],
            None,
        )
    except (urllib3.exceptions.HTTPError, OSError) as exc:
        delivery.error, delivery.response_code = f"no answer: {exc}"[:300], None
        retry = True
    else:
        delivery.response_code, delivery.error = code, ""
        if 200 <= code < 300:
            delivery.status = WebhookDelivery.Status.SUCCEEDED
        elif code >= 500 or code in (408, 429):
            retry = True
        else:
            delivery.status = WebhookDelivery.Status.FAILED
    if retry and delivery.attempts >= max_attempts:
        delivery.status, retry = WebhookDelivery.Status.FAILED, False
    delivery.save(update_fields=["attempts", "last_attempt_at", "status", "response_code", "error"])
    return retry
