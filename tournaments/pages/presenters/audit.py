"""The audit log as the manage and match pages show it: each entry's reason and its ``before``/``after`` as lines of
text in the reader's language (the services store English keys, words and reasons)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from tournaments.models import AuditEntry, Match, Penalty, ResultSubmission, Tournament
from tournaments.pages.forms import TournamentForm
from tournaments.services.english import english
from tournaments.services.rounds import FINISHED_TEXTS
from tournaments.presentation import describe_record, outcome_text_of
from tournaments.rule_texts import clause_separator
from tournaments.services.scoring import Outcome


#: The keys the services write in an audit entry's ``before``/``after`` (tournaments/services/*.py,
#: decks/services.py), as the pages name them. A key of the event's settings (``tournament_update``) is named as
#: the event's form names it; any other key by its words ("some_key": "Some key").
AUDIT_KEYS: dict[str, Promise] = {
    "status": gettext_lazy("Status"),
    "result": gettext_lazy("Result"),
    "games": gettext_lazy("Games"),
    "player": gettext_lazy("Player"),
    "players": gettext_lazy("Players"),
    "checked_in": gettext_lazy("Checked in"),
    "check_in": gettext_lazy("Check-in"),
    "state": pgettext_lazy("audit log: a player's state", "State"),
    "account": gettext_lazy("Account"),
    "round": gettext_lazy("Round"),
    "started_at": gettext_lazy("Started at"),
    "paused_at": gettext_lazy("Paused at"),
    "paused_seconds": gettext_lazy("Paused seconds"),
    "extra_minutes": gettext_lazy("Extra minutes"),
    "table": gettext_lazy("Table"),
    "tables": gettext_lazy("Tables"),
    "version": gettext_lazy("Version"),
    "format": gettext_lazy("Format"),
    "penalty": gettext_lazy("Penalty"),
    "penalties": gettext_lazy("Penalties"),
    "seed": gettext_lazy("Seed"),
    "reason": gettext_lazy("Reason"),
    "until_round": gettext_lazy("Until round"),
    "byes": gettext_lazy("Byes"),
    "rounds_paired": gettext_lazy("Rounds paired"),
    "dropped": gettext_lazy("Dropped"),
    "dropped_after_round": gettext_lazy("Dropped after round"),
    "winner": gettext_lazy("Winner"),
    "co_organisers": gettext_lazy("Co-organisers"),
    "deck": gettext_lazy("Deck"),
    "card": gettext_lazy("Card"),
    "timing": gettext_lazy("Timing"),
    "in force": gettext_lazy("In force"),
}

#: Words the services store as values (English), in the reader's language.
_AUDIT_WORDS: dict[str, Promise] = {
    "yes": gettext_lazy("yes"),
    "no": gettext_lazy("no"),
    "none": pgettext_lazy("audit log: no value", "none"),
    "no confirmed result": gettext_lazy("no confirmed result"),
    "active": pgettext_lazy("audit log: a player's state", "active"),
    "registered": pgettext_lazy("audit log: a player's state", "registered"),
    "waiting list": pgettext_lazy("audit log: a player's state", "waiting list"),
    "withdrawn": pgettext_lazy("audit log: a player's state", "withdrawn"),
    "withdrawn (no-show)": pgettext_lazy("audit log: a player's state", "withdrawn (no-show)"),
    "disqualified": pgettext_lazy("audit log: a player's state", "disqualified"),
    "now": pgettext_lazy("audit log: a deck replacement in force", "now"),
    "when the next round is paired": gettext_lazy("when the next round is paired"),
    "no change": gettext_lazy("no change"),
    "open": pgettext_lazy("audit log: check-in", "open"),
    "closed": pgettext_lazy("audit log: check-in", "closed"),
    # a deck replacement's status and timing (decks.models.DeckReplacement), stored as their values
    "approved": pgettext_lazy("audit log: a deck replacement", "approved"),
    "rejected": pgettext_lazy("audit log: a deck replacement", "rejected"),
    "end_of_game": pgettext_lazy("audit log: a deck replacement", "at the end of the game (the same card)"),
    "end_of_round": pgettext_lazy("audit log: a deck replacement", "at the end of the round (a different card)"),
}
_DROPPED_AFTER = re.compile(r"dropped after round (\d+)")

#: Reasons a service composes itself (``AuditEntry.reason_code``), filled from ``reason_params``. The finish
#: reasons are ``services.rounds.FINISHED_TEXTS``.
AUDIT_REASONS: dict[str, Promise] = {
    "checked_in": gettext_lazy("Checked in by the organiser"),
    "checked_out": gettext_lazy("Checked out by the organiser"),
    "no_show": gettext_lazy("no-show"),
    "check_in_closed": gettext_lazy("Check-in closed by the organiser"),
    "walk_in": gettext_lazy("Walk-in registered by the organiser (no account)"),
    "walk_in_late": gettext_lazy("Walk-in registered by the organiser (no account); late entry: joins the next "
                                 "round with no points"),
    "walk_in_claimed": gettext_lazy("Walk-in entry claimed with its code"),
    "pools_dealt": gettext_lazy("Card pools dealt to %(players)s players from the sets %(sets)s"),
    "pools_dealt_from_list": gettext_lazy("Card pools dealt to %(players)s players from the organiser's list of "
                                          "%(cards)s cards"),
    "draft_started": gettext_lazy("Draft seated: %(players)s players in %(pods)s pods, packs from %(source)s"),
    "draft_late_pick": gettext_lazy("Late pick made by the organiser for %(player)s: pack %(pack)s, pick %(pick)s"),
    "draft_paper_pool": gettext_lazy("Drafted pool of %(cards)s cards entered for %(player)s (a paper draft)"),
    "late_entry": gettext_lazy("Late entry: joins the next round with no points"),
    "walk_in_late_losses": gettext_lazy("Walk-in registered by the organiser (no account); late entry: a loss with "
                                        "no opponent for each round missed (%(rounds)s)"),
    "late_loss": gettext_lazy("Late: loss for round %(round)s"),
    "clock_started": gettext_lazy("Round clock started"),
    "round_published": gettext_lazy("Round %(round)s published"),
    "clock_paused": gettext_lazy("Round clock paused"),
    "clock_resumed": gettext_lazy("Round clock resumed"),
    "penalty": gettext_lazy("%(kind)s for %(player)s: %(reason)s"),
    **FINISHED_TEXTS,
    "place_freed_withdrew": gettext_lazy("A place freed up: %(player)s withdrew"),
    "place_freed_capacity": gettext_lazy("A place freed up: the capacity was raised"),
    "event_edited": gettext_lazy("Event details edited"),
    "co_organiser_added": gettext_lazy("%(username)s added as a co-organiser"),
    "co_organiser_removed": gettext_lazy("%(username)s removed as a co-organiser"),
    "replacement_approved": gettext_lazy("Approved (Enter Darkness Together)"),
    "replacement_in_force": gettext_lazy("Enter Darkness Together: the replacement takes effect at the end of "
                                         "round %(round)s"),
}

#: Reason params that hold a choice's value, shown as its label.
_REASON_CHOICES = {"kind": Penalty.Kind}


@functools.cache
def _choice_words() -> dict[str, str | Promise]:
    """The choice labels the services store in English (``english(label)``: a match's or the event's status, a
    penalty's kind, a report's state), by their English text."""
    choices = (Match.Status, Tournament.Status, Penalty.Kind, ResultSubmission.State)
    return {english(label): label for choice in choices for label in choice.labels}


def _key(key: object) -> str:
    """An audit key as the pages name it (see ``AUDIT_KEYS``)."""
    name = str(key)
    if name in AUDIT_KEYS:
        return str(AUDIT_KEYS[name])
    field_ = TournamentForm.base_fields.get(name)
    if field_ is not None and field_.label:
        return str(field_.label)
    return name.replace("_", " ").capitalize()


def _value(value: object) -> str:
    """A stored value in the reader's language: yes/no, none, a known word or choice label; else as it is."""
    if isinstance(value, bool):
        return str(_AUDIT_WORDS["yes" if value else "no"])
    if value is None or value == "":
        return str(_AUDIT_WORDS["none"])
    if isinstance(value, list):
        return " / ".join(_value(v) for v in value) if value else str(_AUDIT_WORDS["none"])
    if isinstance(value, dict):
        return ", ".join(f"{_key(k).lower()} {_value(v)}" for k, v in value.items())
    if isinstance(value, str):
        if value in _AUDIT_WORDS:
            return str(_AUDIT_WORDS[value])
        words = _choice_words()
        if value in words:
            return str(words[value])
        dropped = _DROPPED_AFTER.fullmatch(value)
        if dropped:
            return pgettext("audit log: a player's state", "dropped after round %(round)s") % {
                "round": dropped.group(1)}
    return str(value)


def _result_lines(raw: object) -> tuple[str, list[str]] | None:
    """The result and the games lines said again from ``result_data`` (``services.results.result_summary``),
    in the active language; None when the entry has none (older entries: their stored English is shown)."""
    if not isinstance(raw, dict):
        return None
    try:
        seats = [(int(number), str(name)) for number, name in raw["seats"]]
        outcome = Outcome.from_json(raw["outcome"])
        return (outcome_text_of([name for _n, name in seats], outcome),
                describe_record(raw["record"], dict(seats)))
    except (KeyError, TypeError, ValueError, IndexError):
        return None


def _line(key: str, value: str) -> str:
    """"Key: value" in the active language (French puts a no-break space before the colon)."""
    return pgettext("audit log: a line", "%(key)s: %(value)s") % {"key": key, "value": value}


def audit_lines(data: object) -> list[str]:
    """An audit entry's ``before``/``after`` as lines of text in the reader's language ("Result: alice 2-1 bob",
    "Status: Confirmed", "Checked in: yes"): keys named by ``AUDIT_KEYS``, values by :func:`_value`, a list of
    dicts one line each; the result and the games said again from ``result_data`` when the entry has it."""
    if not isinstance(data, dict):
        return [_value(data)] if data not in (None, "", [], {}) else []
    result = _result_lines(data.get("result_data"))
    lines = []
    for key, value in data.items():
        if key in AuditEntry.RAW_KEYS:
            continue
        label = _key(key)
        if result is not None and key == "result":
            value = result[0]
        elif result is not None and key == "games":
            value = result[1]
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            lines += [_line(label, _value(item)) for item in value]
        elif isinstance(value, list):
            lines.append(_line(label, clause_separator().join(_value(v) for v in value) if value else _value(None)))
        else:
            lines.append(_line(label, _value(value)))
    return lines


def audit_reason(entry: AuditEntry) -> str:
    """The entry's reason in the reader's language: a service's own reason (``reason_code``, see
    ``AUDIT_REASONS``) said from its params; an organiser's typed reason (or an unknown code) as stored."""
    message = AUDIT_REASONS.get(entry.reason_code)
    if message is None:
        return entry.reason
    params = dict(entry.reason_params or {})
    for name, choice in _REASON_CHOICES.items():
        if name in params and params[name] in choice.values:
            params[name] = choice(params[name]).label
    try:
        return str(message % params)
    except (KeyError, TypeError, ValueError):
        return entry.reason


@dataclass
class AuditRow:
    """An audit entry as the manage and match pages show it: ``entry`` (its date, actor, action, match), its
    ``reason`` and its ``before_lines``/``after_lines`` in the reader's language."""

    entry: AuditEntry
    reason: str
    before_lines: list[str]
    after_lines: list[str]


def audit_rows(entries: Iterable[AuditEntry]) -> list[AuditRow]:
    """The :class:`AuditRow` of each entry, in order."""
    return [AuditRow(entry=e, reason=audit_reason(e), before_lines=audit_lines(e.before),
                     after_lines=audit_lines(e.after)) for e in entries]
