"""The class's deal, relative to a class; included in the "classes" namespace."""

from django.urls import URLPattern, path

from cfmj.classes import deal_views

urlpatterns: list[URLPattern] = [
    path("<int:pk>/deals/new/", deal_views.deal_start, name="deal_start"),
    path("<int:pk>/deals/<int:deal_id>/", deal_views.deal, name="deal"),
    path("<int:pk>/deals/<int:deal_id>/play/", deal_views.deal_play, name="deal_play"),
    path("<int:pk>/deals/<int:deal_id>/close/", deal_views.deal_close, name="deal_close"),
    path("<int:pk>/deals/<int:deal_id>/board/", deal_views.deal_board, name="deal_board"),
]
