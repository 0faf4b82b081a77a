"""Pages for the tournament's organiser (``@tournament_view("organiser")``; creating a tournament:
``@organiser_required``): anonymous users go to the login page, anyone else gets a 403 page.
One path and one view per action."""

from django.urls import path

from tournaments.pages import pairing_views, views

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
]
