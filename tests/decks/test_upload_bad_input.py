"""Bad decklist uploads, on the deck page and through the API: each gets a clear message and a 4xx,
never a 500, and never replaces the deck the player registered before."""

from __future__ import annotations

import io
import os
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import deck_of, deck_pk
from decks.models import DeckSubmission
from tournaments.catalogue import get_catalogue
from rules.decklists import DecklistError, read_decklist
from tests.conftest import LEGAL_55

pytestmark = pytest.mark.django_db

MB = 1024 * 1024
GARBAGE = bytes(range(256)) * 8 + os.urandom(2048)


def deck_page(tournament) -> str:
    return reverse("decks:deck", args=[tournament.pk])


def deck_api(tournament, registration) -> str:
    return f"/api/v1/tournaments/{tournament.pk}/registrations/{registration.pk}/deck/"


def upload(name: str, content: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type="application/octet-stream")


def assert_unchanged(registration, submissions_before: int) -> None:
    deck_before = deck_pk(registration)
    registration.refresh_from_db()
    assert deck_pk(registration) == deck_before and deck_before is not None
    assert DeckSubmission.objects.count() == submissions_before


# --------------------------------------------------------------------------- binary garbage
def test_page_binary_garbage_is_a_form_error(client, registered, tournament, alice):
    alice_reg, _ = registered
    before = DeckSubmission.objects.count()
    client.force_login(alice)
    response = client.post(deck_page(tournament), {"file": upload("deck.cfd", GARBAGE)})
    assert response.status_code == 400
    assert "binary" in response.content.decode()
    assert_unchanged(alice_reg, before)


def test_api_binary_garbage_is_a_400(client, registered, tournament, alice):
    alice_reg, _ = registered
    before = DeckSubmission.objects.count()
    client.force_login(alice)
    response = client.post(deck_api(tournament, alice_reg), {"file": upload("deck.cfd", GARBAGE)})
    assert response.status_code == 400
    assert response.json()["code"] == "unreadable" and "binary" in response.json()["detail"]
    assert_unchanged(alice_reg, before)


# --------------------------------------------------------------------------- 50 MB
def test_page_a_50_mb_upload_is_refused_early_with_a_clear_message(client, registered, tournament, alice):
    alice_reg, _ = registered
    before = DeckSubmission.objects.count()
    client.force_login(alice)
    started = time.monotonic()
    response = client.post(deck_page(tournament), {"file": upload("huge.cfd", b"set tempDeck {" + b"x" * (50 * MB))})
    assert time.monotonic() - started < 10
    assert response.status_code == 413
    page = response.content.decode()
    assert "The upload is 50.0 MB; a decklist may be at most 1 MB" in page
    assert_unchanged(alice_reg, before)


def test_api_a_50_mb_upload_is_a_413(client, registered, tournament, alice):
    alice_reg, _ = registered
    before = DeckSubmission.objects.count()
    client.force_login(alice)
    response = client.post(deck_api(tournament, alice_reg), {"file": upload("huge.cfd", b"x" * (50 * MB))})
    assert response.status_code == 413
    assert response.json()["code"] == "too_large" and "50.0 MB" in response.json()["detail"]
    assert_unchanged(alice_reg, before)


def test_page_a_file_just_over_the_limit_is_a_form_error_before_it_is_read(client, registered, tournament, alice):
    alice_reg, _ = registered
    before = DeckSubmission.objects.count()
    client.force_login(alice)
    response = client.post(deck_page(tournament), {"file": upload("big.txt", b"War Party\n" * 150_000)})
    assert response.status_code == 413
    assert "a decklist may be at most 1 MB" in response.content.decode()
    assert "Paste a decklist or choose a file" not in response.content.decode()
    assert_unchanged(alice_reg, before)


def test_api_a_file_just_over_the_limit_is_a_413(client, registered, tournament, alice):
    alice_reg, _ = registered
    client.force_login(alice)
    response = client.post(deck_api(tournament, alice_reg), {"file": upload("big.txt", b"War Party\n" * 150_000)})
    assert response.status_code == 413 and response.json()["code"] == "too_large"


def test_page_a_huge_paste_is_refused_not_crashed(client, registered, tournament, alice):
    alice_reg, _ = registered
    before = DeckSubmission.objects.count()
    client.force_login(alice)
    response = client.post(deck_page(tournament), {"text": "War Party\n" * 200_000})  # 2 MB of text
    assert response.status_code == 413
    assert "larger than" in response.content.decode() or "limit" in response.content.decode()
    assert_unchanged(alice_reg, before)


# --------------------------------------------------------------------------- Latin-1 and UTF-8
LATIN_CFD = ("set tempDeckSize 55\nset tempDeckTitle {Les Ménestrels de Müden}\n"
             "set tempNotes {Café crème}\nset tempDeck {\n {3rd 54} {BR 109}\n}\n")


@pytest.mark.parametrize("encoding", ["latin-1", "utf-8", "utf-8-sig"])
def test_page_latin1_and_utf8_files_read_the_same(client, registered, tournament, alice, encoding):
    alice_reg, _ = registered
    client.force_login(alice)
    response = client.post(deck_page(tournament), {"file": upload("deck.cfd", LATIN_CFD.encode(encoding))},
                           follow=True)
    assert response.status_code == 200
    latest = DeckSubmission.objects.filter(registration=alice_reg).first()
    assert latest.title == "Les Ménestrels de Müden"
    assert latest.cards == ["3rd/54", "BR/109"]
    assert not latest.legal
    alice_reg.refresh_from_db()
    assert deck_of(alice_reg).legal and deck_pk(alice_reg) != latest.pk  # the illegal deck did not replace it


@pytest.mark.parametrize("encoding", ["latin-1", "utf-8"])
def test_api_latin1_and_utf8_text_lists_read_the_same(client, registered, tournament, alice, encoding):
    alice_reg, _ = registered
    client.force_login(alice)
    response = client.post(deck_api(tournament, alice_reg),
                           {"file": upload("deck.txt", "2x War Party\nThe Count of Müden\n".encode(encoding))})
    assert response.status_code == 201
    assert response.json()["cards"] == ["3rd/54", "3rd/54", "BR/109"]


# --------------------------------------------------------------------------- 5,000 lines
FIVE_THOUSAND = "\n".join(["War Party"] * 5000)


def test_page_a_5000_line_deck_is_refused_with_the_limit(client, registered, tournament, alice):
    alice_reg, _ = registered
    before = DeckSubmission.objects.count()
    client.force_login(alice)
    response = client.post(deck_page(tournament), {"text": FIVE_THOUSAND})
    assert response.status_code == 413
    assert "more than 1,000 card lines" in response.content.decode()
    assert_unchanged(alice_reg, before)
    response = client.post(deck_page(tournament), {"file": upload("long.txt", FIVE_THOUSAND.encode())})
    assert response.status_code == 413
    assert_unchanged(alice_reg, before)


def test_api_a_5000_line_deck_is_a_413(client, registered, tournament, alice):
    alice_reg, _ = registered
    before = DeckSubmission.objects.count()
    client.force_login(alice)
    response = client.post(deck_api(tournament, alice_reg), {"text": FIVE_THOUSAND}, content_type="application/json")
    assert response.status_code == 413
    assert response.json()["code"] == "too_large" and "1,000" in response.json()["detail"]
    cfd = "set tempDeck {" + " {3rd 54}" * 5000 + "}"
    response = client.post(deck_api(tournament, alice_reg), {"file": upload("long.cfd", cfd.encode())})
    assert response.status_code == 413 and response.json()["code"] == "too_large"
    assert_unchanged(alice_reg, before)


# --------------------------------------------------------------------------- random input
@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=4096))
def test_the_readers_turn_any_bytes_into_a_deck_or_a_decklist_error(data):
    try:
        deck = read_decklist(data, get_catalogue(), filename="random.bin")
    except DecklistError as exc:
        assert exc.code in {"empty", "unreadable", "unknown_cards", "too_large"} and str(exc)
    else:
        assert deck.cards


_LINE = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["War Party", "2x War Party", "3rd/54", "Elminster x2", "(3rd/54)", "# title: t", "0x Foo",
                     "set tempDeck {", "{3rd 54}", "<deck>", "<superzone name='Deck'>", "&amp;", "99999999999x War"]),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(_LINE, max_size=30))
def test_the_readers_turn_any_lines_into_a_deck_or_a_decklist_error(lines):
    try:
        read_decklist("\n".join(lines), get_catalogue())
    except DecklistError as exc:
        assert str(exc)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=2048), as_file=st.booleans())
def test_the_upload_endpoints_answer_random_bytes_with_a_4xx_or_a_stored_illegal_deck(
        client, registered, tournament, alice, data, as_file):
    alice_reg, _ = registered
    client.force_login(alice)
    legal = deck_pk(alice_reg)
    if as_file:
        response = client.post(deck_api(tournament, alice_reg), {"file": upload("random.cfd", data)})
    else:
        response = client.post(deck_page(tournament), {"file": io.BytesIO(data) if data else ""})
    assert response.status_code < 500
    alice_reg.refresh_from_db()
    assert deck_pk(alice_reg) == legal


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(_LINE, max_size=20))
def test_the_deck_page_answers_random_lines_without_a_500(client, registered, tournament, alice, lines):
    alice_reg, _ = registered
    client.force_login(alice)
    legal = deck_pk(alice_reg)
    response = client.post(deck_page(tournament), {"text": "\n".join(lines).replace("\x00", "")})
    assert response.status_code < 500
    alice_reg.refresh_from_db()
    assert deck_pk(alice_reg) == legal


def test_the_registered_deck_is_the_sample(registered):
    assert deck_of(registered[0]).filename == LEGAL_55.name


def test_with_csrf_checks_on_a_50_mb_file_still_gets_the_friendly_413(registered, tournament, alice):
    """A browser form carries its CSRF token in the body, so Django's CSRF check parses the upload
    (to a temporary file) before the view; the view still refuses it without reading it."""
    from django.test import Client

    alice_reg, _ = registered
    before = DeckSubmission.objects.count()
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    page = browser.get(deck_page(tournament))
    token = page.cookies["csrftoken"].value
    response = browser.post(deck_page(tournament), {"csrfmiddlewaretoken": token,
                                                    "file": upload("huge.cfd", b"x" * (50 * MB))})
    assert response.status_code == 413
    assert "The upload is 50.0 MB" in response.content.decode()
    assert_unchanged(alice_reg, before)
    # a 6 MB paste is over Django's own DATA_UPLOAD_MAX_MEMORY_SIZE: still a 4xx, never a 500
    response = browser.post(deck_page(tournament), {"csrfmiddlewaretoken": token, "text": "x" * (6 * MB)})
    assert 400 <= response.status_code < 500
    assert_unchanged(alice_reg, before)
