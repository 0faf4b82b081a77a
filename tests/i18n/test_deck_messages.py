"""Issue 14, the decks app: a deck refusal reads in the reader's language (the API's ``detail``, a page's form
error or message, the decklist editor's preview) with its English ``code`` unchanged, and the English text (what is
logged) stays what it was."""

from __future__ import annotations

import html

import pytest
from django.test import override_settings
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from decks.models import DeckReplacement
from decks.services import deck_checks_pick, deck_replacement_decide, deck_replacement_request
from tests.conftest import LEGAL_55, deck_of
from tournaments.catalogue import get_catalogue
from tournaments.errors import UserError

pytestmark = pytest.mark.django_db

NBSP = "\u00a0"


def _api(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def _deck_url(registration) -> str:
    return f"/api/v1/tournaments/{registration.tournament_id}/registrations/{registration.pk}/deck/"


# --------------------------------------------------------------------------- deck submission through the API
@pytest.mark.parametrize(("lang", "detail"), [
    ("pt-br", "As listas de baralho estão travadas: o torneio já começou."),
    ("fr", f"Les listes de deck sont verrouillées{NBSP}: le tournoi a commencé."),
    ("en", "Decklists are locked: the tournament has started."),
])
def test_a_deck_submitted_after_the_start_is_refused_in_the_readers_language(round_one, registered, alice, lang,
                                                                            detail):
    alice_reg, _ = registered
    response = _api(alice).post(_deck_url(alice_reg), {"text": "3rd/54\n"}, format="json",
                                HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 409
    assert response.json()["code"] == "decks_locked"
    assert response.json()["detail"] == detail


@pytest.mark.parametrize(("lang", "detail"), [
    ("pt-br", "Só o próprio jogador pode enviar a sua lista do baralho"),
    ("fr", "Seul le joueur peut envoyer sa propre liste de deck"),
])
def test_someone_elses_deck_is_refused_in_the_readers_language(registered, bob, lang, detail):
    alice_reg, _ = registered
    response = _api(bob).post(_deck_url(alice_reg), {"text": "3rd/54\n"}, format="json", HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 403
    assert response.json()["code"] == "not_allowed"
    assert response.json()["detail"].startswith(detail)


@pytest.mark.parametrize(("lang", "detail"), [
    ("pt-br", "1 linha não corresponde a nenhuma carta conhecida: linha 2 “No Such Card Anywhere”"),
    ("fr", f"1 ligne ne correspond à aucune carte connue{NBSP}: ligne 2 «{NBSP}No Such Card Anywhere{NBSP}»"),
])
def test_an_unknown_card_is_refused_in_the_readers_language(registered, alice, lang, detail):
    alice_reg, _ = registered
    response = _api(alice).post(_deck_url(alice_reg), {"text": "3rd/54\nNo Such Card Anywhere\n"}, format="json",
                                HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "unknown_cards"
    assert detail in body["detail"] and "could not be matched" not in body["detail"]


@pytest.mark.parametrize(("lang", "detail"), [
    ("pt-br", "Envie 'text' (uma lista do baralho colada) ou 'file' (.cfd, .dek ou texto), um dos dois."),
    ("fr", "Envoyez soit 'text' (une liste de deck collée), soit 'file' (.cfd, .dek ou texte)."),
])
def test_a_request_without_a_decklist_is_refused_in_the_readers_language(registered, alice, lang, detail):
    alice_reg, _ = registered
    response = _api(alice).post(_deck_url(alice_reg), {}, format="json", HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert response.json()["detail"] == detail


@override_settings(DECKLIST_MAX_BYTES=2000)
@pytest.mark.parametrize(("lang", "detail"), [
    ("pt-br", "A lista do baralho tem 2.001 bytes; o limite é 2.000."),
    ("en", "The decklist is 2,001 bytes; the limit is 2,000."),
])
def test_a_decklist_over_the_limit_is_refused_with_the_numbers_written_the_readers_way(registered, alice, lang,
                                                                                        detail):
    alice_reg, _ = registered
    response = _api(alice).post(_deck_url(alice_reg), {"text": "x" * 2001}, format="json",
                                HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 413
    assert response.json()["code"] == "too_large"
    assert response.json()["detail"] == detail


# --------------------------------------------------------------------------- the decklist editor's preview
@pytest.fixture
def alice_on_the_deck_page(client, tournament, alice):
    from tournaments.services import player_register

    player_register(tournament=tournament, actor=alice)
    client.force_login(alice)
    return client, reverse("decks:deck", args=[tournament.pk]), reverse("decks:deck-preview", args=[tournament.pk])


def test_the_preview_error_for_unknown_cards_is_in_portuguese(alice_on_the_deck_page):
    client, page_url, preview_url = alice_on_the_deck_page
    for response in (client.post(page_url, {"text": "3rd/54\nNo Such Card Anywhere\n", "action": "preview"},
                                 HTTP_ACCEPT_LANGUAGE="pt-br"),
                     client.post(preview_url, {"text": "3rd/54\nNo Such Card Anywhere\n"},
                                 HTTP_ACCEPT_LANGUAGE="pt-br")):
        page = html.unescape(response.content.decode())
        assert "1 linha não corresponde a nenhuma carta conhecida:" in page
        assert "linha 2: “No Such Card Anywhere”" in page  # the line, listed under the heading
        assert "could not be matched" not in page


def test_the_preview_error_for_an_unreadable_file_is_in_portuguese(alice_on_the_deck_page):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client, page_url, _ = alice_on_the_deck_page
    upload = SimpleUploadedFile("deck.cfd", b"\x00\x01\x02binary\x00" * 20)
    page = html.unescape(client.post(page_url, {"file": upload, "action": "preview"},
                                     HTTP_ACCEPT_LANGUAGE="pt-br").content.decode())
    assert "O arquivo é binário, não é uma lista de baralho." in page


@pytest.mark.parametrize(("lang", "texts", "english"), [
    ("pt-br", ["56 de 55 cartas", "no máximo 1, fora da contagem do baralho", "qualquer quantidade",
               "um baralho de 55 cartas (padrão) deve ter exatamente 55"],
     ["outside the deck size", "any number", "must have exactly"]),
    ("fr", ["56 cartes sur 55", "au plus 1, hors du nombre de cartes du deck", "nombre libre",
            "un deck de 55 cartes (standard) doit en avoir exactement 55"],
     ["outside the deck size", "any number", "must have exactly"]),
])
def test_the_preview_of_an_illegal_deck_has_no_english_left(alice_on_the_deck_page, lang, texts, english):
    from rules.decklists import read_decklist

    client, page_url, preview_url = alice_on_the_deck_page
    legal = read_decklist(LEGAL_55.read_bytes(), get_catalogue(), filename=LEGAL_55.name).to_text()
    for response in (client.post(page_url, {"text": legal + "\n3rd/54\n", "action": "preview"},
                                 HTTP_ACCEPT_LANGUAGE=lang),
                     client.post(preview_url, {"text": legal + "\n3rd/54\n"}, HTTP_ACCEPT_LANGUAGE=lang)):
        page = html.unescape(response.content.decode())
        for text in texts:
            assert text in page, text
        for text in english:
            assert text not in page, text


def test_one_card_is_singular_in_the_french_preview(alice_on_the_deck_page):
    client, _, preview_url = alice_on_the_deck_page
    page = html.unescape(client.post(preview_url, {"text": "Waterdeep\n"}, HTTP_ACCEPT_LANGUAGE="fr")
                         .content.decode())
    assert "1 carte sur 55" in page and "0 niveau de champion sur 90 au plus" in page


# --------------------------------------------------------------------------- replacements and deck checks
def _a_card_in(registration, card_type):
    catalogue = get_catalogue()
    return next(catalogue.get(k) for k in deck_of(registration).cards if catalogue.get(k).card_type == card_type)


@pytest.fixture
def illegal_replacement(round_one, registered, alice):
    """alice asks to replace a realm with a second copy of one of her champions (an illegal deck)."""
    alice_reg, _ = registered
    return deck_replacement_request(registration=alice_reg, actor=alice,
                                    destroyed=_a_card_in(alice_reg, "Realm").key,
                                    replacement=_a_card_in(alice_reg, "Champion").key)


def test_a_replacement_that_makes_the_deck_illegal_is_refused_in_french(illegal_replacement, organiser):
    with translation.override("fr"), pytest.raises(UserError) as refused:
        deck_replacement_decide(replacement=illegal_replacement, actor=organiser, approve=True)
    exc = refused.value
    assert exc.code == "illegal_after_replacement"
    with translation.override("fr"):
        french = exc.message
    assert french.startswith(f"Le deck ne serait pas légal après le remplacement{NBSP}: ")
    assert "figure 2 fois" in french and "un deck peut contenir au plus 1 exemplaire" in french
    assert "appears" not in french
    # what is logged stays English, the rule's own words
    assert exc.english.startswith("The deck would not be legal after the replacement: ")
    assert "appears 2 times" in exc.english


def test_the_organiser_reads_the_replacement_refusal_in_french_on_the_manage_page(client, illegal_replacement,
                                                                                  organiser):
    client.force_login(organiser)
    url = reverse("decks:replacement-decide", args=[illegal_replacement.registration.tournament_id,
                                                    illegal_replacement.pk, "approve"])
    page = html.unescape(client.post(url, follow=True, HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert f"Le deck ne serait pas légal après le remplacement{NBSP}:" in page
    assert "would not be legal" not in page
    assert DeckReplacement.objects.get().status == DeckReplacement.Status.PENDING


@pytest.mark.parametrize(("lang", "prefix"), [("pt-br", "Carta destruída: Nenhuma carta corresponde a “Zzqx Nonsense"),
                                              ("fr", f"Carte détruite{NBSP}: Aucune carte ne correspond à «{NBSP}"
                                                     "Zzqx Nonsense")])
def test_an_unknown_card_in_a_replacement_request_is_named_in_the_readers_language(round_one, registered, alice,
                                                                                    lang, prefix):
    alice_reg, _ = registered
    with pytest.raises(UserError) as refused:
        deck_replacement_request(registration=alice_reg, actor=alice, destroyed="Zzqx Nonsense",
                                 replacement="3rd/54")
    assert refused.value.code == "unknown_card" and refused.value.params["query"] == "Zzqx Nonsense"
    with translation.override(lang):
        assert refused.value.message.startswith(prefix)
    assert refused.value.english.startswith('Destroyed card: No card matches "Zzqx Nonsense"')


@pytest.mark.parametrize(("lang", "message"), [
    ("fr", "Choisissez entre 1 et 2 joueurs pour une vérification de deck."),
    ("pt-br", "Escolha entre 1 e 2 jogadores para uma verificação de baralho."),
])
def test_too_many_players_for_a_deck_check_is_refused_in_the_readers_language(round_one, organiser, lang, message):
    with pytest.raises(UserError) as refused:
        deck_checks_pick(tournament=round_one.tournament, actor=organiser, count=5)
    assert refused.value.code == "count"
    with translation.override(lang):
        assert refused.value.message == message
    assert refused.value.english == "Pick between 1 and 2 players for a deck check."
