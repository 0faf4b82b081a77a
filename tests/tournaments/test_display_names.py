"""Issue 20, item 8: people, not usernames. Sign-up asks a display name (and an optional e-mail); pages show it
instead of the username; accounts without one fall back to the username; walk-ins keep the typed name."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.urls import reverse

from tournaments import services
from tournaments.models import Registration, StandingsSnapshot

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-pass-phrase-9"


def _signup(client, username="dave", display_name="Dave Lister", email=""):
    return client.post(reverse("tournaments:signup"), {
        "username": username, "display_name": display_name, "email": email,
        "password1": PASSWORD, "password2": PASSWORD})


def test_sign_up_stores_the_display_name_and_the_email(client):
    assert _signup(client, display_name="  Dave   Lister ", email="dave@example.org").status_code == 302
    dave = User.objects.get(username="dave")
    assert (dave.first_name, dave.email) == ("Dave Lister", "dave@example.org")
    (message,) = mail.outbox
    assert message.to == ["dave@example.org"] and "/account/verify/?token=" in message.body


def test_sign_up_without_an_email_sends_nothing(client):
    assert _signup(client).status_code == 302
    assert User.objects.get(username="dave").email == "" and mail.outbox == []


@pytest.mark.parametrize("display_name", ["", "   ", "x" * 41])
def test_sign_up_refuses_a_missing_or_too_long_display_name(client, display_name):
    response = _signup(client, display_name=display_name)
    assert response.status_code == 200 and response.context["form"].errors["display_name"]
    assert not User.objects.filter(username="dave").exists()


@pytest.mark.parametrize("imitation", ["Alice Martin", "ALICE MART1N", "\u0410lice Martin", "alice"])
def test_a_display_name_imitating_another_players_name_or_username_is_refused(client, alice, imitation):
    alice.first_name = "Alice Martin"
    alice.save()
    response = _signup(client, display_name=imitation)
    assert "too much like another player" in response.content.decode()
    assert not User.objects.filter(username="dave").exists()


def test_without_a_display_name_the_username_is_shown(registered):
    assert [r.display_name for r in registered] == ["alice", "bob"]


@pytest.fixture
def named(alice, bob):
    alice.first_name, bob.first_name = "Alys Marwen", "Bram Oakes"
    User.objects.bulk_update([alice, bob], ["first_name"])


def test_the_display_name_is_shown_on_pairings_standings_projector_print_and_slip(
        client, named, round_one, tournament, organiser, django_capture_on_commit_callbacks):
    match = round_one.matches.get()
    with django_capture_on_commit_callbacks(execute=True):
        report = services.result_report(match=match, actor=match.seats.get(number=1).registration.player,
                                        games=[{"winner": "a"}, {"winner": "a"}])
        services.result_confirm(submission=report, actor=match.seats.get(number=2).registration.player)
    pk, n = tournament.pk, round_one.number
    pages = {name: client.get(url).content.decode() for name, url in {
        "pairings": reverse("tournaments:round", args=[pk, n]),
        "standings": reverse("tournaments:standings", args=[pk]),
        "projector": reverse("tournaments:projector", args=[pk]),
        "print": reverse("tournaments:print-pairings-tables", args=[pk, n]),
        "print-names": reverse("tournaments:print-pairings-names", args=[pk, n]),
    }.items()}
    client.force_login(organiser)
    pages["slip"] = client.get(reverse("tournaments:match", args=[pk, match.pk])).content.decode()
    for name, page in pages.items():
        assert "Alys Marwen" in page and "Bram Oakes" in page, name
        assert ">alice<" not in page and ">bob<" not in page, name
    assert {row["name"] for row in StandingsSnapshot.objects.get(tournament=tournament).rows} == {
        "Alys Marwen", "Bram Oakes"}


def test_a_changed_display_name_shows_in_the_next_standings_snapshot(
        named, alice, round_one, tournament, django_capture_on_commit_callbacks):
    match = round_one.matches.get()
    services.account_update(user=alice, actor=alice, display_name="Alys the Bold", email="")
    with django_capture_on_commit_callbacks(execute=True):
        report = services.result_report(match=match, actor=match.seats.get(number=1).registration.player,
                                        games=[{"winner": "a"}, {"winner": "a"}])
        services.result_confirm(submission=report, actor=match.seats.get(number=2).registration.player)
    assert "Alys the Bold" in {row["name"] for row in StandingsSnapshot.objects.get(tournament=tournament).rows}


def test_a_walk_in_keeps_the_name_the_organiser_typed_after_a_claim(tournament, alice):
    alice.first_name = "Alys Marwen"
    alice.save()
    entry = Registration.objects.create(tournament=tournament, walk_in_name="Dana at the desk", player=alice)
    assert entry.display_name == "Dana at the desk"


def test_only_the_owner_may_change_an_account(alice, bob):
    from tournaments.errors import UserError

    with pytest.raises(UserError) as refused:
        services.account_update(user=alice, actor=bob, display_name="Bob was here", email="")
    assert refused.value.code == "not_yours"
