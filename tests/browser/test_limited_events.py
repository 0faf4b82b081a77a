"""Issue 23's two limited events end to end in Chromium: an 8-player sealed event and an 8-player draft event, each
from the pools to the standings. The organiser works at a laptop (1,280 x 800), one player on a phone (390 x 844);
every page visited goes through ``check_page`` (no horizontal overflow, no serious axe-core violation).

1. Sealed (``test_an_8_player_sealed_event_from_the_pools_to_the_standings``): the organiser deals the pools on the
   Decks tab and opens the printed pool sheets (and the JSON export); a player opens their own sheet, submits a deck
   holding a card outside their pool (refused: ``not_in_pool``), then a legal deck built from the pool; the organiser
   starts, pairs and enters 3 Swiss rounds at the results desk (one tap and Record per table), finishes, and the
   standings rank the 8 players.
2. Draft (``test_an_8_player_draft_event_from_the_picks_to_the_standings``): the organiser seats the draft on the
   Decks tab and prints the seating; a player takes their first card by tapping it on the pick page; once every pick is
   made their page says the draft is over for them; the pools' sheets are printed; the player's deck is refused for a
   card another drafter took, then registered; 3 Swiss rounds at the desk, the finish, the standings.

Sources: spell-battle-rules.txt, 6. How to make your own deck (Sealed: a 30-card deck from a pool of random cards;
Draft: "three piles of 15 random face-down cards ... pick one, pass left; then right; then left again") and
8. Tournaments ("Tournaments can be off-the-top, constructed, sealed, or draft").

What only sets the scene goes through the services, and says so: the event and the accounts, the other 7 players'
decks (built with ``rules.limited.build_deck``, the simulation's greedy builder), and in the draft every pick but the
tapped one (``draft_pick``, with the simulation's pick policy ``rules.limited.first_new_card``; the tapped card is the
one that policy chooses, so the seeds below give every drafter a pool a legal deck is built from)."""

from __future__ import annotations

import datetime
import re
from typing import Any

from rules.deck_export import to_text
from rules.decklists import Decklist
from rules.draft import PodDraft
from rules.formats import DeckFormat
from rules.legality import check_deck
from rules.limited import build_deck, first_new_card

from decks import draft_services
from decks import services as deck_services
from decks.models import CardPool, DraftSeat
from decks.selectors import pool_of
from tests.browser.conftest import (
    ORGANISER_PASSWORD,
    PLAYER_PASSWORD,
    PageChecker,
    RetryingServices,
    log_in,
    services,
)
from tournaments.catalogue import get_catalogue
from tournaments.models import Match, Registration, Tournament

#: the decks and draft services, retried while the live server's thread holds SQLite's lock (a page polling)
decks = RetryingServices(deck_services)
drafts = RetryingServices(draft_services)

#: seeds whose pools each make a legal 30-card deck with ``build_deck`` (a pool may lack realms: about one draft
#: pool in 25 does)
SEALED_SEED = 23
DRAFT_SEED = 23


# --------------------------------------------------------------------------- helpers


def _event(
    organiser: Any, name: str, deck_format_id: str
) -> tuple[Tournament, list[Any], list[Registration]]:
    """A limited Swiss event (best of 3, 3 rounds, no cut) open for registration, 8 accounts (password
    ``PLAYER_PASSWORD``, through the factory) registered in order."""
    from tests.factories import UserFactory

    t = services.tournament_create(
        actor=organiser,
        name=name,
        date=datetime.date(2026, 12, 5),
        deck_format_id=deck_format_id,
        best_of=3,
        swiss_rounds=3,
        top_cut=0,
    )
    services.tournament_open_registration(tournament=t, actor=organiser)
    users, registrations = [], []
    for _ in range(8):
        user = UserFactory()
        user.save(
            update_fields=["password"]
        )  # the factory sets it without saving; the tapping player logs in
        users.append(user)
        registrations.append(services.player_register(tournament=t, actor=user))
    return t, users, registrations


def _main(page: Any) -> str:
    return " ".join(page.locator("main").inner_text().split())


def _submit(page: Any, label: str) -> None:
    """Click the button named exactly ``label`` and wait for the page it loads."""
    with page.expect_navigation():
        page.get_by_role("button", name=label, exact=True).first.click()


def _follow(page: Any, label: str) -> None:
    """Follow the link named exactly ``label``."""
    with page.expect_navigation():
        page.get_by_role("link", name=label, exact=True).first.click()


def _built_deck(registration: Registration, fmt: DeckFormat) -> list[Any]:
    """``build_deck``'s 30 cards from the registration's pool; fails, naming the player, if they are not a legal
    deck (then the seed above needs changing)."""
    deck = build_deck(pool_of(registration, fmt) or [], fmt)
    verdict = check_deck(Decklist(cards=tuple(deck)), fmt)
    assert len(deck) == fmt.total and verdict.legal, (registration.display_name, verdict.to_dict())
    return deck


def _deck_text(cards: list[Any]) -> str:
    return to_text(Decklist(cards=tuple(cards)))


def _decks_through_services(registrations: list[Registration], fmt: DeckFormat) -> None:
    """Every one of ``registrations`` submits the deck ``build_deck`` makes of their pool (services), registered."""
    for registration in registrations:
        submission = decks.deck_submit(
            registration=registration,
            actor=registration.player,
            data=_deck_text(_built_deck(registration, fmt)),
        )
        assert submission.legal, submission.verdict


def _refused_then_registered(
    player: Any,
    check_page: PageChecker,
    t: Tournament,
    registration: Registration,
    candidates: list[Any],
    kind: str,
) -> None:
    """On the player's decklist page (phone): the deck built from their pool with its last card swapped for the
    first of ``candidates`` their pool does not hold (of the same type: the swap breaks no other rule) is refused, ``not_in_pool`` alone; then the deck itself is registered."""
    fmt = DeckFormat.from_dict(t.deck_format)
    deck = _built_deck(registration, fmt)
    held = {card.identity for card in pool_of(registration, fmt) or []}
    outside = next(
        card for card in candidates if card.identity not in held and card.card_type == deck[-1].card_type
    )
    player.goto(f"/t/{t.pk}/deck/")
    player.fill("#id_text", _deck_text([*deck[:-1], outside]))
    _submit(player, "Check and submit")
    assert player.locator(".latest-verdict .alert-danger").count() == 1
    assert "is not in the player's pool" in player.locator(".latest-verdict .violations").inner_text()
    check_page(player, f"{kind}-deck-refused-not-in-pool")
    latest = registration.deck_submissions.first()
    assert latest is not None and not latest.legal
    assert [(v["code"], v["params"]["in_pool"]) for v in latest.verdict["violations"]] == [("not_in_pool", 0)]

    player.fill("#id_text", _deck_text(deck))
    _submit(player, "Check and submit")
    assert player.locator(".latest-verdict .alert-success").count() == 1
    check_page(player, f"{kind}-deck-registered")
    registration.refresh_from_db()
    assert registration.has_legal_deck


def _record_at_desk(page: Any, table: int, score: str) -> int:
    """Tap ``score`` on the table's desk row, then Record; the actions it took (2)."""
    row = page.locator(f"#desk-table-{table}")
    row.locator(".desk-record").get_by_text(score, exact=True).click()
    with page.expect_navigation():
        row.locator(".desk-record-button").click()
    return 2


def _three_swiss_rounds_and_the_finish(org: Any, check_page: PageChecker, t: Tournament, kind: str) -> None:
    """On the manage page (desktop): start, then 3 Swiss rounds, each paired with one click and its 4 tables entered
    at the results desk (2 actions a table), then the finish."""
    org.goto(f"/t/{t.pk}/manage/")
    _submit(org, "Start the tournament")
    for number in (1, 2, 3):
        _submit(org, f"Pair round {number}")
        if number == 1:
            assert org.url.endswith(f"/t/{t.pk}/rounds/1/")
            check_page(org, f"{kind}-round-1-pairings")
        org.goto(f"/t/{t.pk}/manage/")
        if number == 1:
            check_page(org, f"{kind}-desk-round-1")
        matches = list(t.rounds.get(number=number).matches.order_by("table"))
        assert len(matches) == 4  # 8 players, no bye
        actions = sum(_record_at_desk(org, m.table, "2-1" if m.table % 2 else "0-2") for m in matches)
        assert actions <= 2 * len(matches)
        assert all(m.status == Match.Status.CONFIRMED for m in t.rounds.get(number=number).matches.all())
    check_page(org, f"{kind}-desk-round-3-done")
    _submit(org, "Finish the tournament")
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    check_page(org, f"{kind}-finished")


def _standings_rank_8(page: Any, check_page: PageChecker, t: Tournament, kind: str) -> None:
    """The standings page after round 3: 8 rows, ranked."""
    page.goto(f"/t/{t.pk}/standings/")
    assert "Standings after round 3" in _main(page)
    rows = page.locator("table.standings tbody tr")
    assert rows.count() == 8
    ranks = [int(re.findall(r"\d+", rows.nth(i).locator("td").first.inner_text())[0]) for i in range(8)]
    assert ranks == sorted(ranks) and ranks[0] == 1
    check_page(page, f"{kind}-standings")


# --------------------------------------------------------------------------- 1. sealed


def test_an_8_player_sealed_event_from_the_pools_to_the_standings(
    live_server, organiser, catalogue_rows, desktop, another_context, check_page: PageChecker
):
    t, users, registrations = _event(organiser, "Sealed Saturday", "30-sealed")
    fmt = DeckFormat.from_dict(t.deck_format)

    # the organiser deals the pools on the Decks tab, then prints the sheets
    org = desktop.new_page()
    log_in(org, organiser.username, ORGANISER_PASSWORD)
    org.goto(f"/t/{t.pk}/manage/decks/")
    org.fill("#pool-seed", str(SEALED_SEED))
    with org.expect_navigation():
        org.locator(f"form[action$='/t/{t.pk}/manage/pools/'] button").click()
    assert "8 players have a pool." in _main(org)
    check_page(org, "sealed-pools-dealt")
    _follow(org, "Print the pool sheets")
    assert org.locator(".pool-sheet").count() == 8
    check_page(org, "sealed-pool-sheets")
    export = org.request.get(f"/t/{t.pk}/manage/pools/export/?as=json")
    assert export.ok
    assert [len(pool["cards"]) for pool in export.json()["pools"]] == [90] * 8  # 6 packs of 15 each

    # one player, on a phone: their sheet, a deck refused for a card outside the pool, then a legal one
    me, mine = users[0], registrations[0]
    player = another_context("phone").new_page()
    log_in(player, me.username, PLAYER_PASSWORD)
    player.goto(f"/t/{t.pk}/deck/")
    check_page(player, "sealed-deck-page-with-pool")
    _follow(player, "Print your pool sheet")
    assert player.locator(".pool-sheet").count() == 1
    check_page(player, "sealed-pool-sheet")
    catalogue = get_catalogue()
    fourth = [catalogue.get(f"4th/{n}") for n in range(1, 521) if f"4th/{n}" in catalogue]
    _refused_then_registered(player, check_page, t, mine, fourth, "sealed")

    # the other 7 decks through the services; then the event itself at the desk
    _decks_through_services(registrations[1:], fmt)
    _three_swiss_rounds_and_the_finish(org, check_page, t, "sealed")
    _standings_rank_8(player, check_page, t, "sealed")


# --------------------------------------------------------------------------- 2. draft


def test_an_8_player_draft_event_from_the_picks_to_the_standings(
    live_server, organiser, catalogue_rows, desktop, another_context, check_page: PageChecker
):
    t, users, registrations = _event(organiser, "Draft Sunday", "30-draft")
    fmt = DeckFormat.from_dict(t.deck_format)
    catalogue = get_catalogue()

    # the organiser seats the draft on the Decks tab (one pod of 8) and prints the seating
    org = desktop.new_page()
    log_in(org, organiser.username, ORGANISER_PASSWORD)
    org.goto(f"/t/{t.pk}/manage/decks/")
    org.fill("#draft-seed", str(DRAFT_SEED))
    _submit(org, "Seat the draft and deal the packs")
    assert org.locator("table.draft-pod tbody tr").count() == 8
    check_page(org, "draft-seated")
    _follow(org, "Print the seating")  # (and away from the Decks tab, which polls while the draft runs)
    check_page(org, "draft-seating-sheet")

    # one drafter takes their first card by tapping it on a phone
    me, mine = users[0], registrations[0]
    player = another_context("phone").new_page()
    log_in(player, me.username, PLAYER_PASSWORD)
    player.goto(f"/t/{t.pk}/draft/")
    buttons = player.locator("button[name=card]")
    assert buttons.count() == 15
    check_page(player, "draft-pick")
    rows = list(
        DraftSeat.objects.filter(draft__tournament=t)
        .select_related("registration__player")
        .order_by("pod", "seat")
    )
    assert len(rows) == 8 and {row.pod for row in rows} == {1}
    state = PodDraft([row.packs for row in rows], [row.picks for row in rows])
    seat = next(i for i, row in enumerate(rows) if row.registration_id == mine.pk)

    def policy(index: int) -> str:
        """The card seat ``index`` takes now: the simulation's pick policy."""
        turn = state.turn(index)
        assert turn is not None and turn.ready
        return turn.cards[first_new_card(turn.cards, state.picks[index], catalogue)]

    tapped = policy(seat)
    with player.expect_navigation():
        player.locator(f"button[name=card][value='{tapped}']").first.click()  # one tap records the pick
    state.pick(seat, tapped)
    assert "1 of 45 cards picked" in _main(player)
    check_page(player, "draft-picked")
    assert DraftSeat.objects.get(pk=rows[seat].pk).picks == [tapped]

    # every other pick through the service, left-right-left as the packs pass
    while not state.done():
        for index, row in enumerate(rows):
            turn = state.turn(index)
            if turn is None or not turn.ready:
                continue
            card = policy(index)
            state.pick(index, card)
            drafts.draft_pick(registration=row.registration, actor=row.registration.player, card=card)
    player.goto(f"/t/{t.pk}/draft/")
    assert "The draft is over for you" in _main(player)
    check_page(player, "draft-over")

    # the drafted pools' sheets, printed by the organiser
    org.goto(f"/t/{t.pk}/manage/decks/")
    assert "8 players have a pool." in _main(org)
    assert org.locator("table.draft-pod tbody tr", has_text="45 / 45").count() == 8
    check_page(org, "draft-pools-drafted")
    _follow(org, "Print the pool sheets")
    assert org.locator(".pool-sheet").count() == 8
    check_page(org, "draft-pool-sheets")

    # the drafter's deck: refused with a card another drafter took, then registered; the others through services
    pools = {
        row.registration_id: CardPool.objects.get(registration_id=row.registration_id).cards for row in rows
    }
    assert all(len(cards) == 45 for cards in pools.values())
    drafted_by_others = [
        catalogue.get(key) for other, cards in pools.items() if other != mine.pk for key in cards
    ]
    _refused_then_registered(player, check_page, t, mine, drafted_by_others, "draft")
    _decks_through_services(registrations[1:], fmt)
    _three_swiss_rounds_and_the_finish(org, check_page, t, "draft")
    _standings_rank_8(player, check_page, t, "draft")
