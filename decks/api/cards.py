"""Card search API: ``GET /api/v1/cards/`` (public), a filtered, paginated view of the catalogue."""

from __future__ import annotations

import django_filters
from django import forms
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import generics, permissions, serializers

from decks.models import CardRecord
from decks.selectors import card_search
from tournaments.api.pagination import BoundedLimitOffsetPagination
from tournaments.ids import parse_int

#: Levels are small: a level asked for beyond this is read as this (either sign).
LEVEL_BOUND = 1000


class LevelField(forms.IntegerField):
    """A whole number in ASCII digits (an optional leading ``-``), brought within ±``LEVEL_BOUND``
    (``tournaments.ids.parse_int``): ``٣``, ``1.5`` and ``1e999999999`` are "Enter a whole number." (a 400), never
    read by ``int()`` or ``Decimal()`` (the last took a worker's CPU and memory for good)."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        number = parse_int(str(value), minimum=-LEVEL_BOUND, maximum=LEVEL_BOUND, clamp=True)
        if number is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return number


class LevelFilter(django_filters.NumberFilter):
    field_class = LevelField


def level_filter(help_text: str) -> LevelFilter:
    """A level parameter, documented as the integer it is (a ``NumberFilter`` would say "number")."""
    return extend_schema_field({"type": "integer", "description": help_text})(
        LevelFilter(method="noop", help_text=help_text))


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
    level = level_filter("Level value (first number of the level icon)")
    level_min = level_filter("Lowest level value")
    level_max = level_filter("Highest level value")

    class Meta:
        model = CardRecord
        fields: list[str] = []

    def noop(self, queryset, name, value):
        return queryset

    def filter_queryset(self, queryset):
        data = self.form.cleaned_data

        return card_search(
            queryset, q=data.get("q") or "", card_type=data.get("card_type") or "",
            champion_type=data.get("champion_type") or "", world=data.get("world") or "",
            set_code=data.get("set") or "", level=data.get("level"), level_min=data.get("level_min"),
            level_max=data.get("level_max"),
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
