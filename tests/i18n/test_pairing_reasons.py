"""Why players were paired, in the reader's language: every pairing algorithm writes its reason as a code +
params (rules.pairings.REASON_CODES), the match stores them next to the English sentence, and the round page, the
match slip and the CSV export (with ``lang``) say it in Portuguese or French (tournaments.rule_texts
.pairing_reason_text); the API keeps the English sentence and adds the code and params; the bracket reads stages
and seeds from the params."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient
from rules.pairings import REASON_CODES

from tests.conftest import make_event, pair_or_finish
from tests.markup import squash
from tests.rules.reason_events import every_event
from tournaments import rule_texts, services
from tournaments.models import Match
from tournaments.pages.presenters import Stage, seeds_in, stage_of
from tournaments.services.round_changes import round_swap_players
from tournaments.templatetags.rule_tags import pairing_reason

EVENTS = every_event()
SERVICE_CODES = {"bye", "late_loss", "changed_by_organiser"}


def _every_reason() -> list[tuple[str, dict, str]]:
    """(code, params, English sentence) of every table and bye the simulated events paired."""
    out = []
    for pairings in EVENTS.values():
        for p in pairings:
            out += [(t.reason_code, dict(t.reason_params), t.reason) for t in p.tables]
            out += list(zip(p.bye_reason_codes, map(dict, p.bye_reason_params), p.bye_reasons))
    return out


REASONS = _every_reason()


# --------------------------------------------------------------------------- the texts (no database)


def test_every_code_has_a_text():
    assert set(REASON_CODES) | SERVICE_CODES == set(rule_texts.PAIRING_REASON_TEXTS)


def test_the_english_template_says_exactly_what_the_rules_wrote():
    """Built from code + params alone (no fallback), the English text is the rules' sentence: the params hold
    everything the sentence says."""
    with translation.override("en"):
        for code, params, english in REASONS:
            # the rules write "on 1 match points"; the template says the singular
            assert rule_texts.pairing_reason_text(code, params) == english.replace("both on 1 match points",
                                                                                   "both on 1 match point")


@pytest.mark.parametrize("lang", ["pt-br", "fr"])
def test_every_reason_is_said_in_portuguese_and_french(lang):
    with translation.override(lang):
        for code, params, english in REASONS:
            text = rule_texts.pairing_reason_text(code, params, "FALLBACK")
            assert text != "FALLBACK" and text != english, (code, params, text)


@pytest.mark.parametrize(("lang", "params", "expected"), [
    ("pt-br", {"from": 6, "to": 3, "odd": 5, "floated_again": "alice",
               "rematch": {"met": 1, "players": 8, "rematches": 1}},
     "pareado para baixo, de 6 para 3 pontos de partida: não restou adversário inédito com 6 (5 jogadores com 6: "
     "número ímpar) (alice também foi pareado para baixo na rodada anterior: inevitável); CONFRONTO REPETIDO (já se "
     "enfrentaram 1 vez): não existe pareamento sem confrontos repetidos para todos os 8 jogadores; esta rodada tem "
     "o menor número possível deles (1)"),
    ("fr", {"from": 3, "to": 0},
     "apparié vers le bas, de 3 à 0 points de match\u00a0: plus aucun adversaire non rencontré à 3 (chaque adversaire "
     "non rencontré à 3 est nécessaire à une autre table)"),
])
def test_a_swiss_reason_is_built_of_its_parts(lang, params, expected):
    with translation.override(lang):
        assert rule_texts.pairing_reason_text("swiss_paired_down", params, "English") == expected


def test_an_unknown_code_or_bad_params_fall_back_to_the_stored_english():
    with translation.override("pt-br"):
        assert rule_texts.pairing_reason_text("", {}, "both on 3 match points") == "both on 3 match points"
        assert rule_texts.pairing_reason_text("no_such_code", {}, "as stored") == "as stored"
        assert rule_texts.pairing_reason_text("bracket", {"seeds": [1]}, "bracket: seed 1 vs ?") == "bracket: seed 1 vs ?"
        assert rule_texts.pairing_reason_text("bracket", {"stage": "main", "seeds": [1, 8]}, "x") == \
            "chave: seed 1 x seed 8"
    with translation.override("en"):  # English: the stored sentence, as the rules wrote it
        assert rule_texts.pairing_reason_text("swiss_same_points", {"points": 1}, "both on 1 match points") == \
            "both on 1 match points"


def test_the_bracket_reads_stage_and_seeds_from_the_params_and_else_from_the_text():
    assert stage_of("", {"stage": "winners", "bracket_round": 2, "final": False, "seeds": [1, 4]}) == Stage("winners", 2)
    assert stage_of("", {"stage": "winners", "bracket_round": 2, "final": True}) == Stage("winners", 99)
    assert stage_of("", {"stage": "losers", "bracket_round": 3}) == Stage("losers", 3)
    assert stage_of("", {"stage": "grand", "bracket_round": 2}) == Stage("grand", 2)
    assert stage_of("", {"stage": "third", "seeds": [3, 4]}) == Stage("third")
    assert stage_of("", {"stage": "main", "size": 3, "final": True, "seeds": [1, 2, 3]}) == Stage("main", final=True)
    assert stage_of("", {"teams": ["a", "b"], "table": {"code": "grand_final", "params": {
        "stage": "grand", "bracket_round": 1}}}) == Stage("grand", 1)
    assert seeds_in("", {"stage": "main", "seeds": [2, 7]}) == [2, 7]
    assert seeds_in("", {"stage": "main", "size": 3, "seeds": [1, 4, 5]}) == [1, 4, 5]
    # stored before the params: the English text
    assert stage_of("winners' bracket round 2: seed 1 vs seed 4", {}) == Stage("winners", 2)
    assert seeds_in("bracket: seed 2 vs seed 7", {}) == [2, 7]
    assert seeds_in("Changed by the organiser: late", {"reason": "late"}) == []


# --------------------------------------------------------------------------- stored, shown, exported

@pytest.mark.django_db
def test_a_paired_round_stores_the_code_and_params_of_every_table_and_bye(organiser, django_capture_on_commit_callbacks):
    t, regs = make_event(organiser, 5, structure="swiss", swiss_rounds=3)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    matches = list(rnd.matches.order_by("table"))
    tables, byes = matches[:2], matches[2:]
    assert [(m.pairing_reason_code, m.pairing_reason_params) for m in tables] == [
        ("swiss_same_points", {"points": 0})] * 2
    assert all(m.pairing_reason == "both on 0 match points" for m in tables)
    (bye,) = byes
    assert bye.pairing_reason_code == "bye"
    assert bye.pairing_reason_params["reason_code"] == "swiss_bye"
    player = bye.seats.get().registration
    assert bye.pairing_reason_params["reason_params"]["player"] == str(player.pk)
    assert bye.pairing_reason.startswith("Bye: scored as a 2-0 match win (Magic Tournament Rules, Appendix C); "
                                         f"pairing bye to {player.pk}: the lowest-ranked player")
    # shown, the player is named (not the registration id the pairing used), in English too
    with translation.override("pt-br"):
        assert pairing_reason(bye).startswith("Bye: conta como vitória de 2-0 na partida (Magic Tournament Rules, "
                                              f"Apêndice C); bye de pareamento para {player.display_name}: o "
                                              "jogador de pior")
    assert pairing_reason(bye).startswith("Bye: scored as a 2-0 match win (Magic Tournament Rules, Appendix C); "
                                          f"pairing bye to {player.display_name}: the lowest-ranked player")


def _reason_cells(html: str) -> list[str]:
    return re.findall(r'<td class="d-none d-lg-table-cell small text-body-secondary">([^<]*)</td>', html)


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "expected"), [
    ("pt-br", "ambos com 0 pontos de partida"), ("fr", "tous deux à 0 point de match"),
    ("en", "both on 0 match points")])
def test_the_round_page_and_the_match_slip_say_why_in_the_readers_language(client, round_one, organiser, lang,
                                                                          expected):
    t = round_one.tournament
    client.force_login(organiser)
    html = client.get(reverse("tournaments:round", args=[t.pk, 1]), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert _reason_cells(html) == [expected]
    match = round_one.matches.get()
    slip = client.get(reverse("tournaments:match", args=[t.pk, match.pk]), HTTP_ACCEPT_LANGUAGE=lang)
    paired_as = {"pt-br": "Pareado como: ", "fr": None, "en": "Paired as: "}[lang]
    body = slip.content.decode()
    assert expected in body
    if paired_as:
        assert f"{paired_as}{expected}" in body


@pytest.mark.django_db
def test_a_swap_is_said_as_changed_by_the_organiser(client, organiser, django_capture_on_commit_callbacks):
    t, regs = make_event(organiser, 4, structure="swiss", swiss_rounds=3)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    first, second = [m.seats.order_by("number").first().registration for m in rnd.matches.order_by("table")]
    round_swap_players(tournament=t, actor=organiser, first=first, second=second, reason="mesa acessível")
    match = rnd.matches.order_by("table").first()
    assert match.pairing_reason == "Changed by the organiser: mesa acessível"
    assert (match.pairing_reason_code, match.pairing_reason_params) == ("changed_by_organiser",
                                                                       {"reason": "mesa acessível"})
    client.force_login(organiser)
    html = client.get(reverse("tournaments:round", args=[t.pk, 1]), HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert _reason_cells(html) == ["Alterado pelo organizador: mesa acessível"] * 2


@pytest.mark.django_db
def test_a_match_stored_before_the_codes_shows_its_english_reason(client, round_one, organiser):
    Match.objects.filter(round=round_one).update(pairing_reason="an old reason", pairing_reason_code="",
                                                 pairing_reason_params={})
    client.force_login(organiser)
    html = client.get(reverse("tournaments:round", args=[round_one.tournament.pk, 1]),
                      HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert _reason_cells(html) == ["an old reason"]


@pytest.mark.django_db
def test_the_pairings_csv_says_why_in_the_language_asked_and_in_english_without_one(client, round_one):
    url = reverse("tournaments:export-pairings", args=[round_one.tournament.pk])

    def reasons(query: str) -> list[str]:
        rows = list(csv.reader(io.StringIO(client.get(url + query).content.decode("utf-8-sig"))))
        return [row[-1] for row in rows[1:]]

    assert reasons("") == ["both on 0 match points"]
    assert reasons("?lang=pt-br") == ["ambos com 0 pontos de partida"]
    assert reasons("?lang=fr") == ["tous deux à 0 point de match"]


@pytest.mark.django_db
def test_the_api_keeps_the_english_reason_and_adds_the_code_and_params(round_one, organiser):
    client = APIClient()
    client.force_authenticate(organiser)
    match = round_one.matches.get()
    data = client.get(f"/api/v1/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="pt-br").json()
    assert data["pairing_reason"] == "both on 0 match points"
    assert data["pairing_reason_code"] == "swiss_same_points"
    assert data["pairing_reason_params"] == {"points": 0}


@pytest.mark.django_db
def test_the_bracket_and_round_titles_come_from_the_params(client, organiser, django_capture_on_commit_callbacks):
    """Double elimination with the English texts gone: stages and seeds are read from the params alone."""
    t, _ = make_event(organiser, 4, structure="double_elimination")
    with django_capture_on_commit_callbacks(execute=True):
        while (rnd := pair_or_finish(t, organiser, seed=3)) is not None:
            for match in rnd.matches.filter(status=Match.Status.PENDING):
                services.result_settle(match=match, actor=organiser, games=[{"winner": "a"}] * 2, reason="slip")
    Match.objects.filter(round__tournament=t).update(pairing_reason="")
    html = squash(client.get(reverse("tournaments:bracket", args=[t.pk])).content.decode())
    columns = re.findall(r'<h3 class="bracket-round[^"]*">([^<]+)</h3>', html)
    assert columns == ["Winners&#x27; round 1", "Winners&#x27; final", "Losers&#x27; round 1",
                       "Losers&#x27; final", "Grand final"]
    first = html.split('class="bracket-match', 2)[1]
    assert re.findall(r'<span class="bracket-seed[^>]*>(\d+)</span>', first) == ["1", "4"]
    round_two = client.get(reverse("tournaments:round", args=[t.pk, 2]), HTTP_ACCEPT_LANGUAGE="pt-br")
    title = round_two.content.decode().split("<h1", 1)[1].split("</h1>")[0]
    assert title.endswith("Eliminação dupla — final da chave dos vencedores e rodada 1 da chave dos perdedores")
