"""The event's details as the services take them (``tournament_create``, ``tournament_update``): checked, trimmed
and ready to store (issue 20: the clock start and check-in; issue 22: the optional rules posted to the players,
Tournament Rules 2.0: "Tournaments should always post what optional rules variants and victory conditions are being
used")."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from zoneinfo import ZoneInfo

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rules.optional_rules import MAX_OPTIONAL_RULES_TEXT, OPTIONAL_RULES

from tournaments.errors import UserError
from tournaments.models import Tournament, validate_time_zone


def checked_bool(value: object, field: str) -> bool:
    """``value`` when it is a bool; raises UserError (``code``: ``field``) otherwise."""
    if not isinstance(value, bool):
        raise UserError(_("%(field)s is true or false."), code=field, params={"field": field})
    return value


def checked_details(*, name: str, date: datetime.date, time_zone: str, venue: str, description: str,
                    capacity: int | None, registration_deadline: datetime.datetime | None,
                    clock_start: str = Tournament.ClockStart.AT_PAIRING, check_in_required: bool = False,
                    check_in_deadline: datetime.datetime | None = None,
                    optional_rules: Sequence[str] = (), optional_rules_text: str = "") -> dict:
    """The event's details, trimmed and checked: a name, a known IANA ``time_zone``, a ``capacity`` of at least 2
    players (None: unlimited), a venue of at most 200 characters and a description of at most 4,000, a
    ``clock_start`` of ``Tournament.ClockStart``, optional rules of ``rules.optional_rules.OPTIONAL_RULES`` (each
    once, in that order) and their free text of at most ``MAX_OPTIONAL_RULES_TEXT`` characters; naive deadlines
    are read in ``time_zone``. Raises UserError (``code``: the field)."""
    if isinstance(optional_rules, str) or not all(isinstance(code, str) for code in optional_rules or ()):
        raise UserError(_("Give the optional rules as a list of variants."), code="optional_rules")
    unknown_rules = sorted(set(optional_rules or ()) - set(OPTIONAL_RULES))
    if unknown_rules:
        raise UserError(_("Unknown optional rules: %(names)s (known: %(known)s)."), code="optional_rules",
                        params={"names": ", ".join(unknown_rules), "known": ", ".join(OPTIONAL_RULES)})
    optional_rules_text = (optional_rules_text or "").strip()
    if len(optional_rules_text) > MAX_OPTIONAL_RULES_TEXT:
        raise UserError(_("The optional rules text is at most %(max)s characters long."),
                        code="optional_rules_text", params={"max": MAX_OPTIONAL_RULES_TEXT})
    if not (name or "").strip():
        raise UserError(_("The tournament needs a name."), code="name")
    if len(name.strip()) > 200:
        raise UserError(_("The name is at most 200 characters long."), code="name")
    time_zone = (time_zone or "UTC").strip()
    try:
        validate_time_zone(time_zone)
    except ValidationError as exc:
        error = exc.error_list[0]  # the model's message, lazy, with its params
        raise UserError(error.message, code="time_zone", params=error.params) from exc
    if capacity is not None and (isinstance(capacity, bool) or not isinstance(capacity, int) or capacity < 2):
        raise UserError(_("The capacity is at least 2 players (leave it blank for no limit)."), code="capacity")
    venue, description = (venue or "").strip(), (description or "").strip()
    if len(venue) > 200:
        raise UserError(_("The venue is at most 200 characters long."), code="venue")
    if len(description) > 4000:
        raise UserError(_("The description is at most 4,000 characters long."), code="description")
    if registration_deadline is not None and timezone.is_naive(registration_deadline):
        registration_deadline = timezone.make_aware(registration_deadline, ZoneInfo(time_zone))
    if check_in_deadline is not None and timezone.is_naive(check_in_deadline):
        check_in_deadline = timezone.make_aware(check_in_deadline, ZoneInfo(time_zone))
    if clock_start not in Tournament.ClockStart.values:
        raise UserError(_("The round clock starts at pairing or by hand, not '%(value)s'."), code="clock_start",
                        params={"value": clock_start, "valid": list(Tournament.ClockStart.values)})
    return {"name": name.strip(), "date": date, "time_zone": time_zone, "venue": venue, "description": description,
            "capacity": capacity, "registration_deadline": registration_deadline, "clock_start": clock_start,
            "check_in_required": bool(check_in_required), "check_in_deadline": check_in_deadline,
            "optional_rules": [code for code in OPTIONAL_RULES if code in set(optional_rules or ())],
            "optional_rules_text": optional_rules_text}
