"""Pairings as a draft (issue 20, item 10): with ``Tournament.pairings_as_draft`` a new round is a draft only the
staff sees; players and the public are told "Round N is being paired" (round page, slip, /me/, projector, print,
exports, API) and cannot report, until the organiser publishes it (logged). Off, nothing changes."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import make_event
from tournaments import services
from tournaments.adapters import history_for
from tournaments.errors import Conflict
from tournaments.models import AuditEntry, Match, Round, Tournament
from tournaments.services.round_changes import round_publish, round_repair, round_swap_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(organiser, django_capture_on_commit_callbacks):
    """A Swiss event of 5 players paired as drafts, round 1 paired (a draft, one bye): (tournament, regs, round)."""
    t, regs = make_event(organiser, 5, structure="swiss", swiss_rounds=3, pairings_as_draft=True)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=3)
    t.refresh_from_db()
    return t, regs, rnd


def _player_at_a_table(rnd, regs):
    match = rnd.matches.filter(seats__number=2).distinct().first()
    registration = match.seats.get(number=1).registration
    user = next(u for u, r in regs.items() if r.pk == registration.pk)
    return user, match


def _client(user=None) -> Client:
    client = Client()
    if user is not None:  # as stored (a factory's password is not saved: the session would not hold)
        client.force_login(type(user).objects.get(pk=user.pk))
    return client


def test_pairing_makes_a_draft_whose_clock_has_not_started(draft):
    _, _, rnd = draft
    assert rnd.is_draft and rnd.started_at is None


def test_without_the_setting_a_round_is_published_at_pairing(organiser):
    t, _ = make_event(organiser, 4, structure="swiss", swiss_rounds=3)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=3)
    assert not rnd.is_draft and rnd.started_at is not None


def test_the_public_round_page_says_the_round_is_being_paired_and_shows_no_table(draft):
    t, regs, rnd = draft
    user, match = _player_at_a_table(rnd, regs)
    for client in (_client(), _client(user)):
        page = client.get(reverse("tournaments:round", args=[t.pk, 1])).content.decode()
        assert "Round 1 is being paired" in page
        assert f'id="m{match.pk}"' not in page
        assert match.seats.get(number=2).registration.display_name not in page


def test_the_staff_see_the_draft_with_its_mark_and_the_publish_button(draft, organiser):
    t, _, rnd = draft
    page = _client(organiser).get(reverse("tournaments:round", args=[t.pk, 1])).content.decode()
    assert "Draft: not yet published." in page
    assert f'id="m{rnd.matches.first().pk}"' in page
    manage = _client(organiser).get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    assert reverse("tournaments:manage-publish", args=[t.pk]) in manage
    assert "Publish round 1" in manage


def test_a_player_cannot_open_nor_report_on_a_draft_slip(draft):
    t, regs, rnd = draft
    user, match = _player_at_a_table(rnd, regs)
    client = _client(user)
    assert client.get(reverse("tournaments:match", args=[t.pk, match.pk])).status_code == 404
    with pytest.raises(Conflict) as refused:
        services.result_report(match=match, actor=user, games=[{"winner": "a"}, {"winner": "a"}])
    assert refused.value.code == "round_draft"
    api = client.post(f"/api/v1/matches/{match.pk}/reports/", {"games": [{"winner": "a"}, {"winner": "a"}]},
                      content_type="application/json")
    assert api.status_code == 409 and api.json()["code"] == "round_draft"
    match.refresh_from_db()
    assert match.status == Match.Status.PENDING


def test_me_says_the_round_is_being_paired(draft):
    _, regs, rnd = draft
    user, match = _player_at_a_table(rnd, regs)
    page = _client(user).get(reverse("tournaments:me")).content.decode()
    assert "Round 1 is being paired" in page
    assert reverse("tournaments:match", args=[rnd.tournament_id, match.pk]) not in page


def test_projector_print_and_exports_show_no_draft(draft):
    t, regs, rnd = draft
    user, match = _player_at_a_table(rnd, regs)
    opponent = match.seats.get(number=2).registration.display_name
    client = _client()
    projector = client.get(reverse("tournaments:projector", args=[t.pk])).content.decode()
    assert "Round 1 is being paired" in projector and opponent not in projector
    for name in ("print-pairings-tables", "print-pairings-names"):
        assert client.get(reverse(f"tournaments:{name}", args=[t.pk, 1])).status_code == 404
    for name in ("export-pairings", "export-history-csv"):
        rows = list(csv.reader(io.StringIO(client.get(reverse(f"tournaments:{name}", args=[t.pk])).content
                                           .decode())))
        assert rows[1:] == []
    assert client.get(reverse("tournaments:export-history-json", args=[t.pk])).json()["rounds"] == []


def test_the_staff_print_and_export_the_draft(draft, organiser):
    t, _, _ = draft
    client = _client(organiser)
    assert client.get(reverse("tournaments:print-pairings-tables", args=[t.pk, 1])).status_code == 200
    rows = list(csv.reader(io.StringIO(client.get(reverse("tournaments:export-pairings", args=[t.pk]))
                                       .content.decode())))
    assert len(rows) == 1 + 3  # two tables and a bye


def test_the_api_hides_a_draft_from_players_and_shows_it_to_the_staff(draft, organiser):
    t, regs, rnd = draft
    user, match = _player_at_a_table(rnd, regs)
    for client in (_client(), _client(user)):
        assert client.get(f"/api/v1/tournaments/{t.pk}/rounds/").json() == []
        assert client.get(f"/api/v1/tournaments/{t.pk}/rounds/1/").status_code == 404
        assert client.get(f"/api/v1/matches/{match.pk}/").status_code == 404
    staff = _client(organiser)
    [listed] = staff.get(f"/api/v1/tournaments/{t.pk}/rounds/").json()
    assert listed["published_at"] is None and len(listed["matches"]) == 3
    assert staff.get(f"/api/v1/matches/{match.pk}/").status_code == 200


def test_a_draft_byes_do_not_count_until_published(draft, organiser):
    t, _, rnd = draft
    assert history_for(t).rounds == ()
    round_publish(tournament=t, actor=organiser)
    [published] = history_for(t).rounds
    assert [m.bye for m in published.matches] == [True]


def test_publishing_is_logged_starts_the_clock_and_shows_the_round(draft, organiser):
    t, regs, rnd = draft
    published = round_publish(tournament=t, actor=organiser)
    assert not published.is_draft and published.started_at == published.published_at
    entry = AuditEntry.objects.get(tournament=t, action=AuditEntry.Action.PAIRING_PUBLISHED)
    assert entry.actor == organiser and entry.after["round"] == 1 and len(entry.after["tables"]) == 3
    user, match = _player_at_a_table(rnd, regs)
    page = _client().get(reverse("tournaments:round", args=[t.pk, 1])).content.decode()
    assert f'id="m{match.pk}"' in page and "being paired" not in page
    services.result_report(match=match, actor=user, games=[{"winner": "a"}, {"winner": "a"}])


def test_publishing_twice_or_by_a_player_is_refused(draft, organiser):
    t, regs, _ = draft
    with pytest.raises(Exception) as not_allowed:
        round_publish(tournament=t, actor=next(iter(regs)))
    assert getattr(not_allowed.value, "code", "") == "not_organiser" or not_allowed.typename == "NotAllowed"
    round_publish(tournament=t, actor=organiser)
    with pytest.raises(Conflict) as again:
        round_publish(tournament=t, actor=organiser)
    assert again.value.code == "already_published"


def test_the_publish_page_and_api(draft, organiser):
    t, _, _ = draft
    response = _client(organiser).post(reverse("tournaments:manage-publish", args=[t.pk]))
    assert response.status_code == 302 and not Round.objects.get(tournament=t, number=1).is_draft
    again = _client(organiser).post(f"/api/v1/tournaments/{t.pk}/rounds/publish/")
    assert again.status_code == 409 and again.json()["code"] == "already_published"


def test_the_organiser_swaps_and_repairs_a_draft_before_publishing(draft, organiser):
    t, regs, rnd = draft
    a, b = (m.seats.get(number=1).registration for m in rnd.matches.filter(seats__number=2).distinct()[:2])
    round_swap_players(tournament=t, actor=organiser, first=a, second=b, reason="friends")
    new = round_repair(tournament=t, actor=organiser, reason="again", seed=9)
    assert new.is_draft
    assert round_publish(tournament=t, actor=organiser).pk == new.pk


def test_the_setting_is_in_the_create_form_the_edit_form_and_the_api(organiser):
    staff = _client(organiser)
    assert 'name="pairings_as_draft"' in staff.get(reverse("tournaments:new")).content.decode()
    created = staff.post("/api/v1/tournaments/", {"name": "Draft night", "date": "2026-12-05",
                                                  "pairings_as_draft": True}, content_type="application/json")
    assert created.status_code == 201 and created.json()["pairings_as_draft"] is True
    pk = created.json()["id"]
    assert 'name="pairings_as_draft"' in staff.get(reverse("tournaments:manage-edit", args=[pk])).content.decode()
    t = services.tournament_update(tournament=Tournament.objects.get(pk=pk),
                                   actor=organiser, changes={"pairings_as_draft": False})
    assert t.pairings_as_draft is False
