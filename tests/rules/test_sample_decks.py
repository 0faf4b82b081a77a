"""Every CrossFire sample deck reads and gets a pinned verdict against its folder's format.

The 46 ``.cfd`` files under ../shared/cards/decks/crossfire/ are checked against the
built-in format of their folder's size ("55 Card" -> "55", etc.), whatever CrossFire
variant they were built for.  Each entry pins (legal, cards counted, champion levels
counted, {violation code: cards named}).  Why the illegal ones are illegal, checked
against spellfire-tournament-rules-2.0.txt:

* 1st Edition Starter decks (CrossFire format 551ES, two copies of everything allowed)
  are the shrink-wrapped 1st-edition boxes: they hold duplicate cards (one copy only,
  "No individual card can appear more than once in a deck"), several hold more than
  6 holdings (55-Card Deck (Standard): Holdings 0-6).  Fortifications 1st/37 and 1st/38
  share icon and name, so they are the same card.  Only E-1 is legal.
* 55 Card/Anti-Speed: none illegal.  "Siege" (1st/203) and "Siege!" (4th/123) are
  different cards (the "!" is part of the name; 1st edition printed both), so Greyhawk
  Clerics and Heros and Monsters and Ferrix are legal.
* 55 Card/Standard/Sample_Undead Greyhawk Spellcasters.cfd holds only 22 cards (21 +
  a dungeon card): deck_size and the 8-realm minimum.
* Every 75-card deck built to CrossFire's 125-level cap breaks the text's 115-level cap
  (75-Card Deck: "may not total to more than 115 levels"), free avatar excluded:
  Clerics, Greyhawk Spellcasters Battle, Instant Win Battle, Monsters & Ferrix, Undead
  Wizards & Regents, Anti Recycle Thieves, Psionicist Speed (125), Cleric Taxation and
  Hero Regent Battle Taxation (124), Lucky Draw Spellcasters (121).
* The two 110-card decks are legal at exactly 180 levels with two free avatars.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.cards import Catalogue, default_cards_dir
from rules.decklists import read_decklist
from rules.formats import get_format
from rules.legality import check_deck

SAMPLES = default_cards_dir() / "decks" / "crossfire"

EXPECTED: dict[str, tuple[bool, int, int, dict[str, frozenset[str]]]] = {
    '110 Card/Standard/ Sample_Battle Mages.cfd': (True, 110, 180, {}),
    '110 Card/Standard/Sample_AD&D Dragon Flyers.cfd': (True, 110, 180, {}),
    '55 Card/1st Edition Starter/Sample_1st Edition Starter Deck A-1.cfd': (
        False, 55, 20,
        {
            'duplicate_card': frozenset({
                '1st/140 Burneal Forest',
                '1st/193 Skeleton',
                '1st/241 Yaramuke',
                '1st/242 Lost Oasis',
                '1st/264 Herminard',
                '1st/331 Fireball',
                '1st/365 Holy Word',
                '1st/375 Hold Undead',
            }),
        },
    ),
    '55 Card/1st Edition Starter/Sample_1st Edition Starter Deck A-2.cfd': (
        False, 55, 45,
        {
            'duplicate_card': frozenset({
                '1st/139 Duchy of Tenh',
                '1st/188 Young Gold Dragon',
                "1st/243 Grak's Pool",
                '1st/328 Marauder',
                '1st/363 Wall of Thorns',
                '1st/374 Blink',
                '1st/65 Pteranadon',
                '1st/74 Allisa of the Mist',
                '1st/78 Joliet the Rash',
            }),
        },
    ),
    '55 Card/1st Edition Starter/Sample_1st Edition Starter Deck B-1.cfd': (
        False, 55, 69,
        {
            'duplicate_card': frozenset({
                '1st/134 Bissel',
                '1st/250 Temple',
                '1st/316 Shield of Wickedness',
            }),
        },
    ),
    '55 Card/1st Edition Starter/Sample_1st Edition Starter Deck B-2.cfd': (
        False, 55, 48,
        {
            'duplicate_card': frozenset({
                '1st/315 Shield of Devastation',
            }),
        },
    ),
    '55 Card/1st Edition Starter/Sample_1st Edition Starter Deck C-1.cfd': (
        False, 55, 62,
        {
            'type_maximum': frozenset({
                '1st/142 Arms of the Horned Society',
                '1st/149 Fortification',
                '1st/235 Kalidnay',
                '1st/246 Black Waters',
                '1st/247 Fort Melidor',
                '1st/34 Hillsfar',
                '1st/35 Suzail',
                '1st/37 Fortifications',
                '1st/38 Fortifications',
                '1st/39 Selune',
                '1st/40 Peasant Militia',
            }),
            'duplicate_card': frozenset({
                '1st/102 Banner of the One-Eyed God',
                '1st/161 Rary the Traitor',
                '1st/254 War Band',
                '1st/37 Fortifications',
                '1st/38 Fortifications',
                '1st/57 The Jotunslayers',
            }),
        },
    ),
    '55 Card/1st Edition Starter/Sample_1st Edition Starter Deck C-2.cfd': (
        False, 55, 32,
        {
            'type_maximum': frozenset({
                '1st/244 Silver Spring',
                '1st/245 Bitter Well',
                '1st/31 Berdusk',
                '1st/32 Tantras',
                '1st/33 Mulmaster',
                '1st/36 Arabel',
            }),
            'duplicate_card': frozenset({
                '1st/138 County of Sunndi',
                '1st/184 Trystan',
                '1st/244 Silver Spring',
                '1st/245 Bitter Well',
                '1st/260 Sadira',
                '1st/321 Elemental Cleric',
                '1st/360 Protection',
            }),
        },
    ),
    '55 Card/1st Edition Starter/Sample_1st Edition Starter Deck D-1.cfd': (
        False, 55, 56,
        {
            'type_maximum': frozenset({
                '1st/142 Arms of the Horned Society',
                '1st/209 Arms of Veluna',
                '1st/232 Salt Veiw',
                '1st/241 Yaramuke',
                '1st/34 Hillsfar',
                '1st/35 Suzail',
                '1st/37 Fortifications',
                '1st/38 Fortifications',
                '1st/39 Selune',
                '1st/40 Peasant Militia',
            }),
            'duplicate_card': frozenset({
                '1st/209 Arms of Veluna',
                '1st/272 Stug',
                '1st/336 Wall of Iron',
                '1st/37 Fortifications',
                '1st/38 Fortifications',
            }),
        },
    ),
    '55 Card/1st Edition Starter/Sample_1st Edition Starter Deck D-2.cfd': (
        False, 55, 37,
        {
            'type_maximum': frozenset({
                '1st/141 Castle Hart',
                '1st/216 Arms of the Shield Lands',
                '1st/242 Lost Oasis',
                '1st/248 Dungeon of Gulg',
                '1st/250 Temple',
                '1st/31 Berdusk',
                '1st/32 Tantras',
                '1st/33 Mulmaster',
                '1st/36 Arabel',
            }),
            'duplicate_card': frozenset({
                '1st/211 Flight',
                '1st/216 Arms of the Shield Lands',
                '1st/278 Sky Singers',
                '1st/388 Passwall',
            }),
        },
    ),
    '55 Card/1st Edition Starter/Sample_1st Edition Starter Deck E-1.cfd': (True, 55, 44, {}),
    '55 Card/1st Edition Starter/Sample_1st Edition Starter Deck E-2.cfd': (
        False, 55, 36,
        {
            'type_maximum': frozenset({
                '1st/141 Castle Hart',
                '1st/229 North Ledopolus',
                '1st/232 Salt Veiw',
                '1st/241 Yaramuke',
                '1st/242 Lost Oasis',
                '1st/244 Silver Spring',
                '1st/245 Bitter Well',
            }),
        },
    ),
    '55 Card/1st Edition Starter/Sample_1st Edition Starter Deck F-1.cfd': (
        False, 55, 50,
        {
            'type_maximum': frozenset({
                '1st/231 Altaruk',
                '1st/232 Salt Veiw',
                '1st/235 Kalidnay',
                '1st/238 Waverly',
                '1st/239 Bodach',
                '1st/246 Black Waters',
                '1st/247 Fort Melidor',
                '1st/249 Ziggurat',
            }),
            'duplicate_card': frozenset({
                '1st/120 Nyrond',
                '1st/2 Menzoberranzan',
                '1st/8 Thay',
            }),
        },
    ),
    '55 Card/1st Edition Starter/Sample_1st Edition Starter Deck F-2.cfd': (
        False, 55, 51,
        {
            'duplicate_card': frozenset({
                '1st/19 Impiltur',
            }),
        },
    ),
    '55 Card/Anti-Speed/Sample_Battle Heros.cfd': (True, 55, 90, {}),
    '55 Card/Anti-Speed/Sample_Battle Mages.cfd': (True, 55, 90, {}),
    '55 Card/Anti-Speed/Sample_Greyhawk Clerics and Heros.cfd': (True, 55, 90, {}),
    '55 Card/Anti-Speed/Sample_Instant Win Champs and AD&D Dragons.cfd': (True, 55, 90, {}),
    '55 Card/Anti-Speed/Sample_Monster Realm Destroyers.cfd': (True, 55, 90, {}),
    '55 Card/Anti-Speed/Sample_Monsters and Ferrix.cfd': (True, 55, 84, {}),
    '55 Card/Anti-Speed/Sample_Realm Destroyer.cfd': (True, 55, 90, {}),
    '55 Card/Anti-Speed/Sample_Spell-Recyclers Anti-Events.cfd': (True, 55, 90, {}),
    '55 Card/Anti-Speed/Sample_Tough Champs Blood Battle.cfd': (True, 55, 88, {}),
    '55 Card/Standard/Sample_Cleric Battle Taxation.cfd': (True, 55, 90, {}),
    '55 Card/Standard/Sample_Dragon Spellcasters.cfd': (True, 55, 90, {}),
    '55 Card/Standard/Sample_Dragonlance Diversity.cfd': (True, 55, 90, {}),
    '55 Card/Standard/Sample_Forgotten Realms Hero Battle.cfd': (True, 55, 90, {}),
    '55 Card/Standard/Sample_Hero Regent Battle Taxation.cfd': (True, 55, 89, {}),
    '55 Card/Standard/Sample_Psionicist.cfd': (True, 55, 90, {}),
    '55 Card/Standard/Sample_Spell-Recyclers.cfd': (True, 55, 89, {}),
    '55 Card/Standard/Sample_Thieves.cfd': (True, 55, 89, {}),
    '55 Card/Standard/Sample_Undead Greyhawk Spellcasters.cfd': (
        False, 21, 41,
        {
            'deck_size': frozenset({
            }),
            'type_minimum': frozenset({
                '4th/71 Haven of the Undead',
            }),
        },
    ),
    '55 Card/Standard/Sample_gencon.cfd': (True, 55, 73, {}),
    '55 Card/TAV/Sample_Spell-Recyclers.cfd': (True, 55, 90, {}),
    '75 Card/Anti-Speed/Sample_Clerics.cfd': (
        False, 75, 125,
        {
            'level_cap': frozenset({
                '1st/422 Gatekeeper',
                '1st/438 Starshine',
                '1st/450 Delsenora',
                '1st/456 Halcyon',
                '3rd/268 Bagual',
                '3rd/63 Karlott the Shaman',
                '3rd/69 Cleric of Torm',
                '4th/280 Amarill',
                '4th/282 Adon',
                '4th/283 Sysania',
                'AR/81 Erital Kaan-Ipzirel',
                'DR/112 Charm, the Crystal Dragon',
                'DR/30 Tamarand, Great Gold Wyrm',
                'DU/45 Tyvorg the Frost Giant',
                'IQ/18 Orcish Shaman',
                'IQ/25 Jerome Kazinskaia',
                'IQ/28 Sarana',
                'IQ/29 Kiri Allavesse',
                'IQ/30 Vargas',
                'RR/116 Gib Kcir',
                'UD/95 Baldar Dwellardon',
            }),
        },
    ),
    '75 Card/Anti-Speed/Sample_Dwarves Of Event Immunity.cfd': (True, 75, 88, {}),
    '75 Card/Anti-Speed/Sample_Greyhawk Spellcasters Battle.cfd': (
        False, 75, 125,
        {
            'level_cap': frozenset({
                '3rd/167 Iuz the Evil',
                '3rd/60 Tergoz Tenhammer',
                '4th/257 Hettman Tsurin',
                '4th/258 Tyrinon',
                '4th/283 Sysania',
                'AR/76 Drawmij',
                'AR/81 Erital Kaan-Ipzirel',
                'CQ/44 Romeis Gianthammer',
                'CQ/54 Gib Remuab, the Chase Hunter',
                'DR/37 Greyhawk Dragon',
                'DU/117 The Builder',
                'DU/45 Tyvorg the Frost Giant',
                'IQ/25 Jerome Kazinskaia',
                'IQ/28 Sarana',
                'IQ/29 Kiri Allavesse',
                'IQ/32 Gib Ergo',
                'IQ/40 Treemon Crosse',
                'RR/36 Grimslade the Gray',
                'UD/93 Ellorelloran',
            }),
        },
    ),
    '75 Card/Anti-Speed/Sample_Instant Win Battle.cfd': (
        False, 75, 125,
        {
            'level_cap': frozenset({
                '1st/422 Gatekeeper',
                '1st/425 The Undead Htimsen',
                '1st/443 Gloriana',
                '1st/457 Stryck',
                '1st/462 Lovely Colleen',
                'BR/114 Rhuobhe Manslayer',
                'BR/94 The Wizard',
                'CH/5 Gib Cram',
                'CQ/46 Gib Occav',
                'DL/39 Tasslehoff Burrfoot',
                'DR/28 Pelath the Bronze Dragon',
                'NS/32 Jacqueline Renier',
                'PO/10 Yorgia Sandow',
                'PO/17 Bilago Lumen',
                'PO/58 Living Wall',
                'PO/60 Earth Elemental',
                'PO/9 Davron Parscall',
                'RL/88 Headless Horseman',
                'RL/94 Hags of Tepest',
                'RR/116 Gib Kcir',
                'UD/82 Corpse Dragon',
                'UD/98 Aquilla',
            }),
        },
    ),
    '75 Card/Anti-Speed/Sample_Low-Level-Killer Limit Defender.cfd': (True, 75, 106, {}),
    '75 Card/Anti-Speed/Sample_Monsters & Ferrix.cfd': (
        False, 75, 125,
        {
            'level_cap': frozenset({
                '1st/421 Gelatinous Cube',
                '1st/453 Gib Htimsen',
                '1st/457 Stryck',
                'BR/64 The Gorgon',
                'BR/65 The Spider',
                'BR/67 The Lamia',
                'BR/68 The Siren',
                'CQ/51 Krijeydif',
                "DR/101 T'chaar, Dragon of Flame",
                'DR/107 Lernaean Hydra',
                'DR/36 Shadow Dragon',
                'NS/118 Gib Lhadsemlo',
                'NS/65 Werebear',
                'PO/58 Living Wall',
                'RR/40 Jarl the Frost Giant',
                'UD/115 The Demi-Lich Zyenj',
                'UD/83 Earth Weird',
            }),
        },
    ),
    '75 Card/Anti-Speed/Sample_Undead Wizards & Regents.cfd': (
        False, 75, 125,
        {
            'level_cap': frozenset({
                '4th/345 The Magian',
                '4th/357 Bride of Malice',
                'AR/76 Drawmij',
                'BR/114 Rhuobhe Manslayer',
                'BR/68 The Siren',
                'CH/16 Tummbutt, the Faerie Dragon',
                'DR/28 Pelath the Bronze Dragon',
                'DU/114 Necba the Wrathmaker',
                'IQ/40 Treemon Crosse',
                'NS/116 Varney the Vampire',
                'NS/119 Gib Hcivonad',
                'NS/35 Turin Deathstalker',
                'NS/40 El-Hadid',
                'NS/69 Winslow the Lich',
                'NS/71 The Vampire',
                'RR/28 Bigby the Great',
                'UD/93 Ellorelloran',
            }),
        },
    ),
    '75 Card/Standard/Sample_Anti Recycle Thieves.cfd': (
        False, 75, 125,
        {
            'level_cap': frozenset({
                '1st/422 Gatekeeper',
                '3rd/172 Hettman Tsurin',
                'CH/5 Gib Cram',
                'CQ/48 Gib Igoy',
                'CQ/57 Son of Tasslehoff',
                'CQ/59 Gib Sinned',
                'DU/108 Aliki',
                'DU/114 Necba the Wrathmaker',
                'DU/124 Elyk the Bard',
                'DU/40 Skulker',
                'IQ/40 Treemon Crosse',
                'MI/74 Louie the Pit Boss',
                'MI/75 Gib Nedyah',
                'NS/28 The Guildmaster',
                'NS/31 Storm Silverhand',
                'NS/32 Jacqueline Renier',
                'NS/33 Ratik Ubel',
                'NS/34 Julio, Master Thief of Haslic',
                'NS/35 Turin Deathstalker',
                'NS/36 Simpkin "The Weasel" Furzear',
                'PO/23 Lyr of the Mists',
                'RR/116 Gib Kcir',
            }),
        },
    ),
    '75 Card/Standard/Sample_Cleric Taxation.cfd': (
        False, 75, 124,
        {
            'level_cap': frozenset({
                '1st/422 Gatekeeper',
                '1st/450 Delsenora',
                '3rd/50 Marco Volo',
                '4th/268 Borys the Dragon',
                '4th/283 Sysania',
                '4th/284 Nenioc',
                '4th/294 Livekor',
                '4th/354 Ting Ling',
                '4th/508 Ethereal Champion',
                'BR/71 Cerilian Dragon',
                'DL/30 Dargent, Silver Dragon',
                'DL/35 Pyrite, the Ancient Gold Dragon',
                'DR/109 Dragon Cultist',
                'DR/112 Charm, the Crystal Dragon',
                'DR/116 Glimmer the Brass Dragon',
                'DR/29 Maldraedior, Great Blue Wyrm',
                'DR/30 Tamarand, Great Gold Wyrm',
                'IQ/14 Mij Reltub, the Spellfire Oracle',
                'RR/116 Gib Kcir',
            }),
        },
    ),
    '75 Card/Standard/Sample_Hero Regent Battle Taxation.cfd': (
        False, 75, 124,
        {
            'level_cap': frozenset({
                '1st/462 Lovely Colleen',
                '3rd/266 Azhul the Hasty',
                '3rd/301 Tithian',
                '3rd/52 Gnomes of Samek',
                '3rd/78 Joliet the Rash',
                '4th/255 Helm',
                '4th/257 Hettman Tsurin',
                'BR/114 Rhuobhe Manslayer',
                'CH/5 Gib Cram',
                'CH/6 Gib Thiaf',
                'CH/7 Pirate',
                'CQ/45 Dungeon Master',
                'DL/39 Tasslehoff Burrfoot',
                'DR/104 Morcanth Dragontamer',
                'DR/32 Flashburn',
                'DU/114 Necba the Wrathmaker',
                'IQ/14 Mij Reltub, the Spellfire Oracle',
                'IQ/21 Luccia',
                'IQ/27 Aria Kyra',
                'MI/75 Gib Nedyah',
                'NS/71 The Vampire',
            }),
        },
    ),
    '75 Card/Standard/Sample_Lucky Draw Spellcasters.cfd': (
        False, 75, 121,
        {
            'level_cap': frozenset({
                '3rd/161 Rary the Traitor',
                '3rd/50 Marco Volo',
                '4th/257 Hettman Tsurin',
                '4th/279 Kalid-na',
                '4th/339 Moraster',
                '4th/350 Rahil the Falcon',
                'AR/106 Onad the Weasel',
                'AR/76 Drawmij',
                'CH/13 Marius',
                'DL/39 Tasslehoff Burrfoot',
                'DR/28 Pelath the Bronze Dragon',
                "DU/119 Rary's Apprentice",
                'IQ/17 Saldon the White',
                'IQ/40 Treemon Crosse',
                'NS/116 Varney the Vampire',
                'NS/121 Gib Irod',
                'NS/68 Shera the Wise',
                'RL/93 Gabrielle Aderre',
                'RR/28 Bigby the Great',
                'UD/93 Ellorelloran',
            }),
        },
    ),
    '75 Card/Standard/Sample_Psionicist Speed.cfd': (
        False, 75, 125,
        {
            'level_cap': frozenset({
                '1st/422 Gatekeeper',
                '4th/329 Jella',
                '4th/330 Myalasia',
                '4th/333 Minerva',
                "4th/340 Kai'Rik'Tik",
                '4th/341 Talcon',
                '4th/342 Minervan',
                'CH/4 Murtha the Gypsy',
                'CQ/64 Mistress of Destruction',
                'CQ/65 Psionicist',
                'DR/115 Sapphire the Blue Dragon',
                'DU/121 Highmaster Illithios',
                'IQ/14 Mij Reltub, the Spellfire Oracle',
                'IQ/17 Saldon the White',
                'NS/123 Gib Aklem',
                'PO/16 Jacenelle Traen',
                'PO/17 Bilago Lumen',
                'PO/20 Seluna Darkenstar',
                'PO/21 Kerm of Tyr',
                'PO/23 Lyr of the Mists',
                'PO/25 Kelasar Redbelt',
                'PO/9 Davron Parscall',
                'RR/116 Gib Kcir',
            }),
        },
    ),
}


def test_all_46_sample_decks_are_pinned() -> None:
    found = sorted(str(path.relative_to(SAMPLES)) for path in SAMPLES.rglob("*.cfd"))
    assert len(found) == 46
    assert found == sorted(EXPECTED)
    assert "110 Card/Standard/ Sample_Battle Mages.cfd" in found


@pytest.mark.parametrize("relative", sorted(EXPECTED), ids=lambda name: name.replace(" ", "_"))
def test_sample_deck_verdict(catalogue: Catalogue, relative: str) -> None:
    path: Path = SAMPLES / relative
    decklist = read_decklist(path.read_bytes(), catalogue, filename=path.name)
    assert decklist.source_format == "cfd"
    format_id = relative.split(" ", 1)[0]
    verdict = check_deck(decklist, get_format(format_id))
    legal, total, levels, violations = EXPECTED[relative]
    named: dict[str, set[str]] = {}
    for violation in verdict.violations:
        named.setdefault(violation.code, set()).update(violation.cards)
        assert violation.rule.startswith("spellfire-tournament-rules-2.0.txt, ")
        assert violation.message
    assert verdict.legal is legal
    assert verdict.total_cards == total
    assert verdict.champion_levels == levels
    assert named == {code: set(cards) for code, cards in violations.items()}


@pytest.mark.parametrize("relative", [name for name in sorted(EXPECTED) if name.startswith("75 Card")])
def test_75_card_samples_over_115_levels_name_the_text_cap(catalogue: Catalogue, relative: str) -> None:
    path = SAMPLES / relative
    verdict = check_deck(read_decklist(path.read_bytes(), catalogue), get_format("75"))
    over = [v for v in verdict.violations if v.code == "level_cap"]
    if verdict.champion_levels > 115:
        assert len(over) == 1
        assert over[0].params["cap"] == 115
        assert "at most 115" in over[0].message
        assert over[0].rule == "spellfire-tournament-rules-2.0.txt, 75-Card Deck"
    else:
        assert over == []
