from django.apps import AppConfig


class ClassesConfig(AppConfig):
    name = "cfmj.classes"
    label = "classes"

    def ready(self) -> None:
        # The lessons a teacher set as homework open whatever the student did before: lessons ask
        # lessons.opening, which knows no class.
        from cfmj.classes.selectors import assigned_lesson_ids  # noqa: PLC0415
        from lessons.opening import opener_register  # noqa: PLC0415

        opener_register("homework", assigned_lesson_ids)
