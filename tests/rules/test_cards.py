"""The card catalogue: loading, keys, aliases, chase ids, names, identity, suggestions."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.cards import (
    Card,
    Catalogue,
    UnknownCard,
    default_cards_dir,
    identity_name,
    load_default,
    normalise_name,
)
from rules.errors import RulesError


def test_default_cards_dir_is_the_shared_cards_folder_beside_the_checkout() -> None:
    expected = Path(__file__).resolve().parents[3] / "shared" / "cards"
    assert default_cards_dir() == expected
    assert (default_cards_dir() / "spellfire_cards.csv").exists()


def test_it_loads_every_printing() -> None:
    """Every printing of the catalogue loads (its speed is bench/legality.py's business, not a unit test's)."""
    catalogue = Catalogue.load()
    assert len(catalogue) == 6089 + 344  # with the Brazilian community sets
    assert len(list(catalogue)) == 6089 + 344


def test_load_default_is_cached_per_path() -> None:
    assert load_default() is load_default(default_cards_dir())


def test_loading_a_missing_directory_raises(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        Catalogue.load(tmp_path)


def test_a_card_has_the_csv_fields(catalogue: Catalogue) -> None:
    card = catalogue.get("3rd/54")
    assert card == Card(
        set_code="3rd", number=54, name="War Party", card_type="Ally", champion_type="",
        level="+4", level_value=4, world="None", is_avatar=False, multiples_allowed=True,
        rarity="C", world_id="0", is_chase=False, is_fan=False,
    )
    assert card.key == "3rd/54"
    assert card.identity == ("Ally", "warparty")
    assert not card.is_champion


def test_get_takes_only_exact_keys(catalogue: Catalogue) -> None:
    assert catalogue.get("4th/271").name == "Elminster the Mage"
    with pytest.raises(KeyError):
        catalogue.get("3rd/054")


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("3rd/54", "3rd/54"),
        ("3rd/054", "3rd/54"),
        ("54/3rd", "3rd/54"),
        ("3RD/54", "3rd/54"),
        ("3rd 54", "3rd/54"),
        ("  3rd / 054 ", "3rd/54"),
        ("4th/038", "4th/38"),
    ],
)
def test_it_resolves_keys_in_every_spelling(catalogue: Catalogue, text: str, key: str) -> None:
    assert catalogue.resolve(text).key == key


@pytest.mark.parametrize(
    ("text", "key", "name"),
    [
        ("FRc/18", "FR/118", "Bell of Might"),
        ("1stc/22", "1st/462", "Lovely Colleen"),
        ("DUc/20", "DU/120", None),
        ("13/DL Chase", "DL/113", None),
    ],
)
def test_it_resolves_chase_short_ids(catalogue: Catalogue, text: str, key: str, name: str | None) -> None:
    card = catalogue.resolve(text)
    assert card.key == key
    if name:
        assert card.name == name


def test_it_resolves_third_edition_slot_aliases(catalogue: Catalogue) -> None:
    card = catalogue.resolve("3rd/432")
    assert card.key == "1st/432"
    assert card.name.startswith("Malatra")
    assert catalogue.resolve("432/3rd").key == "1st/432"
    assert catalogue.resolve("3rd/408").key == "2nd/408"


@pytest.mark.parametrize(
    "text", ["war party", "War Party", "WAR-PARTY", "War-Party", "  war   party  ", "War Party!"]
)
def test_names_resolve_case_and_punctuation_insensitively(catalogue: Catalogue, text: str) -> None:
    assert catalogue.resolve(text).key == "3rd/54"


def test_a_name_resolves_to_the_newest_english_edition(catalogue: Catalogue) -> None:
    assert catalogue.resolve("Elminster the Mage").key == "4th/271"
    assert catalogue.resolve("Shaqat Beetles").key == "4th/234"
    # War Party is not in 4th edition: 3rd is the newest that has it.
    assert catalogue.resolve("war party").key == "3rd/54"


def test_an_exact_name_beats_one_that_differs_only_by_punctuation(catalogue: Catalogue) -> None:
    assert catalogue.resolve("Siege").name == "Siege"
    assert catalogue.resolve("Siege!").name == "Siege!"
    assert catalogue.resolve("Adventurers").number == 56


def test_accented_names_resolve_without_accents(catalogue: Catalogue) -> None:
    assert catalogue.resolve("scarabees de shaqat").key == "FRN/329"


def test_unknown_name_lists_suggestions(catalogue: Catalogue) -> None:
    with pytest.raises(UnknownCard) as caught:
        catalogue.resolve("War Prty")
    error = caught.value
    assert error.query == "War Prty"
    assert error.suggestions[0] == "War Party"
    assert 'No card matches "War Prty"' in str(error)
    assert "did you mean: War Party" in str(error)


def test_unknown_key_suggests_nearby_keys_of_the_same_set(catalogue: Catalogue) -> None:
    with pytest.raises(UnknownCard) as caught:
        catalogue.resolve("3rd/999")
    assert caught.value.suggestions
    assert all(s.startswith("3rd/") for s in caught.value.suggestions)


def test_unknown_card_without_anything_similar_says_so(catalogue: Catalogue) -> None:
    with pytest.raises(UnknownCard) as caught:
        catalogue.resolve("qqqqqqqqqq")
    assert caught.value.suggestions == []
    assert "no similar card" in str(caught.value)
    assert isinstance(caught.value, RulesError) and not isinstance(caught.value, LookupError)


@pytest.mark.parametrize("text", ["", "   ", "/", "3rd/", "xx/12", "\x07"])
def test_malformed_queries_raise_unknown_card(catalogue: Catalogue, text: str) -> None:
    with pytest.raises(UnknownCard):
        catalogue.resolve(text)


def test_champion_level_is_the_first_number_and_question_mark_is_zero(catalogue: Catalogue) -> None:
    question = next(c for c in catalogue if c.is_champion and c.level == "?")
    assert question.level_value is None
    assert question.champion_level == 0
    split = next(c for c in catalogue if c.is_champion and c.level.count("/") == 1 and c.level[0].isdigit())
    assert split.champion_level == int(split.level.split("/")[0])
    assert catalogue.get("4th/271").champion_level == 9


def test_identity_ignores_edition_but_not_type_or_name(catalogue: Catalogue) -> None:
    first, third = catalogue.get("1st/44"), catalogue.get("3rd/44")
    assert first.identity == third.identity
    assert first.key != third.key
    keys = {c.key for c in catalogue.by_identity(first)}
    assert {"NO/44", "1st/44", "2nd/44", "3rd/44", "4th/271", "IT/44", "SP/44"} <= keys
    assert catalogue.get("1st/203").identity != catalogue.get("1st/150").identity  # Siege / Siege!


def test_identity_name_keeps_exclamation_marks_only() -> None:
    assert identity_name("Mika the Wolf-Nomad") == identity_name("Mika the Wolf Nomad")
    assert identity_name("Drizzt Do' Urden") == identity_name("Drizzt Do'Urden")
    assert identity_name("Siege") != identity_name("Siege!")
    assert normalise_name("Siege") == normalise_name("Siege!")


def test_multiples_allowed_spreads_to_every_printing_of_the_card(catalogue: Catalogue) -> None:
    # 3rd/329's own text lacks "No limit per deck", but the rules text names it.
    assert catalogue.get("3rd/329").multiples_allowed
    assert catalogue.get("1st/329").multiples_allowed
    assert catalogue.get("4th/234").multiples_allowed
    assert all(c.multiples_allowed for c in catalogue.by_identity(catalogue.get("3rd/54")))
    assert not catalogue.get("4th/271").multiples_allowed
    assert sum(1 for c in catalogue if c.multiples_allowed) > 4


def test_nomad_mercenaries_carry_their_stated_limit(catalogue: Catalogue) -> None:
    assert catalogue.get("1st/256").stated_copy_limit == 3
    assert catalogue.get("3rd/54").stated_copy_limit is None


def test_avatars_are_flagged(catalogue: Catalogue) -> None:
    assert sum(1 for c in catalogue if c.is_avatar and not c.community_set) == 51  # SOURCES.md: "avatar 51"
    assert catalogue.get("4th/487").is_avatar
    assert not catalogue.get("3rd/46").is_avatar
