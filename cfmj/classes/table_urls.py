"""Table time's pages, relative to a class; included in the "classes" namespace. Its stream is in
the "live" namespace, under /live/ (served by the ASGI process: docs/production.md)."""

from django.urls import URLPattern, path

from cfmj.classes import table_views, watch_views

urlpatterns: list[URLPattern] = [
    path("<int:pk>/tables/", table_views.tables, name="tables"),
    path("<int:pk>/tables/arrange/", table_views.tables_arrange, name="tables_arrange"),
    path("<int:pk>/tables/move/", table_views.tables_move, name="tables_move"),
    path("<int:pk>/tables/start/", table_views.tables_start, name="tables_start"),
    path("<int:pk>/tables/pause/", table_views.tables_pause, name="tables_pause"),
    path("<int:pk>/tables/latecomers/", table_views.tables_latecomers, name="tables_latecomers"),
    path("<int:pk>/tables/end/", table_views.tables_end, name="tables_end"),
    path("<int:pk>/tables/mine/", table_views.tables_mine, name="tables_mine"),
    path("<int:pk>/tables/seat/", table_views.tables_seat, name="tables_seat"),
    path("<int:pk>/tables/<int:table_id>/", watch_views.table_watch_page, name="table_watch"),
    path("<int:pk>/tables/<int:table_id>/word/", watch_views.table_word, name="table_word"),
]

# /live/classes/<id>/tables/?token=...: the one stream of a class's table page (table_live.py).
live_patterns: list[URLPattern] = [
    path("classes/<int:pk>/tables/", table_views.class_tables_live, name="class_tables"),
]
