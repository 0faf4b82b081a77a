"""The deck sections of the tournament pages, rendered by ``decks`` so ``tournaments`` needs no deck
models or selectors: ``{% load deck_tags %}`` then ``{% published_decklists t %}`` (tournament page)
or ``{% manage_decks t registrations %}`` (the organiser's manage page)."""

from __future__ import annotations

from django import template
from django.conf import settings

from rules.formats import limited_kind

from decks.draft_selectors import draft_of, draft_progress
from decks.models import CardPool, DeckReplacement
from decks.selectors import published_decklists as published_decklists_of
from tournaments.models import Tournament

register = template.Library()


@register.inclusion_tag("decks/fragments/published_decklists.html")
def published_decklists(tournament: Tournament) -> dict:
    """The links to the decklists the organiser has published (every list or the top cut's)."""
    return {"t": tournament, "published": published_decklists_of(tournament)}


@register.inclusion_tag("decks/fragments/manage_decks.html", takes_context=True)
def manage_decks(context, tournament: Tournament, registrations) -> dict:
    """The manage page's Decks tab: decklist publication, pending replacement requests and deck checks (their forms
    only while the event is not finished)."""
    limited = limited_kind(str(tournament.deck_format.get("id", "")))
    return {
        "t": tournament, "registrations": registrations, "csrf_token": context.get("csrf_token"),
        "finished": tournament.status == Tournament.Status.FINISHED,
        "publication_choices": Tournament.Publication.choices,
        "replacements": DeckReplacement.objects.filter(registration__tournament=tournament,
                                                       status=DeckReplacement.Status.PENDING)
        .select_related("registration__player"),
        "deck_checks": tournament.deck_checks.select_related("registration__player", "picked_by", "checked_by"),
        "limited": limited,
        # a constructed event's tab reads no pools (its query count stays flat: tests/tournaments/test_manage_tabs.py)
        "pools_dealt": CardPool.objects.filter(registration__tournament=tournament).count() if limited else 0,
        **_draft_context(tournament),
    }


def _draft_context(tournament: Tournament) -> dict:
    """A draft event's part of the Decks tab: ``draft`` (None before it is seated or on paper), ``draft_pods``
    (each pod's seats now: ``decks.draft_selectors.draft_progress``), ``draft_open`` (it may still be seated or
    entered: not finished, decklists not locked), ``draft_live`` and ``poll`` (the pods' table polls while a seat still
    picks)."""
    if limited_kind(str(tournament.deck_format.get("id", ""))) != "draft":
        return {}
    pods = draft_progress(tournament)
    draft_open = (tournament.status not in (Tournament.Status.FINISHED, Tournament.Status.RUNNING)
                  and not tournament.decks_locked)
    return {"draft": draft_of(tournament), "draft_pods": pods, "draft_open": draft_open,
            "draft_live": draft_open and any(not seat.done for pod in pods for seat in pod),
            "poll": settings.LIVE_POLL_SECONDS}
