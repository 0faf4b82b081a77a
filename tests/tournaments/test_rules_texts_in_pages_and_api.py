"""Issue #10 in the Django layer: the pages, the API and ``python -m rules`` agree on what the rules texts say.

Each test names the text (``../shared/rules-texts/``) and section it follows.
"""

from __future__ import annotations

import datetime
import io
import json
import random
import re

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient
from rules.__main__ import main
from rules.decklists import read_decklist
from rules.game_start import FIRST_PLAYER_RULE, FIRST_PLAYER_TEXT
from rules.history import history_to_json
from rules.results import DECK_OUT_RULES, VICTORY_RULE
from rules.rule_documents import titled
from rules.structures import NextRound, next_round

from tests.conftest import LEGAL_55, make_event as make_pods, seat_users
from tests.markup import squash
from tests.tournaments.test_structures import make_event, play_round
from tournaments import services
from tournaments.adapters import history_for, structure_settings
from tournaments.catalogue import get_catalogue
from tournaments.errors import UserError
from tournaments.models import Match, ResultSubmission, Round, Tournament

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 12, 5)


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def slip_url(match: Match) -> str:
    return reverse("tournaments:match", args=[match.round.tournament_id, match.pk])


def html(response) -> str:
    from html import unescape

    return unescape(response.content.decode())


def cited(rule: str, page: str) -> bool:
    """The page cites ``rule``: each of its parts, the rules texts named by their titles (a link each)."""
    return all(titled(part) in page for part in rule.split("; "))


def counts(a_realms: int, b_realms: int) -> dict:
    base = {"unrazed_realms": 0, "razed_realms": 0, "holdings": 0, "champions": 0, "champion_levels": 0,
            "draw_pile": 0}
    return {"a": {**base, "unrazed_realms": a_realms}, "b": {**base, "unrazed_realms": b_realms}}


# --------------------------------------------------------------------------- 1. the victory condition


def test_the_victory_condition_follows_the_format_and_the_organiser_may_choose_the_other(organiser):
    """spellfire-tournament-rules-2.0.txt, the victory conditions after Two-Draw Mulligan: six unrazed realms
    for 55- and 75-card decks, 10 for 110-card decks ("Certain 75-card variants also require 10 realms")."""
    made = {fid: services.tournament_create(actor=organiser, name=fid, date=DAY, deck_format_id=fid)
            for fid in ("55", "75", "110", "55-br")}
    assert {fid: t.realms_to_win for fid, t in made.items()} == {"55": 6, "75": 6, "110": 10, "55-br": 6}
    chosen = services.tournament_create(actor=organiser, name="75 variant", date=DAY, deck_format_id="75",
                                        victory_condition=Tournament.Victory.TEN_REALMS)
    assert chosen.realms_to_win == 10
    short = services.tournament_create(actor=organiser, name="110 short", date=DAY, deck_format_id="110",
                                       victory_condition=Tournament.Victory.SIX_REALMS)
    assert short.realms_to_win == 6
    with pytest.raises(UserError) as bad:
        services.tournament_create(actor=organiser, name="x", date=DAY, victory_condition="7_realms")
    assert bad.value.code == "victory_condition"


def test_the_api_takes_the_victory_condition_from_the_format_when_it_is_left_out(organiser):
    """spellfire-tournament-rules-2.0.txt, victory conditions: 10 realms for 110-card decks."""
    client = api(organiser)
    body = {"name": "Big decks", "date": "2026-12-05", "deck_format_id": "110"}
    response = client.post("/api/v1/tournaments/", body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["victory_condition"] == "10_realms"
    response = client.post("/api/v1/tournaments/", {**body, "victory_condition": "6_realms"}, format="json")
    assert response.json()["victory_condition"] == "6_realms"
    response = client.post("/api/v1/tournaments/", {**body, "deck_format_id": "75"}, format="json")
    assert response.json()["victory_condition"] == "6_realms"


def test_the_new_tournament_form_left_blank_follows_the_format(client, organiser):
    """spellfire-tournament-rules-2.0.txt, victory conditions; without JavaScript a blank choice follows the
    chosen format."""
    client.force_login(organiser)
    page = html(client.get(reverse("tournaments:new")))
    assert "Follow the format: 10 realms with 110-card decks, 6 with 55 and 75" in page
    form = {"name": "Form night", "date": "2026-12-05", "deck_format_id": "110", "victory_condition": "",
            "deck_out": "", "best_of": "3", "structure": "swiss", "swiss_rounds": "3", "top_cut": "0"}
    assert client.post(reverse("tournaments:new"), form).status_code == 302
    assert Tournament.objects.get(name="Form night").victory_condition == Tournament.Victory.TEN_REALMS
    client.post(reverse("tournaments:new"), {**form, "name": "Chosen", "victory_condition": "6_realms"})
    assert Tournament.objects.get(name="Chosen").victory_condition == Tournament.Victory.SIX_REALMS


# --------------------------------------------------------------------------- 2. running out of cards


def test_running_out_of_cards_defaults_to_the_formats_rules(organiser):
    """spellfire-tournament-rules-2.0.txt ("these rules supersede any other published rules"; the discard pile
    is reshuffled) for the 2.0 formats; spellfire-regras-pt-br.txt, VENCENDO, "Exceção" (the game ends, most
    unrazed realms wins) for 55-br."""
    made = {fid: services.tournament_create(actor=organiser, name=fid, date=DAY, deck_format_id=fid).deck_out
            for fid in ("55", "75", "110", "55-br", "110-modern")}
    assert made == {"55": "reshuffle", "75": "reshuffle", "110": "reshuffle", "55-br": "game_ends",
                    "110-modern": "reshuffle"}
    chosen = services.tournament_create(actor=organiser, name="guide", date=DAY, deck_out="game_ends")
    assert chosen.deck_out == "game_ends"
    with pytest.raises(UserError) as bad:
        services.tournament_create(actor=organiser, name="x", date=DAY, deck_out="mill")
    assert bad.value.code == "deck_out"
    response = api(organiser).post("/api/v1/tournaments/", {"name": "API", "date": "2026-12-05",
                                                            "deck_format_id": "55-br"}, format="json")
    assert response.json()["deck_out"] == "game_ends"
    response = api(organiser).post("/api/v1/tournaments/", {"name": "API 2", "date": "2026-12-05",
                                                            "deck_out": "game_ends"}, format="json")
    assert response.json()["deck_out"] == "game_ends"


def test_under_the_reshuffle_rule_a_deck_out_game_is_refused_with_the_reason(round_one, tournament, alice, bob):
    """spellfire-tournament-rules-2.0.txt, major changes ("When a player runs out of cards, he reshuffles his
    discard pile") and the running-out-of-cards paragraph; these rules "supersede any other published rules"."""
    assert tournament.deck_out == "reshuffle"
    match = round_one.matches.get()
    player_a, _ = seat_users(match)
    games = [{"winner": "a"}, {"deck_out": True, "counts": counts(2, 5)}, {"winner": "a"}]
    response = api(player_a).post(f"/api/v1/matches/{match.pk}/reports/", {"games": games}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "deck_out_not_allowed"
    assert "reshuffles their discard pile" in response.json()["detail"]
    assert "supersede any other published rules" in response.json()["params"]["rule"]
    assert not match.submissions.exists()
    # the slip offers no deck-out outcome and says why
    browser = Client()
    browser.force_login(player_a)
    page = html(browser.get(slip_url(match)))
    assert 'value="deck_out"' not in page
    assert "the discard pile is reshuffled into a new draw pile and play goes on" in page
    assert cited(DECK_OUT_RULES["reshuffle"], page)
    posted = browser.post(slip_url(match), {"game-1": "me", "game-2": "deck_out", "game-3": "me"})
    assert posted.status_code == 400 and "cannot end because a draw pile ran out" in html(posted)
    assert not match.submissions.exists()


def test_when_the_game_ends_the_counts_decide_a_deck_out(client, round_one, tournament, alice, bob):
    """spellfire-special-circumstances-guide.txt, Running out of cards ("The game ends when the draw pile of a
    player is emptied"); spellfire-regras-pt-br.txt, VENCENDO, "Exceção": the most unrazed realms wins."""
    Tournament.objects.filter(pk=tournament.pk).update(deck_out=Tournament.DeckOut.GAME_ENDS)
    match = round_one.matches.get()
    player_a, _ = seat_users(match)
    client.force_login(player_a)
    page = html(client.get(slip_url(match)))
    assert 'value="deck_out"' in page and "the game ends and the end-of-game counts decide it" in page
    assert cited(DECK_OUT_RULES["game_ends"], page)
    report = services.result_report(match=match, actor=player_a, games=[
        {"winner": "a"}, {"deck_out": True, "counts": counts(2, 5)}, {"winner": "a"}])
    assert report.outcome["wins"] == [2, 1]


def test_a_brazilian_events_slip_ends_the_game_at_a_players_last_card(client, round_one, tournament):
    """spellfire-regras-pt-br.txt, VENCENDO ("Exceção: se qualquer jogador baixar sua ultima carta, o jogo acaba
    assim que seu turno terminar"): under the Brazilian rules (55-br) the game ends at the end of the turn in which
    a player puts down their last card, not when a draw pile runs out; the slip says so and cites VENCENDO."""
    from rules.formats import get_format
    from rules.results import BRAZIL_DECK_OUT_RULE

    Tournament.objects.filter(pk=tournament.pk).update(deck_format=get_format("55-br").to_dict(),
                                                       deck_out=Tournament.DeckOut.GAME_ENDS)
    assert Tournament.objects.get(pk=tournament.pk).deck_out_rule() == BRAZIL_DECK_OUT_RULE
    match = round_one.matches.get()
    player_a, _ = seat_users(match)
    client.force_login(player_a)
    page = html(client.get(slip_url(match)))
    assert "When a player puts down their last card: the game ends at the end of that turn" in page
    assert "The game ends at the end of the turn in which a player puts down their last card" in page
    assert "A player put down their last card (the counts decide)" in page
    assert "When a draw pile runs out" not in page and "A draw pile ran out (the counts decide)" not in page
    assert titled(BRAZIL_DECK_OUT_RULE) in page
    assert "The game ends when the draw pile of a player is emptied" not in page
    # recorded as a deck-out all the same, decided by the counts
    report = services.result_report(match=match, actor=player_a, games=[
        {"winner": "a"}, {"deck_out": True, "counts": counts(2, 5)}, {"winner": "a"}])
    assert report.outcome["wins"] == [2, 1]
    # and the report tells that game by the last card, not by a draw pile running out
    page = html(client.get(slip_url(match)))
    assert "put down their last card)" in page and "ran out of cards" not in page and "a draw pile ran out" not in page


def test_a_standard_event_whose_game_ends_keeps_the_draw_pile_wording(organiser):
    """spellfire-special-circumstances-guide.txt, Running out of cards: outside the Brazilian rules the game ends
    when a draw pile runs out."""
    t = services.tournament_create(actor=organiser, name="guide", date=DAY, deck_out="game_ends")
    assert not t.deck_out_at_last_card and t.deck_out_rule() == DECK_OUT_RULES["game_ends"]
    brazilian = services.tournament_create(actor=organiser, name="br", date=DAY, deck_format_id="55-br")
    assert brazilian.deck_out_at_last_card
    reshuffled = services.tournament_create(actor=organiser, name="br2", date=DAY, deck_format_id="55-br",
                                            deck_out="reshuffle")
    assert not reshuffled.deck_out_at_last_card


# --------------------------------------------------------------------------- 3. organiser-amended citations


def test_a_limit_the_organiser_set_is_cited_by_format_version_and_reason(tournament, organiser, alice):
    """rules.formats.DeckFormat.amended_by: a violation of a limit the organiser set cites "format version N:
    reason" (README, the rules module: citations), not the 2.0 table."""
    url = f"/api/v1/tournaments/{tournament.pk}/format/"
    response = api(organiser).post(url, {"reason": "Club night: at most 9 realms",
                                         "changes": {"type_limits": {"Realm": {"maximum": 9}}}}, format="json")
    assert response.status_code == 200 and response.json()["version"] == 2
    registration = services.player_register(tournament=tournament, actor=alice)
    response = api(alice).post(f"/api/v1/tournaments/{tournament.pk}/registrations/{registration.pk}/deck/",
                               {"text": LEGAL_55.read_bytes().decode("latin-1")}, format="json")
    assert response.status_code in (200, 201), response.content
    verdict = response.json()["verdict"]
    assert not response.json()["legal"]
    rules_cited = [v["rule"] for v in verdict["violations"]]
    assert "format version 2: Club night: at most 9 realms" in rules_cited, rules_cited
    client = Client()
    client.force_login(alice)
    assert "(format version 2: Club night: at most 9 realms)" in html(client.get(reverse("decks:deck",
                                                                                         args=[tournament.pk])))


# --------------------------------------------------------------------------- 4. verdict warnings


def warned_deck_text() -> str:
    """The legal sample deck with The Azure Tower of Onad the Fallen and A Good Defense (CrossFire DeckIt!'s
    warning, rules.card_pairs: spellfire/CrossFire Scripts/Editor.tcl, mode warn)."""
    catalogue = get_catalogue()
    cards = list(read_decklist(LEGAL_55.read_bytes(), catalogue, filename=LEGAL_55.name).cards)
    cards.remove(next(c for c in cards if c.card_type == "Event"))
    cards.remove(next(c for c in cards if c.card_type == "Dungeon"))
    cards += [catalogue.get("IQ/48"), catalogue.get("DU/24")]
    return "\n".join(card.key for card in cards)


def test_a_discouraged_pair_is_a_warning_on_the_deck_page_and_in_the_api(client, tournament, alice):
    """CrossFire DeckIt! (Editor.tcl, Editor::AddCardToDeck, mode warn): the deck is legal, with a warning."""
    registration = services.player_register(tournament=tournament, actor=alice)
    url = f"/api/v1/tournaments/{tournament.pk}/registrations/{registration.pk}/deck/"
    response = api(alice).post(url, {"text": warned_deck_text()}, format="json")
    assert response.json()["legal"] is True, response.json()["verdict"]["violations"]
    [warning] = response.json()["verdict"]["warnings"]
    assert warning["code"] == "discouraged_pair" and "Editor.tcl" in warning["rule"]
    assert api(alice).get(url).json()["registered"]["verdict"]["warnings"][0]["code"] == "discouraged_pair"
    client.force_login(alice)
    page = squash(html(client.get(reverse("decks:deck", args=[tournament.pk]))))
    assert '<div class="alert alert-warning" role="note">' in page and '<ul class="warnings">' in page
    # the warning is said from its code and cards (tournaments.rule_texts, issue 14), the cards named as printed
    assert re.search(r"Warning: These cards do not work well together: [^<]*The Azure Tower of Onad the Fallen, "
                     r"[^<]*A Good Defense; the deck is still legal\.", page)
    assert "do not work well together" not in page.split('<ul class="violations">')[-1].split("</ul>")[0] \
        or '<ul class="violations">' not in page
    preview = html(client.post(reverse("decks:deck-preview", args=[tournament.pk]), {"text": warned_deck_text()}))
    assert "Warning (the deck is still legal): These cards do not work well together: " in preview
    assert "The Azure Tower" in preview and 'class="legal">Legal' in preview


# --------------------------------------------------------------------------- 5. who goes first, hand sizes


def test_the_slip_and_the_format_page_say_who_goes_first_and_the_hand_sizes(client, round_one, tournament, alice):
    """spellfire-tournament-rules-2.0.txt, the paragraph after "How Dungeon Cards Work" (who goes first) and
    "55-Card Game Drawing & Hand Size" (5 cards, 3 a turn, 8 at the end of a turn)."""
    client.force_login(alice)
    for url in (slip_url(round_one.matches.get()), reverse("tournaments:format", args=[tournament.pk])):
        page = html(client.get(url))
        assert FIRST_PLAYER_TEXT in page and cited(FIRST_PLAYER_RULE, page)
        assert ("Each player draws 5 cards to form the starting hand and 3 cards at the start of each turn; at "
                "the end of a turn a player keeps at most 8 cards in hand.") in page
        assert "55-Card Game Drawing &amp; Hand Size" in client.get(url).content.decode()
        assert cited(VICTORY_RULE, page)


def test_a_format_stored_without_hand_sizes_shows_the_2_0_numbers_of_its_size_or_none(client, organiser):
    """spellfire-tournament-rules-2.0.txt, "110-Card Game Drawing & Hand Size" (7, 5, 12); a deck size the text
    does not cover shows no hand sizes."""
    t = services.tournament_create(actor=organiser, name="Old copy", date=DAY, deck_format_id="110")
    stored = {k: v for k, v in t.deck_format.items()
              if k not in ("starting_hand", "draws_per_turn", "hand_limit", "hand_source")}
    Tournament.objects.filter(pk=t.pk).update(deck_format=stored)
    page = html(client.get(reverse("tournaments:format", args=[t.pk])))
    assert "Each player draws 7 cards to form the starting hand and 5 cards" in page
    assert "110-Card Game Drawing & Hand Size" in page
    Tournament.objects.filter(pk=t.pk).update(deck_format={**stored, "total": 60})
    page = html(client.get(reverse("tournaments:format", args=[t.pk])))
    assert "Hand sizes" not in page and FIRST_PLAYER_TEXT in page


# --------------------------------------------------------------------------- 6. mulligans at a table


def test_a_table_restarted_by_a_two_draw_mulligan_counts_as_no_game(organiser, pods_four):
    """spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan ("A mulligan can only be declared by the same
    player twice in a row. On the third game, that player is forced to continue play"), at a table of four
    (rules.results.check_table_mulligan)."""
    t, regs, table = pods_four
    seat_one = seat_users(table)[0]
    url = f"/api/v1/matches/{table.pk}/reports/"
    third = [{"mulligan_by": 2}, {"mulligan_by": 2}, {"mulligan_by": 2}, {"winners": [1]}]
    response = api(seat_one).post(url, {"games": third}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "mulligan_limit", response.content
    assert "Two-Draw Mulligan" in response.json()["detail"]
    only = api(seat_one).post(url, {"games": [{"mulligan_by": 3}]}, format="json")
    assert only.status_code == 400 and only.json()["code"] == "no_games"
    games = [{"mulligan_by": 2}, {"mulligan_by": 2}, {"mulligan_by": 3}, {"winners": [1]}]
    response = api(seat_one).post(url, {"games": games}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["outcome"]["wins"] == [1, 0, 0, 0]
    assert response.json()["outcome"]["placements"] == [1, 2, 2, 2]
    assert response.json()["game_lines"][0].startswith("Game 1: two-draw mulligan declared by ")


def test_the_table_slip_takes_a_mulligan(client, organiser, pods_four):
    """spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan: the table slip names who declared it."""
    t, regs, table = pods_four
    seat_one = seat_users(table)[0]
    client.force_login(seat_one)
    page = html(client.post(slip_url(table), {"rows": "9", "add_game": "1"}))  # "Add a game" up to the longest
    assert 'name="game-9-mulligan"' in page and 'name="game-10-mulligan"' not in page  # best of 3: 9 rows
    response = client.post(slip_url(table), {"mode": "games", "game-1-mulligan": "4", "game-2-winners": ["2"]})
    assert response.status_code == 302, html(response)
    submission = table.submissions.get()
    assert submission.record["games"][0]["mulligan_by"] == 4
    assert submission.outcome["wins"] == [0, 1, 0, 0]


# --------------------------------------------------------------------------- 7. every legal sequence fits


NINE = ["mulligan_me", "mulligan_me", "me", "mulligan_opponent", "mulligan_opponent", "opponent",
        "mulligan_me", "mulligan_me", "me"]


def test_the_duel_slip_holds_a_best_of_3_with_two_mulligans_before_each_game(client, round_one, alice):
    """spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan: twice in a row per player before each of the 3
    games is 9 games on the slip."""
    match = round_one.matches.get()
    player_a, _ = seat_users(match)
    client.force_login(player_a)
    page = client.post(slip_url(match), {"rows": "9", "add_game": "1"}).content.decode()  # "Add a game" to the end
    assert 'name="game-9"' in page and 'name="game-10"' not in page
    response = client.post(slip_url(match), {"rows": "9", **{f"game-{n}": value for n, value in enumerate(NINE, start=1)}})
    assert response.status_code == 302, html(response)
    submission = match.submissions.get()
    assert len(submission.record["games"]) == 9 and submission.outcome["wins"] == [2, 1]


def test_the_organisers_settle_form_holds_nine_games(client, round_one, organiser):
    """The same nine-game sequence through the organiser's form (players A and B)."""
    match = round_one.matches.get()
    client.force_login(organiser)
    page = client.get(slip_url(match)).content.decode()
    assert page.count('name="game-9"') == 1 and 'name="game-10"' not in page
    letters = [v.replace("mulligan_me", "mulligan_a").replace("mulligan_opponent", "mulligan_b")
               .replace("opponent", "b").replace("me", "a") for v in NINE]
    response = client.post(reverse("tournaments:override", args=[match.round.tournament_id, match.pk]),
                           {**{f"game-{n}": v for n, v in enumerate(letters, start=1)}, "reason": "slip",
                            "next": "match"})
    assert response.status_code == 302
    confirmed = match.submissions.get(state=ResultSubmission.State.CONFIRMED)
    assert len(confirmed.record["games"]) == 9 and confirmed.outcome["wins"] == [2, 1]


# --------------------------------------------------------------------------- 8. random draw each round


def test_single_elimination_with_a_random_draw_each_round_is_reproducible_from_the_round_seed(
        organiser, monkeypatch, capsys):
    """spell-battle-rules.txt, 8. Tournaments: single elimination paired at random among the players still in,
    every round; each round is the draw of its stored seed (the service, ``next_round`` and ``python -m rules
    pair --random-draw`` agree)."""
    t, regs = make_event(organiser, 8, structure="single_elimination", random_draw_each_round=True)
    assert t.random_draw_each_round and structure_settings(t).random_draw_each_round
    for seed in (11, 12):
        history = history_for(t)
        expected = next_round(structure_settings(t), history, random.Random(seed))
        assert isinstance(expected, NextRound)
        monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(history_to_json(history))))
        assert main(["pair", "--system", "single-elimination", "--random-draw", "--seed", str(seed)]) == 0
        printed = json.loads(capsys.readouterr().out)
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=seed)
        assert rnd.kind == Round.Kind.ELIMINATION and rnd.seed == seed
        tables = [sorted(str(s.registration_id) for s in m.seats.all()) for m in rnd.matches.order_by("table")
                  if m.seats.count() == 2]
        assert tables == [sorted(table["players"]) for table in printed["pairings"]]
        assert tables == [sorted(table.players) for table in expected.pairing.tables]
        play_round(rnd, organiser)
    assert Round.objects.filter(tournament=t).count() == 2


def test_a_random_draw_each_round_is_a_single_elimination_option(organiser, client):
    """spell-battle-rules.txt, 8. Tournaments (single elimination); the API and the form take it."""
    with pytest.raises(UserError) as bad:
        services.tournament_create(actor=organiser, name="x", date=DAY, random_draw_each_round=True)
    assert bad.value.code == "random_draw_each_round"
    response = api(organiser).post("/api/v1/tournaments/", {
        "name": "Draw", "date": "2026-12-05", "structure": "single_elimination", "random_draw_each_round": True},
        format="json")
    assert response.status_code == 201 and response.json()["random_draw_each_round"] is True
    client.force_login(organiser)
    client.post(reverse("tournaments:new"), {
        "name": "Form draw", "date": "2026-12-05", "deck_format_id": "55", "best_of": "3",
        "structure": "single_elimination", "swiss_rounds": "3", "top_cut": "0", "random_draw_each_round": "on"})
    assert Tournament.objects.get(name="Form draw").random_draw_each_round is True


def test_pods_mulligans_fit_the_multiplayer_helper(organiser):
    """tests.conftest.make_event builds pods events; a mulligan-only record is never a result there either."""
    t, regs = make_pods(organiser, 4, swiss_rounds=1)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=2)
    table = rnd.matches.get()
    with pytest.raises(UserError) as refused:
        services.result_settle(match=table, actor=organiser, reason="slip", games=[{"mulligan_by": 1}])
    assert refused.value.code == "no_games"
