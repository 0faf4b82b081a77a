"""The catalogues are complete (no new, untranslated or fuzzy message), numbers follow the locale, and what the
Python side says (form labels, choices, flash messages, API error details) is translated."""

from __future__ import annotations

import subprocess

import pytest
from django.template import Context, Template
from django.utils import translation
from rules.results import ResultError

from config.catalogues import LOCALES, ROOT, check_catalogues, po_path, problems


def test_every_marked_message_is_translated_in_pt_br_and_fr():
    """makemessages in a temporary copy: a string marked in the code but not in a catalogue comes out untranslated."""
    assert check_catalogues() == []


def test_the_check_sees_an_untranslated_and_a_fuzzy_message(tmp_path):
    for locale in LOCALES:
        po = po_path(tmp_path, locale)
        po.parent.mkdir(parents=True)
        po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                      'msgid "Round"\nmsgstr ""\n\n#, fuzzy\nmsgid "Table"\nmsgstr "Mesa"\n\n'
                      'msgid "Seat"\nmsgstr "Assento"\n', encoding="utf-8")
    assert problems(tmp_path) == [f"{locale}: {kind}" for locale in LOCALES
                                  for kind in ('untranslated "Round"', 'fuzzy "Table"')]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_catalogues_compile_and_have_the_same_messages(locale):
    stats = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po_path(ROOT, locale))],
                           capture_output=True, text=True, check=True).stderr
    assert stats.strip().endswith("translated messages.")
    assert "untranslated" not in stats and "fuzzy" not in stats


def test_the_glossaries_exist_for_both_languages():
    for locale in LOCALES:
        text = (ROOT / "locale" / f"glossary.{locale}.md").read_text()
        assert "| realm |" in text.lower() and "| holding |" in text.lower()


@pytest.mark.parametrize(("lang", "expected"), [("en", "55.56%"), ("pt-br", "55,56%"), ("fr", "55,56\u00a0%")])
def test_percentages_follow_the_locale(lang, expected):
    template = Template("{% load tournament_tags %}{{ value|percent }}|{{ none|percent }}")
    with translation.override(lang):
        assert template.render(Context({"value": 0.555555, "none": None})) == f"{expected}|—"


@pytest.mark.parametrize(("lang", "number"), [("en", "1.5"), ("pt-br", "1,5"), ("fr", "1,5")])
def test_a_tiebreaker_cell_is_a_percentage_a_localised_number_or_a_dash(lang, number):
    template = Template("{% load tournament_tags %}{% for value, pct in cells %}{{ value|tiebreaker:pct }}|{% endfor %}")
    cells = [(0.5, True), (None, True), (1.5, False), (7, False), (None, False), (0, False)]
    with translation.override(lang):
        percent = Template("{% load tournament_tags %}{{ value|percent }}").render(Context({"value": 0.5}))
        assert template.render(Context({"cells": cells})) == f"{percent}|—|{number}|7|—|0|"


def test_no_thousands_separator_in_table_numbers():
    with translation.override("en"):
        assert Template("{{ n }}").render(Context({"n": 1200})) == "1200"


def test_form_labels_and_choices_follow_the_language():
    from tournaments.pages.forms import TournamentForm, organiser_game_choices

    with translation.override("pt-br"):
        form = TournamentForm()
        assert str(form.fields["deck_format_id"].label) == "Formato de baralho"
        assert ("reshuffle", "Regras de Torneio 2.0: a pilha de descarte é embaralhada e vira uma nova pilha de "
                             "saque; o jogo continua") in [(k, str(v)) for k, v in form.fields["deck_out"].choices]
        assert organiser_game_choices(["Ana", "Bia"])[1] == ("a", "Ana (A) venceu")
    with translation.override("fr"):
        assert str(TournamentForm().fields["round_minutes"].label) == "Durée de la ronde (minutes)"


@pytest.mark.django_db
def test_a_flash_message_follows_the_language(client):
    response = client.post("/signup/", {"username": "joana", "display_name": "joana", "password1": "uma-senha-longa-123",
                                        "password2": "uma-senha-longa-123"},
                           HTTP_ACCEPT_LANGUAGE="pt-BR", follow=True)
    assert "Bem-vindo(a), joana." in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "detail"), [("en", "There is no such API endpoint or resource."),
                                              ("pt-BR", "Este endereço ou recurso da API não existe."),
                                              ("fr", "Cette adresse ou cette ressource de l'API n'existe pas.")])
def test_an_api_error_detail_is_translated_and_its_code_stays_english(client, lang, detail):
    body = client.get("/api/v1/no-such-thing/", HTTP_ACCEPT_LANGUAGE=lang).json()
    assert body == {"code": "not_found", "detail": detail, "params": {}}


def test_a_rules_error_reaching_the_api_has_a_translated_detail_and_the_english_message():
    from tournaments.api.errors import exception_handler

    error = ResultError("best_of", "A match is best of 1, 3 or 5 games, not 4.", best_of=4)
    with translation.override("fr"):
        response = exception_handler(error, {})
    assert response.status_code == 400
    assert response.data == {"code": "best_of", "detail": "Un match se joue au meilleur de 1, 3 ou 5 parties, pas 4.",
                             "params": {"best_of": 4}, "message": "A match is best of 1, 3 or 5 games, not 4."}
