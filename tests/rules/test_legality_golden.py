"""check_deck's verdicts over real and crafted decks are pinned by one hash.

A regression guard for refactoring :mod:`rules.legality`: every sample deck under
../shared/cards/decks (CrossFire .cfd and LackeyCCG .dek), a few seeded random decks
and decks crafted to trip the card-pair and "Limit N per deck" rules are checked
against every built-in format, a few CrossFire .cff formats (group, chase, banned and
restricted rows) and two organiser-amended formats (with and without provenance, so
citations of ``amended_by`` are covered).  The hash covers each full
``Verdict.to_dict()``: legality, counts, every violation's code, params, cards, rule
and message, and their order.  Together the inputs trip every violation and warning
code.  If a deliberate change of a message or citation moves the hash, recompute it
with :func:`golden_hash` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter

from rules.card_pairs import CARD_PAIRS
from rules.cards import Card, Catalogue, default_cards_dir, identity_name
from rules.decklists import Decklist, read_decklist
from rules.formats import BUILTIN_FORMATS, DeckFormat, amend_format, read_cff
from rules.legality import check_deck

CFF_FORMATS = (
    "55 Card/55.cff",
    "55 Card/551ES.cff",
    "55 Card/55OT.cff",
    "55 Card/55T.cff",
    "55 Card/55UV.cff",
    "55 Card/World War/55WWBR.cff",
    "75 Card/75BV.cff",
    "110 Card/110OSDL.cff",
    "Misc/35.cff",
)

# Changed by issue 22 (was 86e1a1be...): the sample decks' side cards are reported (side_cards_left_out), the
# Brazilian community cards are in the catalogue (community_card outside 55-br) and 55-br holds "No limit per
# deck." cards to two copies.
# Changed by issue 23 (was e03c1d3a...): the limited built-in formats 30-sealed, 30-draft and 40-pool join the
# formats checked; without them the hash is still e03c1d3a... (no verdict of the other formats moved).
# Changed again by issue 23 (was 78b0017a...): the off-the-top built-in format joins them (the 55-card table under its
# own id); without it the hash is still 78b0017a... (no verdict of the other formats moved).
GOLDEN = "8510c9e06fcba10c2e0b9aea9def479b42cd2d30026602db85feb8e9fabf7813"


def _decks(catalogue: Catalogue) -> dict[str, Decklist]:
    root = default_cards_dir()
    decks: dict[str, Decklist] = {}
    for path in sorted((root / "decks").rglob("*")):
        if path.suffix in (".cfd", ".dek"):
            decks[str(path.relative_to(root))] = read_decklist(path.read_bytes(), catalogue, filename=path.name)
    cards = list(catalogue)
    for seed in range(8):
        rng = random.Random(seed)
        picked = rng.sample(cards, rng.choice([20, 55, 75, 110]))
        picked += rng.sample(picked, rng.randint(0, 6))
        decks[f"random-{seed}"] = Decklist(cards=tuple(picked))
    by_identity: dict[tuple[str, str], Card] = {}
    for card in cards:
        by_identity.setdefault((card.card_type, identity_name(card.name)), card)
    base = list(decks["decks/crossfire/110 Card/Standard/ Sample_Battle Mages.cfd"].cards)
    for number, pair in enumerate(CARD_PAIRS):
        identities = ((card_type, identity_name(name)) for card_type, name in pair.first + pair.second)
        decks[f"pair-{number}"] = Decklist(cards=tuple(base + [by_identity[i] for i in identities if i in by_identity]))
    stated = [card for card in cards if card.stated_copy_limit is not None][:6]
    for number, card in enumerate(stated):
        assert card.stated_copy_limit is not None
        decks[f"stated-{number}"] = Decklist(cards=tuple(base + [card] * (card.stated_copy_limit + 1)))
    return decks


def _formats(catalogue: Catalogue) -> dict[str, DeckFormat]:
    root = default_cards_dir() / "formats" / "crossfire"
    formats = dict(BUILTIN_FORMATS)
    for name in CFF_FORMATS:
        formats[name] = read_cff((root / name).read_bytes(), catalogue, filename=name)
    limited = next(card for card in catalogue if card.stated_copy_limit is not None)
    formats["amended"] = amend_format(BUILTIN_FORMATS["55"], {
        "total": 60, "min_total": 50,
        "champion_type_limits": {"Cleric": {"minimum": 2, "maximum": 3, "max_copies": 1}},
        "chase_limit": [1, 2], "group_limits": {"rarity": {"VR": {"minimum": 1, "maximum": 2}}},
        "ban": ["3rd/54"], "restrict": {limited.key: 1, "1st/140": 1},
        "sets": ["1st", "2nd", "3rd", "4th", "DU"],
    }, catalogue, provenance="format version 3: golden")
    formats["amended-plain"] = amend_format(BUILTIN_FORMATS["75"], {
        "champion_type_limits": {"Hero": {"minimum": 5, "maximum": None, "max_copies": None}},
        "chase_limit": [3, 5], "max_copies": 2, "restrict": {"1st/140": 1},
    }, catalogue)
    return formats


def golden_hash(catalogue: Catalogue) -> tuple[str, Counter[str]]:
    """SHA-256 over every (format, deck, verdict) and the count of each code found."""
    digest = hashlib.sha256()
    found: Counter[str] = Counter()
    decks = _decks(catalogue)
    for format_id, fmt in _formats(catalogue).items():
        for deck_id, decklist in decks.items():
            verdict = check_deck(decklist, fmt).to_dict()
            found.update(item["code"] for item in verdict["violations"] + verdict["warnings"])
            digest.update(json.dumps([format_id, deck_id, verdict], sort_keys=True).encode())
    return digest.hexdigest(), found


def test_verdicts_over_sample_and_crafted_decks_are_unchanged(catalogue: Catalogue) -> None:
    digest, found = golden_hash(catalogue)
    assert set(found) == {
        "deck_size", "type_minimum", "type_maximum", "champion_type_minimum", "champion_type_maximum",
        "level_cap", "too_many_dungeon_cards", "chase_minimum", "chase_maximum", "group_minimum",
        "group_maximum", "banned_card", "stated_limit", "duplicate_card", "forbidden_pair", "discouraged_pair",
        "community_card", "side_cards_left_out",
    }
    assert digest == GOLDEN
