"""Issue #13: the three event-day journeys, end to end in a real browser (Chromium + Playwright) against the live
server, each at phone (390 x 844) and desktop (1,280 x 800) sizes; every step goes through ``check_page`` (no
horizontal overflow, no serious axe-core violation, one screenshot under ``tests/browser/screenshots/<test>/``).

1. The organiser's event (``test_the_organisers_event``): an 8-player Swiss event created through the form, with
   check-in, a walk-in, 3 Swiss rounds, a top 4, a dispute settled, the finish and the print views.
2. The players' decks (``test_the_players_decks``): sign-up, registration, a decklist pasted, a LackeyCCG ``.dek``
   and a CrossFire ``.cfd`` uploaded, an illegal verdict fixed in the editor, "/me/" once paired, a 2-1 with a
   mulligan reported on the slip and confirmed by the opponent.
3. The public (``test_the_public_follows_the_event``): the projector view and the standings update by themselves
   (htmx polls, shortened for the test through ``LIVE_POLL_SECONDS`` and ``PROJECTOR_CYCLE_SECONDS``) as results
   come in, then the bracket.

What a step does through the browser is what a person would do; what only sets the scene (accounts, most
decklists, most results of rounds 2 and 3) goes through the services, and says so.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest

from tests.browser.conftest import (
    ORGANISER_PASSWORD,
    PLAYER_PASSWORD,
    PageChecker,
    log_in,
    seat_players,
    services,
    sizes_for,
)
from tests.conftest import CARDS_DIR, LEGAL_55

#: what players and the public must never see (internals)
INTERNALS = ("seat 0", "results version", "python -m")
WALK_IN = "Walker Desk"
LACKEY_LEGAL = CARDS_DIR / "decks" / "lackeyccg" / "Heroes.dek"
#: Shield of Devastation (1st/315) twice: one violation, fixed by changing one card
CFD_ILLEGAL = CARDS_DIR / "decks" / "crossfire" / "55 Card" / "1st Edition Starter" / \
    "Sample_1st Edition Starter Deck B-2.cfd"


# --------------------------------------------------------------------------- helpers


def players(n: int, prefix: str) -> list[Any]:
    """``n`` accounts made with the factory (password ``PLAYER_PASSWORD``), named ``<prefix>1``..."""
    from tests.factories import UserFactory

    users = []
    for i in range(1, n + 1):
        user = UserFactory(username=f"{prefix}{i}")
        user.save(update_fields=["password"])  # the factory sets it without saving
        users.append(user)
    return users


def legal_deck(registration: Any, actor: Any) -> None:
    """A legal 55-card decklist through the service (the sample CrossFire deck)."""
    from decks.services import deck_submit

    deck_submit(registration=registration, actor=actor, data=LEGAL_55.read_bytes(), filename=LEGAL_55.name)


def click(page: Any, selector: str) -> None:
    """Click ``selector`` and wait for the page it loads (a form post and its redirect)."""
    with page.expect_navigation():
        page.locator(selector).first.click()


def submit_button(page: Any, label: str) -> None:
    """Click the button named exactly ``label`` and wait for the next page."""
    with page.expect_navigation():
        page.get_by_role("button", name=label, exact=True).first.click()


def main_text(page: Any) -> str:
    return " ".join(page.locator("main").inner_text().split())


def no_internals(page: Any) -> None:
    text = page.locator("body").inner_text().lower()
    assert not [word for word in INTERNALS if word in text], page.url


def play(match: Any, organiser: Any, winner: str = "a") -> None:
    """A result through the services: seat 1 reports a 2-0 for ``winner`` ("a" or "b"), seat 2 confirms; a walk-in's
    table (no account to report) is entered by the organiser."""

    games = [{"winner": winner}, {"winner": winner}]
    first, second = seat_players(match)
    if first is None or second is None:
        services.result_settle(match=match, actor=organiser, reason="walk-in's slip handed in", games=games)
        return
    report = services.result_report(match=match, actor=first, games=games)
    services.result_confirm(submission=report, actor=second)


def open_matches(tournament: Any) -> list[Any]:
    rnd = tournament.rounds.order_by("-number").first()
    return list(rnd.matches.exclude(status="confirmed").order_by("table"))


def action_buttons(page: Any) -> list[str]:
    """The labels of the workflow buttons on the manage page (the steps valid now)."""
    return [b.inner_text().strip() for b in page.locator(".event-state form button").all()]


def blockers(page: Any) -> str:
    box = page.locator(".blockers")
    return " ".join(box.inner_text().split()) if box.count() else ""


def slip_report_and_confirm(page: Any, check_page: PageChecker, pk: int, match: Any, name: str) -> None:
    """On the match slip: seat 1's player reports a 2-0 win, seat 2's player confirms it (each logged in on
    ``page`` in turn); a step checked at each stage."""
    reporter, confirmer = seat_players(match)
    log_in(page, reporter.username, PLAYER_PASSWORD)
    page.goto(f"/t/{pk}/matches/{match.pk}/")
    page.locator(".one-tap").get_by_text("2-0", exact=True).click()  # one tap, then the report button
    submit_button(page, "Report result")
    assert f"Waiting for {confirmer.username} to confirm." in main_text(page)
    check_page(page, f"{name}-reported")
    log_in(page, confirmer.username, PLAYER_PASSWORD)
    page.goto(f"/t/{pk}/matches/{match.pk}/")
    check_page(page, f"{name}-to-confirm")
    submit_button(page, "Confirm")
    assert "Result confirmed" in main_text(page)
    no_internals(page)
    check_page(page, f"{name}-confirmed")


def desk_record(page: Any, match: Any, score: str) -> None:
    """At the results desk (the manage page's Round tab): tap ``score`` on the table's row, then Record: two
    actions, no reason typed."""
    row = page.locator(f"#desk-table-{match.table}")
    row.locator(".desk-record").get_by_text(score, exact=True).click()
    with page.expect_navigation():
        row.locator(".desk-record-button").click()


def has_account(match: Any) -> bool:
    return all(p is not None for p in seat_players(match))


# --------------------------------------------------------------------------- 1. the organiser's event


@pytest.mark.parametrize("size", sizes_for("desktop"))  # an organiser runs the event from a laptop
def test_the_organisers_event(request, size, live_server, organiser, catalogue_rows, another_context,
                              check_page: PageChecker):
    from decks.selectors import decklist_text
    from tournaments.models import Registration, Tournament

    org = request.getfixturevalue(size).new_page()
    confirms: list[str] = []
    org.on("dialog", lambda dialog: confirms.append(dialog.message))  # the context's handler answers OK
    log_in(org, organiser.username, ORGANISER_PASSWORD)

    # the event, through the form
    org.goto("/t/new/")
    check_page(org, "new-event")
    org.fill("#id_name", "São Paulo Open")
    org.fill("#id_date", "2026-12-05")
    org.select_option("#id_deck_format_id", "55")
    org.select_option("#id_best_of", "3")
    org.check("input[name=structure][value=swiss]")  # the structure first: swiss is the first offered
    org.fill("#id_swiss_rounds", "3")
    org.select_option("#id_top_cut", "4")
    org.fill("#id_time_zone", "America/Sao_Paulo")  # typed in the searchable time-zone field
    click(org, "main form button.btn-primary")
    t = Tournament.objects.get(name="São Paulo Open")
    assert (t.structure, t.swiss_rounds, t.top_cut, t.best_of, t.time_zone) == ("swiss", 3, 4, 3, "America/Sao_Paulo")
    assert org.url.endswith(f"/t/{t.pk}/manage/")
    assert action_buttons(org) == ["Open registration"]
    check_page(org, "manage-draft")
    submit_button(org, "Open registration")
    assert "0 players registered: at least 2 are needed to start." in blockers(org)
    assert action_buttons(org) == ["Close registration"]
    check_page(org, "manage-registration-open")

    # 7 accounts (factory); p1 and p7 register on the event page, p2..p6 through the service to save time
    accounts = players(7, "sp")
    player_page = another_context(size).new_page()
    for user in (accounts[0], accounts[6]):
        log_in(player_page, user.username, PLAYER_PASSWORD)
        player_page.goto(f"/t/{t.pk}/")
        submit_button(player_page, "Register")
        assert player_page.url.endswith(f"/t/{t.pk}/deck/")  # registered: on to the decklist
    check_page(player_page, "player-registered")
    for user in accounts[1:6]:
        services.player_register(tournament=t, actor=user)
    # decklists: the accounts' through the service
    for user in accounts:
        legal_deck(Registration.objects.get(tournament=t, player=user), user)

    # the walk-in, registered at the desk on the manage page's Players tab, which the organiser is back on
    org.goto(f"/t/{t.pk}/manage/")
    org.get_by_role("link", name="Players", exact=True).click()
    assert org.url.endswith(f"/t/{t.pk}/manage/players/")
    org.fill("#walk-in-name", WALK_IN)
    submit_button(org, "Register walk-in")
    assert org.url.endswith(f"/t/{t.pk}/manage/players/#check-in")
    check_page(org, "manage-walk-in")
    org.goto(f"/t/{t.pk}/manage/")
    assert f"1 player has no legal decklist: {WALK_IN}." in blockers(org)
    assert "Start the tournament" not in action_buttons(org)

    # the organiser pastes the walk-in's decklist in the editor
    org.goto(f"/t/{t.pk}/manage/players/")
    click(org, "#check-in a:has-text('Enter decklist')")
    walk_in = Registration.objects.get(tournament=t, walk_in_name=WALK_IN)
    assert f"Decklist of {WALK_IN}" in org.locator("h1").inner_text()
    org.fill("#id_text", decklist_text(Registration.objects.get(tournament=t, player=accounts[1])))
    submit_button(org, "Check and submit")
    assert org.locator(".latest-verdict .alert-success").count() == 1
    assert f"The deck of {WALK_IN} is legal and registered." in main_text(org)
    check_page(org, "walk-in-deck")
    walk_in.refresh_from_db()
    assert walk_in.has_legal_deck

    # check-in: p1 on the event page, the organiser the others on the manage page's Players tab
    log_in(player_page, accounts[0].username, PLAYER_PASSWORD)
    player_page.goto(f"/t/{t.pk}/")
    click(player_page, "#check-in button")
    assert player_page.locator("#check-in").inner_text().strip() == "Checked in"
    check_page(player_page, "player-checked-in")
    org.goto(f"/t/{t.pk}/manage/players/")
    assert "2 of 8 checked in" in org.locator("#check-in").inner_text()  # p1 and the walk-in (at the desk)
    check_page(org, "manage-check-in")
    for name in [u.username for u in accounts[1:]]:
        org.get_by_role("button", name=f"Check in {name}", exact=True).click()  # htmx swaps the panel
        org.get_by_role("button", name=f"Check out {name}", exact=True).wait_for()
    assert "8 of 8 checked in" in org.locator("#check-in").inner_text()
    org.get_by_role("link", name="Round", exact=True).click()
    assert action_buttons(org) == ["Close registration", "Start the tournament"]
    check_page(org, "manage-all-checked-in")

    # start (confirmed), pair round 1
    submit_button(org, "Start the tournament")
    assert confirms[-1].startswith("Start with 8 players?")
    assert action_buttons(org) == ["Pair round 1"]
    submit_button(org, "Pair round 1")
    assert confirms[-1] == "Pair round 1? Players see their tables at once."
    assert org.url.endswith(f"/t/{t.pk}/rounds/1/")
    bar = org.locator(".organiser-bar")
    assert bar.get_by_role("link", name="← Back to manage").count() == 1
    assert bar.locator("form").count() == 0  # no step is valid while the round is played
    check_page(org, "round-1")

    # round 1: one table reported and confirmed on the slips, one disputed and settled, the others entered by the
    # organiser on the manage page
    matches = list(t.rounds.get(number=1).matches.order_by("table"))
    duels = [m for m in matches if has_account(m)]
    slip, disputed = duels[0], duels[1]
    slip_report_and_confirm(player_page, check_page, t.pk, slip, "slip")

    first, second = seat_players(disputed)
    report = services.result_report(match=disputed, actor=first, games=[{"winner": "a"}, {"winner": "a"}])
    log_in(player_page, second.username, PLAYER_PASSWORD)
    player_page.goto(f"/t/{t.pk}/matches/{disputed.pk}/")
    player_page.fill("#dispute-reason", "I won game 2")
    submit_button(player_page, "Dispute")
    assert "Result disputed" in main_text(player_page)
    check_page(player_page, "slip-disputed")
    assert report.pk

    org.goto(f"/t/{t.pk}/manage/")
    open_tables = [m.table for m in matches if m.pk != slip.pk]
    assert f"3 tables still playing: {', '.join(map(str, open_tables))}." in blockers(org)
    assert f"1 disputed result to settle: table {disputed.table}." in blockers(org)
    assert action_buttons(org) == []
    check_page(org, "manage-round-1-disputed")
    for match in matches:
        if match.pk == slip.pk:
            continue
        if match.pk == disputed.pk:  # the evidence stays on the desk: both reports side by side
            assert org.locator(f"#desk-table-{match.table} .evidence").count() == 1
        desk_record(org, match, "1-2" if match.pk == disputed.pk else "2-0")
    assert org.locator(".blockers").count() == 0
    assert action_buttons(org) == ["Pair round 2"]
    check_page(org, "manage-round-1-done")

    # rounds 2 and 3: paired on the page, one result each entered on the manage page, the rest through the services
    for number in (2, 3):
        submit_button(org, f"Pair round {number}")
        check_page(org, f"round-{number}")
        first, *rest = open_matches(t)
        for match in rest:
            play(match, organiser)
        org.goto(f"/t/{t.pk}/manage/")
        assert blockers(org) == f"What blocks the next step 1 table is still playing: {first.table}."
        desk_record(org, first, "2-0")
        check_page(org, f"manage-round-{number}-done")
    assert action_buttons(org) == ["Pair the semi-finals (top 4)"]

    # the top 4: semi-finals (one on the slips, one by the services), then the final entered by the organiser
    submit_button(org, "Pair the semi-finals (top 4)")
    assert "Top 4 — semi-final" in org.locator("h1").inner_text()
    check_page(org, "semi-finals")
    semis = sorted(open_matches(t), key=has_account, reverse=True)
    assert len(semis) == 2 and has_account(semis[0])
    slip_report_and_confirm(player_page, check_page, t.pk, semis[0], "semi-final-slip")
    play(semis[1], organiser)
    org.goto(f"/t/{t.pk}/manage/")
    assert action_buttons(org) == ["Pair the final"]
    submit_button(org, "Pair the final")
    assert "Top 4 — final" in org.locator("h1").inner_text()
    check_page(org, "final")
    (final,) = open_matches(t)
    champion = final.seats.get(number=1).registration.display_name
    org.goto(f"/t/{t.pk}/manage/")
    desk_record(org, final, "2-1")
    assert action_buttons(org) == ["Finish the tournament"]
    check_page(org, "manage-complete")

    # finish (an explicit, confirmed action)
    submit_button(org, "Finish the tournament")
    assert confirms[-1].startswith("Finish the tournament?")
    assert f"The tournament is finished. Winner: {champion}." in main_text(org)
    assert action_buttons(org) == ["Reopen the tournament"]
    check_page(org, "manage-finished")
    t.refresh_from_db()
    assert t.status == "finished" and t.winner.display_name == champion

    org.goto(f"/t/{t.pk}/bracket/")
    bracket = main_text(org)
    assert f"Winner: {champion}" in bracket
    assert "semi-final" in bracket.lower() and "final" in bracket.lower()
    check_page(org, "bracket")

    # the print views of round 1 (every player) fit the screen too
    for name, path in (("print-by-table", "print/tables/"), ("print-by-name", "print/names/")):
        org.goto(f"/t/{t.pk}/rounds/1/{path}")
        assert WALK_IN in org.locator("body").inner_text()
        check_page(org, name)
    org.goto(f"/t/{t.pk}/manage/rounds/1/print/slips/")
    assert org.locator(".slip h2").all_inner_texts() == ["Table 1", "Table 2", "Table 3", "Table 4"]
    check_page(org, "print-slips")


# --------------------------------------------------------------------------- 2. the players' decks


@pytest.mark.parametrize("size", sizes_for("phone"))
def test_the_players_decks(request, size, live_server, organiser, catalogue_rows, another_context,
                           check_page: PageChecker):
    from decks.selectors import decklist_text
    from tournaments.models import Registration

    t = services.tournament_create(actor=organiser, name="Deck Night", date=datetime.date(2026, 12, 5),
                                   deck_format_id="55", best_of=3, swiss_rounds=3, top_cut=0)
    services.tournament_open_registration(tournament=t, actor=organiser)
    (opponent,) = players(1, "opp")  # the opponent's account, registration and deck through the services
    legal_deck(services.player_register(tournament=t, actor=opponent), opponent)

    page = request.getfixturevalue(size).new_page()
    page.goto("/signup/")
    check_page(page, "signup")
    page.fill("#id_username", "newcomer")
    page.fill("#id_display_name", "Nina Newcomer")
    page.fill("#id_password1", "a-long-pass-phrase-42")
    page.fill("#id_password2", "a-long-pass-phrase-42")
    submit_button(page, "Sign up")
    page.goto(f"/t/{t.pk}/")
    submit_button(page, "Register")
    check_page(page, "registered")
    registration = Registration.objects.get(tournament=t, player__username="newcomer")

    # a pasted decklist (the text a player copies from elsewhere): legal
    page.goto(f"/t/{t.pk}/deck/")
    check_page(page, "deck-editor-empty")
    page.fill("#id_text", decklist_text(Registration.objects.get(tournament=t, player=opponent)))
    submit_button(page, "Check and submit")
    assert page.locator(".alert-success").filter(has_text="Your deck is legal and registered.").count() == 1
    assert "Verdict for the latest submission: Legal" in page.locator(".latest-verdict .alert-success").inner_text()
    check_page(page, "deck-pasted")

    # a LackeyCCG .dek upload: legal
    page.fill("#id_text", "")
    page.set_input_files("#id_file", str(LACKEY_LEGAL))
    submit_button(page, "Check and submit")
    assert page.locator(".latest-verdict .alert-success").count() == 1
    check_page(page, "deck-dek-uploaded")

    # a CrossFire .cfd upload: illegal, the violation cites the rule; the registered deck stays the legal one
    page.fill("#id_text", "")
    page.set_input_files("#id_file", str(CFD_ILLEGAL))
    submit_button(page, "Check and submit")
    verdict = page.locator(".latest-verdict .alert-danger")
    assert "Not legal" in verdict.inner_text()
    violations = verdict.locator(".violations li").all_inner_texts()
    assert len(violations) == 1 and "Shield of Devastation" in violations[0]
    assert "Spellfire Tournament Rules 2.0" in violations[0]
    assert page.locator(".alert-success").count() == 0  # a refusal is never green
    assert page.locator(".alert-danger").filter(has_text="Your deck is not legal").count() == 1
    assert "Registered deck: legal" in page.locator(".deck-status").inner_text()
    check_page(page, "deck-cfd-illegal")

    # fix one card in the prefilled editor: the second Shield of Devastation becomes a Shield of Wickedness
    text = page.locator("#id_text").input_value()
    assert "2x Shield of Devastation (1st/315)" in text
    page.fill("#id_text", text.replace("2x Shield of Devastation (1st/315)",
                                       "1x Shield of Devastation (1st/315)\n1x Shield of Wickedness (1st/316)"))
    submit_button(page, "Check and submit")
    assert page.locator(".latest-verdict .alert-success").count() == 1
    check_page(page, "deck-fixed")
    registration.refresh_from_db()
    assert registration.has_legal_deck

    # paired (the organiser's steps through the services): /me/ says where to play
    services.tournament_start(tournament=t, actor=organiser)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=3)
    (match,) = rnd.matches.all()
    page.goto("/me/")
    now = page.locator(".match-now").first
    assert now.locator(".now-line").inner_text() == f"Round 1, table {match.table}, against {opponent.username}"
    assert now.locator(".clock time[data-round-clock]").count() == 1
    check_page(page, "me-paired")

    # a 2-1 with a two-draw mulligan, on the slip
    click(page, "a:has-text('Open your match slip')")
    check_page(page, "slip")
    # game by game, behind "Add game details": one row at a time, the mulligan one tap on its game's row
    page.locator("details.game-details > summary").click()
    page.locator("label[for='mull-1-me']").click()
    for game, outcome in enumerate(("me", "opponent", "me"), start=1):
        page.select_option(f"#m{match.pk}-game-{game}", outcome)
        if game < 3:
            submit_button(page, "Add a game")
    submit_button(page, "Report these games")
    pending = main_text(page)
    assert f"Your report: Nina Newcomer 2-1 {opponent.username}" in pending
    assert f"Waiting for {opponent.username} to confirm." in pending
    check_page(page, "slip-reported")

    # the opponent, on their own phone or computer, sees every game and confirms
    other = another_context(size).new_page()
    log_in(other, opponent.username, PLAYER_PASSWORD)
    other.goto(f"/t/{t.pk}/matches/{match.pk}/")
    games = other.locator(".report-games").inner_text()
    assert "Restarted first by a two-draw mulligan declared by Nina Newcomer" in games
    assert "Two-draw mulligans: Nina Newcomer 1" in main_text(other)
    assert [line.strip() for line in other.locator(".report-games .game-line").all_inner_texts()] == [
        "Game 1: Nina Newcomer won", "Game 2: opp1 won", "Game 3: Nina Newcomer won"]
    no_internals(other)
    check_page(other, "slip-to-confirm")
    submit_button(other, "Confirm")
    assert "Result confirmed" in main_text(other)
    check_page(other, "slip-confirmed")

    # the player's own record on /me/: the standing, W-L-D and match points, the match with its result
    page.goto("/me/")
    record = page.locator(".player-record").first
    assert "1-0-0, 3 match points" in record.locator(".standing").inner_text()
    assert [c.strip() for c in record.locator(".record-matches tbody td").all_inner_texts()] == [
        "1", str(match.table), opponent.username, "Won 2-1"]
    check_page(page, "me-record")


# --------------------------------------------------------------------------- 3. the public


@pytest.mark.parametrize("size", sizes_for("phone"))
def test_the_public_follows_the_event(request, size, settings, swiss_event, check_page: PageChecker):

    settings.LIVE_POLL_SECONDS = 1
    settings.PROJECTOR_CYCLE_SECONDS = 1
    event, t, organiser = swiss_event, swiss_event.tournament, swiss_event.organiser
    context = request.getfixturevalue(size)

    # the projector: round 1's pairings by name
    screen = context.new_page()
    screen.goto(event.path("projector/"))
    assert screen.locator(".projector-title").inner_text() == "Round 1"
    assert screen.locator(".projector-table tbody tr").count() == 8
    no_internals(screen)
    check_page(screen, "projector-round-1")
    screen.evaluate("window.notReloaded = true")

    # the standings, while results come in
    standings = context.new_page()
    standings.goto(event.path("standings/"))
    first_view = standings.locator("#standings-live").inner_text()
    assert "with the round 1 results so far" in first_view
    no_internals(standings)
    check_page(standings, "standings-round-1-partial")
    standings.evaluate("window.notReloaded = true")

    # the last two tables: the pending report confirmed, the dispute settled (services)
    report = event.pending.submissions.get(state="pending")
    services.result_confirm(submission=report, actor=event.pending_opponent)
    services.result_settle(match=event.disputed, actor=organiser, reason="slip checked",
                           games=[{"winner": "a"}, {"winner": "b"}, {"winner": "a"}])
    # the projector moves to the standings, the standings say "after round 1", without a reload
    screen.locator(".projector-title", has_text="Standings after round 1").wait_for(timeout=10_000)
    assert screen.evaluate("window.notReloaded") is True
    assert screen.locator(".projector-table tbody tr").count() == 8
    no_internals(screen)
    check_page(screen, "projector-standings-round-1")
    standings.locator("#standings-live", has_text="Standings after round 1").wait_for(timeout=10_000)
    assert "with the round" not in standings.locator("#standings-live").inner_text()
    assert standings.evaluate("window.notReloaded") is True
    check_page(standings, "standings-after-round-1")

    # round 2 paired: the projector shows its pairings by itself
    services.round_pair_next(tournament=t, actor=organiser, seed=7)
    screen.locator(".projector-title", has_text="Round 2").wait_for(timeout=10_000)
    assert screen.evaluate("window.notReloaded") is True
    check_page(screen, "projector-round-2")
    for match in open_matches(t):
        play(match, organiser)
    standings.locator("#standings-live", has_text="Standings after round 2").wait_for(timeout=10_000)
    assert standings.evaluate("window.notReloaded") is True
    check_page(standings, "standings-after-round-2")

    # round 3 and the top cut (services); the bracket page
    services.round_pair_next(tournament=t, actor=organiser, seed=7)
    for match in open_matches(t):
        play(match, organiser)
    services.round_pair_next(tournament=t, actor=organiser, seed=7)
    screen.locator(".projector-title", has_text="Top 4 — semi-final").wait_for(timeout=10_000)
    check_page(screen, "projector-semi-finals")
    bracket = context.new_page()
    bracket.goto(event.path("bracket/"))
    assert re.search(r"semi-final", bracket.locator("main").inner_text(), re.IGNORECASE)
    no_internals(bracket)
    check_page(bracket, "bracket-semi-finals")
