"""Reads about decks, with the privacy rule in one place."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Case, IntegerField, Value, When
from django.utils.text import slugify
from rules.cards import CANONICAL_SET_ORDER, Card, UnknownCard, normalise_name
from rules.deck_export import group_by_type, to_cfd, to_text
from rules.decklists import Decklist, DecklistError, read_decklist
from rules.formats import DeckFormat, limited_kind
from rules.legality import check_deck

from decks.models import CardPool, CardRecord, DeckSubmission, RegisteredDeck
from tournaments.catalogue import get_catalogue
from tournaments.models import Registration, Round, Seat, Tournament
from tournaments.roles import is_tournament_organiser


def can_view_decklist(user, registration: Registration) -> bool:
    """Who sees a decklist: its owner and the tournament's organiser (or a site admin) always;
    anyone once the organiser has published every list, for a player who played (:func:`played`), or
    the top-cut lists for a player who played in the top cut."""
    tournament = registration.tournament
    if tournament.decklists_published == Tournament.Publication.ALL and played(registration):
        return True
    if tournament.decklists_published == Tournament.Publication.TOP_CUT and registration.pk in top_cut_ids(tournament):
        return True
    return bool(user.is_authenticated and (
        registration.belongs_to(user) or is_tournament_organiser(user, tournament)
    ))


def played(registration: Registration) -> bool:
    """True for an entry that took part (``RegistrationQuerySet.entered``): not withdrawn and not on the waiting
    list (a waitlisted player never got a place, so their list is never published)."""
    return not registration.withdrawn and registration.waitlisted_at is None


def top_cut_ids(tournament: Tournament) -> set[int]:
    """Registration ids of the players seated in the first elimination round."""
    first = tournament.rounds.filter(kind=Round.Kind.ELIMINATION).order_by("number").first()
    if first is None:
        return set()
    return set(Seat.objects.filter(match__round=first).values_list("registration_id", flat=True))


def published_decklists(tournament: Tournament) -> list[Registration]:
    """Registrations whose registered deck the public may see, in registration order: the players who
    played (not withdrawn, not waitlisted: :func:`played`), or for the top cut those seated in the first
    elimination round (the same rule as ``can_view_decklist``)."""
    if tournament.decklists_published == Tournament.Publication.NONE:
        return []
    regs = tournament.registrations.entered().filter(has_legal_deck=True).select_related(
        "player", "registered_deck__submission")
    if tournament.decklists_published == Tournament.Publication.TOP_CUT:
        regs = regs.filter(pk__in=top_cut_ids(tournament))
    return list(regs)


def submissions_for(registration: Registration) -> list[DeckSubmission]:
    return list(registration.deck_submissions.all()[:20])


# --------------------------------------------------------------------------- card search
def card_search(queryset=None, *, q: str = "", card_type: str = "", champion_type: str = "", world: str = "",
                set_code: str = "", level: int | None = None, level_min: int | None = None,
                level_max: int | None = None):
    """Search the card catalogue (``CardRecord`` rows); returns an ordered queryset.

    ``q`` matches card names case-, accent- and punctuation-insensitively (every word of
    ``q`` must occur in the name: "war par", "WAR-PARTY" and "warparty" all find War Party)
    or a card key ("3rd/54", "3rd 54", "54/3rd", chase ids like "FRc/18"). Exact names
    come first, then names starting with the query, then the rest; English printings before
    the international editions, then by name, the canonical printing (4th, 3rd, 2nd, 1st,
    boosters, ...) first. The other
    filters are exact and case-insensitive (``set_code`` is the set, "3rd"); ``level``,
    ``level_min`` and ``level_max`` compare the card's level value (first number of its
    level icon: "+4" is 4, "5/7" is 5).
    """
    qs = CardRecord.objects.all() if queryset is None else queryset
    if card_type:
        qs = qs.filter(card_type__iexact=card_type.strip())
    if champion_type:
        qs = qs.filter(champion_type__iexact=champion_type.strip())
    if world:
        qs = qs.filter(world__iexact=world.strip())
    if set_code:
        qs = qs.filter(set_code__iexact=set_code.strip())
    if level is not None:
        qs = qs.filter(level_value=level)
    if level_min is not None:
        qs = qs.filter(level_value__gte=level_min)
    if level_max is not None:
        qs = qs.filter(level_value__lte=level_max)
    # English printings before the translated sets; within a name, the canonical printing first.
    qs = qs.annotate(
        language=Case(When(set_code__in=_TRANSLATED_SETS, then=Value(1)), default=Value(0),
                      output_field=IntegerField()),
        set_rank=Case(*(When(set_code=code, then=Value(i)) for i, code in enumerate(CANONICAL_SET_ORDER)),
                      default=Value(len(CANONICAL_SET_ORDER)), output_field=IntegerField()),
    )
    q = " ".join((q or "").split())
    if not q:
        return qs.order_by("language", "name", "set_rank", "number")
    exact, prefix, contains = _name_matches(qs, q)
    key = _key_match(q)
    if key:
        exact.extend(qs.filter(key=key).values_list("pk", flat=True))
    qs = qs.filter(pk__in=exact + prefix + contains).annotate(rank=Case(
        When(pk__in=exact, then=Value(0)), When(pk__in=prefix, then=Value(1)), default=Value(2),
        output_field=IntegerField()))
    return qs.order_by("rank", "language", "name", "set_rank", "number")


#: The international editions (SOURCES.md: FRN, DE, POR are translations; IT, SP English placeholders).
_TRANSLATED_SETS = ("FRN", "DE", "IT", "POR", "SP")


def _name_matches(qs, q: str) -> tuple[list[int], list[int], list[int]]:
    """Row ids whose normalised name equals, starts with or contains every word of ``q``."""
    whole = normalise_name(q)
    words = [w for w in (normalise_name(part) for part in q.split()) if w]
    if not words:
        return [], [], []
    exact, prefix, contains = [], [], []
    for pk, name in qs.values_list("pk", "name").iterator(chunk_size=2000):
        normal = normalise_name(name)
        if normal == whole:
            exact.append(pk)
        elif normal.startswith(whole):
            prefix.append(pk)
        elif whole in normal or all(word in normal for word in words):
            contains.append(pk)
    return exact, prefix, contains


def _key_match(q: str) -> str:
    """The catalogue key ``q`` names ("3rd 54", "54/3rd", "FRc/18"), or ""."""
    if len(q) > 24 or not re.fullmatch(r"[A-Za-z0-9]+\s*[/ ]\s*[A-Za-z0-9]+(?:\s+chase)?", q, re.IGNORECASE) \
            or not re.search(r"\d", q):
        return ""
    catalogue = get_catalogue()
    try:
        card = catalogue.resolve(q)
    except UnknownCard:
        return ""
    return card.key if catalogue.find_name(q) is None else ""


# --------------------------------------------------------------------------- decklist preview and export
def tournament_format(tournament: Tournament):
    """The tournament's frozen deck format as a ``rules.formats.DeckFormat`` (as ``deck_submit`` builds it)."""
    return DeckFormat.from_dict(tournament.deck_format)


def deck_preview(tournament: Tournament, data: bytes | str, filename: str = "",
                 registration: Registration | None = None):
    """Read and check a decklist against the tournament's frozen format without storing anything.

    The same reader and checker as ``decks.services.deck_submit``; in a limited event the deck is checked
    against ``registration``'s pool (:func:`pool_of`; none given: no pool check). Returns
    ``(decklist, verdict, fmt)``; raises ``rules.decklists.DecklistError`` for input that
    cannot be read (empty, unreadable, unknown cards, too large).
    """
    fmt = tournament_format(tournament)
    decklist = read_decklist(data, get_catalogue(), filename=filename)
    pool = pool_of(registration, fmt) if registration is not None else None
    return decklist, check_deck(decklist, fmt, pool=pool), fmt


def pool_of(registration: Registration, deck_format: DeckFormat) -> list[Card] | None:
    """The cards ``registration``'s deck must come from: None unless ``deck_format`` is a limited format
    (``rules.formats.limited_kind``: its id names sealed, draft or pool); then the player's dealt pool
    (``CardPool``), empty before the organiser deals. ``rules.legality.check_deck(..., pool=)`` reports a card
    beyond it as ``not_in_pool`` (spell-battle-rules.txt, 6. How to make your own deck)."""
    if not limited_kind(deck_format.id):
        return None
    keys = CardPool.objects.filter(registration=registration).values_list("cards", flat=True).first() or []
    catalogue = get_catalogue()
    return [catalogue.get(key) for key in keys if key in catalogue]


def exportable_submission(user, registration: Registration, submission_id: int | None = None):
    """The submission a viewer may download: a given one (owner and organiser only), else the
    registered deck, else (owner and organiser) the latest submission. None when there is none.
    The caller checks ``can_view_decklist`` first."""
    private_view = bool(user.is_authenticated and (
        registration.belongs_to(user) or is_tournament_organiser(user, registration.tournament)))
    if submission_id is not None:
        if not private_view:
            return None
        return registration.deck_submissions.filter(pk=submission_id).first()
    registered = RegisteredDeck.submission_of(registration)
    if registered is not None:
        return registered
    return registration.deck_submissions.first() if private_view else None


def submission_decklist(submission: DeckSubmission):
    """A stored submission as a ``rules.decklists.Decklist``: its cards (by key, in order) and the
    title, author and notes its normalised text carries."""
    catalogue = get_catalogue()
    cards = tuple(catalogue.get(key) for key in submission.cards)
    title, author, notes = submission.title, "", ""
    try:
        stored = read_decklist(submission.text, catalogue)
    except DecklistError:
        pass
    else:
        title, author, notes = stored.title or title, stored.author, stored.notes
    return Decklist(cards=cards, title=title, author=author, notes=notes, source_format=submission.source_format)


def deck_export(submission: DeckSubmission, as_: str) -> tuple[str, str, str]:
    """Render a submission for download: ``(content, content type, file name)``.

    ``as_`` is "text" (one ``2x War Party (3rd/54)`` line per card) or "cfd" (CrossFire);
    raises ValueError for anything else.
    """
    decklist = submission_decklist(submission)
    tournament = submission.registration.tournament
    stem = slugify(decklist.title)[:60] or f"deck-{submission.registration_id}"
    if as_ == "text":
        return to_text(decklist), "text/plain; charset=utf-8", f"{stem}.txt"
    if as_ == "cfd":
        size = str((tournament.deck_format or {}).get("id") or tournament.deck_format_id)
        return to_cfd(decklist, deck_size=size), "application/x-crossfire-deck; charset=utf-8", f"{stem}.cfd"
    raise ValueError(f"Export as 'text' or 'cfd', not {as_!r}.")


# --------------------------------------------------------------------------- the editor's card suggestions
@dataclass(frozen=True)
class CardGroup:
    """One card of the decklist editor's search with its printings grouped under it.

    ``card``: the printing to add (a ``rules.cards.Card``, or the ``CardRecord`` of a row the catalogue does not
    know): the printing a key in the query named, else the canonical printing (``CANONICAL_SET_ORDER``: the
    newest English edition first); ``line``: its decklist line ("1x War Party (3rd/54)"); ``also``: the other
    printings under another name, as "Elminster le Mage (FRN/44)"; ``same_name``: the sets of the other
    printings under the same name ("1st", "2nd", ...)."""

    card: Any
    line: str
    also: list[str] = field(default_factory=list)
    same_name: list[str] = field(default_factory=list)


def _set_rank(card) -> tuple[int, str, int]:
    rank = CANONICAL_SET_ORDER.index(card.set_code) if card.set_code in CANONICAL_SET_ORDER else len(
        CANONICAL_SET_ORDER)
    return rank, card.set_code, card.number


def card_search_grouped(*, q: str, card_type: str = "", limit: int = 12) -> list[CardGroup]:
    """Up to ``limit`` distinct cards matching ``q`` (``card_search``'s order: exact names first), each once: the
    printings of one card (the same identity, ``rules.cards.Card.identity``: same icon and name, a translated
    printing counting as its English card — spellfire-tournament-rules-2.0.txt, "A card is considered the same
    if it has both the same icon and the same name", before "55-Card Deck (Standard)") are grouped under it, so
    "Elminster" lists Elminster the Mage once with its French and German printings beside it. One query."""
    catalogue = get_catalogue()
    named_key = _key_match(" ".join(q.split()))
    groups: dict[tuple[str, str], CardGroup] = {}
    for record in card_search(q=q, card_type=card_type).iterator(chunk_size=200):
        printing = catalogue.get(record.key) if record.key in catalogue else None
        identity = printing.identity if printing is not None else ("record", record.key)
        if identity in groups:
            continue
        if len(groups) == limit:
            break
        if printing is None:
            groups[identity] = CardGroup(card=record, line=_line(record))
            continue
        printings = catalogue.by_identity(printing)
        main = printing if printing.key == named_key else min(printings, key=_set_rank)
        others = sorted((p for p in printings if p.key != main.key), key=_set_rank)
        groups[identity] = CardGroup(
            card=main, line=_line(main),
            also=[f"{' '.join(p.name.split())} ({p.key})" for p in others if p.name != main.name],
            same_name=[p.key for p in others if p.name == main.name])
    return list(groups.values())


def _line(card) -> str:
    return f"1x {' '.join(card.name.split())} ({card.key})"


def decklist_text(registration: Registration) -> str:
    """The player's latest decklist submission as text the readers take back (``rules.deck_export.to_text``: a
    ``# Realm (10)`` heading per card type and one ``2x War Party (3rd/54)`` line per printing), for the
    editor to open with; "" when the player has submitted none. 1 query."""
    latest = registration.deck_submissions.first()
    return to_text(submission_decklist(latest)) if latest is not None else ""


def pool_sheet(registration: Registration) -> dict[str, Any] | None:
    """The player's dealt pool for their page: ``{"kind", "seed", "sets", "count", "groups": [(card type, [(Card,
    copies)])]}`` in the deck export's type order, or None when none was dealt."""
    pool = CardPool.objects.filter(registration=registration).first()
    if pool is None:
        return None
    catalogue = get_catalogue()
    cards = [catalogue.get(key) for key in pool.cards if key in catalogue]
    return {"kind": pool.kind, "seed": pool.seed, "sets": pool.sets, "count": len(cards),
            "groups": group_by_type(cards), "cards": list(pool.cards)}


def pool_sheets(tournament: Tournament, registration: Registration | None = None) -> list[dict[str, Any]]:
    """The dealt pools of ``tournament`` (only ``registration``'s when given), registration order, as pool sheets:
    ``[{"registration", "pool" (CardPool), "count" (cards), "groups": [{"card_type", "count", "cards": [(Card,
    copies)]}]}]`` with the card types in the deck page's order (``rules.deck_export.group_by_type``). Players
    with no pool are left out. 1 query (the catalogue is in memory)."""
    pools = CardPool.objects.filter(registration__tournament=tournament).select_related(
        "registration__player").order_by("registration__pk")
    if registration is not None:
        pools = pools.filter(registration=registration)
    catalogue = get_catalogue()
    sheets = []
    for pool in pools:
        cards = [catalogue.get(key) for key in pool.cards if key in catalogue]
        groups = [{"card_type": card_type, "count": sum(copies for _, copies in entries), "cards": entries}
                  for card_type, entries in group_by_type(cards)]
        sheets.append({"registration": pool.registration, "pool": pool, "count": len(cards), "groups": groups})
    return sheets


#: The pools CSV's columns (English keys, one row per printing of a pool).
POOL_CSV_COLUMNS = ("registration", "player", "card_type", "key", "name", "copies")


def pool_csv_rows(sheets: list[dict[str, Any]]) -> list[tuple[int, str, str, str, str, int]]:
    """One row per printing of each sheet (:func:`pool_sheets`), in :data:`POOL_CSV_COLUMNS` order."""
    return [(sheet["registration"].pk, sheet["registration"].display_name, group["card_type"], card.key, card.name,
             copies)
            for sheet in sheets for group in sheet["groups"] for card, copies in group["cards"]]


def pool_document(tournament: Tournament, sheets: list[dict[str, Any]]) -> dict[str, Any]:
    """The pools as a JSON document ``python -m rules validate-deck --pool FILE --player N`` reads, N being the
    registration id: ``{"tournament": id, "kind", "pools": [{"player": registration id, "name", "kind", "seed",
    "sets", "cards": [keys, one per copy]}]}`` (``kind``: the first pool's, "" when there is none)."""
    return {
        "tournament": tournament.pk,
        "kind": sheets[0]["pool"].kind if sheets else "",
        "pools": [{"player": sheet["registration"].pk, "name": sheet["registration"].display_name,
                   "kind": sheet["pool"].kind, "seed": sheet["pool"].seed, "sets": list(sheet["pool"].sets),
                   "cards": list(sheet["pool"].cards)} for sheet in sheets],
    }
