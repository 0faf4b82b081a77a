"""``{% idempotency_field %}``: a hidden one-time ``idempotency_key`` for an organiser's form, so a repeated
submit (a double click, a reload that posts again) is done once (``tournaments.services.idempotency``)."""

from __future__ import annotations

import uuid

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()


@register.simple_tag
def idempotency_field() -> SafeString:
    """A fresh key for each form rendered."""
    return format_html('<input type="hidden" name="idempotency_key" value="{}">', uuid.uuid4().hex)
