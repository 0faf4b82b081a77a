"""Rule violations and rule errors are translated from their code and parameters (tournaments.rule_texts), cite
the rules in the reader's language, and name the cards as printed."""

from __future__ import annotations

import ast
import pathlib

import pytest
from django.template import Context, Template
from django.utils import translation
from rules.cards import Catalogue
from rules.decklists import DecklistError, read_decklist
from rules.errors import RulesError
from rules.formats import get_format
from rules.legality import check_deck
from rules.results import ResultError

from tournaments import rule_texts

RULES = pathlib.Path(__file__).resolve().parents[2] / "rules"


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return Catalogue.load()


# --------------------------------------------------------------------------- every code has a template
def _rules_error_classes(trees: dict[pathlib.Path, ast.Module]) -> set[str]:
    names = {"RulesError"}
    grew = True
    while grew:
        grew = False
        for tree in trees.values():
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in names and any(
                        isinstance(base, ast.Name) and base.id in names for base in node.bases):
                    names.add(node.name)
                    grew = True
    return names


def _codes_in_rules() -> tuple[set[str], set[str]]:
    """(violation codes, RulesError codes) that rules/ can produce, read from its source."""
    trees = {path: ast.parse(path.read_text()) for path in RULES.rglob("*.py")}
    classes = _rules_error_classes(trees)
    violations: set[str] = set()
    errors: set[str] = set()
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.name in classes:
                # codes fixed inside a subclass's __init__: super().__init__("unknown_card", ...)
                for call in ast.walk(node):
                    if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                            and call.func.attr == "__init__" and call.args
                            and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str)):
                        errors.add(call.args[0].value)
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            first = node.args[0] if node.args else None
            if name in classes and isinstance(first, ast.Constant) and isinstance(first.value, str):
                errors.add(first.value)
            if name == "bad" and len(node.args) == 3 and isinstance(node.args[2], ast.Constant):
                errors.add(node.args[2].value)  # rules.structures: bad(name, why, code)
            if name in ("Violation", "DeckWarning"):
                for keyword in node.keywords:
                    if keyword.arg == "code" and isinstance(keyword.value, ast.Constant):
                        violations.add(keyword.value.value)
            if name == "_range_violations" and isinstance(first, ast.Constant):
                violations |= {f"{first.value}_minimum", f"{first.value}_maximum"}
    errors.discard("")
    return violations, errors


def test_the_scan_finds_the_codes_it_must():
    violations, errors = _codes_in_rules()
    assert {"deck_size", "duplicate_card", "group_maximum", "chase_minimum", "discouraged_pair"} <= violations
    assert {"unknown_card", "unknown_format", "mulligan_limit", "no_pairing", "unknown_structure",
            "unknown_tiebreakers", "not_in_deck"} <= errors
    assert len(violations) == 19  # with community_card and side_cards_left_out (issue 22), not_in_pool (issue 23)


def test_every_violation_code_of_rules_has_a_translation_template():
    violations, _ = _codes_in_rules()
    assert sorted(violations - set(rule_texts.VIOLATION_TEXTS)) == []


def test_every_rules_error_code_has_a_translation_template():
    _, errors = _codes_in_rules()
    assert sorted(errors - set(rule_texts.ERROR_TEXTS)) == []


def test_every_card_type_and_champion_type_has_a_name():
    from rules.formats import CARD_TYPES, CHAMPION_TYPES

    assert sorted(set(CARD_TYPES) | set(CHAMPION_TYPES)) == sorted(rule_texts.CARD_TYPES)


# --------------------------------------------------------------------------- a Brazilian deck in Portuguese
def _violation(verdict, code):
    found = [v for v in verdict.violations if v.code == code]
    assert len(found) == 1, verdict.violations
    return found[0]


def test_a_55_br_verdict_in_portuguese_names_the_cards_as_printed_and_cites_the_brazilian_rules(catalogue):
    verdict = check_deck(read_decklist("3 POR/7\n", catalogue), get_format("55-br"))
    duplicate = _violation(verdict, "duplicate_card")
    with translation.override("pt-br"):
        text = rule_texts.violation_text(duplicate, rule_texts.format_name("55-br"))
        rule = rule_texts.violation_rule(duplicate)
        minimum = rule_texts.violation_text(
            [v for v in verdict.violations if v.code == "type_minimum"][0], rule_texts.format_name("55-br"))
    assert text == ("Ilhas MoonShae (Reino) aparece 3 vezes (POR/7 Ilhas MoonShae); no máximo 2 cópias da mesma "
                    "carta (mesmo ícone e mesmo nome) podem estar num baralho.")
    assert rule == ('Regras do Spellfire (Brasil), LIMITAÇÃO DE BARALHOS PARA TORNEIOS ("Nenhuma carta pode '
                    'aparecer mais que duas vezes no mesmo baralho, eventos apenas aparecem uma vez em cada '
                    'baralho.")')
    assert minimum == ("O baralho tem 3 cartas do tipo Reino; um baralho de 55 cartas (regras brasileiras) "
                       "precisa de pelo menos 8.")


def test_the_same_violation_in_french_and_in_english(catalogue):
    verdict = check_deck(read_decklist("3 POR/7\n", catalogue), get_format("55-br"))
    duplicate = _violation(verdict, "duplicate_card")
    with translation.override("fr"):
        french = rule_texts.violation_text(duplicate)
    with translation.override("en"):
        english = rule_texts.violation_text(duplicate, "55-card deck (Brazilian rules)")
    # French typography: a no-break space before ";" and ":"
    assert french == ("Ilhas MoonShae (Royaume) figure 3 fois (POR/7 Ilhas MoonShae)\u00a0; un deck peut "
                      "contenir au plus 2 exemplaires d'une même carte (même icône et même nom).")
    assert english == duplicate.message  # the English template says what rules/ says


def test_a_section_of_the_2_0_rules_is_named_in_the_readers_language_with_its_english_heading(catalogue):
    verdict = check_deck(read_decklist("Waterdeep\n", catalogue), get_format("55"))
    size = _violation(verdict, "deck_size")
    assert size.rule == "spellfire-tournament-rules-2.0.txt, 55-Card Deck (Standard)"
    with translation.override("pt-br"):
        assert rule_texts.violation_rule(size) == (
            "Spellfire Tournament Rules 2.0, Baralho de 55 cartas (padrão) (no original: "
            "“55-Card Deck (Standard)”)")
        assert rule_texts.violation_text(size, rule_texts.format_name("55")) == (
            "O baralho tem 1 carta (sem contar as cartas de masmorra); um baralho de 55 cartas (padrão) deve ter "
            "exatamente 55.")
    with translation.override("fr"):
        assert rule_texts.violation_rule(size) == (
            "Spellfire Tournament Rules 2.0, Deck de 55 cartes (standard) (dans l'original\u00a0: "
            "«\u00a055-Card Deck (Standard)\u00a0»)")
    with translation.override("en"):
        assert rule_texts.violation_rule(size) == "Spellfire Tournament Rules 2.0, 55-Card Deck (Standard)"


@pytest.mark.parametrize("lang", ["en", "pt-br", "fr"])
def test_every_violation_code_renders_in_every_language(lang):
    from rules.legality import Violation

    params = {"expected": 55, "actual": 3, "minimum": 1, "maximum": 2, "card_type": "Realm",
              "champion_type": "Hero", "cap": 90, "levels": 95, "free_avatars": ["4th/487 Midnight"],
              "kind": "set", "key": "DU", "cards": ["1st/1 Waterdeep"], "name": "Waterdeep", "copies": 3,
              "max_copies": 1, "card_text": "x", "in_deck": 2, "in_pool": 1}
    with translation.override(lang):
        for code in rule_texts.VIOLATION_TEXTS:
            violation = Violation(code, params, ("1st/1 Waterdeep",), "r", "ENGLISH")
            text = rule_texts.violation_text(violation)
            assert text != "ENGLISH" and "%(" not in text, code


def test_a_rules_error_is_said_from_its_code_and_params():
    error = ResultError("mulligan_limit", "English only", seat=0, game=3, rule="x")
    with translation.override("pt-br"):
        assert rule_texts.error_text(error) == ("Um jogador só pode declarar o mulligan de dois saques duas vezes "
                                                "seguidas; o terceiro jogo deve ser jogado (jogo 3).")
    with translation.override("fr"):
        assert rule_texts.error_text(error).startswith("Un joueur ne peut déclarer le mulligan sur deux tirages")
    unknown = DecklistError("unknown_cards", "x", {"unknown": [{"line": 2, "text": "War Prty",
                                                                 "suggestions": ["War Party"]}]})
    with translation.override("pt-br"):
        assert rule_texts.error_text(unknown) == ("1 linha não corresponde a nenhuma carta conhecida: linha 2 "
                                                  "“War Prty” (você quis dizer: War Party?).")


def test_an_unknown_code_or_unexpected_params_fall_back_to_the_english_message():
    assert rule_texts.error_text(RulesError("brand_new", "The English.")) == "The English."
    assert rule_texts.error_text(RulesError("best_of", "The English.", {"best_of": object()})) != ""


def test_the_template_filters_take_a_stored_violation_dict(catalogue):
    verdict = check_deck(read_decklist("3 POR/7\n", catalogue), get_format("55-br"))
    stored = _violation(verdict, "duplicate_card").to_dict()
    template = Template("{% load rule_tags %}{{ v|violation_text }} — {{ v|violation_rule }} — {{ t|card_type }}")
    with translation.override("pt-br"):
        html = template.render(Context({"v": stored, "t": "Holding"}))
    assert html.startswith("Ilhas MoonShae (Reino) aparece 3 vezes")
    assert "LIMITAÇÃO DE BARALHOS PARA TORNEIOS" in html
    assert html.endswith("— Fortaleza")


def test_clauses_are_joined_with_the_languages_typography():
    # issue 22, item 11: French puts a no-break space before ";" (rule_texts.clause_separator)
    from django.utils import translation

    from rules.formats import BRAZIL_NO_LIMIT_RULE
    from rules.legality import Violation
    from tournaments.rule_texts import violation_text
    from tournaments.rule_texts.terms import cite

    size = Violation(code="deck_size", params={"expected": 55, "actual": 54}, cards=(), rule="", message="")
    with translation.override("fr"):
        assert "\u00a0; " in violation_text(size) and "\u00a0; " in cite("a.txt, x; b.txt, y")
    with translation.override("pt-br"):
        assert "\u00a0;" not in violation_text(size) and "; " in violation_text(size)
        assert "; " in cite(BRAZIL_NO_LIMIT_RULE.replace(": ", "; ", 1))


# --------------------------------------------------------------------------- typography the code builds (issue 22)
def test_a_quotation_or_a_parenthesis_keeps_its_semicolons_inside_one_citation():
    assert rule_texts.citation_parts('a.txt, X ("p; q"); b.txt, Y (r; s)') == ['a.txt, X ("p; q")', "b.txt, Y (r; s)"]
    assert rule_texts.citation_parts("a.txt, x; b.txt, y") == ["a.txt, x", "b.txt, y"]


def test_the_unknown_lines_of_a_decklist_are_joined_with_the_languages_separator():
    # issue 22, item 11: French puts a no-break space before ";" where the code joins clauses
    unknown = DecklistError("unknown_cards", "x", {"unknown": [{"line": 2, "text": "War Prty"},
                                                                 {"line": 5, "text": "Realmz"}]})
    with translation.override("fr"):
        assert "\u00a0; " in rule_texts.error_text(unknown)
    with translation.override("pt-br"):
        assert "\u00a0;" not in rule_texts.error_text(unknown) and "; linha 5" in rule_texts.error_text(unknown)


def test_a_citation_linked_on_a_page_is_joined_with_the_languages_separator():
    template = Template("{% load rule_tags %}{{ rule|rule_cite }}")
    rule = "spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan; spellfire-regras-pt-br.txt, VENCENDO"
    with translation.override("fr"):
        assert "</a>\u00a0; <a" in template.render(Context({"rule": rule}))
    with translation.override("en"):
        assert "</a>; <a" in template.render(Context({"rule": rule}))


def test_the_counts_of_a_game_name_each_player_with_the_languages_colon():
    # a player and their counts, "; " between players: the punctuation the code builds (tournaments.presentation)
    from tournaments.presentation import describe_record

    counts = {"1": {"unrazed_realms": 3}, "2": {"unrazed_realms": 2}}
    record = {"games": [{"winners": [1], "deck_out": True, "counts": counts}]}
    with translation.override("fr"):
        text = describe_record(record, {1: "alice", 2: "bob"})[0]
    assert "alice\u00a0: " in text and "bob\u00a0: " in text and "\u00a0; bob" in text
    with translation.override("en"):
        text = describe_record(record, {1: "alice", 2: "bob"})[0]
    assert "alice: " in text and "; bob: " in text


def test_a_tiebreaker_choice_puts_the_french_no_break_space_before_its_colon():
    from tournaments.pages.labels import system_choices

    with translation.override("fr"):
        assert str(dict(system_choices())["mtg"]).startswith("mtg\u00a0: ")
    with translation.override("pt-br"):
        assert str(dict(system_choices())["mtg"]).startswith("mtg: ")


# --------------------------------------------------------------------------- the game-start citations (issue 22)
@pytest.mark.parametrize("name", ["first_player", "victory", "reshuffle", "game_ends"])
def test_the_game_start_citations_read_in_english_as_the_rules_module_writes_them(name):
    """tournaments.rule_texts.terms.CITATION_TEXTS: each text, in English, is the rules module's citation with the
    documents' titles (a change in rules/ is shown as written there until its text follows)."""
    from rules.game_start import FIRST_PLAYER_RULE
    from rules.results import DECK_OUT_RULES, VICTORY_RULE
    from rules.rule_documents import titled

    rule = {"first_player": FIRST_PLAYER_RULE, "victory": VICTORY_RULE, "reshuffle": DECK_OUT_RULES["reshuffle"],
            "game_ends": DECK_OUT_RULES["game_ends"]}[name]
    parts = rule_texts.citation_parts(rule)
    assert all(part in rule_texts.terms.CITATION_TEXTS for part in parts)
    with translation.override("en"):
        assert rule_texts.cite(rule) == titled(rule)
