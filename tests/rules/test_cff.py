"""CrossFire .cff deck formats: all 75 real files load, and every kind of rule they hold bites.

The files are ../shared/cards/formats/crossfire/**.cff (SOURCES.md, "CrossFire format
files"); the decks are the 46 real CrossFire sample decks, each of which names the
format it was built for in ``tempDeckSize``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.cards import Catalogue, default_cards_dir
from rules.decklists import Decklist, read_decklist
from rules.formats import DeckFormat, FormatError, GroupLimit, read_cff, validate_format
from rules.legality import Verdict, check_deck

FORMATS_DIR = default_cards_dir() / "formats" / "crossfire"
DECKS_DIR = default_cards_dir() / "decks" / "crossfire"
CFF_FILES = sorted(FORMATS_DIR.rglob("*.cff"))
CFD_FILES = sorted(DECKS_DIR.rglob("*.cfd"))


def cff_path(format_id: str) -> Path:
    return next(path for path in CFF_FILES if path.stem == format_id)


def load(format_id: str, catalogue: Catalogue) -> DeckFormat:
    path = cff_path(format_id)
    return read_cff(path.read_bytes(), catalogue, filename=path.name)


def edited(format_id: str, catalogue: Catalogue, old: str, new: str) -> DeckFormat:
    """A real .cff with one line changed (for kinds of rule no real file makes bite)."""
    text = cff_path(format_id).read_text(encoding="latin-1")
    changed = re.sub(old, new, text, count=1, flags=re.MULTILINE)
    assert changed != text, old
    return read_cff(changed, catalogue, filename=f"{format_id}-edited.cff")


def real_deck(name: str, catalogue: Catalogue) -> Decklist:
    path = next(path for path in CFD_FILES if path.name == name)
    return read_decklist(path.read_bytes(), catalogue, filename=path.name)


def codes(verdict: Verdict) -> list[str]:
    return [violation.code for violation in verdict.violations]


def with_cards(decklist: Decklist, catalogue: Catalogue, drop: int, add: list[str]) -> Decklist:
    """Drop ``drop`` allies, then add the cards ``add`` (keys)."""
    cards = list(decklist.cards)
    for _ in range(drop):
        index = next(i for i, card in enumerate(cards) if card.card_type == "Ally")
        del cards[index]
    return Decklist(cards=tuple(cards) + tuple(catalogue.get(key) for key in add))


def test_all_75_real_cff_files_load_and_make_sense(catalogue: Catalogue) -> None:
    assert len(CFF_FILES) == 75
    formats = [read_cff(path.read_bytes(), catalogue, filename=path.name) for path in CFF_FILES]
    assert len({fmt.id for fmt in formats}) == 75
    for fmt, path in zip(formats, CFF_FILES):
        assert validate_format(fmt) is fmt
        assert fmt.id == path.stem
        assert fmt.source == f"CrossFire format {path.name} ({fmt.name})"
        assert DeckFormat.from_dict(fmt.to_dict()) == fmt
    standard = load("55", catalogue)
    assert (standard.total, standard.champion_level_cap, standard.free_avatars) == (55, 90, 1)
    assert standard.limit_for("Realm").minimum == 8
    assert standard.limit_for("Champion").maximum == 20
    assert {limit.card_type for limit in standard.champion_type_limits} == {
        "Cleric", "Hero", "Monster", "Psionicist", "Regent", "Thief", "Wizard",
    }
    assert {group.kind for group in standard.group_limits} == {"rarity", "world", "set", "digit"}


def test_each_real_deck_is_checked_against_the_format_it_names(catalogue: Catalogue) -> None:
    """45 of the 46 sample decks are legal in their own CrossFire format; the 21-card one is not."""
    verdicts: dict[str, Verdict] = {}
    for path in CFD_FILES:
        data = path.read_bytes()
        format_id = re.search(rb"tempDeckSize\s+(\S+)", data).group(1).decode()
        verdicts[str(path.relative_to(DECKS_DIR))] = check_deck(read_decklist(data, catalogue), load(format_id, catalogue))
    illegal = {name: codes(verdict) for name, verdict in verdicts.items() if not verdict.legal}
    assert illegal == {"55 Card/Standard/Sample_Undead Greyhawk Spellcasters.cfd": ["deck_size", "type_minimum"]}
    assert len(verdicts) == 46


def test_starter_decks_are_legal_in_551ES_but_not_in_55(catalogue: Catalogue) -> None:
    """551ES allows two copies of a card (its card-type copies column); the rules text allows one."""
    starter = real_deck("Sample_1st Edition Starter Deck A-1.cfd", catalogue)
    assert check_deck(starter, load("551ES", catalogue)).legal
    verdict = check_deck(starter, load("55", catalogue))
    assert "duplicate_card" in codes(verdict)
    duplicate = next(v for v in verdict.violations if v.code == "duplicate_card")
    assert duplicate.params["max_copies"] == 1


def test_total_size_bites(catalogue: Catalogue) -> None:
    verdict = check_deck(with_cards(real_deck("Sample_gencon.cfd", catalogue), catalogue, 1, []),
                         load("55", catalogue))
    assert codes(verdict) == ["deck_size"]
    assert verdict.violations[0].rule == "CrossFire format 55.cff (55 Card Standard)"


def test_a_range_of_deck_sizes_from_a_cff(catalogue: Catalogue) -> None:
    fmt = load("999", catalogue)
    assert (fmt.min_total, fmt.total) == (0, 999)
    assert fmt.deck_size_text == "0-999"
    assert "deck_size" not in codes(check_deck(real_deck("Sample_gencon.cfd", catalogue), fmt))


def test_per_type_and_per_champion_type_limits_bite(catalogue: Catalogue) -> None:
    gencon = real_deck("Sample_gencon.cfd", catalogue)
    no_thieves = load("551ES", catalogue)  # Thief 0 0, Unarmed Combat 0 0
    thief = next(card for card in catalogue if card.set_code == "NS" and card.champion_type == "Thief")
    unarmed = next(card for card in catalogue if card.set_code == "RR" and card.card_type == "Unarmed Combat")
    deck = with_cards(gencon, catalogue, 2, [thief.key, unarmed.key])
    found = codes(check_deck(deck, no_thieves))
    assert "champion_type_maximum" in found
    assert "type_maximum" in found
    violation = next(v for v in check_deck(deck, no_thieves).violations if v.code == "champion_type_maximum")
    thieves = [card for card in deck.cards if card.champion_type == "Thief"]
    assert violation.params == {"champion_type": "Thief", "maximum": 0, "actual": len(thieves)}
    assert thief.label in violation.cards


def test_level_cap_and_free_avatars_bite(catalogue: Catalogue) -> None:
    deck = real_deck("Sample_gencon.cfd", catalogue)  # holds the avatar NS/122 Gib Drawsemaj
    fmt = load("55", catalogue)
    verdict = check_deck(deck, fmt)
    assert verdict.legal
    tighter = edited("55", catalogue, r"^(\s*Levels\s+0\s+)90", rf"\g<1>{verdict.champion_levels - 1}")
    assert codes(check_deck(deck, tighter)) == ["level_cap"]
    avatar = catalogue.get("NS/122")
    assert avatar.is_avatar and avatar in deck.cards
    no_free = edited("55", catalogue, r"^(\s*Avatars\s+0\s+)1", r"\g<1>0")
    assert no_free.free_avatars == 0
    unfree = check_deck(deck, no_free)
    assert unfree.champion_levels == verdict.champion_levels + avatar.champion_level
    assert "level_cap" in codes(unfree)


def test_banned_cards_bite_across_printings(catalogue: Catalogue) -> None:
    fmt = load("110TAV", catalogue)  # bans Poor Oriental Lord (DUc/20) and Wealthy Oriental Vassal
    assert "DU/120" in fmt.banned
    deck = with_cards(real_deck("Sample_gencon.cfd", catalogue), catalogue, 1, ["DU/120"])
    verdict = check_deck(deck, fmt)
    assert "banned_card" in codes(verdict)
    banned = next(v for v in verdict.violations if v.code == "banned_card")
    assert banned.cards == ("DU/120 Poor Oriental Lord",)
    assert banned.rule.startswith("CrossFire format 110TAV.cff")


def test_rarity_limits_bite(catalogue: Catalogue) -> None:
    """551ES asks for the starter mix: 9-11 starter realms, 29-31 commons, 9-11 uncommons, 4-7 rares."""
    starter = real_deck("Sample_1st Edition Starter Deck A-1.cfd", catalogue)
    very_rare = next(card for card in catalogue if card.set_code == "1st" and card.rarity == "VR"
                     and card.card_type == "Ally")
    deck = with_cards(starter, catalogue, 1, [very_rare.key])
    verdict = check_deck(deck, load("551ES", catalogue))
    rarity = [v for v in verdict.violations if v.code == "group_maximum" and v.params["kind"] == "rarity"]
    assert [v.params["key"] for v in rarity] == ["VR"]
    assert "rarity VR (Very Rare)" in rarity[0].message


def test_world_limits_bite_and_allowed_types_are_exempt(catalogue: Catalogue) -> None:
    """World War Forgotten Realms bars other worlds' cards, but admits rule cards (type:15)."""
    fmt = load("55WWFR", catalogue)
    assert set(fmt.allowed_types) == {"Rule", "Dungeon"}
    greyhawk_realm = next(card for card in catalogue if card.set_code == "1st" and card.card_type == "Realm"
                          and card.world_id == "2")
    gencon = real_deck("Sample_gencon.cfd", catalogue)
    verdict = check_deck(with_cards(gencon, catalogue, 1, [greyhawk_realm.key]), fmt)
    world = [v for v in verdict.violations if v.code == "group_maximum" and v.params["kind"] == "world"]
    assert any(greyhawk_realm.label in v.cards for v in world)
    rule_card = next(card for card in catalogue if card.card_type == "Rule" and card.world_id == "7")
    verdict = check_deck(with_cards(gencon, catalogue, 1, [rule_card.key]), fmt)
    assert not any(rule_card.label in v.cards for v in verdict.violations if v.code.startswith("group_"))
    unexempt = DeckFormat.from_dict({**fmt.to_dict(), "allowed_types": []})
    verdict = check_deck(with_cards(gencon, catalogue, 1, [rule_card.key]), unexempt)
    assert any(rule_card.label in v.cards for v in verdict.violations if v.code == "group_maximum")


def test_allowed_cards_are_exempt(catalogue: Catalogue) -> None:
    fmt = next(
        read_cff(path.read_bytes(), catalogue, filename=path.name)
        for path in CFF_FILES
        if "AR/092" in path.read_text(encoding="latin-1").partition("tempDeckFormatAllowed")[2]
    )
    assert "AR/92" in fmt.allowed


def test_set_limits_bite(catalogue: Catalogue) -> None:
    """55 Card Online League Season 1 leaves out the base editions (NO, 1st-4th, PR)."""
    gencon = real_deck("Sample_gencon.cfd", catalogue)
    verdict = check_deck(gencon, load("55OLS1", catalogue))
    sets = {v.params["key"] for v in verdict.violations if v.code == "group_maximum" and v.params["kind"] == "set"}
    assert sets and sets <= {"NO", "1st", "2nd", "3rd", "4th", "PR"}


def test_digit_limits_bite(catalogue: Catalogue) -> None:
    fmt = edited("55", catalogue, r"(tempDeckFormatDigit \{(?:\n.*){4}\n\s*4\s+0\s+)55", r"\g<1>1")
    deck = real_deck("Sample_gencon.cfd", catalogue)
    fours = [card for card in deck.cards if card.number % 10 == 4]
    assert len(fours) > 1
    verdict = check_deck(deck, fmt)
    digit = [v for v in verdict.violations if v.code == "group_maximum" and v.params["kind"] == "digit"]
    assert [v.params["key"] for v in digit] == ["4"]
    assert digit[0].params["actual"] == len(fours)


def test_chase_limits_bite(catalogue: Catalogue) -> None:
    fmt = load("551ES", catalogue)  # Chase 0 0
    chase = next(card for card in catalogue if card.is_chase and card.set_code == "1st")
    starter = real_deck("Sample_1st Edition Starter Deck A-1.cfd", catalogue)
    assert "chase_maximum" in codes(check_deck(with_cards(starter, catalogue, 1, [chase.key]), fmt))


def test_nonsense_limits_are_refused_with_every_problem_named(catalogue: Catalogue) -> None:
    text = cff_path("55").read_text(encoding="latin-1")
    text = re.sub(r"(?m)^(\s*Realm\s+)8\s+15", r"\g<1>20 10", text)
    text = re.sub(r"(?m)^(\s*All\s+)55\s+55", r"\g<1>55 -3", text)
    with pytest.raises(FormatError) as caught:
        read_cff(text, catalogue, filename="bad.cff")
    assert caught.value.code == "nonsense_limits"
    message = str(caught.value)
    assert "Realm cards: the minimum 20 is above the maximum 10." in message
    assert "The deck size must be between 1 and 10000, not -3." in message


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"\x00\x01\x02garbage" * 10, "unreadable"),
        (b"set tempDeckFormatTitle {no totals}\n", "unreadable"),
        (b"set tempDeckFormatTotal {\n All 55\n}\n", "bad_value"),
        (b"set tempDeckFormatTotal {\n All fifty 55\n}\n", "bad_value"),
        (b"set tempDeckFormatTotal {\n All 55 55\n}\nset tempDeckFormatLimits {\n Dragons 0 1 1\n}\n", "bad_value"),
        (b"set tempDeckFormatTotal {\n All 55 55\n}\nset tempDeckFormatBanned {\n ZZ/999\n}\n", "unknown_card"),
        (b"set tempDeckFormatTotal {\n All 55 55\n", "unreadable"),
        (b"x" * (300 * 1024), "too_large"),
    ],
)
def test_bad_cff_files_get_a_clear_error(catalogue: Catalogue, data: bytes, code: str) -> None:
    with pytest.raises(FormatError) as caught:
        read_cff(data, catalogue, filename="upload.cff")
    assert caught.value.code == code
    assert str(caught.value)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=2048))
def test_random_bytes_never_crash_the_cff_reader(catalogue: Catalogue, data: bytes) -> None:
    try:
        fmt = read_cff(data, catalogue, filename="random.cff")
    except FormatError as error:
        assert error.code in {"unreadable", "bad_value", "unknown_card", "nonsense_limits", "too_large"}
    else:
        validate_format(fmt)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.text(max_size=40), max_size=30))
def test_random_lines_in_a_real_cff_never_crash_it(catalogue: Catalogue, lines: list[str]) -> None:
    text = cff_path("55").read_text(encoding="latin-1")
    head, _, tail = text.partition("set tempDeckFormatLimits {")
    try:
        read_cff(head + "set tempDeckFormatLimits {\n" + "\n".join(lines) + "\n" + tail, catalogue)
    except FormatError:
        pass


def test_group_limit_descriptions() -> None:
    assert GroupLimit("world", "1", 0, 0).describe() == "world 1 (Forgotten Realms)"
    assert GroupLimit("set", "DU", 0, 0).describe() == "set DU"
    assert GroupLimit("digit", "7", 0, 0).describe() == "card numbers ending in 7"
