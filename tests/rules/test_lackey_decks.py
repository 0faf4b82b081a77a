"""Every LackeyCCG deck reads and gets a pinned verdict against the format of its size.

The 30 ``.dek`` files under ../shared/cards/decks/lackeyccg/ carry no usable format
(``<format>`` is empty or missing), so each is checked against the built-in format
nearest its card count, dungeon cards excluded: all 30 hold 20-55 such cards, so all
are checked as "55".  Each entry pins (cards read including dungeon cards, format
id, legal, cards counted, champion levels counted, {violation code: cards named}).
Every card in every file resolves; none had to be left unidentified.

Why the illegal ones are illegal, checked against spellfire-tournament-rules-2.0.txt
and the files themselves:

* Drow_Damnation.dek holds 47 cards + 1 dungeon card; The_Antigonish_Variant.dek and
  Wizard_deck.dek hold 54 + 1 dungeon card (55-Card Deck (Standard): exactly 55
  cards, the dungeon card being extra) -> deck_size.
* Heroic_terror.dek lists 3rd/99 Cataclysm!, AR/54 Deflection and RR/96 Bear Hug twice
  each ("No individual card can appear more than once in a deck") -> duplicate_card.
* Sample_Greyhawk Clerics and Heros.dek differs from its CrossFire twin: it has
  DU/119 Rary's Apprentice (level 4) where the .cfd has Johydee's Mask, so its
  champions total 94 levels, over the 90 of 55-Card Deck (Standard) -> level_cap.
* Teste_55.dek: champions total 103 levels -> level_cap.
* Sample_Undead Greyhawk Spellcasters.dek holds only 21 cards (20 + a dungeon card;
  its CrossFire twin also has Ancient Arms of Greyhawk) -> deck_size and the 8-realm
  minimum (type_minimum, one realm).

The other Sample_*.dek files hold the same cards (same identities) as the CrossFire
samples of the same name, which is checked below.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.cards import Catalogue, default_cards_dir
from rules.decklists import MAX_BYTES, MAX_CARD_LINES, DecklistError, read_decklist
from rules.formats import get_format
from rules.legality import check_deck

DECKS = default_cards_dir() / "decks"
LACKEY = DECKS / "lackeyccg"
CROSSFIRE = DECKS / "crossfire"
HEROES = LACKEY / "Heroes.dek"
SIZES = ("55", "75", "110")

EXPECTED: dict[str, tuple[int, str, bool, int, int, dict[str, frozenset[str]]]] = {
    'Cleric_deck.dek': (55, '55', True, 55, 74, {}),
    'Clerics.dek': (56, '55', True, 55, 83, {}),
    'Drow_Damnation.dek': (
        48, '55', False, 47, 76,
        {
            'deck_size': frozenset({
            }),
        },
    ),
    'Greyhawk.dek': (56, '55', True, 55, 63, {}),
    'Heroes.dek': (55, '55', True, 55, 81, {}),
    'Heroic_terror.dek': (
        55, '55', False, 55, 73,
        {
            'duplicate_card': frozenset({
                '3rd/99 Cataclysm!',
                'AR/54 Deflection',
                'RR/96 Bear Hug',
            }),
        },
    ),
    'Orgre_2002.dek': (55, '55', True, 55, 89, {}),
    'Sample_Battle Heros.dek': (56, '55', True, 55, 90, {}),
    'Sample_Battle Mages.dek': (56, '55', True, 55, 90, {}),
    'Sample_Cleric Battle Taxation.dek': (56, '55', True, 55, 90, {}),
    'Sample_Dragon Spellcasters.dek': (56, '55', True, 55, 90, {}),
    'Sample_Dragonlance Diversity.dek': (56, '55', True, 55, 90, {}),
    'Sample_Forgotten Realms Hero Battle.dek': (56, '55', True, 55, 90, {}),
    'Sample_Greyhawk Clerics and Heros.dek': (
        56, '55', False, 55, 94,
        {
            'level_cap': frozenset({
                '3rd/189 Arch-Druid',
                '3rd/60 Tergoz Tenhammer',
                '4th/257 Hettman Tsurin',
                '4th/283 Sysania',
                '4th/284 Nenioc',
                'AR/81 Erital Kaan-Ipzirel',
                'CQ/44 Romeis Gianthammer',
                'CQ/54 Gib Remuab, the Chase Hunter',
                "DU/119 Rary's Apprentice",
                'DU/45 Tyvorg the Frost Giant',
                'IQ/23 Karistyne',
                'IQ/25 Jerome Kazinskaia',
                'IQ/28 Sarana',
                'IQ/29 Kiri Allavesse',
                'IQ/32 Gib Ergo',
            }),
        },
    ),
    'Sample_Hero Regent Battle Taxation.dek': (56, '55', True, 55, 89, {}),
    'Sample_Instant Win Champs and AD&D Dragons.dek': (56, '55', True, 55, 90, {}),
    'Sample_Monster Realm Destroyers.dek': (56, '55', True, 55, 90, {}),
    'Sample_Monsters and Ferrix.dek': (56, '55', True, 55, 84, {}),
    'Sample_Psionicist.dek': (56, '55', True, 55, 90, {}),
    'Sample_Realm Destroyer.dek': (56, '55', True, 55, 90, {}),
    'Sample_Spell-Recyclers Anti-Events.dek': (56, '55', True, 55, 90, {}),
    'Sample_Spell-Recyclers.dek': (56, '55', True, 55, 89, {}),
    'Sample_Thieves.dek': (56, '55', True, 55, 89, {}),
    'Sample_Tough Champs Blood Battle.dek': (56, '55', True, 55, 88, {}),
    'Sample_Undead Greyhawk Spellcasters.dek': (
        21, '55', False, 20, 41,
        {
            'deck_size': frozenset({
            }),
            'type_minimum': frozenset({
                '4th/71 Haven of the Undead',
            }),
        },
    ),
    'Sample_gencon.dek': (56, '55', True, 55, 73, {}),
    'Teste_55.dek': (
        55, '55', False, 55, 103,
        {
            'level_cap': frozenset({
                '1st/167 Iuz the Evil',
                '1st/304 Dragon King',
                '1st/408 Living Scroll',
                '1st/451 Gib Evets',
                '3rd/166 Lolth, the Spider Queen',
                '3rd/261 Agis',
                '3rd/323 The Outcast',
                "3rd/45 Drizzt Do' Urden",
                '3rd/77 Amarill',
                'DL/30 Dargent, Silver Dragon',
                'DL/39 Tasslehoff Burrfoot',
                'DR/29 Maldraedior, Great Blue Wyrm',
                'DR/34 Rauglothgor',
                'DR/37 Greyhawk Dragon',
                'PO/20 Seluna Darkenstar',
                'PO/80 Shadair Mesker',
                'RL/95 Sir Edmund Bloodsworth',
            }),
        },
    ),
    'The_Antigonish_Variant.dek': (
        55, '55', False, 54, 80,
        {
            'deck_size': frozenset({
            }),
        },
    ),
    'Wizard_deck.dek': (
        55, '55', False, 54, 69,
        {
            'deck_size': frozenset({
            }),
        },
    ),
    'dragons.dek': (55, '55', True, 55, 81, {}),
}

#: Files with a raw "&" (``Runes&Ruins``) that is not well-formed XML as written.
RAW_AMPERSAND_FILES = 11


def nearest_size(count: int) -> str:
    return min(SIZES, key=lambda size: abs(int(size) - count))


def dek(cards: str, meta: str = "<game>spellfire</game>", zones: str = "") -> str:
    return (
        '<?xml version="1.0" encoding="ISO-8859-1"?>\n'
        f'<deck version="0.8">\n<meta>{meta}</meta>\n'
        f'<superzone name="Deck">\n{cards}\n</superzone>\n{zones}</deck>\n'
    )


def card(name: str, set_label: str, number: str = "001") -> str:
    return f'<card><name id="{number}">{name}</name><set>{set_label}</set></card>'


def keys(cards) -> list[str]:
    return [c.key for c in cards]


# ----------------------------------------------------------------- the 30 real files
def test_all_30_lackey_decks_are_pinned() -> None:
    found = sorted(path.name for path in LACKEY.glob("*.dek"))
    assert len(found) == 30
    assert found == sorted(EXPECTED)


def test_all_76_real_deck_files_read(catalogue: Catalogue) -> None:
    paths = sorted(CROSSFIRE.rglob("*.cfd")) + sorted(LACKEY.glob("*.dek"))
    formats = Counter(read_decklist(path.read_bytes(), catalogue, filename=path.name).source_format
                      for path in paths)
    assert formats == {"cfd": 46, "dek": 30}


def test_eleven_real_files_need_the_ampersand_repair() -> None:
    broken = []
    for path in LACKEY.glob("*.dek"):
        text = path.read_bytes().decode("latin-1")
        try:
            ElementTree.fromstring(re.sub(r"\A<\?xml[^>]*\?>", "", text))
        except ElementTree.ParseError:
            broken.append(path.name)
    assert len(broken) == RAW_AMPERSAND_FILES


@pytest.mark.parametrize("name", sorted(EXPECTED), ids=lambda name: name.replace(" ", "_"))
def test_lackey_deck_verdict(catalogue: Catalogue, name: str) -> None:
    path: Path = LACKEY / name
    decklist = read_decklist(path.read_bytes(), catalogue, filename=path.name)
    assert decklist.source_format == "dek"
    assert decklist.declared_format == ""
    read, format_id, legal, total, levels, violations = EXPECTED[name]
    assert len(decklist.cards) == read
    counted = sum(1 for c in decklist.cards if c.card_type != "Dungeon")
    assert nearest_size(counted) == format_id
    verdict = check_deck(decklist, get_format(format_id))
    named: dict[str, set[str]] = {}
    for violation in verdict.violations:
        named.setdefault(violation.code, set()).update(violation.cards)
        assert violation.rule.startswith("spellfire-tournament-rules-2.0.txt, ")
        assert violation.message
    assert verdict.legal is legal
    assert verdict.total_cards == total == counted
    assert verdict.champion_levels == levels
    assert named == {code: set(cards) for code, cards in violations.items()}


def test_lackey_samples_match_their_crossfire_twins(catalogue: Catalogue) -> None:
    """Same deck, two programs: the cards agree by identity (Lackey's 1st-Ed is CrossFire's
    1st where the .cfd used the "No Edition" printing), except the two noted above."""
    twins = {
        path.name: path
        for folder in ("Standard", "Anti-Speed")  # TAV/Sample_Spell-Recyclers.cfd is another deck
        for path in (CROSSFIRE / "55 Card" / folder).glob("Sample_*.cfd")
    }
    differing = {}
    compared = 0
    for path in sorted(LACKEY.glob("Sample_*.dek")):
        twin = twins[path.stem + ".cfd"]
        ours = Counter(c.identity for c in read_decklist(path.read_bytes(), catalogue).cards)
        theirs = Counter(c.identity for c in read_decklist(twin.read_bytes(), catalogue).cards)
        compared += 1
        if ours != theirs:
            differing[path.name] = (sorted((ours - theirs).elements()), sorted((theirs - ours).elements()))
    assert compared == 19
    assert differing == {
        "Sample_Greyhawk Clerics and Heros.dek": ([("Champion", "rarysapprentice")],
                                                  [("Artifact", "johydeesmask")]),
        "Sample_Undead Greyhawk Spellcasters.dek": ([], [("Holding", "ancientarmsofgreyhawk")]),
    }


def test_heroes_dek_wrong_ids_and_names_resolve_by_set_and_name(catalogue: Catalogue) -> None:
    deck = read_decklist(HEROES.read_bytes(), catalogue, filename=HEROES.name)
    found = {c.name: c.key for c in deck.cards}
    assert found["The Ogre"] == "DU/37"  # file says Dungeons/038 (DU/38 is Fire Dragon)
    assert found["Vital Blow"] == "DU/77"  # file says 078
    assert found["The Labyrinth Map of Shuuc"] == "1st/410"  # "Labyrinth Map of Shucc, The"
    assert found["Curse of Azure Bonds"] == "FR/4"  # "Curse of the Azure Bonds"


def test_meta_title_and_author(catalogue: Catalogue) -> None:
    deck = read_decklist((LACKEY / "Clerics.dek").read_bytes(), catalogue)
    assert (deck.title, deck.author, deck.notes) == ("Heroes", "Andy", "")
    assert deck.cards[-1].key == "DU/16"  # from the Dungeon superzone
    assert deck.cards[-1].card_type == "Dungeon"


# ----------------------------------------------------------------- reader details
def test_raw_ampersand_is_repaired_and_entities_are_kept(catalogue: Catalogue) -> None:
    text = dek("\n".join([
        card("Conjure Earth Elemental", "Runes&Ruins", "049"),
        card("Conjure Earth Elemental", "Runes&amp;Ruins", "049"),
        card("Wyrm&apos;s Decree", "Dracnomicon", "019"),
        card("Wyrm&#39;s Decree", "Dracnomicon", "019"),
    ]), meta="<title>Rock & Roll</title><author>A&amp;B</author><note>n</note>")
    deck = read_decklist(text, catalogue, filename="x.dek")
    assert deck.source_format == "dek"
    assert keys(deck.cards) == ["RR/49", "RR/49", "DR/19", "DR/19"]
    assert (deck.title, deck.author, deck.notes) == ("Rock & Roll", "A&B", "n")


def test_set_labels_map_to_crossfire_codes(catalogue: Catalogue) -> None:
    labels = {
        "1st-Ed": "1st", "2nd-Ed": "2nd", "3rd-Ed": "3rd", "4th-Ed": "4th", "Promo": "PR",
        "Ravenloft": "RL", "Dragonlance": "DL", "Forgotten": "FR", "Forgotten Realms": "FR",
        "ForgottenRealms": "FR", "Artifacts": "AR", "Powers": "PO", "Underdark": "UD",
        "Runes&amp;Ruins": "RR", "Birthright": "BR", "Dracnomicon": "DR", "Draconomicon": "DR",
        "Nightstalkers": "NS", "Dungeons": "DU", "Chaos": "CH", "Conquest": "CQ",
        "Inquisition": "IQ", "Millenium": "MI", "Millennium": "MI",
    }
    for label, code in labels.items():
        wanted = catalogue.get(f"{code}/1")
        deck = read_decklist(dek(card(wanted.name, label, "999")), catalogue)
        assert deck.cards[0].set_code == code, label


def test_misspelt_names_resolve_within_the_set(catalogue: Catalogue) -> None:
    text = dek("\n".join([
        card("Saphire the Blue Dragon", "Dracnomicon", "000"),  # id useless: fuzzy name in set
        card("Ressurection", "Forgotten", "034"),
        card("Great Kingdom", "1st-Ed", "123"),
        card("Labyrinth Map of Shucc, The", "1st-Ed", "410"),
        card("Sure Thing, A", "Nightstalkers", "074"),
    ]))
    assert keys(read_decklist(text, catalogue).cards) == ["DR/115", "FR/34", "1st/123", "1st/410", "NS/74"]


def test_a_wrong_id_loses_to_the_name(catalogue: Catalogue) -> None:
    text = dek(card("Ogre, The", "Dungeons", "038"))
    assert keys(read_decklist(text, catalogue).cards) == ["DU/37"]


def test_the_id_decides_when_the_name_is_only_close(catalogue: Catalogue) -> None:
    # "Ruins of Lololia" (sic) is DU/32 The Ruins of Iolonia.
    deck = read_decklist(dek(card("Ruins of Lololia, The", "Dungeons", "032")), catalogue)
    assert keys(deck.cards) == ["DU/32"]


def test_an_unknown_set_falls_back_to_the_name_alone(catalogue: Catalogue) -> None:
    deck = read_decklist(dek(card("War Party", "Some Fan Set", "7")), catalogue)
    assert keys(deck.cards) == ["3rd/54"]


def test_unresolved_cards_are_all_listed_with_suggestions(catalogue: Catalogue) -> None:
    text = dek("\n".join([
        card("War Party", "3rd-Ed", "054"),
        card("War Prty Of Doom", "3rd-Ed", "999"),
        card("Elminstr teh Mage", "Nowhere", "1"),
    ]))
    with pytest.raises(DecklistError) as caught:
        read_decklist(text, catalogue)
    error = caught.value
    assert error.code == "unknown_cards"
    unknown = error.params["unknown"]
    assert [item["line"] for item in unknown] == [6, 7]
    assert unknown[0]["text"] == "War Prty Of Doom (3rd-Ed #999)"
    assert "War Party" in unknown[0]["suggestions"]
    assert "Elminster the Mage" in unknown[1]["suggestions"]
    assert str(error).startswith("2 card lines could not be matched to a card:")
    assert "did you mean: " in str(error)


def test_other_superzones_are_ignored(catalogue: Catalogue) -> None:
    zones = ('<superzone name="Sideboard">' + card("War Party", "3rd-Ed", "054") + "</superzone>\n"
             '<superzone name="Dungeon">' + card("Purveyor of Events", "Dungeons", "016") + "</superzone>\n")
    deck = read_decklist(dek(card("Elminster the Mage", "1st-Ed", "044"), zones=zones), catalogue)
    assert keys(deck.cards) == ["1st/44", "DU/16"]


def test_dek_is_detected_by_content_with_bytes_and_latin1(catalogue: Catalogue) -> None:
    data = dek(card("Scarab\u00e9es de Shaqat", "Nowhere", "1")).encode("latin-1")
    deck = read_decklist(data, catalogue, filename="deck.txt")
    assert deck.source_format == "dek"
    assert keys(deck.cards) == ["FRN/329"]


@pytest.mark.parametrize(
    "text",
    [
        "<deck><superzone name='Deck'><card><name>War Party</name></card>",  # truncated
        "<deck><superzone name='Deck'>&bogus;</superzone></deck>",  # undefined entity
        "<deck><superzone name='Deck'><card></superzone></deck>",  # mismatched tag
        "<?xml version='1.0'?><deck><superzone></deck>",
        '<?xml version="1.0"?><cards><card>War Party</card></cards>',  # XML, not a deck
        "<?xml version='1.0'?>\x01\x02<<<>>>",
    ],
)
def test_garbage_xml_is_unreadable(catalogue: Catalogue, text: str) -> None:
    with pytest.raises(DecklistError) as caught:
        read_decklist(text, catalogue)
    assert caught.value.code == "unreadable"


def test_entity_declarations_are_refused(catalogue: Catalogue) -> None:
    bomb = (
        '<?xml version="1.0"?>\n<!DOCTYPE deck [<!ENTITY a "aaaaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'
        "<deck><superzone name='Deck'><card><name id='1'>&b;</name><set>x</set></card></superzone></deck>"
    )
    with pytest.raises(DecklistError) as caught:
        read_decklist(bomb, catalogue)
    assert caught.value.code == "unreadable"


def test_a_deck_zone_without_cards_is_empty(catalogue: Catalogue) -> None:
    with pytest.raises(DecklistError) as caught:
        read_decklist(dek(""), catalogue)
    assert caught.value.code == "empty"


def test_too_many_cards_and_too_many_bytes(catalogue: Catalogue) -> None:
    with pytest.raises(DecklistError) as caught:
        read_decklist(dek(card("War Party", "3rd-Ed", "054") * (MAX_CARD_LINES + 1)), catalogue)
    assert caught.value.code == "too_large"
    big = dek(card("War Party", "3rd-Ed", "054")).replace("<game>", "<game>" + "x" * MAX_BYTES)
    with pytest.raises(DecklistError) as caught:
        read_decklist(big, catalogue)
    assert caught.value.code == "too_large"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=80), st.text(max_size=20), st.text(max_size=6))
def test_random_card_fields_raise_nothing_but_decklist_error(
    catalogue: Catalogue, name: str, set_label: str, number: str
) -> None:
    text = dek(card(name, set_label, number))
    try:
        deck = read_decklist(text, catalogue)
    except DecklistError as error:
        assert error.code in {"empty", "unreadable", "unknown_cards", "too_large"}
    else:
        assert len(deck.cards) == 1


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=200))
def test_random_bytes_after_a_deck_header_raise_nothing_but_decklist_error(
    catalogue: Catalogue, tail: bytes
) -> None:
    try:
        read_decklist(b'<deck version="0.8"><superzone name="Deck">' + tail, catalogue)
    except DecklistError:
        pass


def test_a_doctype_with_entities_before_the_deck_is_refused(catalogue: Catalogue) -> None:
    text = ('<!DOCTYPE deck [<!ENTITY wp "War Party">]>\n<deck><superzone name="Deck">'
            '<card><name id="054">&wp;</name><set>3rd-Ed</set></card></superzone></deck>')
    with pytest.raises(DecklistError) as caught:
        read_decklist(text, catalogue)
    assert caught.value.code == "unreadable"


def test_comments_and_doctype_before_the_root_are_fine(catalogue: Catalogue) -> None:
    text = ('\n<!-- saved by LackeyCCG -->\n<!DOCTYPE deck SYSTEM "http://www.lackeyccg.com/deck.dtd">\n'
            '<deck version="0.8"><superzone name="Deck">\n'
            '<card><name id="054">War Party</name><set>3rd-Ed</set></card>\n'
            '<card><name id="054">War Pary</name><set>3rd-Ed</set></card>\n'
            '<card><name id="1">Zzzzqqq</name><set>3rd-Ed</set></card>\n'
            '</superzone></deck>')
    with pytest.raises(DecklistError) as caught:
        read_decklist(text, catalogue)
    assert [item["line"] for item in caught.value.params["unknown"]] == [7]
    deck = read_decklist(text.replace("Zzzzqqq", "Elminster the Mage"), catalogue)
    assert keys(deck.cards) == ["3rd/54", "3rd/54", "3rd/44"]


def test_catalogue_find_name_is_a_quiet_name_lookup(catalogue: Catalogue) -> None:
    assert catalogue.find_name("war-party").key == "3rd/54"
    assert catalogue.find_name("3rd/54") is None
    assert catalogue.find_name("War Prty") is None
