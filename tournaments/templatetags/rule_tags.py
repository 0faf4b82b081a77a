"""Rule violations, warnings and citations in the reader's language (``tournaments.rule_texts``).

``{% load rule_tags %}`` then ``{{ violation|violation_text }}`` (or ``{{ violation|violation_text:format_name }}``),
``{{ violation|violation_rule }}`` (its citation), ``{{ "Realm"|card_type }}``, ``{{ match|pairing_reason }}`` (why
a match's players were paired). ``violation`` is a
``rules.legality.Violation`` / ``DeckWarning`` or its ``to_dict()`` (as stored with a deck check)."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from rules.formats import RULES_FILE
from rules.legality import Violation
from rules.results import MULLIGAN_RULE
from rules.rule_documents import parse_citation

from tournaments import rule_texts
from tournaments.models import Match

register = template.Library()


def as_violation(value: Any) -> Violation | None:
    """A ``Violation`` from a Violation or its ``to_dict()`` form; None for anything else."""
    if isinstance(value, Violation):
        return value
    if isinstance(value, dict) and "code" in value:
        return Violation(code=str(value["code"]), params=dict(value.get("params") or {}),
                         cards=tuple(value.get("cards") or ()), rule=str(value.get("rule", "")),
                         message=str(value.get("message", "")))
    return None


@register.filter
def violation_text(value: Any, format_name: str = "") -> str:
    """What the violation says in the active language (the cards named as printed)."""
    violation = as_violation(value)
    return rule_texts.violation_text(violation, format_name) if violation is not None else str(value)


@register.filter
def violation_rule(value: Any) -> str:
    """The violation's citation in the active language, linked to the rules page (``rule_cite``)."""
    violation = as_violation(value)
    return rule_cite(violation.rule) if violation is not None else ""


@register.filter
def card_type(value: str) -> str:
    """A card or champion type in the active language ("Realm" -> "Reino")."""
    return rule_texts.card_type_name(str(value))


#: Citations the templates name by key (``{% cited_rule "mulligan" as rule %}``): the rules module's own where it
#: has one.
CITED_RULES = {
    "mulligan": MULLIGAN_RULE,
    "replacement": f"{RULES_FILE}, opening section",
}


@register.simple_tag
def cited_rule(key: str) -> SafeString:
    """One of ``CITED_RULES`` as a linked citation (``rule_cite``), for use inside ``{% blocktranslate %}``."""
    return rule_cite(CITED_RULES[key])


def rule_url(part: str) -> str | None:
    """The rules page's address of one citation (``/rules/<document>/#<section>``), or None when it cites no rules
    text (``rules.rule_documents.parse_citation``)."""
    citation = parse_citation(part)
    if citation is None:
        return None
    url = reverse("tournaments:rules-document", args=[citation.document.slug])
    return url if citation.section is None else f"{url}#{citation.section.slug}"


@register.filter
def rule_cite(value: str) -> SafeString:
    """A citation of a rules text (``"<file>, <section> ..."``) in the active language (``rule_texts.cite``): the
    document's title and section, never its file name, each part (``"; "``) linked to its section on the rules
    page when it cites a rules text, the parts joined with the language's separator (``clause_separator``)."""
    linked = []
    for part in rule_texts.citation_parts(str(value)):
        url = rule_url(part)
        text = rule_texts.cite_part(part)
        linked.append(format_html('<a href="{}">{}</a>', url, text) if url else format_html("{}", text))
    return format_html_join(rule_texts.clause_separator(), "{}", ((part,) for part in linked))


@register.filter
def format_label(value: Any) -> str:
    """A tournament's deck format by name in the active language (``rule_texts.format_label``)."""
    return rule_texts.format_label(value)


@register.filter
def pairing_reason(match: Any) -> str:
    """Why a match's players were paired, in the active language (``rule_texts.pairing_reason_text`` from its
    ``pairing_reason_code`` and ``pairing_reason_params``; the stored English ``pairing_reason`` otherwise), the
    players named by their display names (the match's seats: prefetched by the round pages)."""
    seats = match.seats.all() if isinstance(match, Match) else ()
    names = {str(seat.registration_id): seat.registration.display_name for seat in seats}
    return rule_texts.pairing_reason_text(getattr(match, "pairing_reason_code", ""),
                                          getattr(match, "pairing_reason_params", None),
                                          getattr(match, "pairing_reason", ""), names=names)
