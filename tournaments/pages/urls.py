"""Page routes, split by audience: public, player, organiser (all under the tournament).

The deck pages (decklist editor, publication, deck checks, replacements) are ``decks.urls``."""

from django.urls import path

from tournaments.pages import export_views, format_views, pairing_views, views

app_name = "tournaments"

urlpatterns = [
    # public
    path("", views.tournament_list, name="list"),
    path("signup/", views.signup, name="signup"),
    path("t/<int:pk>/", views.tournament_detail, name="detail"),
    path("t/<int:pk>/rounds/<int:number>/", views.round_detail, name="round"),
    path("t/<int:pk>/standings/", views.standings, name="standings"),
    path("t/<int:pk>/bracket/", views.bracket, name="bracket"),
    path("t/<int:pk>/format/", format_views.format_page, name="format"),
    path("t/<int:pk>/export/standings.csv", export_views.standings_csv, name="export-standings"),
    path("t/<int:pk>/export/pairings.csv", export_views.pairings_csv, name="export-pairings"),
    path("t/<int:pk>/export/history.csv", export_views.history_csv, name="export-history-csv"),
    path("t/<int:pk>/export/history.json", export_views.history_json, name="export-history-json"),
    # player
    path("t/<int:pk>/register/", views.register, name="register"),
    path("t/<int:pk>/drop/", views.drop, name="drop"),
    path("t/<int:pk>/matches/<int:match_id>/", views.match_detail, name="match"),
    path("t/<int:pk>/matches/<int:match_id>/reports/<int:report_id>/<str:answer>/", views.report_answer,
         name="report-answer"),
    # organiser
    path("t/new/", views.tournament_new, name="new"),
    path("t/<int:pk>/manage/", views.manage, name="manage"),
    path("t/<int:pk>/manage/penalties/", views.manage_penalty, name="penalty"),
    path("t/<int:pk>/manage/forbidden-pairs/", pairing_views.forbidden_pair_add, name="forbidden-pair-add"),
    path("t/<int:pk>/manage/forbidden-pairs/<int:pair_id>/delete/", pairing_views.forbidden_pair_delete,
         name="forbidden-pair-delete"),
    path("t/<int:pk>/manage/byes/", pairing_views.byes_award, name="byes-award"),
    path("t/<int:pk>/manage/teams/", pairing_views.team_set, name="team-set"),
    path("t/<int:pk>/manage/swap/", pairing_views.swap, name="swap"),
    path("t/<int:pk>/manage/repair/", pairing_views.repair, name="repair"),
    path("t/<int:pk>/manage/<str:action>/", views.manage_action, name="manage-action"),
    path("t/<int:pk>/manage/matches/<int:match_id>/override/", views.manage_override, name="override"),
    path("t/<int:pk>/manage/registrations/<int:registration_id>/drop/", views.manage_drop, name="manage-drop"),
]
