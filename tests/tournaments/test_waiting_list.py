"""Capacity with a waiting list, and the registration deadline (issue 13)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from tests.markup import squash
from tests.tournaments._manage_helpers import quick_event
from tournaments import services
from tournaments.adapters import history_for
from tournaments.errors import Conflict
from tournaments.models import AuditEntry, Registration
from tournaments.services.event_state import event_state
from tournaments.services.entries import waitlist_position

pytestmark = pytest.mark.django_db


@pytest.fixture
def full(organiser):
    """A tournament of capacity 2 with p00 and p01 registered (legal decks), registration open."""
    t, regs = quick_event(organiser, 2, start=False, capacity=2)
    return t, regs


def _join(t, name: str) -> Registration:
    return services.player_register(tournament=t, actor=User.objects.create_user(name))


def test_registering_when_full_puts_the_player_on_the_waiting_list_in_order(full):
    t, _ = full
    carol, dave = _join(t, "carol"), _join(t, "dave")
    assert carol.waitlisted and dave.waitlisted
    assert (waitlist_position(carol), waitlist_position(dave)) == (1, 2)
    assert t.registrations.entered().count() == 2 and event_state(t).waitlisted == 2


def test_the_page_tells_the_player_their_place(full, client):
    t, _ = full
    _join(t, "carol")
    client.force_login(User.objects.create_user("dave"))
    response = client.post(reverse("tournaments:register", args=[t.pk]))
    assert response["Location"] == reverse("tournaments:detail", args=[t.pk])
    assert [(m.level_tag, m.message) for m in get_messages(response.wsgi_request)] == [
        ("warning", "The tournament is full: you are on the waiting list, number 2. You get a place as soon as one "
                    "frees up.")]
    page = squash(client.get(reverse("tournaments:detail", args=[t.pk])).content.decode())
    assert "You are on the waiting list (number 2)" in page and "Waiting list</span> number 2" in page
    assert "Players (2)" in page  # waitlisted players are not counted


def test_waitlisted_players_are_never_paired_and_not_counted(full, organiser):
    t, regs = full
    carol = _join(t, "carol")
    Registration.objects.filter(pk=carol.pk).update(has_legal_deck=True)
    services.tournament_start(tournament=t, actor=organiser)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    seated = {s.registration_id for m in rnd.matches.all() for s in m.seats.all()}
    assert seated == {regs[0].pk, regs[1].pk}
    assert [p.id for p in history_for(t).players] == [str(regs[0].pk), str(regs[1].pk)]


def test_a_withdrawal_promotes_the_first_waitlisted_player_and_it_is_logged(full):
    t, regs = full
    carol, dave = _join(t, "carol"), _join(t, "dave")
    services.player_drop(registration=regs[0], actor=regs[0].player)
    carol.refresh_from_db()
    dave.refresh_from_db()
    assert not carol.waitlisted and dave.waitlisted and waitlist_position(dave) == 1
    entry = AuditEntry.objects.get(action=AuditEntry.Action.WAITLIST_PROMOTED)
    assert entry.after == {"player": "carol", "state": "registered"} and "p00 withdrew" in entry.reason


def test_a_waitlisted_player_withdrawing_frees_no_place(full):
    t, _ = full
    carol, dave = _join(t, "carol"), _join(t, "dave")
    services.player_drop(registration=carol, actor=carol.player)
    dave.refresh_from_db()
    assert dave.waitlisted and waitlist_position(dave) == 1
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.WAITLIST_PROMOTED).exists()


def test_raising_the_capacity_promotes_waitlisted_players(full, organiser):
    t, _ = full
    _join(t, "carol"), _join(t, "dave")
    erin = _join(t, "erin")
    services.tournament_update(tournament=t, actor=organiser, changes={"capacity": 4})
    assert [r.player.username for r in t.registrations.entered().order_by("pk")] == ["p00", "p01", "carol", "dave"]
    erin.refresh_from_db()
    assert erin.waitlisted
    services.tournament_update(tournament=t, actor=organiser, changes={"capacity": None})
    erin.refresh_from_db()
    assert not erin.waitlisted
    assert AuditEntry.objects.filter(action=AuditEntry.Action.WAITLIST_PROMOTED).count() == 3


def test_the_manage_page_marks_waitlisted_players(full, organiser, client):
    t, _ = full
    _join(t, "carol")
    client.force_login(organiser)
    page = client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    assert "1 on the waiting list" in page  # the Round tab's state
    page = client.get(reverse("tournaments:manage-players", args=[t.pk])).content.decode()
    assert '<span class="badge text-bg-warning">waiting list</span>' in page


def test_registration_after_the_deadline_is_refused_on_the_page_and_in_the_api(organiser, client, alice, bob):
    t, _ = quick_event(organiser, 0, start=False)
    services.tournament_update(tournament=t, actor=organiser, changes={
        "time_zone": "Europe/Paris", "registration_deadline": timezone.now() - datetime.timedelta(minutes=1)})
    with pytest.raises(Conflict) as caught:
        services.player_register(tournament=t, actor=alice)
    assert caught.value.code == "registration_deadline"
    client.force_login(alice)
    response = client.post(reverse("tournaments:register", args=[t.pk]))
    [message] = get_messages(response.wsgi_request)
    assert message.level_tag == "danger" and message.message.startswith("Registration closed at the deadline, ")
    assert message.message.endswith("(Europe/Paris).")
    api = APIClient()
    api.force_authenticate(bob)
    answer = api.post(f"/api/v1/tournaments/{t.pk}/registrations/")
    assert answer.status_code == 409 and answer.json()["code"] == "registration_deadline"
    assert not Registration.objects.filter(tournament=t).exists()


def test_registration_before_the_deadline_is_taken(organiser, alice):
    t, _ = quick_event(organiser, 0, start=False)
    services.tournament_update(tournament=t, actor=organiser, changes={
        "registration_deadline": timezone.now() + datetime.timedelta(hours=1)})
    assert services.player_register(tournament=t, actor=alice).pk
