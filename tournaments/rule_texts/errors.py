"""Rule errors (every ``RulesError`` code raised under ``rules/``) in the reader's language, from their code and
params (:data:`ERROR_TEXTS`); English is the rule's own message."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import get_language, ngettext
from rules.rule_documents import titled
from rules.errors import RulesError

from tournaments.rule_texts.terms import clause_separator, joined


_P = Mapping[str, Any]


def _field(p: _P) -> str:
    return str(p.get("field", ""))


#: Every RulesError code raised under rules/, keyed by code, with its text: params -> str. Where a code names
#: different problems in different modules, the params tell them apart.
ERROR_TEXTS: dict[str, Callable[[_P], str]] = {
    # decklists (rules.decklists.DecklistError)
    "empty": lambda p: _("The decklist names no cards."),
    "unreadable": lambda p: (
        _("The file is binary, not a decklist.") if p.get("reason") == "binary" else
        _("Line %(line)s: this count of copies is not allowed.") % {"line": p.get("line")}
        if p.get("reason") == "bad_count" else
        _("Unbalanced braces starting at line %(line)s.") % {"line": p.get("line")}
        if p.get("reason") == "unbalanced_braces" else
        _("Unterminated quote starting at line %(line)s.") % {"line": p.get("line")}
        if p.get("reason") == "unterminated_quote" else
        _("The file cannot be read: upload a LackeyCCG .dek, a CrossFire .cfd or a plain-text list.")),
    "unknown_cards": lambda p: ngettext(
        "%(count)s line names no known card: %(lines)s.", "%(count)s lines name no known card: %(lines)s.",
        len(p.get("unknown") or ())) % {
            "count": len(p.get("unknown") or ()),
            "lines": clause_separator().join(
                (_("line %(line)s “%(text)s” (did you mean: %(suggestions)s?)") if u.get("suggestions") else
                 _("line %(line)s “%(text)s”")) % {"line": u.get("line"), "text": u.get("text"),
                                                   "suggestions": joined(u.get("suggestions"))}
                for u in p.get("unknown") or ())},
    "too_large": lambda p: (
        _("The decklist is too large (over %(max)s MB).") % {"max": p["max_bytes"] // (1024 * 1024)}
        if "max_bytes" in p else
        _("The decklist is too long (more than %(max)s card lines or copies).") % {"max": p["max_cards"]}
        if "max_cards" in p else
        _("The decklist is too large (more than %(max)s %(limit)s); no real deck file comes near that.") % {
            "max": p["max"], "limit": p["limit"]} if "limit" in p else
        _("Too many players to pair in one round (round %(round)s).") % {"round": p["round"]}
        if "round" in p or "bits" in p else
        _("The format file is too large.")),
    "unknown_card": lambda p: (
        (_("No card matches “%(query)s”; did you mean: %(suggestions)s?") if p.get("suggestions") else
         _("No card matches “%(query)s” and no similar card was found.")) % {
            "query": p["query"], "suggestions": joined(p.get("suggestions"))}
        if "query" in p else _("The format names a card that does not exist.")),
    "unknown_format": lambda p: _("Unknown deck format “%(format)s”; valid formats: %(valid)s.") % {
        "format": p.get("format_id", ""), "valid": joined(p.get("valid_ids"))},
    # formats (rules.formats.FormatError: its params hold only the English problems)
    "bad_value": lambda p: (
        _("%(field)s: a value is not a whole number.") % {"field": _field(p)} if "field" in p else
        _("The format has a value that is not allowed: %(problems)s") % {"problems": " ".join(p.get("problems", []))}),
    "nonsense_limits": lambda p: _("The format's limits contradict each other: %(problems)s") % {
        "problems": " ".join(p.get("problems", []))},
    # replacements
    "not_in_deck": lambda p: _("%(card)s is not in the registered decklist.") % {"card": p.get("card", "")},
    # results (rules.results.ResultError, rules.game_start)
    "bad_counts": lambda p: _("Game %(game)s: the end-of-game card counts must be whole numbers of 0 or more.") % {
        "game": p.get("game")},
    "bad_number": lambda p: (_("%(field)s must be a whole number of 0 or more.") % {"field": _field(p)}
                             if "field" in p else _("A number in the result is not right.")),
    "best_of": lambda p: _("A match is best of 1, 3 or 5 games, not %(best_of)s.") % {"best_of": p.get("best_of")},
    "both_won": lambda p: _("Both players cannot win the match (games won: %(wins)s).") % {"wins": joined(p.get("wins"))},
    "counts_missing": lambda p: _("Game %(game)s: give the card counts to decide it.") % {"game": p.get("game")},
    "deck_out": lambda p: _("Unknown rule for running out of cards: “%(value)s”.") % {"value": p.get("deck_out")},
    "deck_out_not_allowed": lambda p: _("Game %(game)s cannot end because a draw pile ran out: in this tournament "
                                        "the player reshuffles their discard pile to form a new draw pile at the "
                                        "end of the turn and play goes on. Report how the game ended.") % {
        "game": p.get("game")},
    "elimination_undecided": lambda p: _("An elimination match needs a winner (games won: %(wins)s, draws: "
                                         "%(draws)s).") % {"wins": joined(p.get("wins")), "draws": p.get("draws")},
    "end_of_round": lambda p: _("Unknown end-of-round procedure: “%(value)s”.") % {"value": p.get("end_of_round")},
    "first_player_draw": lambda p: _("The draw for the first player is not right: every player draws one card "
                                     "and gives its number."),
    "first_player_tied": lambda p: _("The draw is tied: %(players)s draw again.") % {"players": joined(p.get("players"))},
    "game_after_decision": lambda p: _("Game %(game)s was reported after the match was decided.") % {
        "game": p.get("game")},
    "game_outcome": lambda p: _("Game %(game)s: give exactly one outcome (a winner, a draw, a mulligan, "
                                "unfinished or out of cards).") % {"game": p.get("game")},
    "mulligan_limit": lambda p: _("A player may declare a two-draw mulligan only twice in a row; the third game "
                                  "must be played (game %(game)s).") % {"game": p.get("game")},
    "no_games": lambda p: _("No game was reported."),
    "seat": lambda p: _("That player is not at this table."),
    "seats": lambda p: _("A table has two or more players."),
    "too_many_games": lambda p: _("More games were reported than a best of %(best_of)s allows.") % {
        "best_of": p.get("best_of")},
    "too_many_drawn_games": lambda p: _("Game %(game)s: an elimination match has at most %(max)s drawn games.") % {
        "game": p.get("game"), "max": p.get("max")},
    "too_many_games_reported": lambda p: _("%(count)s games were reported; at most %(max)s are allowed.") % {
        "count": p.get("count"), "max": p.get("max")},
    "too_many_wins": lambda p: _("More games won than a best of %(best_of)s allows (%(wins)s).") % {
        "best_of": p.get("best_of"), "wins": joined(p.get("wins"))},
    # histories (rules.history.HistoryError, command-line input)
    "bad_awarded_byes": lambda p: _("%(field)s: the awarded byes are not right.") % {"field": _field(p)},
    "bad_bye": lambda p: _("%(field)s: a bye has exactly one player.") % {"field": _field(p)},
    "bad_loss": lambda p: _("%(field)s: a loss with no opponent has exactly one player, no games and is not a bye, "
                            "in a Swiss round.") % {"field": _field(p)},
    "bad_cut": lambda p: _("%(field)s: a cut is {\"points\": N}, {\"record\": \"x-N\"} or {\"top\": N}.") % {
        "field": _field(p)},
    "bad_phase": lambda p: _("%(field)s: a round's phase is a whole number of 1 or more.") % {"field": _field(p)},
    "bad_phases": lambda p: _("%(field)s: the phases are not right: phase 1 has no cut, every later phase has "
                              "one.") % {"field": _field(p)},
    "phase_order": lambda p: _("%(field)s: a phase's rounds come after the rounds of the phase before.") % {
        "field": _field(p)},
    "phase_rounds": lambda p: _("%(field)s: the phase has more rounds than it plans.") % {"field": _field(p)},
    "unknown_phase": lambda p: _("%(field)s: phase %(phase)s is not declared in the phases.") % {
        "field": _field(p), "phase": p.get("phase")},
    "bad_disqualified": lambda p: _("%(field)s: the disqualified players are not right.") % {"field": _field(p)},
    "bad_drops": lambda p: _("%(field)s: the drops are not right.") % {"field": _field(p)},
    "bad_elimination": lambda p: _("%(field)s: “elimination” is true or false.") % {"field": _field(p)},
    "bad_forbidden": lambda p: _("A forbidden pair is not right: it names two different registered players."),
    "bad_id": lambda p: _("%(field)s: a player id is a non-empty text.") % {"field": _field(p)},
    "bad_json": lambda p: _("The input is not valid JSON."),
    "bad_matches": lambda p: _("%(field)s: the matches are not right.") % {"field": _field(p)},
    "bad_name": lambda p: _("%(field)s: a player name is a text.") % {"field": _field(p)},
    "bad_placements": lambda p: _("%(field)s: the placements are not right.") % {"field": _field(p)},
    "bad_players": lambda p: _("%(field)s: the players are not right.") % {"field": _field(p)},
    "bad_rounds": lambda p: _("%(field)s: the rounds are not right.") % {"field": _field(p)},
    "bad_teams": lambda p: _("%(field)s: the teams are not right.") % {"field": _field(p)},
    "bad_wins": lambda p: _("%(field)s: the games won are not right.") % {"field": _field(p)},
    "duplicate_player": lambda p: _("%(player)s is listed twice.") % {"player": p.get("player")},
    "missing_field": lambda p: _("%(field)s is missing; add it.") % {"field": _field(p)},
    "not_an_object": lambda p: _("%(field)s must be a JSON object.") % {"field": _field(p)},
    "played_after_drop": lambda p: _("%(player)s played after dropping.") % {"player": p.get("player")},
    "player_twice": lambda p: _("%(player)s plays twice in round %(round)s.") % {
        "player": p.get("player"), "round": p.get("round")},
    "round_order": lambda p: _("%(field)s: the rounds are not in order.") % {"field": _field(p)},
    "unknown_player": lambda p: _("%(field)s: unknown player %(player)s.") % {
        "field": _field(p), "player": p.get("player", "")},
    "wins_length": lambda p: _("%(field)s: give the games won by each player of the match.") % {"field": _field(p)},
    # pairings (rules.pairings.PairingError)
    "bad_pod_size": lambda p: _("A pod of %(size)s players is not allowed.") % {"size": p.get("size")},
    "bad_size": lambda p: _("The number of players does not fit this round robin."),
    "bad_table_size": lambda p: _("The table size of an elimination is not allowed."),
    "bad_team": lambda p: _("Team %(team)s is not right.") % {"team": p.get("team")},
    "bracket_complete": lambda p: _("The bracket is complete: %(winner)s won.") % {"winner": p.get("winner")},
    "bracket_size": lambda p: _("A bracket of %(size)s players is not allowed.") % {"size": p.get("size")},
    "duplicate_seed": lambda p: _("A player is seeded twice."),
    "elimination_draw": lambda p: _("Round %(round)s: an elimination match cannot end in a draw.") % {
        "round": p.get("round")},
    "no_pairing": lambda p: _("Round %(round)s cannot be paired without a rematch or a forbidden pair.") % {
        "round": p.get("round")},
    "results_missing": lambda p: _("Round %(round)s still has matches without a result.") % {"round": p.get("round")},
    "round_robin_complete": lambda p: _("Every round of the round robin has been played (%(rounds)s).") % {
        "rounds": p.get("rounds")},
    "rounds_after_final": lambda p: _("Round %(round)s comes after the final.") % {"round": p.get("round")},
    "too_few_players": lambda p: _("Too few players to pair a round."),
    "unknown_team": lambda p: _("Unknown team %(team)s.") % {"team": p.get("team")},
    # standings (rules.standings.StandingsError)
    "bad_option": lambda p: _("The tiebreaker option “%(option)s” has a value that is not allowed.") % {
        "option": p.get("option")},
    "duplicate_system": lambda p: _("A tiebreaker system named %(name)s exists already.") % {
        "name": p.get("tiebreakers")},
    "multiplayer_not_supported": lambda p: _("Round %(round)s has a table of more than two players; this "
                                             "tiebreaker system ranks duels only.") % {"round": p.get("round")},
    "not_advanced": lambda p: _("Round %(round)s (phase %(phase)s) seats %(player)s, who did not pass the cut into "
                                "that phase.") % {"round": p.get("round"), "phase": p.get("phase"),
                                                  "player": p.get("player")},
    "unknown_tiebreakers": lambda p: _("Unknown tiebreaker system %(name)s.") % {"name": p.get("tiebreakers")},
    "unused_option": lambda p: _("The %(name)s system does not use %(options)s; remove it.") % {
        "name": p.get("tiebreakers"), "options": joined(p.get("options"))},
    # limited pools (rules.limited.PoolError)
    "unknown_set": lambda p: _("Unknown set(s): %(sets)s; valid sets: %(valid)s.") % {
        "sets": joined(p.get("sets")), "valid": joined(p.get("valid"))},
    "too_few_cards": lambda p: _("The card list is too short: the pools need %(needed)s more cards, %(available)s "
                                 "are left.") % {"needed": p["needed"], "available": p["available"]},
    "bad_pool_setting": lambda p: _("The %(what)s must be between %(minimum)s and %(maximum)s.") % {
        "what": p["what"], "minimum": p["minimum"], "maximum": p["maximum"]},
    "no_pool": lambda p: _("There is no pool for player %(player)s.") % {"player": p["player"]},
    "bad_pool_file": lambda p: _("The pool cannot be read: it must list card keys such as 4th/12 per player."),
    # the draft (rules.draft.DraftError)
    "bad_draft_pod_size": lambda p: _("A draft pod seats %(minimum)s to %(maximum)s players.") % {
        "minimum": p["minimum"], "maximum": p["maximum"]},
    "bad_packs": lambda p: _("Every seat needs the same number of equal, non-empty packs."),
    "waiting": lambda p: _("Seat %(seat)s's pack %(pack)s, pick %(pick)s has not arrived yet.") % {
        "seat": p["seat"], "pack": p["pack"], "pick": p["pick"]},
    "not_in_pack": lambda p: _("%(card)s is not in the pack this seat holds.") % {"card": p["card"]},
    "draft_over": lambda p: _("Seat %(seat)s has made every pick.") % {"seat": p["seat"]},
    # event structures (rules.structures.StructureError)
    "bad_setting": lambda p: _("The setting %(field)s is not right.") % {"field": _field(p)},
    "unknown_setting": lambda p: _("Unknown setting %(field)s.") % {"field": _field(p)},
    "unknown_structure": lambda p: _("Unknown event structure."),
}


def error_text(error: RulesError) -> str:
    """What the rule error says, in the active language, from its ``code`` and ``params``.

    In English it is the rule's own ``message`` (the wording ``rules/`` owns, with its rule citation, as the
    command line prints it); in another language the code's template filled with the params. The English
    ``message`` too when a code is unknown or its params are not the expected ones. A rules text is named by its
    title, never its file name (``rules.rule_documents.titled``)."""
    render = ERROR_TEXTS.get(error.code)
    if render is None or (get_language() or "en").split("-")[0] == "en":
        return titled(error.message)
    try:
        return titled(render(error.params))
    except (KeyError, TypeError, ValueError, AttributeError):
        return titled(error.message)
