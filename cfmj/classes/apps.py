from django.apps import AppConfig


class ClassesConfig(AppConfig):
    name = "cfmj.classes"
    label = "classes"

    def ready(self) -> None:
        # The lessons a teacher set as homework open whatever the student did before: lessons ask
        # lessons.opening, which knows no class.
        from cfmj.classes.deals import held_deal_hands  # noqa: PLC0415
        from cfmj.classes.selectors import (  # noqa: PLC0415
            assigned_lesson_ids,
            homework_open_to,
            live_puzzle_pools,
        )
        from cfmj.classes.student_hands import class_hand_seat  # noqa: PLC0415
        from cfmj.classes.table_selectors import teaches_table_hand  # noqa: PLC0415
        from cfmj.play.access import every_seat_reader_register  # noqa: PLC0415
        from cfmj.play.holds import holder_register, reader_register  # noqa: PLC0415
        from lessons.opening import opener_register  # noqa: PLC0415
        from practice.homework_open import checker_register  # noqa: PLC0415
        from practice.pools import pools_register  # noqa: PLC0415

        opener_register("homework", assigned_lesson_ids)
        # The refill keeps each live class's table full like the standard rules': practice asks
        # practice.pools, which knows no class.
        pools_register("classes", live_puzzle_pools)
        # A class's teachers read every seat's review of a hand at its tables: play asks
        # play.access, which knows no class.
        every_seat_reader_register("classes", teaches_table_hand)
        # A class's deal is held back until the teacher closes it, and the hands a student played
        # for the class open to its teachers: play asks cfmj.play.holds, which knows no class.
        holder_register("class_deals", held_deal_hands)
        reader_register("class_hands", class_hand_seat)
        # An answer served for a homework counts only while the student is in the class (a page
        # kept open across their removal is marked, not kept): practice asks
        # practice.homework_open, which knows no class.
        checker_register("classes", homework_open_to)
