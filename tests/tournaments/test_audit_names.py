"""Issue 20, item 8 on the audit log: "who" is the person's display name (``models.person_name``), with the
username kept as its title and in small muted text, so an organiser can tell two "Alex" apart (the Audit log tab
and a match's "Changes to this match")."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tests.markup import squash
from tests.tournaments._manage_helpers import quick_event
from tournaments import services
from tournaments.services.desk import desk_enter

pytestmark = pytest.mark.django_db


def _who(name: str, username: str) -> str:
    return (f'<span class="who" title="{username}">{name}</span> '
            f'<span class="small text-body-secondary who-username">({username})</span>')


@pytest.fixture
def two_alexes(organiser):
    """The organiser and a co-organiser both named "Alex", each entering a result at the desk of round 1:
    (tournament, round, the co-organiser)."""
    User.objects.filter(pk=organiser.pk).update(first_name="Alex")
    organiser.refresh_from_db()
    t, _regs = quick_event(organiser, 4)
    judge = User.objects.create_user("alex_judge", first_name="Alex")
    services.co_organiser_add(tournament=t, actor=organiser, username=judge.username)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    first, second = rnd.matches.order_by("table")
    desk_enter(match=first, actor=organiser, score={"wins": [2, 0], "draws": 0})
    desk_enter(match=second, actor=judge, score={"wins": [2, 1], "draws": 0})
    return t, rnd, judge


def test_the_audit_log_shows_display_names_with_the_username_beside(client, organiser, two_alexes):
    t, _rnd, _judge = two_alexes
    client.force_login(organiser)
    page = squash(client.get(reverse("tournaments:manage-audit", args=[t.pk])).content.decode())
    assert _who("Alex", "organiser") in page and _who("Alex", "alex_judge") in page
    assert '<td class="text-nowrap">organiser</td>' not in page


def test_a_match_lists_its_changes_by_display_name(client, organiser, two_alexes):
    t, rnd, _judge = two_alexes
    client.force_login(organiser)
    match = rnd.matches.get(table=2)
    page = squash(client.get(reverse("tournaments:match", args=[t.pk, match.pk])).content.decode())
    assert f"— {_who('Alex', 'alex_judge')}:" in page


def test_a_user_without_a_display_name_is_shown_once_by_username(client, organiser):
    t, _regs = quick_event(organiser, 4)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    desk_enter(match=rnd.matches.get(table=1), actor=organiser, score={"wins": [2, 0], "draws": 0})
    client.force_login(organiser)
    page = squash(client.get(reverse("tournaments:manage-audit", args=[t.pk])).content.decode())
    assert '<span class="who" title="organiser">organiser</span></td>' in page and "who-username" not in page
