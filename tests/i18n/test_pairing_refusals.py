"""Issue 14: what the pairing tools refuse (pair a round, swap, re-pair, forbidden pairs, byes, teams, finish) and what
the deck format page refuses is said in the reader's language -- the API's ``detail``, the pages' flash messages and
form errors -- with the same English ``code`` in every language; what is stored stays English."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from tests.tournaments._manage_helpers import quick_event, settle_all
from tournaments import services
from tournaments.errors import Conflict, UserError
from tournaments.models import AuditEntry

pytestmark = [pytest.mark.django_db, pytest.mark.web]

NB = "\u00a0"  # French typography: a no-break space before ; : ? ! and inside « »


def _api(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def _post(api: APIClient, url: str, lang: str, data: dict | None = None):
    return api.post(url, data or {}, format="json", HTTP_ACCEPT_LANGUAGE=lang)


def _flash(response) -> str:
    """The latest flash message of the request (earlier ones wait in the session until a page shows them)."""
    return [m.message for m in get_messages(response.wsgi_request)][-1]


# --------------------------------------------------------------------------- the API's detail
@pytest.mark.parametrize(("lang", "detail"), [
    ("pt-br", "Comece o torneio antes de parear rodadas."),
    ("fr", "Lancez le tournoi avant d'apparier des rondes."),
    ("en", "Start the tournament before pairing rounds."),
])
def test_pairing_before_the_start_is_refused_in_the_readers_language(organiser, lang, detail):
    t, _ = quick_event(organiser, 4, start=False)
    response = _post(_api(organiser), f"/api/v1/tournaments/{t.pk}/rounds/", lang)
    assert response.status_code == 409
    assert response.json()["code"] == "status" and response.json()["detail"] == detail


@pytest.mark.parametrize(("lang", "detail"), [
    ("pt-br", "A rodada 1 já começou (resultados foram informados); ela não pode mais ser alterada. Corrija os "
              "resultados pelas súmulas."),
    ("fr", f"La ronde 1 a commencé (des résultats ont été déclarés){NB}; elle ne peut plus être modifiée. Corrigez "
           "plutôt les résultats depuis les feuilles de match."),
])
def test_swapping_players_in_a_started_round_is_refused_in_the_readers_language(organiser, lang, detail):
    t, regs = quick_event(organiser, 4)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    settle_all(rnd, organiser, tables={1})
    response = _post(_api(organiser), f"/api/v1/tournaments/{t.pk}/rounds/swap/", lang,
                     {"first": regs[0].pk, "second": regs[1].pk, "reason": "x"})
    assert response.status_code == 409
    assert response.json()["code"] == "round_started" and response.json()["detail"] == detail
    repair = _post(_api(organiser), f"/api/v1/tournaments/{t.pk}/rounds/repair/", lang, {"reason": "x"})
    assert repair.json()["code"] == "round_started" and repair.json()["detail"] == detail


@pytest.mark.parametrize(("lang", "detail"), [
    ("pt-br", "p01 e p00 já estão separados; remova esse par proibido primeiro para alterá-lo."),
    ("fr", f"p01 et p00 sont déjà tenus à l'écart l'un de l'autre{NB}; retirez d'abord cette paire interdite pour "
           "la modifier."),
])
def test_a_forbidden_pair_that_exists_is_refused_in_the_readers_language(organiser, lang, detail):
    t, regs = quick_event(organiser, 4, start=False)
    url = f"/api/v1/tournaments/{t.pk}/forbidden-pairs/"
    assert _post(_api(organiser), url, lang, {"player_a": regs[0].pk, "player_b": regs[1].pk,
                                              "reason": "twins"}).status_code == 201
    again = _post(_api(organiser), url, lang, {"player_a": regs[1].pk, "player_b": regs[0].pk, "reason": "twins"})
    assert again.status_code == 409
    assert again.json()["code"] == "forbidden_pair_exists" and again.json()["detail"] == detail
    stranger = _post(_api(organiser), url, lang, {"player_a": regs[0].pk, "player_b": 999999, "reason": "x"})
    assert stranger.json()["code"] == "not_registered" and stranger.json()["params"] == {"registration": 999999}
    assert stranger.json()["detail"] == {
        "pt-br": "A inscrição 999999 não faz parte deste torneio.",
        "fr": "L'inscription 999999 ne fait pas partie de ce tournoi."}[lang]


@pytest.mark.parametrize(("lang", "detail"), [
    ("pt-br", "Poucos jogadores para parear uma rodada. Inscreva ou reintegre jogadores, ou encerre o torneio."),
    ("fr", "Trop peu de joueurs pour apparier une ronde. Inscrivez ou réintégrez des joueurs, ou terminez le "
           "tournoi."),
])
def test_too_few_players_says_the_rule_and_the_hint_in_the_readers_language(organiser, lang, detail):
    t, regs = quick_event(organiser, 2)
    settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=1), organiser)
    services.player_drop(registration=regs[1], actor=organiser, reason="left")
    response = _post(_api(organiser), f"/api/v1/tournaments/{t.pk}/rounds/", lang)
    assert response.status_code == 400
    assert response.json()["code"] == "too_few_players" and response.json()["detail"] == detail


def test_the_pairing_hints_are_english_in_english(organiser):
    t, regs = quick_event(organiser, 2)
    settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=1), organiser)
    services.player_drop(registration=regs[1], actor=organiser, reason="left")
    with pytest.raises(UserError) as caught:
        services.round_pair_next(tournament=t, actor=organiser, seed=2)
    assert caught.value.code == "too_few_players"
    assert caught.value.english.endswith(" Register or reinstate players, or finish the tournament.")


@pytest.mark.parametrize(("lang", "detail"), [
    ("pt-br", "A rodada 1 ainda tem 2 mesas sem resultado confirmado (mesas 1, 2). Confirme ou lance esses "
              "resultados primeiro."),
    ("fr", "La ronde 1 a encore 2 tables sans résultat confirmé (tables 1, 2). Confirmez ou saisissez d'abord ces "
           "résultats."),
    ("en", "Round 1 still has 2 tables without a confirmed result (tables 1, 2). Confirm or enter those results "
           "first."),
])
def test_open_tables_are_counted_in_the_readers_language(organiser, lang, detail):
    t, _ = quick_event(organiser, 4)
    services.round_pair_next(tournament=t, actor=organiser, seed=1)
    response = _post(_api(organiser), f"/api/v1/tournaments/{t.pk}/rounds/", lang)
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "results_missing" and body["detail"] == detail and body["params"]["tables"] == [1, 2]


@pytest.mark.parametrize(("lang", "detail"), [
    ("pt-br", "Friday Swiss terminou: As 2 rodadas suíças foram jogadas e não há top cut: o evento acabou. "
              "Encerre o torneio para tornar a classificação final."),
    ("fr", f"Friday Swiss est terminé{NB}: Les 2 rondes suisses ont été jouées et il n'y a pas de top cut{NB}: le "
           "tournoi est terminé. Terminez le tournoi pour rendre son classement définitif."),
    ("en", "Friday Swiss is complete: The 2 Swiss rounds have been played and there is no top cut: the event is "
           "over. Finish the tournament to make its standings final."),
])
def test_pairing_after_the_last_round_says_the_event_is_complete_in_the_readers_language(organiser, lang, detail):
    t, _ = quick_event(organiser, 2, swiss_rounds=2)
    for seed in (1, 2):
        settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=seed), organiser)
    response = _post(_api(organiser), f"/api/v1/tournaments/{t.pk}/rounds/", lang)
    assert response.status_code == 409
    assert response.json()["code"] == "complete" and response.json()["detail"] == detail
    assert response.json()["params"] == {"rounds": 2, "tournament": "Friday Swiss"}


def test_a_complete_bracket_names_its_winner_in_the_readers_language(organiser):
    t, regs = quick_event(organiser, 2, structure="single_elimination")
    settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=1), organiser)
    with pytest.raises(Conflict) as caught:
        services.round_pair_next(tournament=t, actor=organiser, seed=2)
    winner = t.rounds.get().matches.get().seats.get(number=1).registration
    with translation.override("pt-br"):
        assert caught.value.message == (f"Friday Swiss terminou: A chave está completa: {winner.display_name} "
                                        "venceu. Não há mais rodadas para parear. Encerre o torneio para tornar a "
                                        "classificação final.")
    assert caught.value.english == (f"Friday Swiss is complete: The bracket is complete: {winner.display_name} has "
                                    "won. There is no further round to pair. Finish the tournament to make its "
                                    "standings final.")


def test_finishing_early_is_refused_in_the_readers_language_and_the_finish_is_logged_in_english(organiser):
    t, _ = quick_event(organiser, 2, swiss_rounds=2)
    settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=1), organiser)
    early = _post(_api(organiser), f"/api/v1/tournaments/{t.pk}/finish/", "fr")
    assert early.status_code == 409 and early.json()["code"] == "rounds_remain"
    assert early.json()["detail"] == (f"Friday Swiss n'est pas terminé{NB}: la ronde 2 reste à jouer. Appariez-la, "
                                      "ou changez la structure avant d'apparier la ronde 1.")
    settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=2), organiser)
    with translation.override("pt-br"):
        services.tournament_finish(tournament=t, actor=organiser)
    entry = AuditEntry.objects.get(tournament=t, action=AuditEntry.Action.TOURNAMENT_FINISHED)
    assert entry.reason == "The 2 Swiss rounds have been played and there is no top cut: the event is over."


def test_the_byes_and_team_refusals_are_translated(organiser):
    t, regs = quick_event(organiser, 4, start=False, swiss_rounds=2)
    api = _api(organiser)
    base = f"/api/v1/tournaments/{t.pk}/registrations/{regs[0].pk}"
    too_many = _post(api, f"{base}/byes/", "pt-br", {"rounds": 5, "reason": "convidado"})
    assert too_many.json()["code"] == "rounds"
    assert too_many.json()["detail"] == "Conceda entre 0 e 1 byes (o torneio tem 2 rodadas suíças)."
    team = _post(api, f"{base}/team/", "fr", {"team": "Rouge"})
    assert team.json()["code"] == "not_team_event" and team.json()["detail"] == "Ce n'est pas un tournoi par équipes."


# --------------------------------------------------------------------------- the pages' messages
def test_the_manage_pages_pairing_refusals_are_flashed_in_the_readers_language(client, organiser):
    t, regs = quick_event(organiser, 4, start=False)
    client.force_login(organiser)
    pair = client.post(reverse("tournaments:manage-pair", args=[t.pk]), HTTP_ACCEPT_LANGUAGE="pt-br")
    assert _flash(pair) == "Comece o torneio antes de parear rodadas."
    url = reverse("tournaments:forbidden-pair-add", args=[t.pk])
    client.post(url, {"first": regs[0].pk, "second": regs[1].pk, "reason": "irmãos"}, HTTP_ACCEPT_LANGUAGE="fr")
    again = client.post(url, {"first": regs[0].pk, "second": regs[1].pk, "reason": "x"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert _flash(again) == (f"p00 et p01 sont déjà tenus à l'écart l'un de l'autre{NB}; retirez d'abord cette "
                             "paire interdite pour la modifier.")
    bad = client.post(reverse("tournaments:swap", args=[t.pk]), {"first": "x", "second": regs[1].pk, "reason": "r"},
                      HTTP_ACCEPT_LANGUAGE="fr")
    assert _flash(bad) == "Choisissez un joueur inscrit à ce tournoi."
    rounds = client.post(url, {"first": regs[2].pk, "second": regs[3].pk, "reason": "r", "until_round": "deux"},
                         HTTP_ACCEPT_LANGUAGE="pt-br")
    assert _flash(rounds) == "“deux” não é um número de rodada."


def test_swapping_in_a_started_round_is_flashed_in_portuguese(client, organiser):
    t, regs = quick_event(organiser, 4)
    settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=1), organiser, tables={1})
    client.force_login(organiser)
    response = client.post(reverse("tournaments:swap", args=[t.pk]),
                           {"first": regs[0].pk, "second": regs[1].pk, "reason": "x"}, HTTP_ACCEPT_LANGUAGE="pt-br")
    assert _flash(response) == ("A rodada 1 já começou (resultados foram informados); ela não pode mais ser "
                                "alterada. Corrija os resultados pelas súmulas.")


def test_the_format_pages_own_errors_are_in_the_readers_language(client, organiser, tournament, catalogue_rows):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:format", args=[tournament.pk]), HTTP_ACCEPT_LANGUAGE="pt-br")
    edit = dict(page.context["edit_form"].initial)
    data = {f"edit-{key}": value for key, value in edit.items() if not isinstance(value, list) and value is not None}
    data.update({"which": "edit", "edit-reason": "regras do clube", "edit-restricted": "War Party 1",
                 "edit-banned": "War Prty Zzzz"})
    data["edit-sets"] = edit["sets"]
    response = client.post(reverse("tournaments:format", args=[tournament.pk]), data, HTTP_ACCEPT_LANGUAGE="pt-br")
    assert response.status_code == 400
    errors = response.context["edit_form"].errors
    assert errors["restricted"] == ["“War Party 1”: escreva “carta = cópias”, por exemplo “War Party = 1”."]
    assert errors["banned"][0].startswith("Nenhuma carta corresponde a “War Prty Zzzz”")
    unknown = client.post(reverse("tournaments:format", args=[tournament.pk]), {"which": "other"},
                          HTTP_ACCEPT_LANGUAGE="fr")
    assert unknown.status_code == 403


def test_the_format_services_refusal_reaches_the_api_in_the_readers_language(organiser, tournament):
    api = _api(organiser)
    url = f"/api/v1/tournaments/{tournament.pk}/format/"
    nothing = _post(api, url, "fr", {"reason": "club"})
    assert nothing.json()["code"] == "nothing_to_do"
    assert nothing.json()["detail"] == ("Envoyez base (l'identifiant d'un format prédéfini), file (un .cff) ou "
                                        "changes.")
    no_reason = _post(api, url, "pt-br", {"reason": " ", "base": "75"})
    assert no_reason.status_code == 400
    with translation.override("pt-br"):
        with pytest.raises(UserError) as caught:
            services.tournament_format_set(tournament=tournament, actor=organiser, reason=" ", base="75")
    assert caught.value.code == "reason"
    with translation.override("pt-br"):
        assert caught.value.message == ("Diga por que o formato muda (o motivo fica registrado no histórico e é "
                                        "mostrado aos jogadores).")
