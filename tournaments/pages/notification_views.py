"""The notification pages (issue 25): the one-click unsubscribe link of every notification mail
(``/notifications/unsubscribe/?token=...``, no login: the signed token names the account and the event), a browser's
web push opt-in and opt-out (``/account/push/``, posted by ``static/push.js``) and resuming stopped mails from the
account page (``tournaments.services.notifications``)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.errors import UserError
from tournaments.models import NotificationEvent
from tournaments.pages.player_views import player_required
from tournaments.services import notifications


def _what(event: str) -> str:
    return str(NotificationEvent(event).label) if event else gettext("every e-mail from this site")


@csrf_exempt  # the mail clients' one-click POST (RFC 8058) carries no CSRF token; the signed token is the proof
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest) -> HttpResponse:
    """GET: the page naming what the link stops, with one button (a link scanner's GET stops nothing); POST (the
    button, or a mail client's ``List-Unsubscribe-Post``): stop those mails. A tampered link: HTTP 400."""
    token = request.GET.get(
        "token", ""
    )  # in the link's query string, for the GET and the one-click POST alike
    try:
        if request.method == "POST":
            user, event = notifications.unsubscribe(token=token)
        else:
            user, event = notifications.unsubscribe_read(token)
    except UserError as exc:
        return render(request, "registration/unsubscribe.html", {"error": exc.message}, status=exc.status)
    return render(
        request,
        "registration/unsubscribe.html",
        {"done": request.method == "POST", "what": _what(event), "email": user.email, "token": token},
    )


class PushSubscriptionForm(forms.Form):
    """A browser's push subscription as ``static/push.js`` posts it (``PushSubscription.toJSON()``'s fields)."""

    endpoint = forms.CharField(max_length=1000)
    p256dh = forms.CharField(max_length=200, required=False)
    auth = forms.CharField(max_length=100, required=False)
    action = forms.ChoiceField(choices=[("on", "on"), ("off", "off")])


@require_POST
@player_required
def push_subscription(request: HttpRequest) -> HttpResponse:
    """``/account/push/``: opt this browser in (``action=on``) or out (``off``) of web push. JSON: ``{"ok": true}``,
    or HTTP 400 ``{"detail": ...}`` for a subscription that cannot be read or push switched off."""
    assert isinstance(request.user, User)
    form = PushSubscriptionForm(request.POST)
    if not form.is_valid():
        return JsonResponse(
            {"detail": gettext("This browser's subscription could not be read; try again.")}, status=400
        )
    data = form.cleaned_data
    if data["action"] == "off":
        notifications.push_unsubscribe(user=request.user, endpoint=data["endpoint"])
        return JsonResponse({"ok": True})
    try:
        notifications.push_subscribe(
            user=request.user, endpoint=data["endpoint"], p256dh=data["p256dh"], auth=data["auth"]
        )
    except UserError as exc:
        return JsonResponse({"detail": str(exc.message)}, status=exc.status)
    return JsonResponse({"ok": True})


@require_POST
@player_required
def resubscribe(request: HttpRequest) -> HttpResponse:
    """``/account/notifications/resume/``: mail again what the account stopped (``event``: one event, "" all)."""
    assert isinstance(request.user, User)
    event = request.POST.get("event", "")
    if event and event not in notifications.EVENTS:
        messages.error(request, gettext("Choose e-mails to resume."))
    elif notifications.resubscribe(user=request.user, event=event):
        messages.success(
            request, gettext("You will get these e-mails again: %(what)s.") % {"what": _what(event)}
        )
    return redirect("tournaments:account")
