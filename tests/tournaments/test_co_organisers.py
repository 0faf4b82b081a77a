"""Co-organisers (judges) run the event with the organiser's rights, each action logged under their name; only
the organiser adds or removes them (issue 13)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from rest_framework.test import APIClient

from tests.markup import squash
from tests.tournaments._manage_helpers import quick_event
from tournaments import services
from tournaments.errors import NotAllowed, UserError
from tournaments.models import AuditEntry, Match
from tournaments.services.permissions import is_tournament_organiser

pytestmark = pytest.mark.django_db


@pytest.fixture
def judge(db) -> User:
    return User.objects.create_user("judge", password="judge-pass-123")


@pytest.fixture
def staffed(organiser, judge, client):
    """A started 4-player event; the organiser added ``judge`` on the manage page."""
    t, regs = quick_event(organiser, 4)
    client.force_login(organiser)
    response = client.post(reverse("tournaments:manage-staff-add", args=[t.pk]),
                           {"username": "judge", "idempotency_key": "s1"})
    assert response.status_code == 302
    client.logout()
    return t, regs


def test_the_organiser_adds_a_co_organiser_and_it_is_logged(staffed, organiser, judge, client):
    t, _ = staffed
    assert list(t.co_organisers.all()) == [judge] and is_tournament_organiser(judge, t)
    entry = AuditEntry.objects.get(action=AuditEntry.Action.STAFF_CHANGED)
    assert entry.actor == organiser and entry.after == {"co_organisers": ["judge"]}
    client.force_login(judge)
    page = client.get(reverse("tournaments:manage-staff", args=[t.pk])).content.decode()
    assert 'judge <span class="badge text-bg-secondary">co-organiser</span>' in page
    assert "Only the organiser adds or removes co-organisers." in page
    detail = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert re.search(r">Co-organisers \(judges\)</dt><dd[^>]*>judge</dd>", detail)


def test_a_co_organiser_pairs_a_round_and_drops_a_player_under_their_name(staffed, judge, client):
    t, regs = staffed
    client.force_login(judge)
    response = client.post(reverse("tournaments:manage-pair", args=[t.pk]), {"idempotency_key": "j1"})
    assert response["Location"] == reverse("tournaments:round", args=[t.pk, 1])
    assert t.rounds.get().created_by == judge
    client.post(reverse("tournaments:manage-drop", args=[t.pk, regs[0].pk]),
                {"reason": "left for a train", "idempotency_key": "j2"})
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PLAYER_DROPPED)
    assert entry.actor == judge and entry.reason == "left for a train"
    page = squash(client.get(reverse("tournaments:manage-audit", args=[t.pk])).content.decode())
    assert '<td class="text-nowrap"><span class="who" title="judge">judge</span></td><td>Player dropped by the organiser</td>' in page


def test_a_co_organiser_settles_a_dispute_under_their_name(staffed, organiser, judge, client):
    t, _ = staffed
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    match = rnd.matches.order_by("table").first()
    first, second = [s.registration.player for s in match.seats.order_by("number")]
    report = services.result_report(match=match, actor=first, games=[{"winner": "a"}] * 2)
    services.result_dispute(submission=report, actor=second, reason="I won game 2")
    client.force_login(judge)
    client.post(reverse("tournaments:override", args=[t.pk, match.pk]),
                {"submission": report.pk, "reason": "Both players agreed at the desk", "idempotency_key": "j3"})
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    entry = AuditEntry.objects.get(action=AuditEntry.Action.DISPUTE_SETTLED)
    assert entry.actor == judge


def test_a_co_organiser_acts_through_the_api(staffed, judge):
    t, _ = staffed
    api = APIClient()
    api.force_authenticate(judge)
    assert api.post(f"/api/v1/tournaments/{t.pk}/rounds/").status_code == 201
    assert api.get(f"/api/v1/tournaments/{t.pk}/").json()["co_organisers"] == ["judge"]


def test_someone_else_gets_a_403(staffed, alice, client):
    t, _ = staffed
    client.force_login(alice)
    assert client.get(reverse("tournaments:manage", args=[t.pk])).status_code == 403
    assert client.post(reverse("tournaments:manage-pair", args=[t.pk])).status_code == 403
    assert client.post(reverse("tournaments:manage-staff-add", args=[t.pk]), {"username": "alice"}).status_code == 403


def test_a_co_organiser_cannot_remove_the_organiser_nor_change_the_staff(staffed, organiser, judge, client):
    t, _ = staffed
    client.force_login(judge)
    for name in ("organiser", "judge"):
        response = client.post(reverse("tournaments:manage-staff-remove", args=[t.pk]), {"username": name})
        assert response.status_code == 403
    assert client.post(reverse("tournaments:manage-staff-add", args=[t.pk]), {"username": "alice"}).status_code == 403
    t.refresh_from_db()
    assert t.organiser == organiser and list(t.co_organisers.all()) == [judge]
    with pytest.raises(NotAllowed):
        services.co_organiser_remove(tournament=t, actor=judge, username="organiser")


def test_the_organiser_removes_a_co_organiser_who_then_loses_the_rights(staffed, organiser, judge, client):
    t, _ = staffed
    client.force_login(organiser)
    client.post(reverse("tournaments:manage-staff-remove", args=[t.pk]), {"username": "judge"})
    assert not t.co_organisers.exists()
    assert AuditEntry.objects.filter(action=AuditEntry.Action.STAFF_CHANGED).count() == 2
    client.force_login(judge)
    assert client.get(reverse("tournaments:manage", args=[t.pk])).status_code == 403


@pytest.mark.parametrize(("username", "code"), [("organiser", "is_organiser"), ("nobody", "unknown_user")])
def test_the_organiser_cannot_be_added_or_removed_and_unknown_users_are_named(staffed, organiser, username, code):
    t, _ = staffed
    for service in (services.co_organiser_add, services.co_organiser_remove):
        with pytest.raises(UserError) as caught:
            service(tournament=t, actor=organiser, username=username)
        assert caught.value.code == code
