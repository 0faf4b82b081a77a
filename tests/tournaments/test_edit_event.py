"""Editing the event after creation (issue 13): details always, the structure until round 1 is paired; every
change logged with the fields before and after; bad input is a form error, never a 500."""

from __future__ import annotations

import re

import datetime

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.tournaments._manage_helpers import quick_event
from tournaments import services
from tournaments.errors import Conflict, UserError
from tournaments.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db


def _post(t: Tournament, **changes) -> dict:
    """The edit form as the page shows it (the current values), with ``changes``."""
    data = {"name": t.name, "date": t.date.isoformat(), "time_zone": t.time_zone, "venue": t.venue,
            "description": t.description, "capacity": t.capacity or "", "registration_deadline": "",
            "structure": t.structure, "swiss_rounds": t.swiss_rounds, "top_cut": t.top_cut, "best_of": t.best_of,
            "table_size": t.table_size, "team_size": t.team_size, "late_entry_rounds": t.late_entry_rounds,
            "tiebreakers": t.tiebreakers, "tiebreaker_floor": t.tiebreaker_floor,
            "placement_points": t.placement_points, "end_of_round": t.end_of_round,
            "round_minutes": t.round_minutes, "idempotency_key": "e1"}
    data.update(changes)
    return {k: v for k, v in data.items() if v is not False}


def test_the_organiser_edits_the_details_and_each_change_is_logged(organiser, client):
    t, _ = quick_event(organiser, 0, start=False)
    client.force_login(organiser)
    url = reverse("tournaments:manage-edit", args=[t.pk])
    page = client.get(url).content.decode()
    assert 'name="venue"' in page and 'name="time_zone"' in page and 'name="capacity"' in page
    response = client.post(url, _post(t, name="Friday Swiss #2", venue="The Dragon's Den", capacity=16,
                                      time_zone="Europe/Paris", reason="Moved to a bigger shop"))
    assert response.status_code == 302 and response["Location"] == reverse("tournaments:manage-edit", args=[t.pk])
    t.refresh_from_db()
    assert (t.name, t.venue, t.capacity, t.time_zone) == ("Friday Swiss #2", "The Dragon's Den", 16, "Europe/Paris")
    entry = AuditEntry.objects.get(action=AuditEntry.Action.TOURNAMENT_EDITED)
    assert entry.actor == organiser and entry.reason == "Moved to a bigger shop"
    assert entry.before == {"name": "Friday Swiss", "time_zone": "UTC", "venue": "", "capacity": None}
    assert entry.after == {"name": "Friday Swiss #2", "time_zone": "Europe/Paris", "venue": "The Dragon's Den",
                           "capacity": 16}


def test_saving_without_a_change_logs_nothing(organiser, client):
    t, _ = quick_event(organiser, 0, start=False)
    client.force_login(organiser)
    assert client.post(reverse("tournaments:manage-edit", args=[t.pk]), _post(t)).status_code == 302
    assert not AuditEntry.objects.exists()


def test_the_deadline_is_a_time_in_the_events_time_zone(organiser, client):
    t, _ = quick_event(organiser, 0, start=False)
    client.force_login(organiser)
    client.post(reverse("tournaments:manage-edit", args=[t.pk]),
                _post(t, time_zone="America/Sao_Paulo", registration_deadline="2026-12-04T18:00"))
    t.refresh_from_db()
    assert t.registration_deadline == datetime.datetime(2026, 12, 4, 21, 0, tzinfo=datetime.UTC)
    page = client.get(reverse("tournaments:manage-edit", args=[t.pk])).content.decode()
    assert 'value="2026-12-04T18:00"' in page


@pytest.mark.parametrize(("field", "value", "message"), [
    ("time_zone", "Mars/Olympus_Mons", "is not a time zone"),
    ("capacity", "1", "The capacity is at least 2 players"),
    ("name", "", "This field is required"),
    ("swiss_rounds", "40", "A Swiss or pods tournament has between 1 and 20 rounds."),
])
def test_bad_input_is_a_form_error_and_changes_nothing(organiser, client, field, value, message):
    t, _ = quick_event(organiser, 0, start=False)
    client.force_login(organiser)
    response = client.post(reverse("tournaments:manage-edit", args=[t.pk]), _post(t, **{field: value}))
    assert response.status_code == 200 and message in response.content.decode()
    assert "is-invalid" in response.content.decode()
    assert Tournament.objects.get(pk=t.pk).name == "Friday Swiss" and not AuditEntry.objects.exists()


def test_a_refused_structure_is_a_form_error_on_its_field(organiser, client):
    t, _ = quick_event(organiser, 0, start=False)
    client.force_login(organiser)
    response = client.post(reverse("tournaments:manage-edit", args=[t.pk]),
                           _post(t, structure="single_elimination", random_draw_each_round="on", third_place_match="on"))
    assert response.status_code == 200
    assert "A random draw each round is a single-elimination option" in response.content.decode()
    assert Tournament.objects.get(pk=t.pk).structure == "swiss"


def test_the_structure_changes_until_round_one_is_paired(organiser, client):
    t, _ = quick_event(organiser, 4)
    client.force_login(organiser)
    client.post(reverse("tournaments:manage-edit", args=[t.pk]), _post(t, swiss_rounds=5, top_cut=4))
    t.refresh_from_db()
    assert (t.swiss_rounds, t.top_cut) == (5, 4)
    assert AuditEntry.objects.get().after == {"swiss_rounds": 5, "top_cut": 4}


def test_once_round_one_is_paired_the_structure_is_read_only_and_refused(organiser, client):
    t, _ = quick_event(organiser, 4)
    services.round_pair_next(tournament=t, actor=organiser, seed=1)
    with pytest.raises(Conflict) as caught:
        services.tournament_update(tournament=t, actor=organiser, changes={"swiss_rounds": 5})
    assert caught.value.code == "structure_locked" and caught.value.params == {"fields": ["swiss_rounds"]}
    client.force_login(organiser)
    url = reverse("tournaments:manage-edit", args=[t.pk])
    page = client.get(url).content.decode()
    assert "Round 1 is paired: the structure and results settings are fixed" in page
    assert 'name="swiss_rounds"' in page and "disabled" in page.split('name="swiss_rounds"')[1].split(">")[0] + \
        page.split('name="swiss_rounds"')[0].rsplit("<", 1)[1]
    # the posted structure is ignored (the fields are disabled); the details still change
    response = client.post(url, _post(t, swiss_rounds=9, venue="Hall B"))
    assert response.status_code == 302
    t.refresh_from_db()
    assert (t.swiss_rounds, t.venue) == (3, "Hall B")


def test_a_finished_tournament_is_not_edited(organiser):
    t, _ = quick_event(organiser, 0, start=False)
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
    with pytest.raises(Conflict):
        services.tournament_update(tournament=t, actor=organiser, changes={"venue": "x"})


def test_unknown_fields_are_refused_by_the_service(organiser):
    t, _ = quick_event(organiser, 0, start=False)
    with pytest.raises(UserError) as caught:
        services.tournament_update(tournament=t, actor=organiser, changes={"organiser": 1})
    assert caught.value.code == "unknown_field"


def test_someone_else_gets_a_403_on_the_edit_page(organiser, alice, client):
    t, _ = quick_event(organiser, 0, start=False)
    client.force_login(alice)
    assert client.get(reverse("tournaments:manage-edit", args=[t.pk])).status_code == 403
    assert client.post(reverse("tournaments:manage-edit", args=[t.pk]), _post(t, venue="x")).status_code == 403


def test_the_create_page_takes_the_details_and_the_event_page_shows_them(organiser, client):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:new")).content.decode()
    assert 'name="venue"' in page and 'name="registration_deadline"' in page
    response = client.post(reverse("tournaments:new"), {
        "name": "Winter Cup", "date": "2026-12-12", "deck_format_id": "55", "best_of": 3, "structure": "swiss",
        "swiss_rounds": 4, "top_cut": 0, "time_zone": "Europe/Lisbon", "venue": "Casa do Jogo",
        "description": "Bring sleeves.", "capacity": 24, "registration_deadline": "2026-12-11T20:00"})
    assert response.status_code == 302
    t = Tournament.objects.get(name="Winter Cup")
    assert (t.time_zone, t.venue, t.description, t.capacity) == ("Europe/Lisbon", "Casa do Jogo", "Bring sleeves.",
                                                                 24)
    assert t.registration_deadline == datetime.datetime(2026, 12, 11, 20, 0, tzinfo=datetime.UTC)  # Lisbon = UTC
    detail = client.get(reverse("tournaments:detail", args=[t.pk])).content.decode()
    assert re.search(r">Venue</dt><dd[^>]*>Casa do Jogo</dd>", detail) and "24 players" in detail
    assert "2026-12-11 20:00 (Europe/Lisbon)" in detail and "Bring sleeves." in detail


def test_the_api_creates_and_reads_the_details(organiser):
    api = APIClient()
    api.force_authenticate(organiser)
    answer = api.post("/api/v1/tournaments/", {"name": "API Cup", "date": "2026-12-12", "time_zone": "Asia/Tokyo",
                                               "venue": "Akiba", "capacity": 8}, format="json")
    assert answer.status_code == 201
    body = answer.json()
    assert (body["time_zone"], body["venue"], body["capacity"], body["registration_deadline"]) == \
        ("Asia/Tokyo", "Akiba", 8, None)
    bad = api.post("/api/v1/tournaments/", {"name": "x", "date": "2026-12-12", "time_zone": "Nowhere/City"},
                   format="json")
    assert bad.status_code == 400


def test_before_round_one_the_edit_form_shows_only_the_chosen_structures_options(organiser, client):
    """Issue 20, item 7, on the edit form: the structure first, then only its options; without JavaScript a new
    structure's options are shown (values kept, nothing saved) before they can be saved."""
    t, _ = quick_event(organiser, 0, start=False)
    client.force_login(organiser)
    url = reverse("tournaments:manage-edit", args=[t.pk])
    page = client.get(url).content.decode()
    assert 'name="swiss_rounds"' in page and 'name="bracket_reset"' not in page
    assert f'name="shown_structure" value="{t.structure}"' in page
    assert 'name="bracket_reset"' in client.get(url + "?structure=double_elimination").content.decode()
    changed = client.post(url, {**_post(t, structure="double_elimination"), "shown_structure": t.structure})
    assert changed.status_code == 200 and 'name="bracket_reset"' in changed.content.decode()
    t.refresh_from_db()
    assert t.structure != "double_elimination"
    saved = client.post(url, {**_post(t, structure="double_elimination"), "shown_structure": "double_elimination",
                              "bracket_reset": "on"})
    assert saved.status_code == 302
    t.refresh_from_db()
    assert (t.structure, t.bracket_reset, t.swiss_rounds, t.top_cut) == ("double_elimination", True, 0, 0)
