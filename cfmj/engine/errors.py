"""The one error type the engine raises for input it cannot use."""


class InputError(ValueError):
    """Malformed input: an unknown tile, a bad count, an unknown option.

    The message is written for a learner: it says what is wrong and how to fix it.
    A hand that is well formed but not a winning hand is *not* an error; it is an answer.
    """
