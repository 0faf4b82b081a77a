"""The organiser's manage page in tabs (issue 20, item 3), each a link with its own URL that works without
JavaScript, all in ``tournaments/manage_base.html`` under one tab bar (``fragments/manage_tabs.html``):

* **Round** (``/t/<id>/manage/``, :func:`manage`): the event's state, the step valid now and what blocks it, the
  current round (clock, print links, swap or pair again) and its tables without a confirmed result;
* **Players** (``manage/players/``, :func:`manage_players`): check-in and walk-ins, one line per player (drop or
  reinstate), a search by name, the pairing tools about players (forbidden pairs, byes, teams);
* **Decks** (``manage/decks/``): ``decks.pages.manage_views.manage_decks`` (``decks`` renders its own tab);
* **Penalties** (``manage/penalties/``, :func:`penalties_tab`, through ``manage_views.manage_penalty``);
* **Staff** (``manage/staff/``, :func:`manage_staff`); **Settings** (``manage/edit/``, ``manage_views.manage_edit``);
* **Audit log** (``manage/audit/``, :func:`manage_audit`): paginated, filtered by action and player.

Each tab offers only what the event's state allows: a finished event shows what happened and Reopen, no form that
would change it (the services refuse them anyway). Each POST returns to its tab (``actions.back_to``)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext

from tournaments import selectors
from tournaments.ids import parse_id, parse_int
from tournaments.models import AuditEntry, Penalty, Tournament
from tournaments.pages.access import tournament_view
from tournaments.pages.actions import state_actions
from tournaments.pages.crowd import QUERY_MAX, matches_name
from tournaments.pages.desk_views import desk_context
from tournaments.pages.phase_views import day_two_offered
from tournaments.pages.presenters import audit_rows, day_two_summary, match_rows
from tournaments.services.event_state import event_state
from tournaments.services.penalties import penalties_of
from tournaments.services.permissions import is_main_organiser

#: Audit entries per page of the Audit log tab: a result entry is about 110 px tall at 1,280 px (before and after
#: in lines), so a page stays within about three desktop screens (2,400 px).
AUDIT_PAGE_SIZE = 15


def _tab(request: HttpRequest, tournament: Tournament, tab: str, title: str, template: str,
         context: dict) -> HttpResponse:
    return render(request, template, {"t": tournament, "tab": tab, "tab_title": title, **context})


@tournament_view("organiser")
def manage(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The Round tab, built around the event's state (``event_state``): the status header, the steps valid now,
    what blocks the next one; while a round is played, its clock, print links, the tools to change it and its
    results desk (tournaments.pages.desk_views); once finished, the winner and links to what happened."""
    latest = tournament.rounds.order_by("-number").first()
    state = event_state(tournament)
    return _tab(request, tournament, "round", gettext("Round"), "tournaments/manage.html", {
        "state": state,
        "actions": state_actions(tournament, state),
        "latest_round": latest,
        "round_changeable": (latest is not None and tournament.status == Tournament.Status.RUNNING
                             and not selectors.round_started(latest)),
        "rounds": tournament.rounds.order_by("number"),
        "registrations": tournament.registrations.select_related("player"),
        "day_two_offered": day_two_offered(tournament, latest),
        "day_two": day_two_summary(tournament),
        **desk_context(request, tournament, latest),  # the results desk (tournaments.pages.desk_views)
    })


@tournament_view("organiser")
def manage_players(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The Players tab: the check-in panel (``fragments/check_in.html``), every registration on one line (``?q=``:
    only the names containing it, case-insensitive) with drop or reinstate (not once finished) and, while it runs,
    "Record a late loss" for a Swiss round the player has no match in, or remove one (``selectors.late_loss_choices``),
    and the
    pairing tools about players (``fragments/pairing_tools.html``)."""
    registrations = list(tournament.registrations.select_related("player").order_by("registered_at", "id"))
    q = request.GET.get("q", "").strip()[:QUERY_MAX]
    return _tab(request, tournament, "players", gettext("Players"), "tournaments/manage_players.html", {
        "registrations": registrations,
        "shown": [r for r in registrations if matches_name(r.display_name, q)] if q else registrations,
        "q": q,
        "latest_round": tournament.rounds.order_by("-number").first(),
        "late_losses": selectors.late_loss_choices(tournament, registrations),
        "forbidden_pairs": tournament.forbidden_pairs.select_related("player_a__player", "player_b__player"),
    })


def penalties_tab(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The Penalties tab (a GET of ``manage_views.manage_penalty``, which checks the audience): the form (not once
    finished) and every penalty, newest first."""
    latest = tournament.rounds.order_by("-number").first()
    return _tab(request, tournament, "penalties", gettext("Penalties"), "tournaments/manage_penalties.html", {
        "registrations": tournament.registrations.select_related("player"),
        "penalties": penalties_of(tournament),
        "penalty_kinds": Penalty.Kind.choices,
        "current_matches": match_rows(selectors.round_matches(latest)) if latest else [],
    })


@tournament_view("organiser")
def manage_staff(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The Staff tab: the organiser and the co-organisers; the organiser alone adds or removes them, until the
    event is finished."""
    return _tab(request, tournament, "staff", gettext("Staff"), "tournaments/manage_staff.html", {
        "staff": selectors.staff_names(tournament),
        "may_change_staff": (tournament.status != Tournament.Status.FINISHED
                             and is_main_organiser(request.user, tournament)),
    })


@tournament_view("organiser")
def manage_audit(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The Audit log tab: every logged change, newest first, :data:`AUDIT_PAGE_SIZE` a page (``?page=``: a number
    out of range shows the last page, anything else the first), filtered by ``?action=`` (an ``AuditEntry.Action``
    value; another value is ignored) and ``?player=`` (a registration of this tournament; another id is ignored):
    ``selectors.audit_entries``."""
    action = request.GET.get("action", "")
    if action not in AuditEntry.Action.values:
        action = ""
    registrations = list(tournament.registrations.select_related("player").order_by("registered_at", "id"))
    player_id = parse_id(request.GET.get("player", ""))
    player = next((r for r in registrations if r.pk == player_id), None)
    entries = selectors.audit_entries(tournament, action=action, registration=player)
    page = Paginator(entries, AUDIT_PAGE_SIZE).get_page(parse_int(request.GET.get("page", ""), minimum=1) or 1)
    query = urlencode({k: v for k, v in (("action", action), ("player", player.pk if player else "")) if v})
    return _tab(request, tournament, "audit", gettext("Audit log"), "tournaments/manage_audit.html", {
        "audit": audit_rows(page.object_list),
        "page": page,
        "query": query,
        "action": action,
        "player": player,
        "action_choices": AuditEntry.Action.choices,
        "registrations": registrations,
    })
