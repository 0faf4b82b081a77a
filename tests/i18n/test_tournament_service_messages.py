"""Issue 14: what the tournament services refuse (creating, editing, registering, staff, starting) reaches the API's
``detail`` and the pages' form errors and messages in the reader's language, with the same English ``code``; the
English text is unchanged."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse
from django.core.exceptions import PermissionDenied
from django.utils import translation
from rest_framework.test import APIClient

from tests.tournaments._manage_helpers import quick_event
from tournaments import services
from tournaments.errors import UserError
from tournaments.models import Tournament
from tournaments.pages import match_views as views
from tournaments.services.permissions import ORGANISERS_GROUP

pytestmark = pytest.mark.django_db

NEW = {"name": "Copa da Colheita", "date": "2026-12-20"}


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _refusal(response, status: int, code: str) -> str:
    assert response.status_code == status, response.content
    body = response.json()
    assert body["code"] == code
    return body["detail"]


# --- the API: creating a tournament ------------------------------------------------------------------------


@pytest.mark.parametrize("language, settings, code, detail", [
    ("pt-br", {"structure": "pods", "team_size": 2}, "team_size",
     "Equipes jogam duelos de equipe contra equipe; escolha uma estrutura que não seja de mesas multijogador."),
    ("fr", {"structure": "pods", "team_size": 2}, "team_size",
     "Les équipes jouent des duels équipe contre équipe ; choisissez une autre structure que les tables "
     "multijoueurs."),
    ("pt-br", {"structure": "round_robin", "late_entry_rounds": 2}, "late_entry_rounds",
     "Inscrições tardias entram em rodadas suíças ou de grupos sem pontos; chaves e todos contra todos ficam "
     "fixos quando começam."),
    ("fr", {"structure": "pods", "tiebreakers": "buchholz"}, "tiebreakers",
     "Les tables multijoueurs sont classées avec le système de départage des groupes (points de place)."),
    ("fr", {"random_draw_each_round": True}, "random_draw_each_round",
     "Le tirage au sort à chaque ronde est une option de l'élimination directe (Spell Battle Rules, "
     "8. Tournaments) : choisissez l'élimination directe, sans match pour la troisième place ni tableau tiré au "
     "sort (chaque ronde est tirée au sort de toute façon)."),
])
def test_a_creation_refused_by_the_service_is_explained_in_the_readers_language(organiser, language, settings,
                                                                                  code, detail):
    response = api(organiser).post("/api/v1/tournaments/", {**NEW, **settings}, format="json",
                                   HTTP_ACCEPT_LANGUAGE=language)
    assert _refusal(response, 400, code) == detail.replace(" :", "\u00a0:").replace(" ;", "\u00a0;")
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("language, detail", [
    ("pt-br", "“Mars/Olympus” não é um fuso horário: use um nome IANA, como Europe/Paris ou America/Sao_Paulo."),
    ("fr", "«\u00a0Mars/Olympus\u00a0» n'est pas un fuseau horaire\u00a0: utilisez un nom IANA, comme Europe/Paris "
           "ou America/Sao_Paulo."),
    ("en", "'Mars/Olympus' is not a time zone: use an IANA name such as Europe/Paris or America/Sao_Paulo."),
])
def test_an_unknown_time_zone_is_refused_in_the_readers_language(organiser, language, detail):
    with translation.override("pt-br"):  # raised in one language, read in another
        with pytest.raises(UserError) as info:
            services.tournament_create(actor=organiser, name="X", date=datetime.date(2026, 12, 5),
                                       time_zone="Mars/Olympus")
    assert info.value.code == "time_zone" and info.value.params == {"value": "Mars/Olympus"}
    with translation.override(language):
        assert info.value.message == detail


def test_the_unused_tiebreaker_option_names_the_option_in_the_readers_language(organiser):
    body = {**NEW, "tiebreakers": "buchholz", "tiebreaker_floor": "1/3"}
    pt = api(organiser).post("/api/v1/tournaments/", body, format="json", HTTP_ACCEPT_LANGUAGE="pt-br")
    assert _refusal(pt, 400, "tiebreakers_unused_option") == \
        "O sistema de desempate buchholz não usa um piso; deixe o campo em branco."
    assert pt.json()["params"]["options"] == ["floor"]  # what a client reads is unchanged
    fr = api(organiser).post("/api/v1/tournaments/", body, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert _refusal(fr, 400, "tiebreakers_unused_option") == \
        "Le système de départage buchholz n'utilise pas un plancher\u00a0; laissez le champ vide."
    en = api(organiser).post("/api/v1/tournaments/", body, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert _refusal(en, 400, "tiebreakers_unused_option") == \
        "The buchholz tiebreaker system does not use a floor; leave it blank."


def test_both_unused_options_are_joined_by_the_readers_or():
    with pytest.raises(UserError) as info:
        services.tournament_create(actor=_organiser("oscar"), name="X", date=datetime.date(2026, 12, 5),
                                   tiebreakers="buchholz", tiebreaker_floor="1/3", placement_points="5,3,2,1")
    assert info.value.english == ("The buchholz tiebreaker system does not use a floor or placement points; "
                                  "leave it blank.")
    with translation.override("pt-br"):
        assert "não usa um piso ou pontos por colocação;" in info.value.message
    with translation.override("fr"):
        assert "n'utilise pas un plancher ou des points de place\u00a0;" in info.value.message


def test_a_player_may_not_create_a_tournament_in_any_language(alice):
    response = api(alice).post("/api/v1/tournaments/", NEW, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 403
    with translation.override("pt-br"):  # the service's own refusal, read in Portuguese
        with pytest.raises(UserError) as info:
            services.tournament_create(actor=alice, name="X", date=datetime.date(2026, 12, 5))
        assert (info.value.code, info.value.message) == ("not_allowed", "Só organizadores podem criar torneios.")


# --- the API: registering ----------------------------------------------------------------------------------


def test_registering_twice_is_refused_in_portuguese_and_french(tournament, alice):
    url = f"/api/v1/tournaments/{tournament.pk}/registrations/"
    assert api(alice).post(url, format="json").status_code == 201
    assert _refusal(api(alice).post(url, format="json", HTTP_ACCEPT_LANGUAGE="pt-br"), 409,
                    "already_registered") == "Você já está inscrito neste torneio."
    assert _refusal(api(alice).post(url, format="json", HTTP_ACCEPT_LANGUAGE="fr"), 409,
                    "already_registered") == "Vous êtes déjà inscrit à ce tournoi."


def test_registering_after_the_deadline_names_the_deadline_in_the_readers_language(tournament, alice):
    Tournament.objects.filter(pk=tournament.pk).update(
        registration_deadline=datetime.datetime(2026, 1, 2, 18, 0, tzinfo=datetime.UTC), time_zone="Europe/Paris")
    url = f"/api/v1/tournaments/{tournament.pk}/registrations/"
    response = api(alice).post(url, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert _refusal(response, 409, "registration_deadline") == \
        "Les inscriptions ont fermé à la date limite, 02/01/2026 19:00 (Europe/Paris)."
    assert response.json()["params"]["deadline"] == "2026-01-02T18:00:00+00:00"
    response = api(alice).post(url, format="json", HTTP_ACCEPT_LANGUAGE="pt-br")
    assert _refusal(response, 409, "registration_deadline") == \
        "As inscrições se encerraram no prazo, 02/01/2026 19:00 (Europe/Paris)."


def test_a_player_the_organiser_disqualified_is_told_so_in_their_language(tournament, organiser, alice):
    registration = services.player_register(tournament=tournament, actor=alice)
    registration.removed_by_organiser = registration.disqualified = registration.withdrawn = True
    registration.save()
    url = f"/api/v1/tournaments/{tournament.pk}/registrations/"
    assert _refusal(api(alice).post(url, format="json", HTTP_ACCEPT_LANGUAGE="pt-br"), 409,
                    "removed_by_organiser").startswith("O organizador desclassificou você deste torneio;")
    assert _refusal(api(alice).post(url, format="json", HTTP_ACCEPT_LANGUAGE="fr"), 409,
                    "removed_by_organiser").startswith("L'organisateur vous a disqualifié de ce tournoi\u00a0;")


def test_starting_with_a_missing_deck_names_the_player_with_the_right_plural(organiser):
    t, regs = quick_event(organiser, 3, start=False)
    regs[1].__class__.objects.filter(pk=regs[1].pk).update(has_legal_deck=False)
    response = api(organiser).post(f"/api/v1/tournaments/{t.pk}/start/", format="json",
                                   HTTP_ACCEPT_LANGUAGE="pt-br")
    assert _refusal(response, 400, "decks_missing") == (
        "Este jogador não tem baralho legal registrado: p01. Peça que ele envie um, ou retire-o, antes de começar.")
    assert response.json()["params"]["players"] == ["p01"]


# --- editing the event and its staff -----------------------------------------------------------------------


def test_an_edit_refused_once_round_1_is_paired_names_the_settings_in_the_readers_language(organiser):
    t, _ = quick_event(organiser, 4)
    services.round_pair_next(tournament=t, actor=organiser)
    with pytest.raises(UserError) as info:
        services.tournament_update(tournament=t, actor=organiser, changes={"swiss_rounds": 5, "best_of": 1})
    exc = info.value
    assert exc.code == "structure_locked" and exc.params["fields"] == ["swiss_rounds", "best_of"]
    assert exc.english == ("Round 1 is paired: the structure and results settings can no longer change "
                           "(swiss rounds, best of).")
    with translation.override("pt-br"):
        assert exc.message == ("A rodada 1 já foi pareada: a estrutura e as configurações de resultado não podem "
                               "mais mudar (rodadas suíças, melhor de).")
    with translation.override("fr"):
        assert exc.message == ("La ronde 1 est appariée\u00a0: la structure et les réglages des résultats ne "
                               "peuvent plus changer (rondes suisses, au meilleur de).")


def test_a_finished_tournament_refuses_changes_in_the_readers_language(organiser):
    t, _ = quick_event(organiser, 0, start=False)
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
    with pytest.raises(UserError) as info:
        services.tournament_update(tournament=t, actor=organiser, changes={"venue": "Loja"})
    assert info.value.code == "finished"
    with translation.override("pt-br"):
        assert info.value.message.startswith("Friday Swiss está encerrado: os resultados são definitivos")
    assert info.value.english.startswith("Friday Swiss is finished: its results are final")


def test_the_staff_refusals_name_the_user(organiser, alice):
    t, _ = quick_event(organiser, 0, start=False)
    services.co_organiser_add(tournament=t, actor=organiser, username="alice")
    with pytest.raises(UserError) as info:
        services.co_organiser_add(tournament=t, actor=organiser, username="alice")
    assert (info.value.code, info.value.status) == ("already_staff", 409)
    with translation.override("fr"):
        assert info.value.message == "alice est déjà co-organisateur."
    with pytest.raises(UserError) as info:
        services.co_organiser_add(tournament=t, actor=organiser, username="nobody")
    assert info.value.english == "There is no user called 'nobody'; they need an account first."
    with translation.override("pt-br"):
        assert info.value.message == "Não há nenhum usuário chamado “nobody”; a pessoa precisa criar uma conta primeiro."


# --- the pages ---------------------------------------------------------------------------------------------

FORM = {"name": "Harvest Cup", "date": "2026-12-20", "deck_format_id": "55", "victory_condition": "6_realms",
        "best_of": "3", "structure": "swiss", "swiss_rounds": "5", "top_cut": "0"}


def test_the_creation_page_shows_the_services_refusal_as_a_translated_form_error(client, organiser):
    client.force_login(organiser)
    response = client.post(reverse("tournaments:new"), {**FORM, "structure": "single_elimination",
                                                        "random_draw_each_round": "on", "third_place_match": "on"},
                           HTTP_ACCEPT_LANGUAGE="pt-br")
    page = response.content.decode()
    assert response.status_code == 200 and not Tournament.objects.exists()
    assert "O sorteio a cada rodada é uma opção da eliminação simples" in page
    assert "A random draw each round" not in page


def test_the_edit_page_shows_the_services_refusal_as_a_translated_form_error(client, organiser):
    t, _ = quick_event(organiser, 0, start=False)
    client.force_login(organiser)
    url = reverse("tournaments:manage-edit", args=[t.pk])
    data = {"name": t.name, "date": t.date.isoformat(), "time_zone": t.time_zone, "venue": "", "description": "",
            "capacity": "", "registration_deadline": "", "structure": "pods", "swiss_rounds": 3, "top_cut": 0,
            "best_of": 3, "table_size": 4, "late_entry_rounds": 0, "tiebreakers": "buchholz",
            "tiebreaker_floor": "", "placement_points": "", "end_of_round": t.end_of_round, "round_minutes": 50}
    response = client.post(url, data, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 200
    assert ("Les tables multijoueurs sont classées avec le système de départage des groupes (points de place)."
            in response.content.decode())


def test_the_flash_message_of_a_refused_registration_is_translated(client, tournament, alice):
    services.player_register(tournament=tournament, actor=alice)
    client.force_login(alice)
    response = client.post(reverse("tournaments:register", args=[tournament.pk]), HTTP_ACCEPT_LANGUAGE="pt-br",
                           follow=True)
    assert "Você já está inscrito neste torneio." in response.content.decode()


def test_the_staff_pages_confirm_in_the_readers_language(client, organiser, alice):
    t, _ = quick_event(organiser, 0, start=False)
    client.force_login(organiser)
    response = client.post(reverse("tournaments:manage-staff-add", args=[t.pk]), {"username": "alice"},
                           HTTP_ACCEPT_LANGUAGE="pt-br", follow=True)
    assert "alice agora é coorganizador de Friday Swiss." in response.content.decode()
    response = client.post(reverse("tournaments:manage-staff-add", args=[t.pk]), {"username": "alice"},
                           HTTP_ACCEPT_LANGUAGE="fr", follow=True)
    assert "alice est déjà co-organisateur." in response.content.decode()


def test_an_unknown_answer_to_a_report_is_refused_in_the_readers_language(rf, round_one, tournament, alice, bob):
    match = round_one.matches.get()
    seats = {s.registration.player: s.number for s in match.seats.select_related("registration__player")}
    report = services.result_report(match=match, actor=alice,
                                    games=[{"winner": "a" if seats[alice] == 1 else "b"}] * 2)
    request = rf.post("/")
    request.user = bob
    with translation.override("fr"), pytest.raises(PermissionDenied) as info:
        views.report_answer(request, pk=tournament.pk, match_id=match.pk, report_id=report.pk, answer="shrug")
    assert str(info.value) == "Réponse inconnue."


def _organiser(username: str) -> User:
    user = User.objects.create_user(username)
    user.groups.add(Group.objects.get_or_create(name=ORGANISERS_GROUP)[0])
    return user
