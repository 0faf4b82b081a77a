"""REST API of a tournament's webhooks (issue 25, item 3; ``tournaments.services.webhooks``): its staff list,
register, inspect (with the delivery log), delete them and rotate their secret. Anyone else: 403."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import selectors
from tournaments.api.result_serializers import StrictInputSerializer
from tournaments.api.views import idempotency_key
from tournaments.models import Tournament, Webhook, WebhookDelivery
from tournaments.notifications.events import EVENTS
from tournaments.services import webhooks
from tournaments.services.permissions import require_organiser


class WebhookSerializer(serializers.ModelSerializer):
    events = serializers.ListField(child=serializers.ChoiceField(choices=EVENTS))

    class Meta:
        model = Webhook
        fields = ["id", "url", "events", "payload_format", "created_at"]
        read_only_fields = fields


class WebhookWithSecretSerializer(WebhookSerializer):
    """A hook as registered or rotated: with its signing secret (shown only in these two answers)."""

    class Meta(WebhookSerializer.Meta):
        fields = [*WebhookSerializer.Meta.fields, "secret"]
        read_only_fields = fields


class WebhookDeliverySerializer(serializers.ModelSerializer):
    class Meta:
        model = WebhookDelivery
        fields = [
            "id",
            "webhook",
            "event",
            "status",
            "attempts",
            "response_code",
            "error",
            "created_at",
            "last_attempt_at",
        ]
        read_only_fields = fields


class WebhookDetailSerializer(WebhookSerializer):
    deliveries = serializers.SerializerMethodField(help_text="The latest 50 deliveries, newest first")

    class Meta(WebhookSerializer.Meta):
        fields = [*WebhookSerializer.Meta.fields, "deliveries"]
        read_only_fields = fields

    @extend_schema_field(WebhookDeliverySerializer(many=True))
    def get_deliveries(self, hook: Webhook) -> Any:
        return WebhookDeliverySerializer(hook.deliveries.order_by("-created_at", "-pk")[:50], many=True).data


class WebhookCreateSerializer(StrictInputSerializer):
    url = serializers.URLField(max_length=500, help_text="http:// or https://, a public address")
    events = serializers.ListField(
        child=serializers.ChoiceField(choices=EVENTS), min_length=1, max_length=len(EVENTS)
    )
    payload_format = serializers.ChoiceField(
        choices=Webhook.PayloadFormat.choices,
        default="json",
        help_text='json (signed event body) or discord ({"content"})',
    )


def _tournament(request, pk: int) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=pk)
    require_organiser(request.user, tournament)
    return tournament


class Webhooks(APIView):
    """GET (staff): the tournament's webhooks. POST (staff): register one; the answer (201) holds its signing
    ``secret``, shown this once. A URL on a loopback, private or link-local address is a 400
    ``webhook_target_refused``."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: WebhookSerializer(many=True)})
    def get(self, request, pk: int):
        return Response(WebhookSerializer(selectors.webhooks_of(_tournament(request, pk)), many=True).data)

    @extend_schema(request=WebhookCreateSerializer, responses={201: WebhookWithSecretSerializer})
    def post(self, request, pk: int):
        tournament = _tournament(request, pk)
        data = WebhookCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        hook = webhooks.webhook_create(
            tournament=tournament,
            actor=request.user,
            url=data.validated_data["url"],
            events=data.validated_data["events"],
            payload_format=data.validated_data["payload_format"],
            idempotency_key=idempotency_key(request),
        )
        return Response(WebhookWithSecretSerializer(hook).data, status=status.HTTP_201_CREATED)


class WebhookDetail(APIView):
    """GET (staff): a webhook and its latest 50 deliveries (status, response code, attempts). DELETE (staff):
    remove it and its log (204)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: WebhookDetailSerializer})
    def get(self, request, pk: int, webhook_id: int):
        tournament = _tournament(request, pk)
        hook = get_object_or_404(Webhook, pk=webhook_id, tournament=tournament)
        return Response(WebhookDetailSerializer(hook).data)

    @extend_schema(responses={204: None})
    def delete(self, request, pk: int, webhook_id: int):
        webhooks.webhook_delete(
            tournament=_tournament(request, pk), actor=request.user, webhook_id=webhook_id
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class WebhookRotateSecret(APIView):
    """POST (staff): a new signing secret for the webhook, answered once; the old one stops signing now."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: WebhookWithSecretSerializer})
    def post(self, request, pk: int, webhook_id: int):
        hook = webhooks.webhook_rotate_secret(
            tournament=_tournament(request, pk), actor=request.user, webhook_id=webhook_id
        )
        return Response(WebhookWithSecretSerializer(hook).data)
