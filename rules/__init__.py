"""The shared Spellfire tournament rules: pure Python, no Django.

Everything a tournament needs to decide by rule lives here, once: the card
catalogue (``cards``), deck-construction formats (``formats``), decklist readers
(``decklists``), legality checking (``legality``), match results and the
two-draw mulligan (``results``), pairings (``pairings``) and standings
(``standings``).  Callers pass in randomness (``random.Random``) and time; this
package never reads Django settings, the clock or global random state.

Sources are cited as ``<file in ../shared/rules-texts/>, <section heading>``.
"""
