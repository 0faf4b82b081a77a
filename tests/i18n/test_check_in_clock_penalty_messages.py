"""Issue 14: the refusals of check-in and walk-in claims, of the round clock and of penalties
(``tournaments.services.check_in``, ``clock``, ``penalties``) read in the reader's language: the API's
``detail`` and the pages' form errors and messages, with the English ``code`` unchanged; what is stored stays
English. The claim, check-in and round clock pages hold no English in Portuguese or French."""

from __future__ import annotations

import html
import re

import pytest
from django.template import Context, Template
from django.test import Client
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from tests.conftest import seat_regs
from tests.i18n.test_pages_in_every_language import english_left, get, visible_text
from tournaments import services
from tournaments.errors import UserError
from tournaments.models import AuditEntry, Match, Penalty, Round
from tournaments.services import check_in, clock

pytestmark = [pytest.mark.django_db, pytest.mark.web]

LANGUAGES = ["pt-br", "fr"]


def api(user, lang: str) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_authenticate(user)
    return client


def flashes(response) -> str:
    return html.unescape(response.content.decode())


# --------------------------------------------------------------------------- the API
@pytest.mark.parametrize(("lang", "detail"), [
    ("pt-br", "Esse código não corresponde a nenhuma inscrição feita no local neste torneio (ou já foi resgatado). "
              "Confira o papel que o organizador lhe entregou."),
    ("fr", "Ce code ne correspond à aucune inscription sur place de ce tournoi (ou elle a déjà été récupérée). "
           "Vérifiez le papier que l'organisateur vous a remis."),
])
def test_a_wrong_claim_code_is_refused_in_the_readers_language(tournament, organiser, carol, lang, detail):
    check_in.walk_in_register(tournament=tournament, actor=organiser, name="Dana")
    response = api(carol, lang).post(f"/api/v1/tournaments/{tournament.pk}/claim/", {"code": "ZZZZZ-ZZZZZ"},
                                     format="json")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "wrong_code"
    assert response.json()["detail"] == detail


@pytest.mark.parametrize(("lang", "detail"), [
    ("pt-br", "A rodada 1 já foi pareada: o check-in acabou."),
    ("fr", "La ronde 1 est appariée\u00a0: le check-in est terminé."),
])
def test_check_in_after_round_1_is_refused_in_the_readers_language(round_one, registered, alice, lang, detail):
    url = f"/api/v1/tournaments/{round_one.tournament_id}/registrations/{registered[0].pk}/check-in/"
    response = api(alice, lang).post(url, {}, format="json")
    assert response.status_code == 409, response.content
    assert (response.json()["code"], response.json()["detail"]) == ("check_in_closed", detail)


@pytest.mark.parametrize(("lang", "detail"), [
    ("pt-br", "O relógio da rodada não está pausado."),
    ("fr", "L'horloge de la ronde n'est pas en pause."),
])
def test_resuming_a_running_clock_is_refused_in_the_readers_language(round_one, organiser, lang, detail):
    url = f"/api/v1/tournaments/{round_one.tournament_id}/rounds/1/clock/"
    response = api(organiser, lang).post(url, {"action": "resume"}, format="json")
    assert response.status_code == 409, response.content  # the clock's state, not the request's shape
    assert (response.json()["code"], response.json()["detail"]) == ("not_paused", detail)


@pytest.mark.parametrize(("lang", "detail"), [
    ("pt-br", "Dê um motivo para estender a rodada (ele fica registrado)."),
    ("fr", "Donnez une raison pour prolonger la ronde (elle est journalisée)."),
])
def test_an_extension_without_a_reason_is_refused_in_the_readers_language(round_one, organiser, lang, detail):
    url = f"/api/v1/tournaments/{round_one.tournament_id}/rounds/1/clock/"
    response = api(organiser, lang).post(url, {"action": "extend", "minutes": 5, "reason": ""}, format="json")
    assert response.status_code == 400, response.content
    assert (response.json()["code"], response.json()["detail"]) == ("reason", detail)


@pytest.mark.parametrize(("lang", "detail"), [
    ("pt-br", "A mesa 1 já terminou (o resultado está confirmado): não precisa de mais tempo."),
    ("fr", "La table 1 a terminé (son résultat est confirmé)\u00a0: elle n'a plus besoin de temps."),
])
def test_a_finished_table_gets_no_extension_in_the_readers_language(round_one, organiser, lang, detail):
    match = round_one.matches.get()
    services.result_settle(match=match, actor=organiser, reason="slip", games=[{"winners": [1]}, {"winners": [1]}])
    Round.objects.filter(pk=round_one.pk).update(ended_at=None)  # another table still playing: the round runs on
    response = api(organiser, lang).post(f"/api/v1/matches/{match.pk}/time-extension/",
                                         {"minutes": 5, "reason": "Deck check"}, format="json")
    assert response.status_code == 409, response.content
    assert response.json()["code"] == "finished_match"
    assert response.json()["detail"] == detail
    assert response.json()["params"] == {"table": 1}


@pytest.mark.parametrize(("lang", "detail"), [
    ("pt-br", "bob já foi desclassificado(a)."),
    ("fr", "bob est déjà disqualifié(e)."),
])
def test_a_second_disqualification_is_refused_in_the_readers_language(round_one, organiser, registered, lang,
                                                                       detail):
    bob = registered[1]
    services.penalty_issue(tournament=round_one.tournament, actor=organiser, registration=bob,
                           kind=Penalty.Kind.DISQUALIFICATION, reason="Cheating")
    response = api(organiser, lang).post(f"/api/v1/tournaments/{round_one.tournament_id}/penalties/",
                                         {"registration": bob.pk, "kind": "disqualification", "reason": "Again"},
                                         format="json")
    assert response.status_code == 409, response.content
    assert (response.json()["code"], response.json()["detail"]) == ("already_disqualified", detail)


@pytest.mark.parametrize(("lang", "start", "end"), [
    ("pt-br", "A derrota no jogo não pode ser aplicada ao resultado da rodada 1, mesa 1: ",
     " Aplique-a na próxima partida do jogador."),
    ("fr", "La perte de partie ne peut pas être ajoutée au résultat de la ronde 1, table 1\u00a0: ",
     " Infligez-la plutôt pour le prochain match du joueur."),
])
def test_a_refused_game_loss_is_composed_in_the_readers_language(round_one, organiser, lang, start, end):
    match = round_one.matches.get()
    services.result_settle(match=match, actor=organiser, reason="slip", games=[{"winners": [1]}, {"winners": [1]}])
    loser = seat_regs(match)[1]
    response = api(organiser, lang).post(f"/api/v1/tournaments/{round_one.tournament_id}/penalties/",
                                         {"registration": loser.pk, "kind": "game_loss", "reason": "Late",
                                          "match": match.pk}, format="json")
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "game_loss_refused"
    assert body["detail"].startswith(start) and body["detail"].endswith(end), body["detail"]
    assert not Penalty.objects.exists()


def test_the_refused_game_loss_reads_in_english_too_and_the_label_follows_the_reader(round_one, organiser):
    match = round_one.matches.get()
    services.result_settle(match=match, actor=organiser, reason="slip", games=[{"winners": [1]}, {"winners": [1]}])
    with translation.override("fr"), pytest.raises(UserError) as caught:  # raised in French ...
        services.penalty_issue(tournament=round_one.tournament, actor=organiser, registration=seat_regs(match)[1],
                               kind=Penalty.Kind.GAME_LOSS, reason="Late", match=match)
    exc = caught.value
    assert exc.english.startswith("The game loss cannot be added to the result of round 1, table 1: ")
    assert exc.english.endswith(" Issue it for the player's next match.")
    with translation.override("pt-br"):  # ... read in Portuguese
        assert exc.message.startswith("A derrota no jogo não pode")


def test_the_stored_texts_stay_english_whatever_the_language(round_one, organiser):
    match = round_one.matches.get()
    with translation.override("fr"):
        clock.round_clock_pause(rnd=round_one, actor=organiser)
        services.penalty_issue(tournament=round_one.tournament, actor=organiser, registration=seat_regs(match)[0],
                               kind=Penalty.Kind.WARNING, reason="Slow play")
    reasons = set(AuditEntry.objects.values_list("reason", flat=True))
    assert {"Round clock paused", "Warning for alice: Slow play"} <= reasons or \
        {"Round clock paused", "Warning for bob: Slow play"} <= reasons


# --------------------------------------------------------------------------- the pages
@pytest.mark.parametrize(("lang", "error", "label"), [
    ("pt-br", "Esse código não corresponde a nenhuma inscrição feita no local", "Código de resgate"),
    ("fr", "Ce code ne correspond à aucune inscription sur place", "Code de rattachement"),
])
def test_the_claim_page_and_its_error_read_in_the_readers_language(client, tournament, organiser, carol, lang,
                                                                   error, label):
    check_in.walk_in_register(tournament=tournament, actor=organiser, name="Dana")
    client.force_login(carol)
    url = reverse("tournaments:claim", args=[tournament.pk])
    assert english_left(get(client, url, lang), lang) == []
    response = client.post(url, {"code": "ZZZZZ-ZZZZZ"}, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 400
    page = response.content.decode()
    assert error in html.unescape(page) and label in html.unescape(page)
    assert "does not match" not in page and "Claim code" not in page and "The code on the slip" not in page
    assert english_left(page, lang) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_check_in_pages_have_no_english_left(client, tournament, registered, organiser, alice, lang):
    check_in.walk_in_register(tournament=tournament, actor=organiser, name="Dana")
    check_in.registration_check_in(registration=registered[1], actor=organiser)
    client.force_login(organiser)
    players = get(client, reverse("tournaments:manage-players", args=[tournament.pk]), lang)
    panel = re.search(r'<section id="check-in".*?</section>', players, re.S)
    assert panel is not None and "Dana" in panel.group(0)
    assert english_left(panel.group(0), lang) == []
    # the audit log's names of the check-in actions (its reasons and before/after are stored English)
    manage = get(client, reverse("tournaments:manage-audit", args=[tournament.pk]), lang)
    assert "<td>Check-in changed by the organiser</td>" not in manage and "<td>Walk-in registered</td>" not in manage
    assert "<td>Check-in" in manage  # the action, translated
    client.force_login(alice)
    detail = get(client, reverse("tournaments:detail", args=[tournament.pk]), lang)
    assert reverse("tournaments:check-in", args=[tournament.pk]) in detail
    assert english_left(detail, lang) == []


@pytest.mark.parametrize(("lang", "done"), [("pt-br", "Check-in de bob feito."),
                                            ("fr", "Check-in de bob enregistré.")])
def test_the_organisers_check_in_message_is_translated(client, tournament, registered, organiser, lang, done):
    client.force_login(organiser)
    response = client.post(reverse("tournaments:manage-check-in", args=[tournament.pk, registered[1].pk]),
                           {"checked_in": "1"}, HTTP_ACCEPT_LANGUAGE=lang, follow=True)
    assert done in flashes(response)


@pytest.mark.parametrize(("lang", "refusal"), [
    ("pt-br", "A rodada 1 já foi pareada: os ausentes só podem ser retirados todos de uma vez antes dela."),
    ("fr", "La ronde 1 est appariée\u00a0: les absents ne se retirent en une seule fois qu'avant celle-ci."),
])
def test_the_no_show_refusal_is_a_translated_message(client, round_one, organiser, lang, refusal):
    client.force_login(organiser)
    response = client.post(reverse("tournaments:manage-no-shows", args=[round_one.tournament_id]),
                           HTTP_ACCEPT_LANGUAGE=lang, follow=True)
    assert refusal in flashes(response)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_round_clock_page_has_no_english_left(client, round_one, organiser, lang):
    match = round_one.matches.get()
    clock.match_time_extend(match=match, actor=organiser, minutes=5, reason="Deck check")
    clock.round_clock_extend(rnd=round_one, actor=organiser, minutes=10, reason="Fire alarm")
    url = reverse("tournaments:round", args=[round_one.tournament_id, 1])
    client.force_login(organiser)
    running = get(client, url, lang)
    assert "clock-controls" in running and english_left(running, lang) == []
    clock.round_clock_pause(rnd=round_one, actor=organiser)
    paused = get(client, url, lang)
    assert english_left(paused, lang) == []
    assert english_left(get(Client(), url, lang), lang) == []  # a visitor's view of the paused clock


@pytest.mark.parametrize(("lang", "refusal"), [
    ("pt-br", "O relógio da rodada não está pausado."),
    ("fr", "L'horloge de la ronde n'est pas en pause."),
])
def test_a_clock_refusal_on_the_round_page_is_translated(client, round_one, organiser, lang, refusal):
    client.force_login(organiser)
    response = client.post(reverse("tournaments:clock-resume", args=[round_one.tournament_id, 1]),
                           HTTP_ACCEPT_LANGUAGE=lang, follow=True)
    assert refusal in flashes(response)
    assert "The round clock" not in flashes(response)


@pytest.mark.parametrize(("lang", "refusal"), [
    ("pt-br", "Diga por que a penalidade foi aplicada; o motivo fica registrado."),
    ("fr", "Indiquez pourquoi la pénalité est infligée\u00a0; le motif est journalisé."),
])
def test_a_penalty_refusal_on_the_manage_page_is_translated(client, round_one, organiser, lang, refusal):
    match = round_one.matches.get()
    client.force_login(organiser)
    response = client.post(reverse("tournaments:penalty", args=[round_one.tournament_id]),
                           {"registration": seat_regs(match)[0].pk, "kind": "warning", "reason": ""},
                           HTTP_ACCEPT_LANGUAGE=lang, follow=True)
    assert refusal in flashes(response)
    assert Match.objects.get(pk=match.pk).penalties.count() == 0


def test_the_page_text_helper_sees_the_claim_form(client, tournament, carol):
    client.force_login(carol)
    text = visible_text(get(client, reverse("tournaments:claim", args=[tournament.pk]), "en"))
    assert "Claim code" in text


@pytest.mark.parametrize(("lang", "left", "paused"), [
    ("pt-br", "faltam {left} (termina às {time})", "pausado, faltam {left}"),
    ("fr", "reste {left} (se termine à {time})", "en pause, reste {left}"),
])
def test_the_live_countdown_gets_its_words_in_the_pages_language(client, round_one, organiser, lang, left, paused):
    """static/round_clock.js rewrites the clock every second: its words come from the page, not the script."""
    page = html.unescape(get(Client(), reverse("tournaments:round", args=[round_one.tournament_id, 1]), lang))
    assert f'data-text-left="{left}"' in page and f'data-text-paused="{paused}"' in page
    assert "left (ends at" not in page


@pytest.mark.parametrize(("lang", "over", "ends", "ended"), [
    ("pt-br", "Tempo", "termina às {time}", "A rodada terminou às {time}"),
    ("fr", "Temps", "se termine à {time}", "La ronde s'est terminée à {time}"),
    ("en", "Time", "ends at {time}", "The round ended at {time}"),
])
def test_the_projectors_large_clock_gets_its_words_in_the_pages_language(lang, over, ends, ended):
    """static/projector.js shows "Time" when the round is over and the end time as a tooltip: words from the page."""
    with translation.override(lang):
        tag = html.unescape(Template("{% load clock_tags %}<time{% clock_texts %}>").render(Context()))
    assert f'data-text-over="{over}"' in tag and f'data-text-ends-at="{ends}"' in tag
    assert f'data-text-ended-at="{ended}"' in tag
