from django.apps import AppConfig


class ClassesConfig(AppConfig):
    name = "cfmj.classes"
    label = "classes"
