from django.urls import path

from cfmj.classes import (
    deal_urls,
    homework_views,
    join_views,
    people_views,
    report_views,
    roster_views,
    session_urls,
    student_views,
    table_urls,
    views,
)

app_name = "classes"
urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="create"),
    path("join/", views.join, name="join"),
    path("join/<str:code>/", views.join, name="join_code"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/edit/", views.edit, name="edit"),
    path("<int:pk>/archive/", views.archive, name="archive"),
    path("<int:pk>/join-card/", join_views.join_card, name="join_card"),
    path("<int:pk>/leave/", views.leave, name="leave"),
    path("<int:pk>/students/", people_views.student_add, name="student_add"),
    path("<int:pk>/students/names/", roster_views.students_from_names, name="students_from_names"),
    path("<int:pk>/students/cards/", roster_views.login_cards, name="login_cards"),
    path("<int:pk>/students/<int:user_id>/name/", roster_views.student_name, name="student_name"),
    path("<int:pk>/students/<int:user_id>/", student_views.student, name="student"),
    path("<int:pk>/students/<int:user_id>/password/", people_views.student_password, name="student_password"),
    path("<int:pk>/students/<int:user_id>/remove/", people_views.student_remove, name="student_remove"),
    path("<int:pk>/students/<int:user_id>/add-back/", people_views.student_readd, name="student_readd"),
    path("<int:pk>/teachers/", people_views.coteacher_invite, name="coteacher_invite"),
    path("<int:pk>/teachers/<int:user_id>/remove/", people_views.coteacher_remove, name="coteacher_remove"),
    path("<int:pk>/invites/<int:invite_id>/withdraw/", people_views.invite_withdraw, name="invite_withdraw"),
    path("invites/<int:invite_id>/", people_views.invite_answer, name="invite_answer"),
    path("<int:pk>/owner/", people_views.hand_over, name="hand_over"),
    path("<int:pk>/code/", people_views.code_renew, name="code_renew"),
    path("<int:pk>/joining/", people_views.joining, name="joining"),
    path("<int:pk>/homework/new/", homework_views.choose, name="assignment_create"),
    path("<int:pk>/homework/new/<str:kind>/", homework_views.create, name="assignment_create_kind"),
    path("<int:pk>/homework/<int:assignment_id>/", views.assignment, name="assignment"),
    path("<int:pk>/homework/<int:assignment_id>/edit/", homework_views.edit, name="assignment_edit"),
    path("<int:pk>/homework/<int:assignment_id>/copy/", homework_views.duplicate, name="assignment_copy"),
    path("<int:pk>/homework/<int:assignment_id>/delete/", homework_views.delete, name="assignment_delete"),
    path("<int:pk>/export.csv", report_views.export_csv, name="export_csv"),
]
urlpatterns += session_urls.urlpatterns
urlpatterns += table_urls.urlpatterns
urlpatterns += deal_urls.urlpatterns
