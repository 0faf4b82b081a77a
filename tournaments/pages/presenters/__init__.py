"""What the pages show, computed once in the view: one module per topic.

* :mod:`.matches`: a match's row (``MatchRow``), the rules at the start of a game (``GameStart``), a report told
  game by game (``Report``);
* :mod:`.now`: the player's "your match now" panel (``NowPanel``);
* :mod:`.standings`: the tiebreaker system in words, the standings table's columns;
* :mod:`.bracket`: the elimination rounds drawn as brackets, the names of their rounds;
* :mod:`.audit`: the audit log in the reader's language.

The names below are re-exported so a view imports ``from tournaments.pages.presenters import match_rows``.
"""

from tournaments.pages.presenters.audit import (
    AUDIT_KEYS,
    AUDIT_REASONS,
    AuditRow,
    audit_lines,
    audit_reason,
    audit_rows,
)
from tournaments.pages.presenters.bracket import (
    BracketColumn,
    BracketMatch,
    BracketSection,
    BracketSlot,
    Stage,
    bracket_sections,
    elimination_round_title,
    main_round_name,
    seeds_in,
    stage_name,
    stage_of,
)
from tournaments.pages.presenters.matches import (
    GameStart,
    MatchRow,
    Report,
    ReportGame,
    game_start,
    join_names,
    match_row,
    match_rows,
    report_of,
    score_for,
)
from tournaments.pages.presenters.now import NowPanel, now_panel
from tournaments.pages.presenters.standings import (
    StandingsColumn,
    day_two_summary,
    standings_columns,
    tiebreaker_source,
    tiebreaker_text,
)

__all__ = [
    "day_two_summary",
    "AUDIT_KEYS", "AUDIT_REASONS", "AuditRow", "BracketColumn", "BracketMatch", "BracketSection", "BracketSlot",
    "GameStart", "MatchRow", "NowPanel", "Report", "ReportGame", "Stage", "StandingsColumn", "audit_lines",
    "audit_reason", "audit_rows", "bracket_sections", "elimination_round_title", "game_start", "join_names",
    "main_round_name", "match_row", "match_rows", "now_panel", "report_of", "score_for", "seeds_in",
    "stage_name", "stage_of", "standings_columns", "tiebreaker_source", "tiebreaker_text",
]
