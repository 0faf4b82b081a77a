"""The decklist editor: a live verdict while typing (htmx) and card search, without saving anything."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import deck_of
from decks.models import DeckSubmission
from tests.conftest import LEGAL_55

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def preview_url(tournament) -> str:
    return reverse("decks:deck-preview", args=[tournament.pk])


def legal_text(catalogue_text: bytes) -> str:
    from rules.decklists import read_decklist

    from tournaments.catalogue import get_catalogue

    return read_decklist(catalogue_text, get_catalogue()).to_text()


@pytest.fixture
def alice_registered(client, tournament, alice):
    client.force_login(alice)
    client.post(reverse("tournaments:register", args=[tournament.pk]))
    return alice


def test_a_legal_list_previews_as_legal_grouped_by_type_with_limits(client, tournament, alice_registered):
    response = client.post(preview_url(tournament), {"text": legal_text(LEGAL_55.read_bytes())}, **HTMX)
    page = response.content.decode()
    assert response.status_code == 200
    assert "Legal" in page and "Not legal" not in page
    assert "55 of 55 cards" in page
    assert "champion levels of at most 90" in page
    assert "<th scope=\"row\">Realm</th>" in page and "8–15" in page  # the limit beside the count
    assert "level " in page  # champion levels listed
    assert "<html" not in page  # a partial, not a page


def test_an_illegal_list_shows_every_violation_with_its_rule(client, tournament, alice_registered):
    page = client.post(preview_url(tournament), {"text": "3rd/54\n2x War Party\nElminster"}, **HTMX).content.decode()
    assert "Not legal" in page
    assert "4 of 55 cards" in page
    assert "at least 8" in page or "needs at least 8" in page  # too few realms
    assert "Spellfire Tournament Rules 2.0" in page
    assert 'class="group bad"' in page  # the Realm row is flagged


def test_the_preview_never_saves(client, tournament, alice_registered):
    before = DeckSubmission.objects.count()
    client.post(preview_url(tournament), {"text": legal_text(LEGAL_55.read_bytes())}, **HTMX)
    client.post(preview_url(tournament), {"text": "War Party"}, **HTMX)
    assert DeckSubmission.objects.count() == before
    assert deck_of(tournament.registrations.get(player=alice_registered)) is None


def test_unknown_cards_get_a_friendly_message_with_suggestions(client, tournament, alice_registered):
    response = client.post(preview_url(tournament), {"text": "War Party\nWar Partyy\nZzyzx"}, **HTMX)
    page = response.content.decode()
    assert response.status_code == 200
    assert "could not be matched" in page and "line 2" in page and "did you mean" in page


@pytest.mark.parametrize("text", ["", "   \n\n", "\x00\x01\x02" * 50, "set tempDeck {", "<deck><superzone>",
                                  "0x War Party", "War Party\n" * 1200])
def test_bad_input_gets_a_friendly_partial_not_a_500(client, tournament, alice_registered, text):
    response = client.post(preview_url(tournament), {"text": text}, **HTMX)
    assert response.status_code == 200
    page = response.content.decode()
    assert "<html" not in page and page.strip()


def test_an_oversized_preview_is_refused(client, tournament, alice_registered):
    response = client.post(preview_url(tournament), {"text": "War Party\n" * 120_000}, **HTMX)
    assert response.status_code == 413
    assert "larger than" in response.content.decode()


def test_only_players_of_the_tournament_and_the_organiser_may_preview(client, tournament, bob, organiser):
    client.force_login(bob)  # not registered
    assert client.post(preview_url(tournament), {"text": "War Party"}, **HTMX).status_code == 403
    client.logout()
    assert client.post(preview_url(tournament), {"text": "War Party"}, **HTMX).status_code == 403
    client.force_login(organiser)
    response = client.post(preview_url(tournament), {"text": "War Party"}, **HTMX)
    assert response.status_code == 200 and "Not legal" in response.content.decode()
    assert client.get(preview_url(tournament)).status_code == 405


def test_the_deck_page_wires_the_editor(client, tournament, alice_registered):
    page = client.get(reverse("decks:deck", args=[tournament.pk])).content.decode()
    assert f'hx-post="{preview_url(tournament)}"' in page
    assert f'hx-get="{reverse("decks:card-suggestions")}"' in page
    assert "htmx-2.min.js" in page and "deck_editor.js" in page
    assert 'id="deck-preview"' in page


def test_without_javascript_check_without_saving_shows_the_verdict(client, tournament, alice_registered):
    response = client.post(reverse("decks:deck", args=[tournament.pk]),
                           {"text": "3rd/54\nElminster", "action": "preview"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Preview (not saved)" in page and "Not legal" in page
    assert "3rd/54\nElminster" in page  # the textarea keeps the text
    assert DeckSubmission.objects.count() == 0


def test_without_javascript_the_search_button_lists_cards_and_keeps_the_text(client, tournament, alice_registered):
    from decks.services import cards_import

    cards_import()
    response = client.post(reverse("decks:deck", args=[tournament.pk]),
                           {"text": "Elminster", "q": "war party", "action": "search"})
    page = response.content.decode()
    assert "1x War Party (3rd/54)" in page
    assert ">\nElminster</textarea>" in page
    assert "Paste a decklist or choose a file" not in page
    assert DeckSubmission.objects.count() == 0
    assert "1x War Party (3rd/54)" in client.get(reverse("decks:deck", args=[tournament.pk]),
                                                 {"q": "war party"}).content.decode()


def test_submitting_still_registers_a_legal_deck(client, tournament, alice_registered):
    response = client.post(reverse("decks:deck", args=[tournament.pk]),
                           {"text": legal_text(LEGAL_55.read_bytes()), "action": "submit"}, follow=True)
    assert "Your deck is legal and registered." in response.content.decode()
    assert deck_of(tournament.registrations.get(player=alice_registered)) is not None


def test_the_preview_checks_against_the_tournaments_own_format(client, tournament, organiser, alice_registered):
    from tournaments.services.formats import tournament_format_set

    tournament_format_set(tournament=tournament, actor=organiser, reason="House rules", base="110",
                          changes={"ban": ["War Party"]})
    page = client.post(preview_url(tournament), {"text": "War Party\nElminster"}, **HTMX).content.decode()
    assert "2 of 110 cards" in page
    assert "War Party" in page and "banned" in page.lower()


def test_champions_are_counted_per_champion_type(client, tournament, alice_registered):
    page = client.post(preview_url(tournament), {"text": "Elminster\nWar Party"}, **HTMX).content.decode()
    assert 'class="subtypes"' in page and "Wizard 1" in page


def test_the_editor_opens_with_the_latest_decklist_as_text_the_reader_takes_back(client, tournament,
                                                                                 alice_registered):
    from rules.decklists import read_decklist

    from tournaments.catalogue import get_catalogue

    url = reverse("decks:deck", args=[tournament.pk])
    assert ">\n</textarea>" in client.get(url).content.decode()  # nothing submitted: an empty editor
    client.post(url, {"text": legal_text(LEGAL_55.read_bytes()), "action": "submit"})
    client.post(url, {"text": "3rd/54\n2x War Party", "action": "submit"})  # the latest: illegal
    page = client.get(url).content.decode()
    text = page.split('id="id_text"', 1)[1].split(">", 1)[1].split("</textarea>", 1)[0]
    assert "3x War Party (3rd/54)" in text  # the writer's format (rules.deck_export.to_text), one line a card
    latest = DeckSubmission.objects.filter(registration__player=alice_registered).first()
    import html

    assert [c.key for c in read_decklist(html.unescape(text), get_catalogue()).cards] == latest.cards
    assert "Your latest decklist" in page
    assert 'class="alert alert-danger"' in page and "Not legal" in page  # the latest verdict: an error


def test_a_legal_latest_verdict_is_a_success(client, tournament, alice_registered):
    url = reverse("decks:deck", args=[tournament.pk])
    client.post(url, {"text": legal_text(LEGAL_55.read_bytes()), "action": "submit"})
    page = client.get(url).content.decode()
    assert 'class="alert alert-success"' in page and "alert-danger" not in page
    text = page.split('id="id_text"', 1)[1].split("</textarea>", 1)[0]
    assert text.count("x ") >= 20  # the 55-card list is in the editor


def test_an_illegal_submission_is_announced_in_red_never_as_a_success(client, tournament, alice_registered):
    """Issue 13 (found by the players' journey in the browser): "Your deck is not legal" was a green success
    message; a refusal is an alert-danger, and only a legal deck gets the green one."""
    url = reverse("decks:deck", args=[tournament.pk])
    page = client.post(url, {"text": "3rd/54\n2x War Party", "action": "submit"}, follow=True).content.decode()
    flash = page.split("Your deck is not legal: see why below.", 1)[0].rsplit("<div", 1)[1]
    assert "alert-danger" in flash and "alert-success" not in flash
    page = client.post(url, {"text": legal_text(LEGAL_55.read_bytes()), "action": "submit"}, follow=True)
    flash = page.content.decode().split("Your deck is legal and registered.", 1)[0].rsplit("<div", 1)[1]
    assert "alert-success" in flash
