"""Pages for the tournament's organiser (``@tournament_view("organiser")``; creating a tournament:
``@organiser_required``): anonymous users go to the login page, anyone else gets a 403 page.
One path and one view per action."""

from django.urls import path

from tournaments.pages import (
    check_in_views,
    clock_views,
    event_views,
    manage_tabs,
    manage_views,
    pairing_views,
    print_views,
)

urlpatterns = [
    path("t/new/", event_views.tournament_new, name="new"),
    path("t/<id:pk>/manage/", manage_tabs.manage, name="manage"),
    path("t/<id:pk>/manage/players/", manage_tabs.manage_players, name="manage-players"),
    path("t/<id:pk>/manage/staff/", manage_tabs.manage_staff, name="manage-staff"),
    path("t/<id:pk>/manage/audit/", manage_tabs.manage_audit, name="manage-audit"),
    path("t/<id:pk>/manage/open/", manage_views.manage_open, name="manage-open"),
    path("t/<id:pk>/manage/close/", manage_views.manage_close, name="manage-close"),
    path("t/<id:pk>/manage/start/", manage_views.manage_start, name="manage-start"),
    path("t/<id:pk>/manage/pair/", manage_views.manage_pair, name="manage-pair"),
    path("t/<id:pk>/manage/finish/", manage_views.manage_finish, name="manage-finish"),
    path("t/<id:pk>/manage/edit/", manage_views.manage_edit, name="manage-edit"),
    path("t/<id:pk>/manage/staff/add/", manage_views.manage_staff_add, name="manage-staff-add"),
    path("t/<id:pk>/manage/staff/remove/", manage_views.manage_staff_remove, name="manage-staff-remove"),
    path("t/<id:pk>/manage/penalties/", manage_views.manage_penalty, name="penalty"),
    path("t/<id:pk>/manage/forbidden-pairs/", pairing_views.forbidden_pair_add, name="forbidden-pair-add"),
    path("t/<id:pk>/manage/forbidden-pairs/<id:pair_id>/delete/", pairing_views.forbidden_pair_delete,
         name="forbidden-pair-delete"),
    path("t/<id:pk>/manage/byes/", pairing_views.byes_award, name="byes-award"),
    path("t/<id:pk>/manage/teams/", pairing_views.team_set, name="team-set"),
    path("t/<id:pk>/manage/swap/", pairing_views.swap, name="swap"),
    path("t/<id:pk>/manage/repair/", pairing_views.repair, name="repair"),
    path("t/<id:pk>/manage/matches/<id:match_id>/override/", manage_views.manage_override, name="override"),
    path("t/<id:pk>/manage/registrations/<id:registration_id>/drop/", manage_views.manage_drop,
         name="manage-drop"),
    path("t/<id:pk>/manage/registrations/<id:registration_id>/reinstate/", manage_views.manage_reinstate,
         name="manage-reinstate"),
    path("t/<id:pk>/manage/reopen/", manage_views.manage_reopen, name="manage-reopen"),
    path("t/<id:pk>/manage/registrations/<id:registration_id>/check-in/", check_in_views.manage_check_in,
         name="manage-check-in"),
    path("t/<id:pk>/manage/walk-ins/", check_in_views.manage_walk_in, name="manage-walk-in"),
    path("t/<id:pk>/manage/no-shows/", check_in_views.manage_no_shows, name="manage-no-shows"),
    path("t/<id:pk>/manage/rounds/<id:number>/clock/start/", clock_views.clock_start, name="clock-start"),
    path("t/<id:pk>/manage/rounds/<id:number>/clock/pause/", clock_views.clock_pause, name="clock-pause"),
    path("t/<id:pk>/manage/rounds/<id:number>/clock/resume/", clock_views.clock_resume, name="clock-resume"),
    path("t/<id:pk>/manage/rounds/<id:number>/clock/extend/", clock_views.clock_extend, name="clock-extend"),
    path("t/<id:pk>/manage/rounds/<id:number>/clock/table-extension/", clock_views.table_extend,
         name="table-extend"),
    path("t/<id:pk>/manage/rounds/<id:number>/print/slips/", print_views.print_slips, name="print-slips"),
]
