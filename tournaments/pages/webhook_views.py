"""The Settings tab's webhooks (issue 25, item 3; ``tournaments.services.webhooks``): the staff register a hook,
rotate its secret or delete it; the tab lists the hooks and their latest deliveries. A new or rotated secret is
shown once, on the page that answers the post (never stored in a message or the session)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from tournaments import selectors
from tournaments.errors import NotAllowed, UserError
from tournaments.models import Tournament, Webhook
from tournaments.notifications.events import EVENTS
from tournaments.pages.access import tournament_view
from tournaments.pages.actions import attempt, idempotency_key
from tournaments.services import webhooks


#: Each event as the Settings page names it (the API and the payloads use the names of ``EVENTS``).
EVENT_LABELS = {
    "round.paired": gettext_lazy("A round is paired"),
    "round.published": gettext_lazy("Draft pairings are published"),
    "round.started": gettext_lazy("A round's clock starts"),
    "round.time": gettext_lazy("Time is called in a round"),
    "result.reported": gettext_lazy("A result is reported"),
    "result.confirmed": gettext_lazy("A result is confirmed"),
    "result.disputed": gettext_lazy("A result is disputed"),
    "standings.updated": gettext_lazy("The standings are updated"),
    "player.dropped": gettext_lazy("A player drops"),
    "event.finished": gettext_lazy("The event is finished"),
    "deck.refused": gettext_lazy("A decklist is refused"),
}


class WebhookForm(forms.Form):
    """A new webhook: its URL, the events it gets, the body's format."""

    url = forms.URLField(
        label=gettext_lazy("URL"),
        max_length=500,
        assume_scheme="https",
        help_text=gettext_lazy("A public http:// or https:// address, e.g. a Discord channel's webhook URL."),
    )
    events = forms.MultipleChoiceField(
        label=gettext_lazy("Events"),
        choices=[(e, EVENT_LABELS.get(e, e)) for e in EVENTS],
        widget=forms.CheckboxSelectMultiple,
        initial=list(EVENTS),
    )
    payload_format = forms.ChoiceField(
        label=gettext_lazy("Payload"),
        choices=Webhook.PayloadFormat.choices,
        initial=Webhook.PayloadFormat.JSON,
    )


def webhooks_context(tournament: Tournament, form: WebhookForm | None = None) -> dict[str, Any]:
    """What the Settings tab shows of the webhooks: ``webhooks``, ``deliveries`` (the latest 20) and the
    registration ``webhook_form``."""
    form = form or WebhookForm()
    for field in form.fields.values():
        if not isinstance(field.widget, forms.CheckboxSelectMultiple):
            field.widget.attrs.setdefault(
                "class", "form-select" if isinstance(field, forms.ChoiceField) else "form-control"
            )
    return {
        "webhooks": selectors.webhooks_of(tournament),
        "deliveries": selectors.webhook_deliveries(tournament, 20),
        "webhook_form": form,
    }


def _secret_page(request: HttpRequest, tournament: Tournament, hook: Webhook, created: bool) -> HttpResponse:
    response = render(
        request,
        "tournaments/webhook_secret.html",
        {"t": tournament, "hook": hook, "created": created, "tab": "settings"},
    )
    response["Cache-Control"] = "no-store"  # the secret is not kept by any cache
    return response


@tournament_view("organiser")
@require_POST
def manage_webhook_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Register a webhook; answers the page with its secret (shown once). A refused URL or no event: the error
    as a message on the Settings tab."""
    form = WebhookForm(request.POST)
    if not form.is_valid():
        for field, errors in form.errors.items():
            messages.error(
                request,
                gettext("%(field)s: %(error)s")
                % {
                    "field": form.fields[field].label if field in form.fields else "",
                    "error": " ".join(map(str, errors)),
                },
            )
        return redirect("tournaments:manage-edit", pk=tournament.pk)
    try:
        hook = webhooks.webhook_create(
            tournament=tournament,
            actor=request.user,
            url=form.cleaned_data["url"],
            events=form.cleaned_data["events"],
            payload_format=form.cleaned_data["payload_format"],
            idempotency_key=idempotency_key(request),
        )
    except NotAllowed as exc:
        raise PermissionDenied(exc.message) from exc
    except UserError as exc:
        messages.error(request, exc.message)
        return redirect("tournaments:manage-edit", pk=tournament.pk)
    return _secret_page(request, tournament, hook, created=True)


@tournament_view("organiser")
@require_POST
def manage_webhook_rotate(request: HttpRequest, tournament: Tournament, webhook_id: int) -> HttpResponse:
    """A new secret for the webhook, shown once."""
    try:
        hook = webhooks.webhook_rotate_secret(
            tournament=tournament, actor=request.user, webhook_id=webhook_id
        )
    except NotAllowed as exc:
        raise PermissionDenied(exc.message) from exc
    except UserError as exc:
        messages.error(request, exc.message)
        return redirect("tournaments:manage-edit", pk=tournament.pk)
    return _secret_page(request, tournament, hook, created=False)


@tournament_view("organiser")
@require_POST
def manage_webhook_delete(request: HttpRequest, tournament: Tournament, webhook_id: int) -> HttpResponse:
    """Delete the webhook and its delivery log."""
    attempt(
        request,
        lambda: webhooks.webhook_delete(tournament=tournament, actor=request.user, webhook_id=webhook_id),
        gettext("The webhook is deleted."),
    )
    return redirect("tournaments:manage-edit", pk=tournament.pk)
