"""Pages for the tournament's organiser (``@tournament_view("organiser")``; creating a tournament:
``@organiser_required``): anonymous users go to the login page, anyone else gets a 403 page.
One path and one view per action."""

from django.urls import path

from tournaments.pages import check_in_views, clock_views, pairing_views, print_views, views

urlpatterns = [
    path("t/new/", views.tournament_new, name="new"),
    path("t/<id:pk>/manage/", views.manage, name="manage"),
    path("t/<id:pk>/manage/open/", views.manage_open, name="manage-open"),
    path("t/<id:pk>/manage/close/", views.manage_close, name="manage-close"),
    path("t/<id:pk>/manage/start/", views.manage_start, name="manage-start"),
    path("t/<id:pk>/manage/pair/", views.manage_pair, name="manage-pair"),
    path("t/<id:pk>/manage/finish/", views.manage_finish, name="manage-finish"),
    path("t/<id:pk>/manage/edit/", views.manage_edit, name="manage-edit"),
    path("t/<id:pk>/manage/staff/add/", views.manage_staff_add, name="manage-staff-add"),
    path("t/<id:pk>/manage/staff/remove/", views.manage_staff_remove, name="manage-staff-remove"),
    path("t/<id:pk>/manage/penalties/", views.manage_penalty, name="penalty"),
    path("t/<id:pk>/manage/forbidden-pairs/", pairing_views.forbidden_pair_add, name="forbidden-pair-add"),
    path("t/<id:pk>/manage/forbidden-pairs/<id:pair_id>/delete/", pairing_views.forbidden_pair_delete,
         name="forbidden-pair-delete"),
    path("t/<id:pk>/manage/byes/", pairing_views.byes_award, name="byes-award"),
    path("t/<id:pk>/manage/teams/", pairing_views.team_set, name="team-set"),
    path("t/<id:pk>/manage/swap/", pairing_views.swap, name="swap"),
    path("t/<id:pk>/manage/repair/", pairing_views.repair, name="repair"),
    path("t/<id:pk>/manage/matches/<id:match_id>/override/", views.manage_override, name="override"),
    path("t/<id:pk>/manage/registrations/<id:registration_id>/drop/", views.manage_drop, name="manage-drop"),
    path("t/<id:pk>/manage/registrations/<id:registration_id>/reinstate/", views.manage_reinstate,
         name="manage-reinstate"),
    path("t/<id:pk>/manage/reopen/", views.manage_reopen, name="manage-reopen"),
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
