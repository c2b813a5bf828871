from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "cfmj.play"
    label = "play"
    verbose_name = "Play a hand"
