"""Pages anyone may open, logged in or not (``@tournament_view("public")``)."""

from django.urls import path, register_converter

from tournaments.pages import (
    account_views,
    event_views,
    export_views,
    format_views,
    language,
    live_views,
    notification_views,
    player_views,
    print_views,
    projector_views,
    rules_views,
)
from tournaments.pages.access import by_method
from tournaments.pages.converters import RulesDocumentSlug

register_converter(RulesDocumentSlug, "rules_document")

urlpatterns = [
    path("", event_views.tournament_list, name="list"),
    path("signup/", event_views.signup, name="signup"),
    # the link of the e-mail verification mail (the token in the query string: no login needed)
    path("account/verify/", account_views.verify_email, name="verify-email"),
    # the one-click unsubscribe link of every notification mail (?token=: the signed token names the account, no login)
    path("notifications/unsubscribe/", notification_views.unsubscribe, name="unsubscribe"),
    path("players/<id:user_id>/", player_views.player_page, name="player"),
    # the language switch of every page (no tournament, no audience: anyone may choose their language)
    path("language/", language.set_language, name="set-language"),
    # the rules texts every citation links to (/rules/<document>/#<section>)
    path("rules/", rules_views.rules_index, name="rules"),
    path("rules/<rules_document:slug>/", rules_views.rules_document, name="rules-document"),
    path("t/<id:pk>/", event_views.tournament_detail, name="detail"),
    path("t/<id:pk>/rounds/<id:number>/", live_views.round_detail, name="round"),
    path("t/<id:pk>/standings/", live_views.standings, name="standings"),
    path("t/<id:pk>/bracket/", live_views.bracket, name="bracket"),
    path("t/<id:pk>/projector/", projector_views.projector, name="projector"),
    path("t/<id:pk>/rounds/<id:number>/print/tables/", print_views.print_pairings_by_table,
         name="print-pairings-tables"),
    path("t/<id:pk>/rounds/<id:number>/print/names/", print_views.print_pairings_by_name,
         name="print-pairings-names"),
    path("t/<id:pk>/standings/print/", print_views.print_standings, name="print-standings"),
    # anyone reads the format; only the organiser posts a change (format_change is an organiser view)
    path("t/<id:pk>/format/", by_method(get=format_views.format_page, post=format_views.format_change),
         name="format"),
    path("t/<id:pk>/export/standings.csv", export_views.standings_csv, name="export-standings"),
    path("t/<id:pk>/export/pairings.csv", export_views.pairings_csv, name="export-pairings"),
    path("t/<id:pk>/export/history.csv", export_views.history_csv, name="export-history-csv"),
    path("t/<id:pk>/export/history.json", export_views.history_json, name="export-history-json"),
]
