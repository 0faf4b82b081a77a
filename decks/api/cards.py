"""Card search API: ``GET /api/v1/cards/`` (public), a filtered, paginated view of the catalogue."""

from __future__ import annotations

import django_filters
from drf_spectacular.utils import extend_schema
from rest_framework import generics, permissions, serializers

from decks.models import CardRecord
from decks.selectors import card_search
from tournaments.api.pagination import BoundedLimitOffsetPagination


class CardSerializer(serializers.ModelSerializer):
    line = serializers.SerializerMethodField(help_text="A decklist line for this printing, e.g. '1x War Party (3rd/54)'")

    class Meta:
        model = CardRecord
        fields = ["key", "set_code", "number", "name", "card_type", "champion_type", "level", "level_value", "world",
                  "is_avatar", "line"]

    def get_line(self, obj: CardRecord) -> str:
        return f"1x {' '.join(obj.name.split())} ({obj.key})"


class CardFilter(django_filters.FilterSet):
    """Query parameters of the card search; all optional and combined with AND."""

    q = django_filters.CharFilter(method="noop", help_text=(
        "Name words (case-, accent- and punctuation-insensitive: 'war-party', 'WAR PAR') or a card key "
        "('3rd/54', '54/3rd', 'FRc/18'). Exact names first, then names starting with it."))
    card_type = django_filters.CharFilter(method="noop", help_text="Card type, e.g. Champion, Realm, Magical Item")
    champion_type = django_filters.CharFilter(method="noop", help_text="Champion type, e.g. Wizard, Hero")
    world = django_filters.CharFilter(method="noop", help_text="Campaign world, e.g. Forgotten Realms, None")
    set = django_filters.CharFilter(method="noop", help_text="Set code, e.g. 1st, 4th, DU")
    level = django_filters.NumberFilter(method="noop", help_text="Level value (first number of the level icon)")
    level_min = django_filters.NumberFilter(method="noop", help_text="Lowest level value")
    level_max = django_filters.NumberFilter(method="noop", help_text="Highest level value")

    class Meta:
        model = CardRecord
        fields: list[str] = []

    def noop(self, queryset, name, value):
        return queryset

    def filter_queryset(self, queryset):
        data = self.form.cleaned_data

        def number(name):
            value = data.get(name)
            return None if value is None else max(-1000, min(1000, int(value)))  # levels are small

        return card_search(
            queryset, q=data.get("q") or "", card_type=data.get("card_type") or "",
            champion_type=data.get("champion_type") or "", world=data.get("world") or "",
            set_code=data.get("set") or "", level=number("level"), level_min=number("level_min"),
            level_max=number("level_max"),
        )


class CardPagination(BoundedLimitOffsetPagination):
    default_limit = 25
    max_limit = 100


class CardList(generics.ListAPIView):
    """Search the card catalogue: by name or key (``q``) and by type, champion type, world, set and level."""

    queryset = CardRecord.objects.all()
    serializer_class = CardSerializer
    filterset_class = CardFilter
    pagination_class = CardPagination
    permission_classes = [permissions.AllowAny]

    @extend_schema(summary="Search cards", description=(
        "Public. Every parameter is optional; a bad number is a 400. Results are paginated with "
        "`limit` (default 25, at most 100) and `offset`."))
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)
