"""Class session pages, relative to a class; included in the "classes" namespace."""

from django.urls import URLPattern, path

from cfmj.classes import session_views

urlpatterns: list[URLPattern] = [
    path("<int:pk>/session/", session_views.session_join, name="session_student"),
    path("<int:pk>/session/start/", session_views.session_start, name="session_start"),
    path("<int:pk>/session/board/", session_views.session_board, name="session_board"),
    path("<int:pk>/session/present/", session_views.session_present, name="session_present"),
    path("<int:pk>/session/<int:sid>/", session_views.session_control, name="session_control"),
    path("<int:pk>/session/<int:sid>/tally/", session_views.session_tally, name="session_tally"),
    path("<int:pk>/session/<int:sid>/reveal/", session_views.session_reveal, name="session_reveal"),
    path("<int:pk>/session/<int:sid>/close/", session_views.session_close, name="session_close"),
]
