from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.results import (
    ELIMINATION_AT_TIME_RULE,
    END_OF_ROUND_RULE,
    MAX_ELIMINATION_DRAWN_GAMES,
    COUNT_ORDER,
    END_OF_ROUND_PROCEDURES,
    CountDecision,
    Game,
    GameCounts,
    MatchScore,
    ResultError,
    check_match_score,
    check_mulligan,
    decide_by_counts,
    decide_table_by_counts,
    resolve_game,
    score_match,
)

W0, W1, D = Game(winner=0), Game(winner=1), Game(drawn=True)
M0, M1 = Game(mulligan_by=0), Game(mulligan_by=1)


def code_of(games: list[Game], best_of: int = 3) -> str:
    with pytest.raises(ResultError) as info:
        score_match(games, best_of)
    return info.value.code


def test_a_two_one_win() -> None:
    assert score_match([W0, W1, W0], 3) == MatchScore(
        wins=(2, 1), draws=0, mulligans=0, winner=0, games_played=3, decided=True
    )


def test_mulligans_are_not_counted_games() -> None:
    score = score_match([M0, W1, M1, M1, W1], 3)
    assert score.wins == (0, 2)
    assert score.mulligans == 3
    assert score.games_played == 2
    assert score.winner == 1


def test_a_match_ended_by_time_with_more_wins_is_won() -> None:
    score = score_match([W1, D], 3)
    assert score.winner == 1
    assert not score.decided


def test_equal_wins_is_a_drawn_match() -> None:
    score = score_match([W0, W1, D], 3)
    assert score.winner is None
    assert score.draws == 1


def test_best_of_one() -> None:
    assert score_match([W1], 1).decided


@pytest.mark.parametrize("best_of", [0, 2, 4, 7])
def test_it_rejects_other_match_lengths(best_of: int) -> None:
    assert code_of([W0], best_of) == "best_of"


def test_it_rejects_a_game_after_the_match_was_won() -> None:
    assert code_of([W0, W0, W1]) == "game_after_decision"


def test_it_rejects_a_mulligan_after_the_match_was_won() -> None:
    assert code_of([W0, W0, M1]) == "game_after_decision"


def test_it_rejects_more_counted_games_than_best_of() -> None:
    assert code_of([D, D, D, W0]) == "too_many_games"


def test_it_rejects_a_report_of_only_mulligans() -> None:
    assert code_of([M0, M1]) == "no_games"


def test_it_rejects_an_empty_report() -> None:
    assert code_of([]) == "no_games"


@pytest.mark.parametrize(
    "game", [Game(), Game(winner=0, drawn=True), Game(winner=2), Game(mulligan_by=3), Game(winner=0, mulligan_by=1)]
)
def test_it_rejects_a_malformed_game(game: Game) -> None:
    assert code_of([game]) == "game_outcome"


def test_it_rejects_a_third_mulligan_in_a_row_by_the_same_player() -> None:
    with pytest.raises(ResultError) as info:
        score_match([M0, M0, M0, W0], 3)
    assert info.value.code == "mulligan_limit"
    assert info.value.params == {
        "seat": 0, "game": 3, "rule": "spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan"
    }
    assert "only twice in a row" in str(info.value)


def test_another_players_mulligan_breaks_the_streak() -> None:
    assert score_match([M0, M0, M1, M0, W0], 1).mulligans == 4


def test_a_played_game_breaks_the_streak() -> None:
    assert score_match([M0, M0, W1, M0, M0, W0, W0], 3).winner == 0


def test_check_mulligan_refuses_the_third_declaration() -> None:
    with pytest.raises(ResultError) as info:
        check_mulligan([W0, M1, M1], 1)
    assert info.value.code == "mulligan_limit"


def test_check_mulligan_allows_the_second_declaration_and_the_other_seat() -> None:
    check_mulligan([M1], 1)
    check_mulligan([M1, M1], 0)
    check_mulligan([M1, M0, M1], 1)


def test_check_mulligan_rejects_a_bad_seat() -> None:
    with pytest.raises(ResultError) as info:
        check_mulligan([], 2)
    assert info.value.code == "seat"


# ----------------------------------------------------------------------------- end-of-game counts and time


def counts(*values: int) -> GameCounts:
    return GameCounts(*values)


AHEAD, BEHIND = counts(4, 1, 2, 3, 12, 20), counts(3, 2, 2, 3, 12, 20)


def test_counts_are_compared_in_the_documented_order() -> None:
    assert COUNT_ORDER == ("unrazed_realms", "razed_realms", "holdings", "champions", "champion_levels",
                           "draw_pile")
    assert decide_by_counts((AHEAD, BEHIND)) == CountDecision(winner=0, deciding="unrazed_realms")
    assert decide_by_counts((BEHIND, AHEAD)) == CountDecision(winner=1, deciding="unrazed_realms")


@pytest.mark.parametrize("position", range(6))
def test_each_count_decides_when_all_before_it_are_equal(position: int) -> None:
    base = [3, 1, 2, 4, 10, 15]
    better = list(base)
    better[position] += 1
    worse_after = [v - 1 if i > position else v for i, v in enumerate(better)]
    decision = decide_by_counts((counts(*base), counts(*worse_after)))
    assert decision == CountDecision(winner=1, deciding=COUNT_ORDER[position])


def test_equal_counts_are_a_draw() -> None:
    assert decide_by_counts((AHEAD, AHEAD)) == CountDecision(winner=None, deciding=None)


def test_unfinished_is_draw_makes_an_unfinished_game_a_drawn_game() -> None:
    game = Game(unfinished=True, counts=(AHEAD, BEHIND))
    assert resolve_game(game, "unfinished_is_draw") == Game(drawn=True, counts=(AHEAD, BEHIND))
    assert resolve_game(Game(unfinished=True), "unfinished_is_draw").drawn


def test_decide_by_counts_gives_an_unfinished_game_to_the_seat_ahead() -> None:
    assert resolve_game(Game(unfinished=True, counts=(BEHIND, AHEAD)), "decide_by_counts").winner == 1
    assert resolve_game(Game(unfinished=True, counts=(AHEAD, AHEAD)), "decide_by_counts").drawn


def test_a_deck_out_is_always_decided_by_the_counts() -> None:
    game = Game(deck_out=True, counts=(AHEAD, counts(4, 1, 2, 3, 12, 0)))
    assert resolve_game(game, "unfinished_is_draw").winner == 0  # more cards left in the draw pile


def test_counts_are_required_to_decide() -> None:
    with pytest.raises(ResultError) as info:
        resolve_game(Game(deck_out=True), "unfinished_is_draw")
    assert info.value.code == "counts_missing"
    assert "spellfire-special-circumstances-guide.txt" in info.value.params["rule"]


def test_a_time_called_game_without_counts_cites_the_end_of_round_procedure() -> None:
    """Issue #10, rule 5: no rules text covers time being called (the deck-out and victory texts do not);
    the citation names the tournament's end-of-round procedure and says it is the project's choice."""
    with pytest.raises(ResultError) as info:
        resolve_game(Game(unfinished=True), "decide_by_counts")
    assert info.value.code == "counts_missing"
    rule = info.value.params["rule"]
    assert rule == END_OF_ROUND_RULE
    assert "end-of-round procedure decide_by_counts" in rule and "this project's choice" in rule
    assert "special-circumstances" not in rule and "VENCENDO" not in rule
    assert rule in str(info.value)


def test_an_unknown_end_of_round_procedure_is_refused() -> None:
    assert END_OF_ROUND_PROCEDURES == ("unfinished_is_draw", "decide_by_counts")
    with pytest.raises(ResultError) as info:
        score_match([W0], 3, end_of_round="coin_flip")
    assert info.value.code == "end_of_round"


def test_bad_counts_are_refused() -> None:
    with pytest.raises(ResultError) as info:
        resolve_game(Game(unfinished=True, counts=(AHEAD, counts(-1, 0, 0, 0, 0, 0))), "decide_by_counts")
    assert info.value.code == "bad_counts"


def test_an_unfinished_game_has_one_outcome_only() -> None:
    assert code_of([Game(unfinished=True, drawn=True)]) == "game_outcome"
    assert code_of([Game(unfinished=True, deck_out=True)]) == "game_outcome"


def test_score_match_applies_the_end_of_round_procedure() -> None:
    games = [W0, W1, Game(unfinished=True, counts=(BEHIND, AHEAD))]
    drawn = score_match(games, 3)
    assert (drawn.wins, drawn.draws, drawn.winner) == ((1, 1), 1, None)
    decided = score_match(games, 3, end_of_round="decide_by_counts")
    assert (decided.wins, decided.draws, decided.winner, decided.decided) == ((1, 2), 0, 1, True)


# ----------------------------------------------------------------------------- possible match scores


@pytest.mark.parametrize(
    ("wins", "draws", "best_of"),
    [((2, 0), 0, 3), ((2, 1), 0, 3), ((1, 1), 1, 3), ((1, 0), 0, 3), ((0, 0), 3, 3), ((1, 0), 0, 1),
     ((0, 0), 1, 1), ((3, 2), 0, 5), ((2, 2), 1, 5)],
)
def test_possible_match_scores_are_accepted(wins: tuple[int, int], draws: int, best_of: int) -> None:
    check_match_score(wins, draws, best_of)


@pytest.mark.parametrize(
    ("wins", "draws", "best_of", "code"),
    [((3, 0), 0, 3, "too_many_wins"), ((0, 3), 0, 3, "too_many_wins"), ((2, 2), 0, 3, "both_won"),
     ((1, 1), 2, 3, "too_many_games"), ((2, 0), 2, 3, "too_many_games"), ((1, 1), 0, 1, "both_won"), ((2, 0), 0, 1, "too_many_wins"),
     ((4, 0), 0, 5, "too_many_wins"), ((3, 3), 0, 5, "both_won"), ((0, 0), 0, 3, "no_games"),
     ((2, 0), 0, 2, "best_of"), ((-1, 0), 0, 3, "bad_number"), ((1, 0), True, 3, "bad_number")],
)
def test_impossible_match_scores_are_refused(wins: tuple[int, int], draws: int, best_of: int, code: str) -> None:
    with pytest.raises(ResultError) as info:
        check_match_score(wins, draws, best_of)
    assert info.value.code == code


def test_scored_matches_are_always_possible_scores() -> None:
    for games in ([W0, W1, W0], [W1, D], [M0, W0, D, W1], [D, D, D]):
        score = score_match(games, 3)
        check_match_score(score.wins, score.draws, 3)


GAMES = st.sampled_from([W0, W1, D, M0, M1, Game(unfinished=True, counts=(AHEAD, BEHIND)),
                         Game(deck_out=True, counts=(BEHIND, AHEAD))])
COUNTS = st.builds(GameCounts, *[st.integers(0, 3) for _ in range(6)])


@given(st.lists(GAMES, max_size=8), st.sampled_from([1, 3, 5]), st.sampled_from(END_OF_ROUND_PROCEDURES))
@settings(max_examples=300, deadline=None)
def test_every_accepted_report_is_a_possible_match_score(games: list[Game], best_of: int, procedure: str) -> None:
    try:
        score = score_match(games, best_of, end_of_round=procedure)
    except ResultError:
        return
    check_match_score(score.wins, score.draws, best_of)
    assert score.games_played == sum(score.wins) + score.draws


@given(COUNTS, COUNTS)
def test_swapping_the_seats_swaps_the_count_decision(a: GameCounts, b: GameCounts) -> None:
    forward, backward = decide_by_counts((a, b)), decide_by_counts((b, a))
    assert forward.deciding == backward.deciding
    assert forward.winner == (None if backward.winner is None else 1 - backward.winner)
    assert (forward.winner is None) == (a == b)


# Elimination matches cannot end drawn. Sources (rules.results.ELIMINATION_RULE):
# /work/shared/rules-texts/spell-battle-rules.txt, "8. Tournaments" (best of one, "two out of three",
# "three out of five"; in single elimination losers are eliminated until a single winner remains), and the
# Magic Tournament Rules, "Match Structure" (drawn games do not count toward the games to win) and
# "End-of-Match Procedure" ("In single-elimination rounds, matches may not end in a draw").

U = Game(unfinished=True)


def test_elimination_drawn_games_do_not_count_toward_best_of() -> None:
    score = score_match([W0, W1, D, W0], 3, elimination=True)
    assert score == MatchScore(wins=(2, 1), draws=1, mulligans=0, winner=0, games_played=4, decided=True)
    assert code_of([W0, W1, D, W0]) == "too_many_games"  # Swiss: unchanged


def test_elimination_unfinished_games_resolved_to_draws_do_not_count() -> None:
    score = score_match([D, U, W1], 1, elimination=True)
    assert (score.wins, score.draws, score.winner, score.decided) == ((0, 1), 2, 1, True)


@pytest.mark.parametrize("games", [[W0, W1, D], [D], [W0, W1], [D, D, D]])
def test_an_undecided_elimination_match_must_be_played_on(games: list[Game]) -> None:
    with pytest.raises(ResultError) as info:
        score_match(games, 3, elimination=True)
    assert info.value.code == "elimination_undecided"
    assert "Play on" in str(info.value) and "Magic Tournament Rules" in str(info.value)


def test_elimination_still_refuses_more_wins_than_needed() -> None:
    with pytest.raises(ResultError) as info:
        score_match([W0, D, W0, W0], 3, elimination=True)
    assert info.value.code == "game_after_decision"


def test_elimination_match_ahead_at_time_is_won() -> None:
    score = score_match([W0, D], 3, elimination=True)
    assert score.winner == 0 and not score.decided


def test_check_match_score_in_elimination() -> None:
    check_match_score((2, 1), 1, 3, elimination=True)
    check_match_score((3, 2), 4, 5, elimination=True)
    for wins, draws, code in [((1, 1), 1, "elimination_undecided"), ((3, 0), 0, "too_many_wins"),
                              ((0, 0), 0, "no_games"), ((2, 2), 0, "both_won")]:
        with pytest.raises(ResultError) as info:
            check_match_score(wins, draws, 3, elimination=True)
        assert info.value.code == code
    with pytest.raises(ResultError) as info:
        check_match_score((2, 1), 1, 3)
    assert info.value.code == "too_many_games"


def test_a_table_mulligan_is_refused_on_a_seats_third_in_a_row() -> None:
    """Issue #10, rule 9: the two-draw mulligan's "twice in a row" limit, per player, at a table of N seats."""
    from rules.results import check_table_mulligan

    check_table_mulligan([], 3, seats=4)
    check_table_mulligan([3], 3, seats=4)
    with pytest.raises(ResultError) as info:
        check_table_mulligan([3, 3], 3, seats=4)
    assert info.value.code == "mulligan_limit" and info.value.params["game"] == 3
    assert "Two-Draw Mulligan" in info.value.params["rule"]
    # another seat's restart or a game played out breaks the run; other seats keep their own count
    check_table_mulligan([3, 1, 3], 3, seats=4)
    check_table_mulligan([3, None, 3], 3, seats=4)
    check_table_mulligan([3, 3], 2, seats=4)
    for bad_seat, seats in ((4, 4), (-1, 4), (0, 1)):
        with pytest.raises(ResultError) as info:
            check_table_mulligan([], bad_seat, seats=seats)
        assert info.value.code in ("seat", "seats")


# --------------------------------------------------------------------------- issue #10: running out of cards
def test_deck_out_is_refused_under_reshuffle_and_decided_by_counts_under_game_ends():
    """spellfire-tournament-rules-2.0.txt (major changes; running-out-of-cards paragraph): the discard pile is
    reshuffled and play goes on, so no game ends in a deck-out; spellfire-special-circumstances-guide.txt, Running
    out of cards, and spellfire-regras-pt-br.txt, VENCENDO, "Exceção": the game ends, most unrazed realms wins."""
    from rules.results import DECK_OUT_RULES, default_deck_out, victory_realms

    counts = (GameCounts(unrazed_realms=4), GameCounts(unrazed_realms=3))
    games = [Game(deck_out=True, counts=counts), Game(winner=0)]
    with pytest.raises(ResultError) as refused:
        score_match(games, 3, deck_out="reshuffle")
    assert refused.value.code == "deck_out_not_allowed"
    assert refused.value.params["rule"] == DECK_OUT_RULES["reshuffle"]
    assert "supersede any other published rules" in refused.value.message
    assert score_match(games, 3, deck_out="game_ends").wins == (2, 0)
    assert score_match([Game(winner=0)], 1, deck_out="reshuffle").winner == 0
    with pytest.raises(ResultError) as unknown:
        score_match(games, 3, deck_out="sometimes")
    assert unknown.value.code == "deck_out"
    assert default_deck_out("spellfire-regras-pt-br.txt, LIMITAÇÃO DE BARALHOS PARA TORNEIOS") == "game_ends"
    assert default_deck_out("spellfire-tournament-rules-2.0.txt, 110-Card Deck") == "reshuffle"
    assert [victory_realms(n) for n in (55, 75, 110)] == [6, 6, 10]


# --- issue #11, item 11: the report bound ---------------------------------------------------------------


def test_max_games_is_counted_games_plus_ten_restarts_before_each_and_after_the_last():
    from rules.results import MAX_ELIMINATION_DRAWN_GAMES, MAX_RESTARTS_BEFORE_GAME, max_games

    assert (MAX_RESTARTS_BEFORE_GAME, MAX_ELIMINATION_DRAWN_GAMES) == (10, 5)
    assert [max_games(n) for n in (1, 3, 5)] == [21, 43, 65]
    assert [max_games(n, True) for n in (1, 3, 5)] == [76, 98, 120]


def test_40002_alternating_mulligans_are_refused_before_any_game_is_resolved(monkeypatch):
    import rules.results as results

    calls = []
    monkeypatch.setattr(results, "resolve_game", lambda *a, **k: calls.append(a))
    games = [Game(mulligan_by=n % 2) for n in range(40_000)] + [Game(winner=0), Game(winner=0)]
    with pytest.raises(ResultError) as exc:
        results.score_match(games, 3)
    assert exc.value.code == "too_many_games_reported"
    assert exc.value.params["count"] == 40_002 and exc.value.params["max"] == 43
    assert "Two-Draw Mulligan" in exc.value.params["rule"]
    assert calls == []


def test_the_longest_report_allowed_is_scored():
    # best of 3: before each of three counted games ten alternating mulligans, and ten after the last
    run = [Game(mulligan_by=n % 2) for n in range(10)]
    games = run + [Game(winner=0)] + run + [Game(winner=1)] + run + [Game(drawn=True)] + run
    assert len(games) == 43
    score = score_match(games, 3)
    assert (score.wins, score.draws, score.mulligans) == ((1, 1), 1, 40)
    with pytest.raises(ResultError) as exc:
        score_match(games + [Game(mulligan_by=0)], 3)
    assert exc.value.code == "too_many_games_reported"


def test_an_elimination_match_may_report_five_drawn_games_on_top():
    games = [Game(drawn=True)] * 5 + [Game(winner=0), Game(winner=1), Game(winner=0)]
    score = score_match(games, 3, elimination=True)
    assert score.wins == (2, 1) and score.draws == 5


# An elimination match at time (issue 22, item 1). Source: rules.results.ELIMINATION_AT_TIME_RULE:
# /work/shared/rules-texts/spell-battle-rules.txt, "8. Tournaments" ("If there is no winner in the limited time,
# then the winner is ..."): decided by games won, then by the counts of the game in progress; a true tie plays on.

AHEAD_1 = (GameCounts(unrazed_realms=2), GameCounts(unrazed_realms=3))
LEVEL = (GameCounts(unrazed_realms=3, holdings=1), GameCounts(unrazed_realms=3, holdings=1))


@pytest.mark.parametrize("procedure", END_OF_ROUND_PROCEDURES)
def test_an_elimination_match_ahead_on_games_at_time_is_won(procedure: str) -> None:
    score = score_match([W0, Game(unfinished=True, counts=AHEAD_1)], 3, elimination=True, end_of_round=procedure)
    assert (score.wins, score.winner, score.decided, score.at_time) == ((1, 0), 0, False, True)


@pytest.mark.parametrize("procedure", END_OF_ROUND_PROCEDURES)
def test_an_elimination_match_level_at_time_is_decided_by_the_counts_of_the_game_in_progress(procedure: str) -> None:
    score = score_match([W0, W1, Game(unfinished=True, counts=AHEAD_1)], 3, elimination=True,
                        end_of_round=procedure)
    assert (score.wins, score.draws, score.winner, score.at_time) == ((1, 2), 0, 1, True)
    assert score_match([Game(unfinished=True, counts=AHEAD_1)], 1, elimination=True).winner == 1


def test_only_a_true_tie_at_time_plays_on_in_elimination() -> None:
    with pytest.raises(ResultError) as info:
        score_match([W0, W1, Game(unfinished=True, counts=LEVEL)], 3, elimination=True)
    assert info.value.code == "elimination_undecided"


def test_a_level_elimination_match_at_time_needs_the_counts_of_the_game_in_progress() -> None:
    with pytest.raises(ResultError) as info:
        score_match([W0, W1, Game(unfinished=True)], 3, elimination=True)
    assert info.value.code == "counts_missing"
    assert info.value.params["rule"] == ELIMINATION_AT_TIME_RULE
    assert "spell-battle-rules.txt, 8. Tournaments" in ELIMINATION_AT_TIME_RULE


def test_a_table_game_at_time_is_won_by_the_best_counts_shared_when_equal() -> None:
    low, high = GameCounts(unrazed_realms=1), GameCounts(unrazed_realms=4)
    assert decide_table_by_counts((low, high, low)) == (1,)
    assert decide_table_by_counts((high, low, high)) == (0, 2)


# One cap on drawn games in an elimination match (issue 22, item 9): MAX_ELIMINATION_DRAWN_GAMES, whatever best_of.

@pytest.mark.parametrize("best_of", [1, 3, 5])
def test_an_elimination_match_refuses_more_drawn_games_than_the_cap(best_of: int) -> None:
    wins = [W0] * (best_of // 2 + 1)
    assert score_match([D] * MAX_ELIMINATION_DRAWN_GAMES + wins, best_of, elimination=True).winner == 0
    with pytest.raises(ResultError) as info:
        score_match([D] * (MAX_ELIMINATION_DRAWN_GAMES + 1) + wins, best_of, elimination=True)
    assert info.value.code == "too_many_drawn_games"
    assert info.value.params["max"] == MAX_ELIMINATION_DRAWN_GAMES


# --------------------------------------------------------------------------- issue 22: the Brazilian deck-out
def test_under_the_brazilian_rules_the_game_ends_at_a_players_last_card() -> None:
    """spellfire-regras-pt-br.txt, VENCENDO ("Exceção: se qualquer jogador baixar sua ultima carta, o jogo acaba
    assim que seu turno terminar"): a game of a Brazilian format ends at the end of the turn in which a player puts
    down their last card, cited to VENCENDO; the other formats keep their own rule."""
    from rules.formats import get_format
    from rules.results import BRAZIL_DECK_OUT_RULE, DECK_OUT_RULES, deck_out_rule, ends_at_last_card

    brazil, standard = get_format("55-br").source, get_format("55").source
    assert ends_at_last_card("game_ends", brazil) and not ends_at_last_card("reshuffle", brazil)
    assert not ends_at_last_card("game_ends", standard)
    assert deck_out_rule("game_ends", brazil) == BRAZIL_DECK_OUT_RULE
    assert BRAZIL_DECK_OUT_RULE.startswith("spellfire-regras-pt-br.txt, VENCENDO")
    assert "baixar sua ultima carta" in BRAZIL_DECK_OUT_RULE
    assert deck_out_rule("game_ends", standard) == DECK_OUT_RULES["game_ends"]
    assert deck_out_rule("reshuffle", brazil) == DECK_OUT_RULES["reshuffle"]
