from django.urls import path

from cfmj.classes import join_views, people_views, report_views, session_urls, views

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
    path("<int:pk>/students/<int:user_id>/password/", people_views.student_password, name="student_password"),
    path("<int:pk>/students/<int:user_id>/remove/", people_views.student_remove, name="student_remove"),
    path("<int:pk>/students/<int:user_id>/add-back/", people_views.student_readd, name="student_readd"),
    path("<int:pk>/students/<int:user_id>/data.json", people_views.managed_export, name="managed_export"),
    path("<int:pk>/students/<int:user_id>/delete/", people_views.managed_delete, name="managed_delete"),
    path("<int:pk>/teachers/", people_views.coteacher_invite, name="coteacher_invite"),
    path("<int:pk>/teachers/<int:user_id>/remove/", people_views.coteacher_remove, name="coteacher_remove"),
    path("<int:pk>/invites/<int:invite_id>/withdraw/", people_views.invite_withdraw, name="invite_withdraw"),
    path("invites/<int:invite_id>/", people_views.invite_answer, name="invite_answer"),
    path("<int:pk>/owner/", people_views.hand_over, name="hand_over"),
    path("<int:pk>/code/", people_views.code_renew, name="code_renew"),
    path("<int:pk>/joining/", people_views.joining, name="joining"),
    path("<int:pk>/homework/new/", views.assignment_create, name="assignment_create"),
    path("<int:pk>/homework/<int:assignment_id>/", views.assignment, name="assignment"),
    path("<int:pk>/export.csv", report_views.export_csv, name="export_csv"),
]
urlpatterns += session_urls.urlpatterns
