"""The pages the crowd follows live: a round's pairings, the standings and the bracket (cached, paged, polled by
htmx; ``tournaments.pages.crowd``)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.views.decorators.http import condition
from django.utils.translation import get_language, gettext

from tournaments import selectors
from tournaments.models import (
    Match,
    Round,
    StandingsSnapshot,
    Tournament,
)
from tournaments.pages import crowd
from tournaments.pages.access import tournament_view
from tournaments.pages.actions import state_actions
from tournaments.pages.presenters import (
    bracket_sections,
    day_two_summary,
    elimination_round_title,
    match_rows,
    standings_columns,
)
from tournaments.services.permissions import is_tournament_organiser
from tournaments.services.event_state import event_state


@crowd.anonymous_page
@tournament_view("public")
def round_detail(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """The pairings of a round: 100 tables a page, searchable by player name (``?q=``), the player's own table
    marked with a link to their match slip and a "find me" link. Each page of tables is rendered once per state
    of the round (``selectors.round_state``) and cached; the player's marks are added per request.

    Live: while a table is still open the table polls this URL (htmx, ``HX-Request``), which answers with only
    the table (``fragments/round_live.html``); once every table is confirmed the answer no longer polls. A
    visitor's page and every poll carry an ETag of the round's state (a 304 when nothing changed). The organiser
    also sees why each table was paired and the line that reproduces the round (``is_organiser``)."""
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    if not selectors.round_visible(rnd, request.user, tournament):
        return _being_paired(request, tournament, rnd)
    paging = crowd.Paging.of(request)
    is_organiser = is_tournament_organiser(request.user, tournament)
    tables, state = selectors.round_state(rnd, tournament.results_version)
    path = request.path
    fragment_only = crowd.wants_fragment(request)

    def build() -> dict:
        if paging.q:
            rows = [m for m in match_rows(selectors.round_matches(rnd))
                    if any(crowd.matches_name(s.registration.display_name, paging.q) for s in m.seats)]
            total = len(rows)
        else:
            total = tables
        pages = crowd.page_count(total)
        page = min(paging.page, pages)
        start = (page - 1) * crowd.PAGE_SIZE
        if paging.q:
            rows = rows[start:start + crowd.PAGE_SIZE]
        else:
            rows = match_rows(selectors.round_matches(rnd)[start:start + crowd.PAGE_SIZE])
        html = render_to_string("tournaments/fragments/round_table.html", {
            "t": tournament, "matches": rows, "is_organiser": is_organiser,
            "nav": crowd.nav(path, page, pages, paging.q, total)})
        return {"html": html}

    viewer = "organiser" if is_organiser else "public"
    mine = selectors.my_table(rnd, request.user)

    def context() -> dict:
        html = crowd.cached(paging.key("round", rnd.pk, state, viewer), build,
                            budget=f"round|{rnd.pk}|{state}|{viewer}")["html"]
        find_me = ""
        if mine is not None:
            match_id, _, position = mine
            find_me = crowd.page_url(path, position // crowd.PAGE_SIZE + 1, anchor=f"#m{match_id}")
            html = html.replace(f'<tr id="m{match_id}">', f'<tr id="m{match_id}" class="mine">')
            html = html.replace(f'<tr id="m{match_id}" class="bye">', f'<tr id="m{match_id}" class="mine bye">')
            slip = reverse("tournaments:match", args=[tournament.pk, match_id])
            html = html.replace(f"<!--slip{match_id}-->", f' <a class="btn btn-sm btn-primary ms-md-2" href="{slip}">'
                                f'{escape(gettext("Open your match slip"))}</a>')
        title = gettext("Round %(n)s") % {"n": rnd.number}
        if rnd.is_elimination:
            title = crowd.cached(f"crowd:round-title:{rnd.pk}:{state}", lambda: elimination_round_title(
                tournament, rnd.matches.annotate(n=Count("seats")).values_list("pairing_reason", "n", "pairing_reason_params")))
        ctx = {"t": tournament, "round": rnd, "fragment": mark_safe(html), "find_me": find_me,  # noqa: S308
               "is_organiser": is_organiser, "title": title, "live": not _round_complete(tables, state),
               "draft": rnd.is_draft,
               "live_url": crowd.page_url(path, paging.page, paging.q), "poll": settings.LIVE_POLL_SECONDS}
        if is_organiser:  # the organiser's bar: back to the manage page and the step valid now
            ctx["organiser_actions"] = state_actions(tournament, event_state(tournament))
        return ctx

    rounds = tournament.rounds.count()  # the tabs of a visitor's page, which is cached whole
    key = paging.key("round-page", rnd.pk, state, f"n{rounds}", f"c{rnd.clock_version}", crowd.digest(tournament.name))
    etag = None
    # no forms inside (an ETag never serves a stale token) and no message waiting to be shown
    if (fragment_only or not request.user.is_authenticated) and not len(messages.get_messages(request)):
        etag = f'"round-{rnd.pk}-{state}-n{rounds}-c{rnd.clock_version}-{crowd.digest(tournament.name)}-{viewer}' \
               f'-u{request.user.pk or 0}{"-hx" if fragment_only else ""}"'
        not_modified = get_conditional_response(request, etag=etag)
        if not_modified is not None:
            return crowd.vary_on_fragment(not_modified)
    if fragment_only:
        response = HttpResponse(render_to_string("tournaments/fragments/round_live.html", context(), request))
    else:
        response = crowd.whole_page(request, key, "tournaments/round.html", context,
                                    budget=f"round-page|{rnd.pk}|{state}|c{rnd.clock_version}")
    if etag:
        response.headers["ETag"] = etag
    return crowd.vary_on_fragment(response)


def _being_paired(request: HttpRequest, tournament: Tournament, rnd: Round) -> HttpResponse:
    """A draft round's page for anyone but the staff: "Round N is being paired", no table (an htmx poll gets the
    notice alone). Publishing the round saves it, which retires this page (``tournaments.page_state``)."""
    context = {"t": tournament, "round": rnd, "title": gettext("Round %(n)s") % {"n": rnd.number},
               "live_url": request.path, "poll": settings.LIVE_POLL_SECONDS}
    if crowd.wants_fragment(request):
        return crowd.vary_on_fragment(HttpResponse(render_to_string(
            "tournaments/fragments/being_paired.html", context, request)))
    return crowd.vary_on_fragment(render(request, "tournaments/round.html", {**context, "being_paired": True}))


def _round_complete(tables: int, state: str) -> bool:
    """Every table of the round is confirmed, from ``selectors.round_state`` (its last count is the confirmed
    tables: ``Match.Status.values`` ends with ``confirmed``)."""
    return Match.Status.values[-1] == Match.Status.CONFIRMED and state.rsplit("-", 1)[-1] == str(tables)


def _standings_etag(request: HttpRequest, pk: int) -> str | None:
    """The page's ETag (one query); the versions it read are kept on the request for the view. A live poll
    (``HX-Request``, answered with only the table) has its own tag, and the tag ends with the active language: the
    same standings in another language are another page (issue 14)."""
    request.standings_versions = selectors.standings_versions(pk)  # type: ignore[attr-defined]
    etag = selectors.standings_etag(pk, request.user, versions=request.standings_versions)  # type: ignore[attr-defined]
    if etag is None:
        return None
    return f"{etag}-hx-{get_language()}" if crowd.wants_fragment(request) else f"{etag}-{get_language()}"


@crowd.anonymous_page
@condition(etag_func=_standings_etag)
@tournament_view("public")
def standings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The latest standings snapshot, served with an ETag of its version (a 304 when unchanged), 100 rows a
    page, searchable by name (``?q=``), with a "find me" link for a registered player. Each page's table is
    rendered once per snapshot version, a visitor's whole page once per version (``tournaments.pages.crowd``);
    the CSV export keeps every row.

    Live: until the tournament is finished (and while its standings are being brought up to date) the table
    polls this URL (htmx, ``HX-Request``), answered with only the table (``fragments/standings_live.html``)."""
    paging = crowd.Paging.of(request)
    versions = getattr(request, "standings_versions", None) or (tournament.results_version, None)
    results_version, latest = versions
    loaded: list = []  # the snapshot, once read (standings behind their results are shown as they are, updating)
    path = request.path
    fragment_only = crowd.wants_fragment(request)

    def load() -> StandingsSnapshot:
        assert latest is not None  # only called when there is a snapshot
        if not loaded or loaded[0] is None or loaded[0].version != latest:
            loaded[:] = [tournament.snapshots.get(version=latest)]
        return loaded[0]

    def build() -> dict:
        snap = load()
        rows = [r for r in snap.rows if crowd.matches_name(r["name"], paging.q)] if paging.q else snap.rows
        pages = crowd.page_count(len(rows))
        page = min(paging.page, pages)
        columns = standings_columns(snap.columns)
        shown = rows[(page - 1) * crowd.PAGE_SIZE:page * crowd.PAGE_SIZE]
        table = [(row, [(row.get(c.key), c) for c in columns]) for row in shown]
        complete, current = selectors.rounds_progress(tournament)
        # an event run in phases: each phase's standings too, the same page of each (selectors.phase_tables)
        phases = [{**t, "rows": t["rows"][(page - 1) * crowd.PAGE_SIZE:page * crowd.PAGE_SIZE],
                   "cut": t["phase"] < len(phase_tables_)}
                  for phase_tables_ in [selectors.phase_tables(rows)] for t in phase_tables_]
        return {"html": render_to_string("tournaments/fragments/standings_table.html", {
            "phases": phases, "day_two": day_two_summary(tournament),
            "snapshot": snap, "table": table, "columns": columns, "complete": complete, "current": current,
            "accounts": selectors.player_accounts(tournament, [row["player"] for row in shown]),
            "nav": crowd.nav(path, page, pages, paging.q, len(rows))})}

    def context() -> dict:
        updating = latest is not None and results_version > latest
        ctx: dict = {"t": tournament, "q": paging.q, "find_me": "", "updating": updating,
                     "live": tournament.status != Tournament.Status.FINISHED or updating,
                     "live_url": crowd.page_url(path, paging.page, paging.q), "poll": settings.LIVE_POLL_SECONDS}
        if latest is None:
            return ctx
        fragment = crowd.cached(paging.key("standings", tournament.pk, f"v{latest}"), build,
                                budget=f"standings|{tournament.pk}|v{latest}")
        ctx["fragment"] = mark_safe(fragment["html"])  # noqa: S308 - rendered (escaped) by its template
        mine = selectors.registration_of(tournament, request.user)
        if mine is not None:
            positions = crowd.cached(f"crowd:standings-positions:{tournament.pk}:v{latest}",
                                     lambda: {r["player"]: i for i, r in enumerate(load().rows)})
            index = positions.get(str(mine.pk))
            if index is not None:
                ctx["find_me"] = crowd.page_url(path, index // crowd.PAGE_SIZE + 1, anchor=f"#p{mine.pk}")
        return ctx

    if fragment_only:
        return crowd.vary_on_fragment(HttpResponse(
            render_to_string("tournaments/fragments/standings_live.html", context(), request)))
    rounds = tournament.rounds.count()  # the tabs of a visitor's page, which is cached whole
    key = paging.key("standings-page", tournament.pk, f"v{latest}", f"r{results_version}", f"n{rounds}",
                     tournament.status, crowd.digest(tournament.name))
    return crowd.vary_on_fragment(crowd.whole_page(request, key, "tournaments/standings.html", context,
                                                   budget=f"standings-page|{tournament.pk}|v{latest}|r{results_version}"))


@tournament_view("public")
def bracket(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The elimination rounds drawn as a bracket (``presenters.bracket_sections``): a column per round named
    quarter-final, semi-final, final (or the winners' and losers' brackets and the grand final), each match a
    box with both players, their seeds, the games won and the winner in bold."""
    rounds = [(rnd.number, match_rows(selectors.round_matches(rnd)))
              for rnd in selectors.visible_rounds(tournament, request.user).filter(kind=Round.Kind.ELIMINATION)]
    return render(request, "tournaments/bracket.html", {
        "t": tournament, "sections": bracket_sections(tournament, rounds),
        "title": elimination_round_title(tournament, []) if rounds else ""})
