"""The tournament's deck format: a frozen copy the organiser changes before the lock, versioned and logged."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from tests.conftest import deck_of, deck_pk
from decks.models import DeckSubmission
from decks.services import deck_submit
from tests.conftest import CARDS_DIR
from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.models import AuditEntry, Tournament
from tournaments.services import tournament_format_set, tournament_start

pytestmark = pytest.mark.django_db

CFF_551ES = CARDS_DIR / "formats" / "crossfire" / "55 Card" / "551ES.cff"
STARTER = CARDS_DIR / "decks" / "crossfire" / "55 Card" / "1st Edition Starter" / "Sample_1st Edition Starter Deck A-1.cfd"


def test_a_change_is_a_new_version_logged_with_who_and_why(tournament, organiser):
    t = tournament_format_set(tournament=tournament, actor=organiser, reason="Club rules: lower cap",
                              changes={"champion_level_cap": 80, "ban": ["War Party"]})
    assert t.format_version == 2
    assert t.deck_format["champion_level_cap"] == 80
    assert "3rd/54" in t.deck_format["banned"]
    entry = AuditEntry.objects.get(action=AuditEntry.Action.FORMAT_CHANGED)
    assert (entry.actor, entry.reason) == (organiser, "Club rules: lower cap")
    assert entry.before["version"] == 1 and entry.before["format"]["champion_level_cap"] == 90
    assert entry.after["version"] == 2 and entry.after["format"]["champion_level_cap"] == 80


def test_an_unchanged_format_is_not_a_new_version(tournament, organiser):
    t = tournament_format_set(tournament=tournament, actor=organiser, reason="no-op",
                              changes={"champion_level_cap": 90})
    assert t.format_version == 1
    assert not AuditEntry.objects.exists()


def test_a_cff_upload_becomes_the_format_and_decks_are_checked_again(tournament, organiser, registered, alice):
    """Under 551ES (1st Edition starter decks) the two sample 55-card decks are no longer legal."""
    alice_reg, bob_reg = registered
    deck_submit(registration=alice_reg, actor=alice, data=STARTER.read_bytes(), filename=STARTER.name)
    alice_reg.refresh_from_db()
    assert deck_of(alice_reg).cards != []  # the starter deck is illegal in 55 (two copies), so still the old deck
    t = tournament_format_set(tournament=tournament, actor=organiser, reason="Starter night",
                              cff=CFF_551ES.read_bytes(), filename="551ES.cff")
    assert (t.deck_format_id, t.format_version) == ("551ES", 2)
    rechecks = DeckSubmission.objects.filter(source_format="recheck")
    assert {r.registration_id for r in rechecks} == {alice_reg.pk, bob_reg.pk}
    assert all(r.format_version == 2 for r in rechecks)
    alice_reg.refresh_from_db()
    bob_reg.refresh_from_db()
    assert deck_of(alice_reg) is None and deck_of(bob_reg) is None  # their registered decks break 551ES
    with pytest.raises(UserError, match="no legal deck"):
        tournament_start(tournament=t, actor=organiser)
    deck_submit(registration=alice_reg, actor=alice, data=STARTER.read_bytes(), filename=STARTER.name)
    alice_reg.refresh_from_db()
    assert deck_of(alice_reg).legal and deck_of(alice_reg).format_version == 2


def test_only_the_organiser_changes_the_format(tournament, alice):
    with pytest.raises(NotAllowed):
        tournament_format_set(tournament=tournament, actor=alice, reason="mine", changes={"total": 60})
    tournament.refresh_from_db()
    assert tournament.format_version == 1


def test_the_format_cannot_change_after_the_lock(tournament, organiser, registered):
    tournament_start(tournament=tournament, actor=organiser)
    with pytest.raises(Conflict, match="locked"):
        tournament_format_set(tournament=tournament, actor=organiser, reason="late", changes={"total": 60})
    tournament.refresh_from_db()
    assert tournament.format_version == 1 and tournament.deck_format["total"] == 55


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"changes": {"type_limits": {"Realm": {"minimum": 20, "maximum": 10}}}}, "minimum 20 is above"),
        ({"cff": b"\x00\xff" * 200}, "not a CrossFire .cff format file"),
        ({"cff": b"set tempDeckFormatTotal {\n All 55 55\n}\nset tempDeckFormatLimits {\n Realm 9 2 1\n}\n"},
         "minimum 9 is above the maximum 2"),
        ({"base": "60"}, 'Unknown deck format "60"'),
        ({"changes": {"ban": ["No Such Card At All"]}}, "No Such Card At All"),
    ],
)
def test_bad_changes_are_refused_and_change_nothing(tournament, organiser, registered, kwargs, message):
    before = Tournament.objects.get(pk=tournament.pk)
    with pytest.raises(UserError, match=message):
        tournament_format_set(tournament=tournament, actor=organiser, reason="try", **kwargs)
    after = Tournament.objects.get(pk=tournament.pk)
    assert (after.format_version, after.deck_format) == (before.format_version, before.deck_format)
    assert not DeckSubmission.objects.filter(source_format="recheck").exists()
    assert all(deck_pk(r) for r in registered)


def test_a_reason_is_required(tournament, organiser):
    with pytest.raises(UserError, match="why"):
        tournament_format_set(tournament=tournament, actor=organiser, reason=" ", changes={"total": 60})


def test_the_format_page_shows_the_format_to_anyone(client, tournament, organiser, alice):
    tournament_format_set(tournament=tournament, actor=organiser, reason="Ban it", changes={"ban": ["War Party"]})
    url = reverse("tournaments:format", args=[tournament.pk])
    page = client.get(url).content.decode()
    assert "version 2" in page
    assert "War Party (" in page
    assert "Save a new format version" not in page  # no edit forms for the public
    response = client.post(url, {"which": "edit"})  # a change is an organiser's: log in first
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    client.force_login(alice)
    assert client.post(url, {"which": "edit"}).status_code == 403


def test_the_organiser_edits_limits_bans_restrictions_and_sets_on_the_page(client, tournament, organiser):
    client.force_login(organiser)
    url = reverse("tournaments:format", args=[tournament.pk])
    form = client.get(url).context["edit_form"]
    data = {f"edit-{name}": "" if value is None else value for name, value in form.initial.items()
            if not isinstance(value, list)}
    data.update({
        "which": "edit", "edit-champion_level_cap": "75", "edit-min_realm": "9",
        "edit-banned": "War Party\nElminster", "edit-restricted": "Nomad Mercenaries = 1",
        "edit-reason": "League season 2",
    })
    data["edit-sets"] = ["1st", "2nd", "3rd", "4th"]
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament.refresh_from_db()
    fmt = tournament.deck_format
    assert tournament.format_version == 2 and fmt["champion_level_cap"] == 75
    assert next(l for l in fmt["type_limits"] if l["card_type"] == "Realm")["minimum"] == 9
    assert "3rd/54" in fmt["banned"]
    assert any(copies == 1 for _, copies in fmt["restricted"])
    barred = {g["key"] for g in fmt["group_limits"] if g["kind"] == "set" and g["maximum"] == 0}
    assert "DU" in barred and "1st" not in barred
    page = client.get(url).content.decode()
    assert "League season 2" in page and "1st, 2nd, 3rd, 4th" in page


def test_a_bad_edit_on_the_page_is_a_form_error(client, tournament, organiser):
    client.force_login(organiser)
    url = reverse("tournaments:format", args=[tournament.pk])
    form = client.get(url).context["edit_form"]
    data = {f"edit-{name}": "" if value is None else value for name, value in form.initial.items()
            if not isinstance(value, list)}
    data.update({"which": "edit", "edit-min_realm": "30", "edit-reason": "oops",
                 "edit-banned": "Definitely Not A Card"})
    response = client.post(url, data)
    assert response.status_code == 400
    assert "Definitely Not A Card" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.format_version == 1


def test_the_organiser_uploads_a_cff_on_the_page(client, tournament, organiser):
    client.force_login(organiser)
    url = reverse("tournaments:format", args=[tournament.pk])
    upload = SimpleUploadedFile("551ES.cff", CFF_551ES.read_bytes())
    response = client.post(url, {"which": "base", "base-cff": upload, "base-reason": "Starter night"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.deck_format_id == "551ES"
    garbage = SimpleUploadedFile("x.cff", b"\x00" * 100)
    response = client.post(url, {"which": "base", "base-cff": garbage, "base-reason": "oops"})
    assert response.status_code == 400
    assert "not a CrossFire .cff format file" in response.content.decode()


def test_the_api_reads_and_changes_the_format(tournament, organiser, alice):
    api = APIClient()
    url = f"/api/v1/tournaments/{tournament.pk}/format/"
    body = api.get(url).json()
    assert body["version"] == 1 and body["format"]["id"] == "55" and body["locked"] is False
    api.force_authenticate(alice)
    assert api.post(url, {"reason": "x", "changes": {"total": 60}}, format="json").status_code == 403
    api.force_authenticate(organiser)
    response = api.post(url, {"reason": "Brazilian night", "base": "55-br"}, format="json")
    assert response.status_code == 200 and response.json()["format"]["id"] == "55-br"
    response = api.post(url, {"reason": "bad", "changes": {"total": -1}}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "nonsense_limits"
    with CFF_551ES.open("rb") as handle:
        response = api.post(url, {"reason": "cff", "file": handle, "changes": json.dumps({"max_copies": 3})},
                            format="multipart")
    assert response.status_code == 200, response.json()
    assert response.json()["format"]["id"] == "551ES" and response.json()["format"]["max_copies"] == 3
    assert response.json()["version"] == 3


def test_the_deck_page_says_which_format_version_a_verdict_was_checked_against(client, tournament, organiser,
                                                                               registered, alice):
    tournament_format_set(tournament=tournament, actor=organiser, reason="Lower cap",
                          changes={"champion_level_cap": 30})
    client.force_login(alice)
    page = client.get(reverse("decks:deck", args=[tournament.pk])).content.decode()
    assert "version 2" in page
    assert "Checked against format version 2" in page
    assert "re-checked when the organiser changed the format" in page


def test_the_page_edits_champion_types_and_chase_cards_and_an_unchanged_form_changes_nothing(client, tournament,
                                                                                              organiser):
    client.force_login(organiser)
    url = reverse("tournaments:format", args=[tournament.pk])
    form = client.get(url).context["edit_form"]
    data = {f"edit-{name}": "" if value is None else value for name, value in form.initial.items()
            if not isinstance(value, list)}
    data.update({"which": "edit", "edit-reason": "no change", "edit-sets": form.initial["sets"]})
    response = client.post(url, data, follow=True)
    assert "Nothing changed" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.format_version == 1
    data.update({"edit-cmax_thief": "0", "edit-chase_max": "2", "edit-reason": "no thieves, two chase cards"})
    assert client.post(url, data).status_code == 302
    tournament.refresh_from_db()
    fmt = tournament.deck_format
    assert fmt["champion_type_limits"] == [{"card_type": "Thief", "minimum": 0, "maximum": 0, "max_copies": None}]
    assert fmt["chase_limit"] == [0, 2] and tournament.format_version == 2
    assert "Thief champions" in client.get(url).content.decode()


def test_the_organiser_allows_the_brazilian_community_sets_on_the_page(client, tournament, organiser):
    # issue 22, item 5: rules.formats.DeckFormat.community_cards, chosen by the organiser, logged
    client.force_login(organiser)
    url = reverse("tournaments:format", args=[tournament.pk])
    form = client.get(url).context["edit_form"]
    data = {f"edit-{name}": "" if value is None else value for name, value in form.initial.items()
            if not isinstance(value, list) and name != "community_cards"}
    data.update({"which": "edit", "edit-community_cards": "on", "edit-reason": "Rio league",
                 "edit-sets": form.initial["sets"]})
    assert client.post(url, data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.deck_format["community_cards"] is True and tournament.format_version == 2
    assert AuditEntry.objects.get(action=AuditEntry.Action.FORMAT_CHANGED).reason == "Rio league"
