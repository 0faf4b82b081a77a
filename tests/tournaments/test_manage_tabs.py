"""The manage page in tabs (issue 20, item 3): each tab a link with its own URL, for the organiser and the
co-organisers only; each state offers only the actions it allows (a finished event: what happened and Reopen);
every POST comes back to the tab its form is on; the audit log paginated and filtered by action and player."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import app_queries
from tests.tournaments._manage_helpers import quick_event, settle_all
from tournaments import services
from tournaments.models import AuditEntry, Tournament
from tournaments.pages.manage_tabs import AUDIT_PAGE_SIZE

pytestmark = pytest.mark.django_db

#: tab name -> its URL name (all take the tournament's pk)
TABS = {"round": "tournaments:manage", "players": "tournaments:manage-players", "decks": "decks:manage",
        "penalties": "tournaments:penalty", "staff": "tournaments:manage-staff", "settings": "tournaments:manage-edit",
        "audit": "tournaments:manage-audit"}


def _url(tab: str, t: Tournament) -> str:
    return reverse(TABS[tab], args=[t.pk])


def _get(client, tab: str, t: Tournament, **params) -> str:
    response = client.get(_url(tab, t), params)
    assert response.status_code == 200, (tab, response.status_code)
    return response.content.decode()


def _actions(page: str) -> set[str]:
    """The URL names of the forms a page posts to (``tournaments:manage-drop``...), whatever their arguments."""
    from django.urls import resolve

    return {resolve(url).view_name for url in re.findall(r'<form[^>]*method="post"[^>]*action="(/t/[^"]+)"', page)}


def _all_actions(client, t: Tournament) -> set[str]:
    found: set[str] = set()
    for tab in TABS:
        found |= _actions(_get(client, tab, t))
    return found


@pytest.fixture
def judge(organiser) -> User:
    return User.objects.create_user("judge")


@pytest.fixture
def running(organiser, judge):
    """A started 4-player event with a co-organiser and round 1 paired, nothing reported."""
    t, regs = quick_event(organiser, 4)
    services.co_organiser_add(tournament=t, actor=organiser, username="judge")
    services.round_pair_next(tournament=t, actor=organiser, seed=1)
    return t, regs


# --------------------------------------------------------------------------- who sees the tabs


@pytest.mark.parametrize("tab", list(TABS))
def test_each_tab_is_a_page_for_the_organiser_and_a_co_organiser_marked_in_the_tab_bar(tab, running, organiser,
                                                                                     judge, client):
    t, _ = running
    for user in (organiser, judge):
        client.force_login(user)
        page = _get(client, tab, t)
        current = re.findall(r'<a class="nav-link active" aria-current="page" href="([^"]+)"', page)
        assert current == [_url(tab, t)], (user, current)
        bar = page.split('class="manage-tabs')[1].split("</nav>")[0]
        assert [href for href in re.findall(r'href="([^"]+)"', bar)] == [_url(name, t) for name in TABS]


@pytest.mark.parametrize("tab", list(TABS))
def test_each_tab_sends_a_visitor_to_log_in_and_refuses_anyone_else(tab, running, alice, client):
    t, _ = running
    response = client.get(_url(tab, t))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    client.force_login(alice)
    assert client.get(_url(tab, t)).status_code == 403


# --------------------------------------------------------------------------- what each state offers


def test_a_draft_offers_opening_registration_and_setup_but_no_round_tool(organiser, client):
    t, _ = quick_event(organiser, 0, start=False)
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.DRAFT)
    client.force_login(organiser)
    actions = _all_actions(client, t)
    assert "tournaments:manage-open" in actions and "tournaments:forbidden-pair-add" in actions
    assert not actions & {"tournaments:manage-pair", "tournaments:swap", "tournaments:repair", "tournaments:clock-start",
                          "tournaments:manage-walk-in", "tournaments:manage-check-in", "tournaments:override"}
    assert "Tables without a confirmed result" not in _get(client, "round", t)


def test_registration_open_offers_check_in_walk_ins_and_drops_on_the_players_tab(organiser, client):
    t, regs = quick_event(organiser, 3, start=False)
    client.force_login(organiser)
    players = _actions(_get(client, "players", t))
    assert {"tournaments:manage-check-in", "tournaments:manage-walk-in", "tournaments:manage-drop",
            "tournaments:byes-award", "tournaments:forbidden-pair-add"} <= players
    round_tab = _actions(_get(client, "round", t))
    assert {"tournaments:manage-close", "tournaments:manage-start"} <= round_tab
    assert not round_tab & {"tournaments:swap", "tournaments:repair", "tournaments:clock-start"}


def test_a_round_being_played_offers_its_clock_its_changes_and_its_tables_on_the_round_tab(running, client,
                                                                                         organiser):
    t, _ = running
    client.force_login(organiser)
    page = _get(client, "round", t)
    assert {"tournaments:clock-start", "tournaments:swap", "tournaments:repair", "tournaments:desk-record",
            "tournaments:desk-keyboard"} <= _actions(page)
    assert "tournaments:manage-pair" not in _actions(page)
    match = t.rounds.get().matches.order_by("table").first()
    assert f'id="desk-table-{match.table}"' in page  # the desk's row
    players = _actions(_get(client, "players", t))
    assert "tournaments:manage-drop" in players
    assert "tournaments:byes-award" not in players  # byes at registration: before round 1 only
    assert "tournaments:manage-walk-in" not in players  # no late entry by default


def test_between_rounds_the_round_tab_offers_the_next_round_and_no_longer_the_changes(running, client, organiser):
    t, _ = running
    settle_all(t.rounds.get(), organiser)
    client.force_login(organiser)
    page = _get(client, "round", t)
    assert "tournaments:manage-pair" in _actions(page)
    assert not _actions(page) & {"tournaments:swap", "tournaments:repair"}


def test_a_finished_event_shows_what_happened_and_reopen_nothing_else(organiser, client):
    t, regs = quick_event(organiser, 2, swiss_rounds=1)
    services.co_organiser_add(tournament=t, actor=organiser, username=User.objects.create_user("judge").username)
    settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=1), organiser)
    services.penalty_issue(tournament=t, actor=organiser, registration=regs[0], kind="warning", reason="slow play")
    services.tournament_finish(tournament=t, actor=organiser)
    t.refresh_from_db()
    client.force_login(organiser)
    # the one action left (the decklist publication is allowed after the event, it changes no result)
    assert _all_actions(client, t) == {"tournaments:manage-reopen", "decks:publish"}
    round_tab = _get(client, "round", t)
    assert f"Winner: {t.winner.display_name}." in round_tab
    assert f'href="{reverse("tournaments:standings", args=[t.pk])}">Final standings</a>' in round_tab
    assert f'href="{reverse("tournaments:round", args=[t.pk, 1])}">Round 1</a>' in round_tab
    assert "slow play" in _get(client, "penalties", t)  # what happened is still shown
    assert "judge" in _get(client, "staff", t)
    assert "p00" in _get(client, "players", t)


# --------------------------------------------------------------------------- back to the tab after a POST


def test_each_post_comes_back_to_the_tab_its_form_is_on(running, client, organiser):
    t, regs = running
    client.force_login(organiser)
    key = iter(f"k{i}" for i in range(100))

    def post(name: str, *args, **data) -> str:
        response = client.post(reverse(name, args=[t.pk, *args]), {"idempotency_key": next(key), **data})
        assert response.status_code == 302, name
        return response["Location"]

    players = _url("players", t)
    assert post("tournaments:manage-drop", regs[3].pk, reason="left") == players + "#players"
    assert post("tournaments:manage-reinstate", regs[3].pk, reason="back",
                next=players + "?q=p03") == players + "?q=p03"  # with its search
    assert post("tournaments:forbidden-pair-add", first=regs[0].pk, second=regs[1].pk,
                reason="family") == players + "#pairing-tools"
    assert post("tournaments:manage-check-in", regs[0].pk) == players + "#check-in"
    assert post("tournaments:penalty", registration=regs[0].pk, kind="warning", reason="slow") == _url("penalties", t)
    assert post("tournaments:manage-staff-remove", username="judge") == _url("staff", t)
    assert post("tournaments:manage-staff-add", username="judge") == _url("staff", t)
    assert post("decks:deck-checks", count="1") == _url("decks", t)
    assert post("tournaments:swap", first=regs[0].pk, second=regs[2].pk, reason="seating") == _url("round", t)
    assert post("tournaments:clock-start", 1, next=_url("round", t)) == _url("round", t)


def test_a_next_outside_the_tournament_is_ignored(running, client, organiser):
    t, regs = running
    client.force_login(organiser)
    for target in ("https://evil.example/", "//evil.example/t/1/", "/t/999/manage/", "/accounts/logout/"):
        response = client.post(reverse("tournaments:manage-drop", args=[t.pk, regs[0].pk]),
                               {"reason": "left", "idempotency_key": f"n{target}", "next": target})
        assert response["Location"] == _url("players", t) + "#players", target


# --------------------------------------------------------------------------- the players tab


def test_the_players_tab_has_one_line_per_player_and_asks_the_reason_only_after_choosing_to_drop(running, client,
                                                                                                organiser):
    t, regs = running
    client.force_login(organiser)
    page = _get(client, "players", t)
    assert page.count('class="col border-bottom py-1 px-1 player-row"') == 4
    row = page.split(f'id="player-{regs[0].pk}"')[1].split("</li>")[0]
    assert re.search(r'<details class="player-action"><summary[^>]*>Drop</summary>\s*<form', row)
    assert 'name="reason"' in row.split("<summary")[1]  # the reason field is inside the closed details


def test_the_players_tab_searches_by_name(running, client, organiser):
    t, regs = running
    client.force_login(organiser)
    page = _get(client, "players", t, q="P01")
    assert page.count("player-row") == 1 and f'id="player-{regs[1].pk}"' in page
    assert "1 match for “P01”" in page


# --------------------------------------------------------------------------- the audit log


def test_the_audit_log_is_paginated_newest_first(running, client, organiser):
    t, regs = running
    AuditEntry.objects.bulk_create(AuditEntry(tournament=t, actor=organiser, action=AuditEntry.Action.CLOCK_PAUSED,
                                              reason=f"break {i}") for i in range(AUDIT_PAGE_SIZE + 5))
    services.player_drop(registration=regs[0], actor=organiser, reason="left")  # the newest
    client.force_login(organiser)
    total = AuditEntry.objects.filter(tournament=t).count()
    first = _get(client, "audit", t)
    assert first.count("<tr><td class=\"text-nowrap\">") == AUDIT_PAGE_SIZE
    assert f"Page 1 of {-(-total // AUDIT_PAGE_SIZE)}" in first and 'rel="next" href="?page=2"' in first
    second = _get(client, "audit", t, page=2)
    assert second.count("<tr><td class=\"text-nowrap\">") == total - AUDIT_PAGE_SIZE
    newest = AuditEntry.objects.filter(tournament=t).order_by("-created_at", "-id").first()
    assert newest.get_action_display() in first.split("<tbody>")[1].split("</tr>")[0]
    assert "Page 1 of" in _get(client, "audit", t, page="x")  # a page that is no number: the first
    assert "Page 2 of 2" in _get(client, "audit", t, page="99")  # beyond the last: the last


def test_the_audit_log_filters_by_action_and_by_player(running, client, organiser):
    t, regs = running
    services.penalty_issue(tournament=t, actor=organiser, registration=regs[0], kind="warning", reason="slow play")
    services.player_drop(registration=regs[1], actor=organiser, reason="left for a train")
    client.force_login(organiser)

    def whats(page: str) -> list[str]:
        return [w.strip() for w in re.findall(r'class="text-nowrap"><span class="who" title="organiser">organiser</span></td><td>([^<(]+)', page)]

    assert whats(_get(client, "audit", t, action="penalty")) == ["Penalty issued"]
    by_p01 = _get(client, "audit", t, player=regs[1].pk)
    assert whats(by_p01) == ["Player dropped by the organiser"]
    assert f'<option value="{regs[1].pk}"\n  selected>' in by_p01
    assert whats(_get(client, "audit", t, action="penalty", player=regs[1].pk)) == []
    assert "No entry matches these filters." in _get(client, "audit", t, action="penalty", player=regs[1].pk)
    # a result at a player's table is about them too
    match = t.rounds.get().matches.order_by("table").first()
    seated = match.seats.order_by("number").first().registration
    services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}] * 2, reason="slip")
    assert "Result entered or corrected" in whats(_get(client, "audit", t, player=seated.pk))
    # unknown values are ignored, never a 500
    assert len(whats(_get(client, "audit", t, action="nope", player="x"))) == len(whats(_get(client, "audit", t)))


# --------------------------------------------------------------------------- the penalty button, the queries


def test_issue_penalty_never_wraps(running, client, organiser):
    t, _ = running
    client.force_login(organiser)
    page = _get(client, "penalties", t)
    assert '<div class="col-12 col-md-auto"><button class="btn btn-outline-danger text-nowrap">Issue penalty</button>' \
        in page


#: queries of each tab for the organiser, flat in the number of players (4 and 64); players: 9 with the rounds each
#: player missed (selectors.missed_rounds, one query)
# settings: +2 (issue 25) the webhooks and their latest deliveries
TAB_QUERIES = {"round": 13, "players": 9, "decks": 6, "penalties": 8, "staff": 4, "settings": 6, "audit": 6}


@pytest.mark.parametrize("tab", list(TABS))
def test_each_tab_costs_a_fixed_number_of_queries(tab, organiser, client):
    counts = []
    for players in (4, 64):
        t, regs = quick_event(organiser, players, prefix=f"x{players}-")
        services.round_pair_next(tournament=t, actor=organiser, seed=1)
        for reg in regs[:3]:
            services.penalty_issue(tournament=t, actor=organiser, registration=reg, kind="warning", reason="slow")
        client.force_login(organiser)
        client.get(_url(tab, t))  # warm the per-process caches
        with CaptureQueriesContext(connection) as captured:
            assert client.get(_url(tab, t)).status_code == 200
        counts.append(len(app_queries(captured)))
    assert counts == [TAB_QUERIES[tab]] * 2, f"{tab}: {counts} queries for 4 and 64 players"


def test_a_paired_swiss_events_settings_show_only_its_own_structure_options(organiser, client):
    """Issue 20, item 7 ("only that structure's options appear"), once the settings are read-only too: a Swiss
    event's Settings tab shows its rounds and top cut, never the bracket reset, the round robin's second cycle or the
    pods' table size (the tab stays within two desktop screens with the webhooks below it)."""
    t, _ = quick_event(organiser, 8, prefix="ro-")
    services.round_pair_next(tournament=t, actor=organiser, seed=1)
    client.force_login(organiser)
    page = _get(client, "settings", t)
    assert 'name="swiss_rounds"' in page and 'name="top_cut"' in page
    for other in ("bracket_reset", "double_round_robin", "table_size", "fixed_table_size", "placement_points"):
        assert f'name="{other}"' not in page, other
