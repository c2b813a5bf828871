from django.urls import path

from cfmj.classes import report_views, session_urls, views

app_name = "classes"
urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="create"),
    path("join/", views.join, name="join"),
    path("join/<str:code>/", views.join, name="join_code"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/edit/", views.edit, name="edit"),
    path("<int:pk>/archive/", views.archive, name="archive"),
    path("<int:pk>/leave/", views.leave, name="leave"),
    path("<int:pk>/students/", views.student_add, name="student_add"),
    path("<int:pk>/students/<int:user_id>/password/", views.student_password, name="student_password"),
    path("<int:pk>/students/<int:user_id>/remove/", views.student_remove, name="student_remove"),
    path("<int:pk>/teachers/", views.coteacher_add, name="coteacher_add"),
    path("<int:pk>/homework/new/", views.assignment_create, name="assignment_create"),
    path("<int:pk>/homework/<int:assignment_id>/", views.assignment, name="assignment"),
    path("<int:pk>/export.csv", report_views.export_csv, name="export_csv"),
]
urlpatterns += session_urls.urlpatterns
