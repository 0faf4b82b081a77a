"""The projector view (issue #13): what a screen in the hall shows, no login, no navigation.

While a round is playing: its pairings **by player name** (each player with their table and opponents), a page at
a time, and the round clock; once every table of the round is confirmed (or the event is finished): the standings,
the top ``STANDINGS_TOP`` a page at a time. The screen polls itself (htmx, ``HX-Request``) every
``settings.PROJECTOR_CYCLE_SECONDS`` (12) for the *next* page, so it cycles through the pages and picks up new results, a new round or the
standings without a reload.

Terms: a *page* is one screen of rows (``PAIRINGS_PER_PAGE`` players in two columns, ``STANDINGS_PER_PAGE``
standings rows); after the last page comes the first again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext

from tournaments import selectors
from tournaments.models import Round, Tournament
from tournaments.pages import crowd
from tournaments.pages.access import tournament_view
from tournaments.pages.presenters import elimination_round_title, standings_columns

#: Players a page of pairings shows (two columns on a 1,920 x 1,080 screen).
PAIRINGS_PER_PAGE = 30
#: Standings rows a page shows, and how many of the top players the projector shows at all.
STANDINGS_PER_PAGE = 16
STANDINGS_TOP = 64


@dataclass(frozen=True)
class PlayerLine:
    """One player of a round as the projector lists them: ``name``, ``table``, ``opponents`` (their names; empty
    for a bye), ``bye`` (one seat), ``late_loss`` (a late player's loss with no opponent)."""

    name: str
    table: int
    opponents: tuple[str, ...]
    bye: bool
    late_loss: bool = False


def pairings_by_name(rnd: Round) -> list[PlayerLine]:
    """Every player of ``rnd`` in alphabetical order (case-insensitive) with their table and opponents
    (2 queries, ``selectors.round_matches``)."""
    lines = []
    for match in selectors.round_matches(rnd):
        names = [s.registration.display_name for s in match.seats.all()]
        for i, name in enumerate(names):
            others = tuple(names[:i] + names[i + 1:])
            lines.append(PlayerLine(name=name, table=match.table, opponents=others, bye=not others,
                                    late_loss=not others and match.opponentless_loss))
    return sorted(lines, key=lambda line: (line.name.casefold(), line.table))


def _page(request: HttpRequest, pages: int) -> int:
    """The page asked for (``?page=``), wrapped round: after the last page comes the first."""
    asked = crowd.Paging.of(request).page
    return (asked - 1) % pages + 1


@tournament_view("public")
def projector(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The projector screen of ``tournament`` (module docstring); an htmx poll gets only the screen
    (``fragments/projector_screen.html``) for ``?page=N``."""
    rnd = tournament.rounds.order_by("-number").first()
    context: dict = {"t": tournament, "cycle": settings.PROJECTOR_CYCLE_SECONDS}
    complete = True
    state = ""
    if rnd is not None:
        tables, state = selectors.round_state(rnd, tournament.results_version)
        complete = state.rsplit("-", 1)[-1] == str(tables)  # the last count of round_state: confirmed tables
    finished = tournament.status == Tournament.Status.FINISHED
    if rnd is not None and not rnd.is_draft:
        context.update(clock=selectors.clock_at(rnd, tournament.round_minutes, now=timezone.now(), over=finished),
                       clock_round=rnd.number)
    if rnd is not None and rnd.is_draft and not finished:  # the hall sees no draft (selectors.round_visible)
        context.update(phase="waiting", being_paired=rnd.number, page=1, pages=1,
                       title=gettext("Round %(n)s") % {"n": rnd.number})
    elif rnd is not None and not complete and not finished:
        lines = crowd.cached(f"crowd:projector:{rnd.pk}:{state}", lambda: pairings_by_name(rnd))
        pages = max(1, math.ceil(len(lines) / PAIRINGS_PER_PAGE))
        page = _page(request, pages)
        shown = lines[(page - 1) * PAIRINGS_PER_PAGE:page * PAIRINGS_PER_PAGE]
        half = math.ceil(len(shown) / 2)
        title = gettext("Round %(n)s") % {"n": rnd.number}
        if rnd.is_elimination:
            title = crowd.cached(f"crowd:round-title:{rnd.pk}:{state}", lambda: elimination_round_title(
                tournament, rnd.matches.annotate(n=Count("seats")).values_list("pairing_reason", "n", "pairing_reason_params")))
        context.update(phase="pairings", title=title, columns=[shown[:half], shown[half:]],
                       first=shown[0].name[:1].upper() if shown else "", last=shown[-1].name[:1].upper() if shown else "",
                       page=page, pages=pages)
    else:
        snapshot = selectors.latest_snapshot(tournament) if rnd is not None else None
        rows = snapshot.rows[:STANDINGS_TOP] if snapshot else []
        pages = max(1, math.ceil(len(rows) / STANDINGS_PER_PAGE))
        page = _page(request, pages)
        columns = standings_columns(snapshot.columns) if snapshot else []
        shown = rows[(page - 1) * STANDINGS_PER_PAGE:page * STANDINGS_PER_PAGE]
        context.update(
            phase="standings" if rows else "waiting", page=page, pages=pages, columns=columns,
            has_placings=bool(snapshot and snapshot.has_placings),
            rows=[(row, [(row.get(c.key), c) for c in columns]) for row in shown],
            title=gettext("Final standings") if finished else (
                gettext("Standings after round %(n)s") % {"n": rnd.number} if rnd else gettext("Pairings")))
    context["next_url"] = crowd.page_url(request.path, context["page"] % context["pages"] + 1)
    template = "tournaments/fragments/projector_screen.html" if crowd.wants_fragment(request) \
        else "tournaments/projector.html"
    return crowd.vary_on_fragment(HttpResponse(render_to_string(template, context, request)))
