from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "cfmj.core"
    label = "core"

    def ready(self) -> None:
        # Load the Celery app with Django, so that shared tasks bind to it (and its settings,
        # such as eager mode). cfmj/__init__.py stays empty to keep `import cfmj.engine` light.
        from cfmj import celery  # noqa: F401, PLC0415
