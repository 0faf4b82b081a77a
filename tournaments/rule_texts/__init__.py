"""Rule violations and rule errors in the reader's language, made from their code and parameters (issue 14).

Where the translations live (the decision): here, in the Django layer, as one ``gettext`` template per code,
in the project's ``locale/<lang>/LC_MESSAGES/django.po`` catalogues. ``rules/`` stays as it is: pure Python,
producing ``code`` + ``params`` (+ its English ``message`` for the command line and the API's ``message``).
Why not a catalogue shipped by ``rules/`` and read with the standard library's ``gettext``: the command line's
output is a stable English JSON interface (ARCHITECTURE.md, "Stable command-line interface") that no user
reads in Portuguese; one set of catalogues means one ``makemessages`` / ``compilemessages`` run, one
completeness check (``scripts/check_messages``), one glossary and one place for a translator; and the words
of a verdict (card types, format names, the sections of the rules texts) are shared with the pages, which are
translated here anyway. ``rules/`` keeps owning its codes and parameters; a test
(``tests/i18n/test_rule_texts.py``) fails when ``rules/`` raises or reports a code this module cannot say.

Functions (all answer in the active language, ``django.utils.translation``):

* :func:`violation_text` (``Violation`` or ``DeckWarning`` -> str): what is wrong, naming the cards as printed
  (their ``"<key> <name>"`` labels, never translated) and the limit; :func:`violation_rule` its citation.
* :func:`error_text` (``RulesError`` -> str) for the API's ``detail`` and form errors.
* :func:`cite` (a citation ``"<file>, <section> ..."`` -> str): the section of
  ``spellfire-tournament-rules-2.0.txt`` named in the reader's language with the English heading after it (the
  text exists only in English); a citation of ``spellfire-regras-pt-br.txt`` (the ``55-br`` format) is already
  the Portuguese text and section name as written there, and stays so in every language.
* :func:`pairing_reason_text` (a match's ``pairing_reason_code`` + ``pairing_reason_params`` -> str): why the
  players of a table were paired (``rules.pairings.REASON_CODES``), the stored English sentence when the code
  is unknown or blank (matches paired before the codes were stored).
* :func:`card_type_name`, :func:`format_name`: the game's terms (glossaries: ``locale/glossary.*.md``).

The texts are split by what they say: :mod:`.terms` (card types, format names, citations), :mod:`.violations`,
:mod:`.errors` and :mod:`.pairing_reasons`; import them from here.
"""

from tournaments.rule_texts.errors import ERROR_TEXTS, error_text
from tournaments.rule_texts.pairing_reasons import PAIRING_REASON_TEXTS, pairing_reason_text
from tournaments.rule_texts.terms import (
    CARD_TYPES,
    FORMAT_NAMES,
    card_type_name,
    citation_parts,
    cite,
    clause_separator,
    cite_part,
    format_label,
    format_name,
    label_separator,
)
from tournaments.rule_texts.violations import VIOLATION_TEXTS, violation_rule, violation_text

__all__ = ["CARD_TYPES", "ERROR_TEXTS", "FORMAT_NAMES", "PAIRING_REASON_TEXTS", "VIOLATION_TEXTS", "card_type_name",
           "citation_parts", "cite", "cite_part", "clause_separator", "error_text", "format_label", "format_name",
           "label_separator", "pairing_reason_text", "violation_rule", "violation_text"]
