"""Decklist downloads (plain text and CrossFire .cfd), on the deck page and through the API."""

from __future__ import annotations

from collections import Counter

import pytest
from django.urls import reverse

from tests.conftest import deck_of
from decks.services import decklists_publish
from tournaments.catalogue import get_catalogue
from rules.decklists import read_decklist

pytestmark = pytest.mark.django_db


def page_url(tournament, registration, as_="text", **extra):
    query = "&".join(f"{k}={v}" for k, v in {"as": as_, **extra}.items())
    return f"{reverse('decks:deck-export', args=[tournament.pk, registration.pk])}?{query}"


def api_url(tournament, registration, as_="text"):
    return f"/api/v1/tournaments/{tournament.pk}/registrations/{registration.pk}/deck/export/?as={as_}"


@pytest.mark.parametrize("as_", ["text", "cfd"])
@pytest.mark.parametrize("where", [page_url, api_url])
def test_the_owner_downloads_the_registered_deck_and_it_reads_back(client, registered, tournament, alice, as_, where):
    alice_reg, _ = registered
    client.force_login(alice)
    response = client.get(where(tournament, alice_reg, as_))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment; filename=")
    assert response["Content-Disposition"].endswith(f'.{"txt" if as_ == "text" else "cfd"}"')
    deck = read_decklist(response.content, get_catalogue())
    assert Counter(card.key for card in deck.cards) == Counter(deck_of(alice_reg).cards)
    assert deck.source_format == as_
    assert deck.title == deck_of(alice_reg).title
    if as_ == "cfd":
        assert deck.declared_format == "55"
        assert [card.key for card in deck.cards] == deck_of(alice_reg).cards  # same order too


def test_the_text_export_has_counted_lines_and_the_notes(client, registered, tournament, alice):
    alice_reg, _ = registered
    client.force_login(alice)
    text = client.get(page_url(tournament, alice_reg)).content.decode()
    assert text.startswith("# title: ")
    assert "# notes: " in text  # the sample deck's notes survive
    card_lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert all(line.split("x ", 1)[0].isdigit() and line.endswith(")") for line in card_lines)


@pytest.mark.parametrize("where", [page_url, api_url])
def test_a_decklist_download_is_private_until_published(client, registered, tournament, bob, organiser, where):
    alice_reg, _ = registered
    client.force_login(bob)
    assert client.get(where(tournament, alice_reg)).status_code == 403
    client.logout()
    assert client.get(where(tournament, alice_reg)).status_code == 403
    client.force_login(organiser)
    assert client.get(where(tournament, alice_reg, "cfd")).status_code == 200
    decklists_publish(tournament=tournament, actor=organiser, scope="all")
    client.logout()
    assert client.get(where(tournament, alice_reg, "cfd")).status_code == 200


def test_a_bad_export_format_is_a_400(client, registered, tournament, alice):
    alice_reg, _ = registered
    client.force_login(alice)
    assert client.get(page_url(tournament, alice_reg, "pdf")).status_code == 400
    response = client.get(api_url(tournament, alice_reg, "pdf"))
    assert response.status_code == 400 and response.json()["code"] == "export_format"
    assert client.get(page_url(tournament, alice_reg, submission="abc")).status_code == 400


def test_nothing_to_export_is_a_404(client, tournament, carol):
    from tournaments.services import player_register

    reg = player_register(tournament=tournament, actor=carol)
    client.force_login(carol)
    assert client.get(page_url(tournament, reg)).status_code == 404
    assert client.get(api_url(tournament, reg)).status_code == 404


def test_the_owner_exports_an_illegal_latest_submission_when_nothing_is_registered(client, tournament, carol):
    from decks.services import deck_submit
    from tournaments.services import player_register

    reg = player_register(tournament=tournament, actor=carol)
    deck_submit(registration=reg, actor=carol, data="2x War Party\nElminster")
    client.force_login(carol)
    text = client.get(page_url(tournament, reg)).content.decode()
    assert "2x War Party (3rd/54)" in text


def test_the_public_never_gets_an_earlier_attempt(client, registered, tournament, alice, organiser):
    from decks.services import deck_submit

    alice_reg, _ = registered
    attempt = deck_submit(registration=alice_reg, actor=alice, data="War Party")  # illegal, not registered
    decklists_publish(tournament=tournament, actor=organiser, scope="all")
    client.logout()
    assert client.get(page_url(tournament, alice_reg, submission=attempt.pk)).status_code == 404
    client.force_login(alice)
    assert "1x War Party (3rd/54)" in client.get(page_url(tournament, alice_reg, submission=attempt.pk)
                                                 ).content.decode()


def test_the_deck_page_links_both_downloads(client, registered, tournament, alice):
    alice_reg, _ = registered
    client.force_login(alice)
    page = client.get(reverse("decks:deck", args=[tournament.pk])).content.decode()
    base = reverse("decks:deck-export", args=[tournament.pk, alice_reg.pk])
    assert f'href="{base}?as=text"' in page and f'href="{base}?as=cfd"' in page
