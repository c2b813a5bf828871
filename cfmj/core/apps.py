from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "cfmj.core"
    label = "core"
