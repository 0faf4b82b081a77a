"""Issue #11, item 15: a username that imitates another user's (a Cyrillic "о" in "оrganiser", a
full-width letter, another case) is refused at signup; a different name is accepted."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-pass-phrase-9"


def _signup(client, username):
    return client.post(reverse("tournaments:signup"),
                       {"username": username, "display_name": f"{username} name", "password1": PASSWORD,
                        "password2": PASSWORD})


@pytest.mark.parametrize("imitation", [
    "\u043erganiser",  # Cyrillic small o
    "\u043erg\u0430niser",  # Cyrillic o and a
    "ORGANI\u0405ER",  # Cyrillic capital DZE looks like S
])
def test_a_username_imitating_an_existing_one_is_refused(client, organiser, imitation):
    response = _signup(client, imitation)
    assert response.status_code == 200
    assert response.context["form"].errors["username"]  # Django's "already exists" or ours
    assert not User.objects.filter(username=imitation).exists()
    assert User.objects.count() == 1


@pytest.mark.parametrize("imitation", ["\uff4frganiser", "Organiser"])
def test_case_and_width_variants_are_refused_too(client, organiser, imitation):
    assert _signup(client, imitation).context["form"].errors["username"]
    assert User.objects.count() == 1


def test_the_cyrillic_imitation_says_why(client, organiser):
    assert "too much like" in _signup(client, "\u043erganiser").content.decode()


def test_a_different_name_is_accepted(client, organiser):
    response = _signup(client, "organiser2")
    assert response.status_code == 302 and User.objects.filter(username="organiser2").exists()


@pytest.mark.parametrize("a, b", [("\u043erganiser", "organiser"), ("\uff21lice", "alice"), ("B\u043eb", "bob")])
def test_the_skeleton_maps_confusables_to_one_form(a, b):
    from tournaments.usernames import skeleton

    assert skeleton(a) == skeleton(b)
    assert skeleton("alice") != skeleton("bob")


# Issue 21, finding 14: ASCII look-alikes (0/o, 1/l/I/i, rn/m, vv/w, cl/d) are refused too


@pytest.mark.parametrize("imitation", ["0rganiser", "organlser", "0rgan1ser", "ORGANlSER", "organ1ser"])
def test_an_ascii_look_alike_of_an_existing_name_is_refused(client, organiser, imitation):
    response = _signup(client, imitation)
    assert response.status_code == 200
    assert "too much like" in response.content.decode()
    assert not User.objects.filter(username=imitation).exists()


@pytest.mark.parametrize("existing, imitation", [("mary", "rnary"), ("wendy", "vvendy"), ("dave", "clave"),
                                                 ("tom", "torn"), ("lola", "I0la")])
def test_letter_pairs_that_read_as_one_letter_are_refused(client, existing, imitation):
    User.objects.create_user(existing, password=PASSWORD)
    assert "too much like" in _signup(client, imitation).content.decode()
    assert not User.objects.filter(username=imitation).exists()


@pytest.mark.parametrize("a, b", [("0rganiser", "organiser"), ("organlser", "organiser"), ("alice", "a1ice"),
                                  ("Iris", "lris"), ("rnary", "mary"), ("vvendy", "wendy"), ("c1ave", "dave")])
def test_the_skeleton_folds_ascii_look_alikes(a, b):
    from tournaments.usernames import skeleton

    assert skeleton(a) == skeleton(b)


@pytest.mark.parametrize("a, b", [("organiser", "organisers"), ("bob", "rob"), ("anna", "arma"), ("sam", "5am")])
def test_names_that_only_look_different_stay_different(a, b):
    from tournaments.usernames import skeleton

    assert skeleton(a) != skeleton(b)
