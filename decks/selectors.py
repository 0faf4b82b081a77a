"""Reads about decks, with the privacy rule in one place."""

from __future__ import annotations

import re

from django.db.models import Case, IntegerField, Value, When
from django.utils.text import slugify
from rules.cards import CANONICAL_SET_ORDER, UnknownCard, normalise_name
from rules.deck_export import to_cfd, to_text
from rules.decklists import Decklist, DecklistError, read_decklist
from rules.formats import DeckFormat
from rules.legality import check_deck

from decks.models import CardRecord, DeckSubmission, RegisteredDeck
from tournaments.catalogue import get_catalogue
from tournaments.models import Registration, Round, Seat, Tournament
from tournaments.services.permissions import is_tournament_organiser


def can_view_decklist(user, registration: Registration) -> bool:
    """Who sees a decklist: its owner and the tournament's organiser (or a site admin) always;
    anyone once the organiser has published every list, for a player who played (not withdrawn), or
    the top-cut lists for a player who played in the top cut."""
    tournament = registration.tournament
    if tournament.decklists_published == Tournament.Publication.ALL and not registration.withdrawn:
        return True
    if tournament.decklists_published == Tournament.Publication.TOP_CUT and registration.pk in top_cut_ids(tournament):
        return True
    return bool(user.is_authenticated and (
        registration.belongs_to(user) or is_tournament_organiser(user, tournament)
    ))


def top_cut_ids(tournament: Tournament) -> set[int]:
    """Registration ids of the players seated in the first elimination round."""
    first = tournament.rounds.filter(kind=Round.Kind.ELIMINATION).order_by("number").first()
    if first is None:
        return set()
    return set(Seat.objects.filter(match__round=first).values_list("registration_id", flat=True))


def published_decklists(tournament: Tournament) -> list[Registration]:
    """Registrations whose registered deck the public may see, in registration order: the players who
    played (not withdrawn), or for the top cut those seated in the first elimination round
    (the same rule as ``can_view_decklist``)."""
    if tournament.decklists_published == Tournament.Publication.NONE:
        return []
    regs = tournament.registrations.filter(has_legal_deck=True, withdrawn=False).select_related(
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


def deck_preview(tournament: Tournament, data: bytes | str, filename: str = ""):
    """Read and check a decklist against the tournament's frozen format without storing anything.

    The same reader and checker as ``decks.services.deck_submit``. Returns
    ``(decklist, verdict, fmt)``; raises ``rules.decklists.DecklistError`` for input that
    cannot be read (empty, unreadable, unknown cards, too large).
    """
    fmt = tournament_format(tournament)
    decklist = read_decklist(data, get_catalogue(), filename=filename)
    return decklist, check_deck(decklist, fmt), fmt


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
