"""Issue #10, rules 3, 4, 5 and 7: each rule's source is cited, the test fails without the fix, and
``python -m rules validate-deck`` agrees with ``check_deck``."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from rules.__main__ import main
from rules.card_pairs import CARD_PAIRS, PRECEDENCE_RULE
from rules.cards import Card, Catalogue, identity_name
from rules.decklists import Decklist
from rules.formats import BRAZIL_COPIES_RULE, BRAZIL_DUNGEON_RULE, BRAZIL_NO_LIMIT_RULE, DeckFormat, amend_format, get_format, load_format
from rules.legality import DUNGEON_RULE, DUPLICATE_RULE, Verdict, check_deck

TEXTS = Path("/work/shared/rules-texts")
RULES_TEXT = " ".join((TEXTS / "spellfire-tournament-rules-2.0.txt").read_text(encoding="utf-8").split())
BRAZIL_TEXT = " ".join((TEXTS / "spellfire-regras-pt-br.txt").read_text(encoding="utf-8").split())
CFF_551ES = "/work/shared/cards/formats/crossfire/55 Card/551ES.cff"
LINKS_FILE = Path(__file__).parent / "data" / "printing_links.txt"
LIMIT_ONE = ("1st/437", "3rd/216", "PR/1", "PR/2", "PR/3", "AR/1", "PO/118", "PO/119")


def deck(cards: list[Card]) -> Decklist:
    return Decklist(cards=tuple(cards))


def swap(cards: list[Card], card_type: str, new: list[Card], *, dedupe: bool = True) -> list[Card]:
    """``cards`` with ``new`` added and cards of ``card_type`` dropped to keep the size; with ``dedupe``
    the cards of ``new``'s identities already there are dropped first."""
    avoid = {card.identity for card in new} if dedupe else set()
    out = [card for card in cards if card.identity not in avoid]
    extra = len(out) + len(new) - len(cards)
    kept: list[Card] = []
    for card in out:
        if card.card_type == card_type and extra > 0 and card.identity not in {c.identity for c in new}:
            extra -= 1
            continue
        kept.append(card)
    return kept + new


def codes(verdict: Verdict) -> list[str]:
    return [v.code for v in verdict.violations]


def validate_cli(tmp_path: Path, cards: list[Card], fmt: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict]:
    path = tmp_path / "deck.txt"
    path.write_text(deck(cards).to_text(), encoding="utf-8")
    status = main(["validate-deck", "--format", fmt, str(path)])
    return status, json.loads(capsys.readouterr().out)


# --------------------------------------------------------------------------- rule 3: "Limit one per deck."


def test_every_limit_one_card_of_the_catalogue_carries_its_limit(catalogue: Catalogue) -> None:
    stated = sorted(card.key for card in catalogue
                    if card.stated_copy_limit == 1 and card.key == card.stated_limit_text.split(" ")[0])
    assert stated == sorted(LIMIT_ONE)
    for key in LIMIT_ONE:
        for printing in catalogue.by_identity(catalogue.get(key)):
            assert printing.stated_copy_limit == 1 and not printing.multiples_allowed
            assert printing.stated_limit_text.endswith('"Limit one per deck."')
    assert catalogue.resolve("3rd/437").stated_copy_limit == 1  # the alias of 1st/437
    assert catalogue.get("3rd/256").stated_copy_limit == 3


@pytest.fixture(scope="module")
def amended_two_copies(catalogue: Catalogue):  # type: ignore[no-untyped-def]
    return amend_format(get_format("55"), {"max_copies": 2}, catalogue, provenance="format version 2: two copies")


@pytest.mark.parametrize("card_key, card_type", [("AR/1", "Artifact"), ("1st/437", "Ally")])
@pytest.mark.parametrize("format_name", ["55-br", "551ES", "amended", "55"])
def test_a_limit_one_card_twice_is_illegal_in_every_format(
    catalogue: Catalogue, legal_55_cards: list[Card], amended_two_copies, tmp_path: Path,  # type: ignore[no-untyped-def]
    capsys: pytest.CaptureFixture[str], card_key: str, card_type: str, format_name: str,
) -> None:
    fmt = {"55-br": get_format("55-br"), "551ES": load_format(CFF_551ES, catalogue), "amended": amended_two_copies,
           "55": get_format("55")}[format_name]
    card = catalogue.get(card_key)
    one = swap(legal_55_cards, card_type, [card])
    assert "stated_limit" not in codes(check_deck(deck(one), fmt))
    two = swap(legal_55_cards, card_type, [card, card])
    verdict = check_deck(deck(two), fmt)
    (violation,) = [v for v in verdict.violations if v.code == "stated_limit"]
    assert "duplicate_card" not in codes(verdict)
    assert violation.params["max_copies"] == 1 and violation.params["copies"] == 2
    assert violation.rule == f'card text of {card.stated_limit_text}; {PRECEDENCE_RULE}'
    assert "the special power on the card takes precedence over the rules presented here" in RULES_TEXT
    assert "the special power on the card takes precedence over the rules presented here" in violation.rule
    if format_name != "551ES":
        status, row = validate_cli(tmp_path, two, "55-br" if format_name == "55-br" else "55", capsys)
        assert status == 1 and "stated_limit" in [v["code"] for v in row["violations"]]


def test_the_formats_allow_two_copies_of_other_cards(catalogue: Catalogue, legal_55_cards: list[Card],
                                                     amended_two_copies) -> None:  # type: ignore[no-untyped-def]
    realm = next(c for c in legal_55_cards if c.card_type == "Realm")
    twice = swap(legal_55_cards, "Ally", [realm], dedupe=False)
    assert Counter(c.key for c in twice)[realm.key] == 2 and len(twice) == 55
    assert "duplicate_card" in codes(check_deck(deck(twice), get_format("55")))
    assert check_deck(deck(twice), get_format("55-br")).legal
    assert check_deck(deck(twice), amended_two_copies).legal


# --------------------------------------------------------------------------- rule 4: card pairs


def test_every_card_pair_names_real_cards_and_covers_crossfires_keys(catalogue: Catalogue) -> None:
    identities = {card.identity for card in catalogue}
    for pair in CARD_PAIRS:
        for card_type, name in (*pair.first, *pair.second):
            assert (card_type, identity_name(name)) in identities, name
        for side, keys in zip((pair.first, pair.second), pair.crossfire_keys):
            wanted = {(t, identity_name(n)) for t, n in side}
            for key in keys:
                set_code, number = key.split("/")
                assert catalogue.get(f"{set_code}/{int(number)}").identity in wanted
        assert pair.mode in ("refuse", "warn")
        assert "Editor.tcl" in pair.source or "card text" in pair.source
    assert [p.mode for p in CARD_PAIRS].count("warn") == 1


@pytest.fixture(scope="module")
def pairless_55(legal_55_cards: list[Card], pick) -> list[Card]:  # type: ignore[no-untyped-def]
    """The legal 55-card deck without any card of ``CARD_PAIRS`` (the fixture has Good Fortune)."""
    paired = {(t, identity_name(n)) for pair in CARD_PAIRS for t, n in (*pair.first, *pair.second)}
    kept = [card for card in legal_55_cards if card.identity not in paired]
    return kept + pick("Ally", 55 - len(kept), legal_55_cards)


@pytest.mark.parametrize("first, second", [
    ("1st/393", "DU/73"),   # Disintegrate & Psionic Disintegration
    ("FRN/393", "DU/73"),   # ... in French: the same card
    ("4th/131", "CH/72"),   # The Caravan & Not So Fast
    ("POR/100", "CH/72"),   # Good Fortune (Portuguese) & Not So Fast
    ("AB/21", "1st/319"),   # Desert Cave & The Caravan (card text)
])
@pytest.mark.parametrize("format_id", ["55", "110", "55-br"])
def test_a_forbidden_pair_is_refused_in_every_format(catalogue: Catalogue, pairless_55: list[Card],
                                                     first: str, second: str, format_id: str) -> None:
    legal_55_cards = pairless_55
    a, b = catalogue.get(first), catalogue.get(second)
    fmt = get_format(format_id)
    for alone in (a, b):
        assert "forbidden_pair" not in codes(check_deck(deck(swap(legal_55_cards, "Ally", [alone])), fmt))
    verdict = check_deck(deck(swap(legal_55_cards, "Ally", [a, b])), fmt)
    (violation,) = [v for v in verdict.violations if v.code == "forbidden_pair"]
    assert set(violation.cards) == {a.label, b.label}
    assert not verdict.legal


def test_the_warned_pair_is_a_warning_not_a_violation(catalogue: Catalogue, pairless_55: list[Card],
                                                       tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    legal_55_cards = pairless_55
    cards = swap(legal_55_cards, "Ally", [catalogue.get("IQ/48")]) + [catalogue.get("DU/24")]
    verdict = check_deck(deck(cards), get_format("55"))
    assert verdict.legal and verdict.violations == ()
    (warning,) = verdict.warnings
    assert warning.code == "discouraged_pair" and "Editor.tcl" in warning.rule
    assert verdict.to_dict()["warnings"][0]["code"] == "discouraged_pair"
    status, row = validate_cli(tmp_path, cards, "55", capsys)
    assert status == 0 and [w["code"] for w in row["warnings"]] == ["discouraged_pair"]


# --------------------------------------------------------------------------- rule 5: citations


def test_55_br_copies_cite_the_brazilian_text(catalogue: Catalogue, legal_55_cards: list[Card],
                                              tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    realm = next(c for c in legal_55_cards if c.card_type == "Realm")
    event = next(c for c in legal_55_cards if c.card_type == "Event")
    for cards in (swap(legal_55_cards, "Ally", [realm, realm], dedupe=False),
                  swap(legal_55_cards, "Ally", [event], dedupe=False)):
        verdict = check_deck(deck(cards), get_format("55-br"))
        (violation,) = [v for v in verdict.violations if v.code == "duplicate_card"]
        assert violation.rule == BRAZIL_COPIES_RULE != DUPLICATE_RULE
        assert "LIMITAÇÃO DE BARALHOS PARA TORNEIOS" in violation.rule
        quoted = "Nenhuma carta pode aparecer mais que duas vezes no mesmo baralho, eventos apenas aparecem uma vez"
        assert quoted in violation.rule and quoted in BRAZIL_TEXT
        assert "spellfire-tournament-rules-2.0.txt" not in violation.rule
    status, row = validate_cli(tmp_path, swap(legal_55_cards, "Ally", [event], dedupe=False), "55-br", capsys)
    assert status == 1 and row["violations"][0]["rule"] == BRAZIL_COPIES_RULE


def test_55_br_dungeon_cards_cite_the_brazilian_text(catalogue: Catalogue, legal_55_cards: list[Card]) -> None:
    verdict = check_deck(deck(legal_55_cards + [catalogue.get("DU/24")]), get_format("55-br"))
    (violation,) = verdict.violations
    assert violation.code == "too_many_dungeon_cards"
    assert violation.rule == BRAZIL_DUNGEON_RULE != DUNGEON_RULE
    assert "Total de cartas: 55" in BRAZIL_TEXT and "Total de cartas: 55" in violation.rule
    assert "How Dungeon Cards Work" not in violation.rule
    assert check_deck(deck(legal_55_cards + [catalogue.get("DU/24")]), get_format("55")).legal


def test_a_limit_the_organiser_set_cites_their_change(legal_55_cards: list[Card]) -> None:
    provenance = "format version 2: a beginners' league"
    fmt = replace(get_format("55"), champion_level_cap=10, amended_by=(("champion_level_cap", provenance),))
    (violation,) = check_deck(deck(legal_55_cards), fmt).violations
    assert violation.code == "level_cap" and violation.rule == provenance
    # the same limit without provenance cites the 2.0 table
    (plain,) = check_deck(deck(legal_55_cards), replace(fmt, amended_by=())).violations
    assert plain.rule == "spellfire-tournament-rules-2.0.txt, 55-Card Deck (Standard)"
    assert fmt.to_dict()["amended_by"] == {"champion_level_cap": provenance}
    assert type(fmt).from_dict(json.loads(json.dumps(fmt.to_dict()))) == fmt


def test_amend_format_records_the_provenance_of_each_limit(catalogue: Catalogue, legal_55_cards: list[Card]) -> None:
    realm = next(c for c in legal_55_cards if c.card_type == "Realm")
    fmt = amend_format(get_format("55"), {"type_limits": {"Realm": {"minimum": 11}}, "ban": [realm.key]},
                       catalogue, provenance="format version 3: more realms")
    verdict = check_deck(deck(legal_55_cards), fmt)
    assert {v.code: v.rule for v in verdict.violations} == {
        "type_minimum": "format version 3: more realms", "banned_card": "format version 3: more realms"}
    unbanned = amend_format(fmt, {"unban": [realm.key]}, catalogue, provenance="format version 4: unban")
    assert not any(key.startswith("banned:") for key, _ in unbanned.amended_by)
    assert dict(unbanned.amended_by)["type_limits:Realm"] == "format version 3: more realms"


# --------------------------------------------------------------------------- rule 7: printings


def test_translated_printings_of_one_realm_are_one_card(catalogue: Catalogue, legal_55_cards: list[Card],
                                                        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    printings = [catalogue.get(key) for key in ("1st/30", "POR/30", "DE/30", "FRN/30")]
    assert len({card.name for card in printings}) == 4 and len({card.identity for card in printings}) == 1
    cards = swap(legal_55_cards, "Realm", printings)
    verdict = check_deck(deck(cards), get_format("55"))
    (violation,) = verdict.violations
    assert violation.code == "duplicate_card" and violation.params["copies"] == 4
    status, row = validate_cli(tmp_path, cards, "55", capsys)
    assert status == 1 and [v["code"] for v in row["violations"]] == ["duplicate_card"]


def test_a_renamed_reprint_is_the_same_card(catalogue: Catalogue, legal_55_cards: list[Card]) -> None:
    old, new = catalogue.get("1st/48"), catalogue.get("4th/262")
    assert (old.name, new.name) == ("The Pereghost", "Pereghost")
    cards = swap(legal_55_cards, "Champion", [old, new])
    verdict = check_deck(deck(cards), get_format("55"))
    assert "duplicate_card" in codes(verdict)
    # "The Wizard" (BR/94) and "Wizard" (CQ/62) differ in world and text: not linked
    assert catalogue.get("BR/94").identity != catalogue.get("CQ/62").identity


def test_the_printing_map_over_the_whole_catalogue(catalogue: Catalogue) -> None:
    """Every link made and refused, and why, is listed in tests/rules/data/printing_links.txt."""
    links = catalogue.printing_links()
    listing = "\n".join(link.line() for link in links) + "\n"
    assert listing == LINKS_FILE.read_text(encoding="utf-8")
    counts = Counter((link.kind, link.accepted) for link in links)
    assert counts == {("language_edition", True): 2085, ("language_edition", False): 40,
                      ("language_editions", True): 20, ("renamed_reprint", True): 1,
                      ("renamed_reprint", False): 1}
    by_key = {card.key: card for card in catalogue}
    for link in links:
        card = by_key[link.key]
        if link.accepted:
            assert card.identity == by_key[link.target].identity
            assert (card.card_type, card.champion_type) == (by_key[link.target].card_type,
                                                           by_key[link.target].champion_type)
        elif link.kind != "language_edition" or not any(
                other.key == link.key and other.accepted for other in links):
            assert card.identity != by_key[link.target].identity
    # every printing of a language edition is either linked or listed as refused
    international = {card.key for card in catalogue if card.set_code in ("FRN", "DE", "IT", "POR", "SP")}
    assert international == {link.key for link in links if link.kind == "language_edition"}


# --------------------------------------------------------------------------- issue 22, item 6: 55-br "No limit"
# The Brazilian text (spellfire-regras-pt-br.txt, LIMITAÇÃO DE BARALHOS PARA TORNEIOS) says "Nenhuma carta pode
# aparecer mais que duas vezes" and, unlike spellfire-tournament-rules-2.0.txt (whose card-precedence clause speaks
# of "the rules presented here"), lets no card's text lift it: in 55-br a "No limit per deck." card is held to two.


def test_55_br_holds_no_limit_cards_to_two_copies(catalogue: Catalogue, legal_55_cards: list[Card],
                                                  tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    war_party = catalogue.get("3rd/54")
    assert war_party.multiples_allowed
    two = swap(legal_55_cards, "Ally", [war_party] * 2)
    three = swap(legal_55_cards, "Ally", [war_party] * 3)
    assert check_deck(deck(two), get_format("55-br")).legal
    assert check_deck(deck(three), get_format("55")).legal  # Tournament Rules 2.0: the card's text governs
    verdict = check_deck(deck(three), get_format("55-br"))
    (violation,) = [v for v in verdict.violations if v.code == "duplicate_card"]
    assert violation.params["max_copies"] == 2 and violation.rule == BRAZIL_NO_LIMIT_RULE
    assert "Nenhuma carta pode aparecer mais que duas vezes" in BRAZIL_NO_LIMIT_RULE
    assert "No limit per deck." in BRAZIL_NO_LIMIT_RULE
    status, row = validate_cli(tmp_path, three, "55-br", capsys)
    assert status == 1 and row["violations"][0]["rule"] == BRAZIL_NO_LIMIT_RULE


def test_a_stored_55_br_keeps_its_copies_rule_for_no_limit_cards() -> None:
    fmt = get_format("55-br")
    assert DeckFormat.from_dict(fmt.to_dict()) == fmt and not fmt.card_text_lifts_copies
