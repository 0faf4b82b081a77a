"""The manage page follows the event's state (issue 13): only the steps valid now, what blocks the next one with
concrete data, confirmation on irreversible steps, and Finish as an explicit action (page and API)."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from rest_framework.test import APIClient

from tests.tournaments._manage_helpers import quick_event, settle_all
from tournaments import services
from tournaments.errors import Conflict
from tournaments.models import AuditEntry, Tournament
from tournaments.services.event_state import event_state

pytestmark = pytest.mark.django_db


def _page(client, t) -> str:
    return client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()


def _form_tag(page: str, url: str) -> str:
    """The opening <form ...> tag posting to ``url`` ('' when the page has none)."""
    for chunk in page.split("<form")[1:]:
        tag = chunk.split(">")[0]
        if f'action="{url}"' in tag:
            return tag
    return ""


def test_a_draft_offers_only_open_registration(organiser, client):
    t, _ = quick_event(organiser, 0, start=False)
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.DRAFT)
    t.refresh_from_db()
    state = event_state(t)
    assert state.action_codes == ["open"]
    client.force_login(organiser)
    page = _page(client, t)
    assert _form_tag(page, reverse("tournaments:manage-open", args=[t.pk]))
    for other in ("manage-close", "manage-start", "manage-pair", "manage-finish"):
        assert not _form_tag(page, reverse(f"tournaments:{other}", args=[t.pk])), other


def test_players_without_a_legal_decklist_block_the_start_and_are_named(organiser, client):
    t, regs = quick_event(organiser, 3, start=False)
    regs[2].__class__.objects.filter(pk__in=[regs[1].pk, regs[2].pk]).update(has_legal_deck=False)
    state = event_state(t)
    assert state.action_codes == ["close"]
    assert state.blockers == ["2 players have no legal decklist: p01, p02. They submit one, or you drop them, "
                              "before the start."]
    client.force_login(organiser)
    page = _page(client, t)
    assert "alert alert-warning blockers" in page and "2 players have no legal decklist: p01, p02." in page
    assert not _form_tag(page, reverse("tournaments:manage-start", args=[t.pk]))


def test_one_player_is_not_enough_to_start(organiser):
    t, _ = quick_event(organiser, 1, start=False)
    assert event_state(t).blockers == ["1 player registered: at least 2 are needed to start."]


def test_start_is_offered_with_a_confirmation_once_nothing_blocks_it(organiser, client):
    t, _ = quick_event(organiser, 4, start=False)
    state = event_state(t)
    assert state.action_codes == ["close", "start"] and state.blockers == []
    client.force_login(organiser)
    tag = _form_tag(_page(client, t), reverse("tournaments:manage-start", args=[t.pk]))
    assert 'data-confirm="Start with 4 players?' in tag


def test_tables_still_playing_block_the_next_round_by_number(organiser, client):
    t, _ = quick_event(organiser, 6)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    settle_all(rnd, organiser, tables={2})
    state = event_state(t)
    assert state.action_codes == [] and state.open_tables == [1, 3]
    assert state.blockers == ["2 tables still playing: 1, 3."]
    assert state.phase == "Round 1 of 3"
    client.force_login(organiser)
    page = _page(client, t)
    assert "2 tables still playing: 1, 3." in page
    assert not _form_tag(page, reverse("tournaments:manage-pair", args=[t.pk]))


def test_a_disputed_table_is_named_among_the_blockers(organiser):
    t, regs = quick_event(organiser, 2)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    match = rnd.matches.get()
    first, second = [s.registration.player for s in match.seats.order_by("number")]
    report = services.result_report(match=match, actor=first, games=[{"winner": "a"}] * 2)
    services.result_dispute(submission=report, actor=second, reason="I won game 1")
    assert event_state(t).blockers == ["1 table is still playing: 1.", "1 disputed result to settle: table 1."]


def test_the_next_round_is_offered_with_its_number_and_a_confirmation(organiser, client):
    t, _ = quick_event(organiser, 4)
    settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=1), organiser)
    state = event_state(t)
    assert [(a.code, a.label, a.number) for a in state.actions] == [("pair", "Pair round 2", 2)]
    assert state.next_step == "Swiss round 1 of 3 is complete: pair round 2."
    client.force_login(organiser)
    tag = _form_tag(_page(client, t), reverse("tournaments:manage-pair", args=[t.pk]))
    assert 'data-confirm="Pair round 2?' in tag


def test_after_the_swiss_rounds_the_top_cut_is_offered(organiser):
    t, _ = quick_event(organiser, 8, swiss_rounds=1, top_cut=4)
    settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=1), organiser)
    state = event_state(t)
    assert [(a.code, a.label) for a in state.actions] == [("pair", "Pair the semi-finals (top 4)")]
    assert state.next_step == "Swiss round 1 of 1 is complete: pair the top cut."
    assert state.rounds_planned == 3


def test_pairing_after_the_last_round_says_the_event_is_complete_and_does_not_finish_it(organiser, client):
    t, _ = quick_event(organiser, 2, swiss_rounds=1)
    settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=1), organiser)
    with pytest.raises(Conflict) as caught:
        services.round_pair_next(tournament=t, actor=organiser, seed=2)
    assert caught.value.code == "complete"
    client.force_login(organiser)
    response = client.post(reverse("tournaments:manage-pair", args=[t.pk]), {"idempotency_key": "k1"})
    assert response.status_code == 302 and response["Location"] == reverse("tournaments:manage", args=[t.pk])
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING and t.winner is None and t.rounds.count() == 1
    assert [(m.level_tag, "is complete" in m.message) for m in get_messages(response.wsgi_request)] == \
        [("info", True)]
    state = event_state(t)
    assert state.action_codes == ["finish"] and state.complete
    assert state.next_step == ("Swiss round 1 of 1 is complete: finish the tournament to make the standings "
                               "final.")
    assert 'data-confirm="Finish the tournament?' in _form_tag(_page(client, t),
                                                              reverse("tournaments:manage-finish", args=[t.pk]))


def test_finishing_is_an_explicit_logged_action(organiser, client):
    t, regs = quick_event(organiser, 2, swiss_rounds=1)
    settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=1), organiser)
    client.force_login(organiser)
    response = client.post(reverse("tournaments:manage-finish", args=[t.pk]), {"idempotency_key": "f1"})
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED and t.winner is not None
    entry = AuditEntry.objects.get(action=AuditEntry.Action.TOURNAMENT_FINISHED)
    assert entry.actor == organiser and entry.after == {"status": "Finished", "winner": t.winner.display_name}
    assert event_state(t).action_codes == ["reopen"]
    # a double-clicked Finish is done once
    client.post(reverse("tournaments:manage-finish", args=[t.pk]), {"idempotency_key": "f1"})
    assert AuditEntry.objects.filter(action=AuditEntry.Action.TOURNAMENT_FINISHED).count() == 1


def test_finish_is_refused_while_tables_are_unfinished(organiser, client):
    t, _ = quick_event(organiser, 4, swiss_rounds=1)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    settle_all(rnd, organiser, tables={1})
    with pytest.raises(Conflict) as caught:
        services.tournament_finish(tournament=t, actor=organiser)
    assert caught.value.code == "results_missing" and caught.value.params["tables"] == [2]
    client.force_login(organiser)
    response = client.post(reverse("tournaments:manage-finish", args=[t.pk]), {"idempotency_key": "f2"})
    assert [m.level_tag for m in get_messages(response.wsgi_request)] == ["danger"]
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING


def test_finish_is_refused_while_rounds_remain(organiser):
    t, _ = quick_event(organiser, 4, swiss_rounds=2)
    settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=1), organiser)
    with pytest.raises(Conflict) as caught:
        services.tournament_finish(tournament=t, actor=organiser)
    assert caught.value.code == "rounds_remain" and "round 2 is still to be played" in caught.value.message
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING


def test_pairing_shows_the_round_page_which_offers_the_way_back(organiser, client):
    t, _ = quick_event(organiser, 4)
    client.force_login(organiser)
    response = client.post(reverse("tournaments:manage-pair", args=[t.pk]), {"idempotency_key": "p1"})
    round_url = reverse("tournaments:round", args=[t.pk, 1])
    assert response.status_code == 302 and response["Location"] == round_url
    page = client.get(round_url).content.decode()
    assert "Back to manage" in page and f'href="{reverse("tournaments:manage", args=[t.pk])}"' in page
    assert "2 tables still playing" not in page  # the bar offers steps, the manage page explains blockers
    client.logout()
    assert "Back to manage" not in client.get(round_url).content.decode()


def test_the_round_page_offers_the_next_round_once_the_round_is_complete(organiser, client):
    t, _ = quick_event(organiser, 4)
    settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=1), organiser)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:round", args=[t.pk, 1])).content.decode()
    assert _form_tag(page, reverse("tournaments:manage-pair", args=[t.pk])) and "Pair round 2" in page


def test_irreversible_actions_on_the_manage_page_ask_first(organiser, client):
    t, regs = quick_event(organiser, 2)
    services.round_pair_next(tournament=t, actor=organiser, seed=1)
    client.force_login(organiser)
    players = client.get(reverse("tournaments:manage-players", args=[t.pk])).content.decode()
    drop = _form_tag(players, reverse("tournaments:manage-drop", args=[t.pk, regs[0].pk]))
    assert 'data-confirm="Drop p00?' in drop
    penalties = client.get(reverse("tournaments:penalty", args=[t.pk])).content.decode()
    assert "data-confirm=" in _form_tag(penalties, reverse("tournaments:penalty", args=[t.pk]))
    assert "data-confirm=" in _form_tag(_page(client, t), reverse("tournaments:repair", args=[t.pk]))


def test_the_manage_tabs_leave_include_points_for_check_in_and_the_round_clock(organiser, client):
    t, _ = quick_event(organiser, 2)
    services.round_pair_next(tournament=t, actor=organiser, seed=1)
    client.force_login(organiser)
    templates = {tpl.name for tpl in client.get(reverse("tournaments:manage", args=[t.pk])).templates}
    assert "tournaments/fragments/clock_controls.html" in templates
    templates = {tpl.name for tpl in client.get(reverse("tournaments:manage-players", args=[t.pk])).templates}
    assert "tournaments/fragments/check_in.html" in templates


def test_the_api_finishes_explicitly_and_refuses_to_pair_after_the_last_round(organiser, alice):
    t, _ = quick_event(organiser, 2, swiss_rounds=1)
    api = APIClient()
    api.force_authenticate(organiser)
    rnd = api.post(f"/api/v1/tournaments/{t.pk}/rounds/")
    assert rnd.status_code == 201
    early = api.post(f"/api/v1/tournaments/{t.pk}/finish/")
    assert early.status_code == 409 and early.json()["code"] == "results_missing"
    settle_all(t.rounds.get(), organiser)
    again = api.post(f"/api/v1/tournaments/{t.pk}/rounds/")
    assert again.status_code == 409 and again.json()["code"] == "complete"
    other = APIClient()
    other.force_authenticate(alice)
    assert other.post(f"/api/v1/tournaments/{t.pk}/finish/").status_code == 403
    done = api.post(f"/api/v1/tournaments/{t.pk}/finish/")
    assert done.status_code == 200 and done.json()["status"] == "finished" and done.json()["winner"]
