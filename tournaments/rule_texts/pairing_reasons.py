"""Why the players of a table were paired (``rules.pairings.REASON_CODES``), in the reader's language, naming
players by their names (:data:`PAIRING_REASON_TEXTS`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import get_language, ngettext, pgettext

from tournaments.rule_texts.terms import joined


_P = Mapping[str, Any]


def _then(first: str, then: str) -> str:
    """Two parts of a pairing reason, the second adding to the first."""
    # Translators: joins two parts of why players were paired ("both on 3 match points; REMATCH (...)")
    return _("%(first)s; %(then)s") % {"first": first, "then": then}


def _two_seeds(p: _P) -> dict[str, Any]:
    a, b = p["seeds"]
    return {"a": a, "b": b}


def _rematch(p: _P, text: str) -> str:
    rematch = p.get("rematch")
    if not rematch:
        return text
    return _then(text, ngettext(
        "REMATCH (met %(met)s time before): no rematch-free pairing of all %(players)s players exists, this "
        "round has the fewest rematches possible (%(rematches)s)",
        "REMATCH (met %(met)s times before): no rematch-free pairing of all %(players)s players exists, this "
        "round has the fewest rematches possible (%(rematches)s)",
        rematch["met"]) % {"met": rematch["met"], "players": rematch["players"], "rematches": rematch["rematches"]})


def _swiss_same_points(p: _P) -> str:
    if p["points"] == 0:  # its own sentence: the plural rule of pt_BR and fr says "0 ponto" / "0 point"
        return _rematch(p, _("both on 0 match points"))
    return _rematch(p, ngettext("both on %(points)s match point", "both on %(points)s match points",
                                p["points"]) % {"points": p["points"]})


def _swiss_paired_down(p: _P) -> str:
    parts = [_("paired down from %(from)s to %(to)s match points: no unplayed opponent left at %(from)s") % {
        "from": p["from"], "to": p["to"]}]
    if "odd" in p:
        parts.append(ngettext("(%(count)s player on %(points)s: an odd number)",
                              "(%(count)s players on %(points)s: an odd number)", p["odd"]) % {
            "count": p["odd"], "points": p["from"]})
    else:
        parts.append(_("(each unplayed opponent on %(points)s is needed elsewhere)") % {"points": p["from"]})
    if "floated_again" in p:
        parts.append(_("(%(player)s was also paired down last round: unavoidable)") % {"player": p["floated_again"]})
    return _rematch(p, " ".join(parts))


def _elimination_table(p: _P) -> str:
    values = {"size": p["size"], "seeds": joined(p["seeds"])}
    if p.get("final"):
        return _("elimination table of %(size)s (final): seeds %(seeds)s; the winner advances") % values
    return _("elimination table of %(size)s: seeds %(seeds)s; the winner advances") % values


def _winners_bracket(p: _P) -> str:
    if p.get("final"):
        return _("winners' bracket final: seed %(a)s vs seed %(b)s") % _two_seeds(p)
    return _("winners' bracket round %(round)s: seed %(a)s vs seed %(b)s") % {
        "round": p["bracket_round"], **_two_seeds(p)}


def _losers_bracket(p: _P) -> str:
    values = {"round": p["bracket_round"], "from": p.get("from_winners_round"), **_two_seeds(p)}
    if p["bracket_round"] == 1:
        return _("losers' bracket round 1: losers of winners' round 1: seed %(a)s vs seed %(b)s") % values
    if p.get("swap") == "flipped":
        return _("losers' bracket round %(round)s: survivor vs a player dropped from winners' round %(from)s "
                 "(flipped to avoid a rematch): seed %(a)s vs seed %(b)s") % values
    if p.get("swap") == "halves_swapped":
        return _("losers' bracket round %(round)s: survivor vs a player dropped from winners' round %(from)s "
                 "(halves swapped to avoid a rematch): seed %(a)s vs seed %(b)s") % values
    return _("losers' bracket round %(round)s: seed %(a)s vs seed %(b)s") % values


def _round_robin(p: _P) -> str:
    a, b = p["pairing_numbers"]
    values = {"round": p["berger_round"], "a": a, "b": b}
    if p.get("second_cycle"):
        return _("round robin (second cycle, Berger table round %(round)s): pairing numbers %(a)s vs %(b)s") % values
    return _("round robin (Berger table round %(round)s): pairing numbers %(a)s vs %(b)s") % values


def _pod(p: _P) -> str:
    text = _("pod of %(size)s by standings (points %(points)s); seats drawn at random") % {
        "size": p["size"], "points": "-".join(str(v) for v in p["points"])}
    short = p.get("short")
    if short:
        text = _then(text, _("a pod of %(size)s because %(players)s players do not fill pods of %(full)s") % {
            "size": p["size"], "players": short["players"], "full": short["full"]})
    repeats = p.get("repeats", 0)
    return _then(text, ngettext("%(count)s repeat pairing could not be avoided",
                                "%(count)s repeat pairings could not be avoided", repeats) % {"count": repeats}
                 if repeats else _("no repeat opponents"))


def _teams(p: _P) -> str:
    teams = f" {_('vs')} ".join(str(team) for team in p["teams"])
    inner = p.get("table")
    if inner and inner.get("code") in PAIRING_REASON_TEXTS:
        return _("teams %(teams)s: %(reason)s") % {
            "teams": teams, "reason": PAIRING_REASON_TEXTS[inner["code"]](inner.get("params") or {})}
    return _("teams %(teams)s") % {"teams": teams}


def _bye(p: _P) -> str:
    text = _("Bye: scored as a 2-0 match win (Magic Tournament Rules, Appendix C)")
    code = p.get("reason_code")
    if code in PAIRING_REASON_TEXTS:
        return _then(text, PAIRING_REASON_TEXTS[code](p.get("reason_params") or {}))
    return text


#: Every pairing reason code (``rules.pairings.REASON_CODES``, plus the service's "bye", "late_loss" (an
#: opponentless loss, ``tournaments.services.late_losses``) and "changed_by_organiser"), with its text: params -> str.
PAIRING_REASON_TEXTS: dict[str, Callable[[_P], str]] = {
    # Swiss (rules.pairings.swiss)
    "swiss_same_points": _swiss_same_points,
    "swiss_paired_down": _swiss_paired_down,
    "bye_awarded": lambda p: _("bye awarded at registration for round %(round)s") % {"round": p["round"]},
    "swiss_bye": lambda p: _("pairing bye to %(player)s: the lowest-ranked player without a previous bye "
                             "(%(points)s match points, rank %(rank)s)") % {
        "player": p["player"], "points": p["points"], "rank": p["rank"]},
    "swiss_bye_repeat": lambda p: _("pairing bye to %(player)s on %(points)s match points: every player who could "
                                    "take it has had a bye already (%(byes)s before)") % {
        "player": p["player"], "points": p["points"], "byes": p["byes_before"]},
    "bye_no_opponent": lambda p: _("pairing bye: no other player to pair this round"),
    # single elimination, elimination by tables (rules.pairings.elimination)
    "bracket": lambda p: _("bracket: seed %(a)s vs seed %(b)s") % _two_seeds(p),
    "third_place": lambda p: _("third-place match: the losing semi-finalists (seed %(a)s vs seed %(b)s)") % (
        _two_seeds(p)),
    "elimination_table": _elimination_table,
    "random_draw": lambda p: _("random draw among the players still in (Spell Battle Rules, 8. Tournaments)"),
    "random_draw_bye": lambda p: _("left over in the random draw (uneven number of players): the bye counts as a "
                                   "win"),
    # double elimination (rules.pairings.double_elimination)
    "winners_bracket": _winners_bracket,
    "losers_bracket": _losers_bracket,
    "grand_final": lambda p: _("grand final: winners' bracket champion vs losers' bracket champion: seed %(a)s vs "
                               "seed %(b)s") % _two_seeds(p),
    "grand_final_reset": lambda p: _("grand final reset: the losers' bracket champion won the first grand final: "
                                     "seed %(a)s vs seed %(b)s") % _two_seeds(p),
    # round robin, pods, teams
    "round_robin": _round_robin,
    "round_robin_bye": lambda p: _("bye: meets the dummy player of an odd round robin"),
    "pod": _pod,
    "pod_bye": lambda p: _("bye: %(players)s players cannot be split into pods of %(min)s-%(max)s; lowest-ranked "
                           "player with the fewest byes") % {"players": p["players"], "min": p["min"],
                                                            "max": p["max"]},
    "fixed_table_bye": lambda p: _("bye: tables of exactly %(size)s (fixed ahead of time) seat %(seated)s of "
                                   "%(players)s players; lowest-ranked player with the fewest byes") % {
        "size": p["size"], "seated": p["seated"], "players": p["players"]},
    "teams": _teams,
    # the service (tournaments.services.rounds)
    "bye": _bye,
    "late_loss": lambda p: _("Late: a loss with no opponent (the player missed the round)"),
    "changed_by_organiser": lambda p: pgettext("pairing reason", "Changed by the organiser: %(reason)s") % {
        "reason": p["reason"]},
}


#: The params of a pairing reason that name a player (by the id the pairing used: a registration's id).
_PLAYER_PARAMS = ("player", "floated_again")


def _named(params: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """``params`` with each player id of ``_PLAYER_PARAMS`` replaced by the player's name, nested params (a bye's
    own reason, a team table's) too."""
    values = dict(params)
    for key, value in values.items():
        if key in _PLAYER_PARAMS and str(value) in names:
            values[key] = names[str(value)]
        elif isinstance(value, Mapping):
            values[key] = _named(value, names)
    return values


def pairing_reason_text(code: str, params: Mapping[str, Any] | None, fallback: str = "",
                        names: Mapping[str, str] | None = None) -> str:
    """Why the players of a match were paired, in the active language, from its ``pairing_reason_code`` and
    ``pairing_reason_params`` (``PAIRING_REASON_TEXTS``).

    ``fallback``: the stored English ``pairing_reason``, returned as it is in English (the wording ``rules/``
    owns), and in every language when the code is blank or unknown (a match stored before the codes were) or
    its params are not the expected ones. ``names``: the players' names by the ids the pairing used (a bye's
    player, a player paired down twice); given, the sentence names them, in English too; else the ids."""
    render = PAIRING_REASON_TEXTS.get(code or "")
    english = (get_language() or "en").split("-")[0] == "en"
    if render is None or (fallback and english and not names):
        return fallback
    try:
        return render(_named(params or {}, names or {}))
    except (KeyError, TypeError, ValueError, AttributeError):
        return fallback
