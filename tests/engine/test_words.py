"""cfmj.engine.words: the plain English every explanation uses for lists and counts."""

from cfmj.engine.words import join_words, plural


def test_it_reads_out_a_list() -> None:
    assert join_words([]) == ""
    assert join_words(["7C"]) == "7C"
    assert join_words(["7C", "8C"]) == "7C and 8C"
    assert join_words(["7C", "8C", "9D"]) == "7C, 8C and 9D"


def test_it_counts_with_the_noun_in_step() -> None:
    assert plural(0, "tile") == "0 tiles"
    assert plural(1, "tile") == "1 tile"
    assert plural(3, "target hand") == "3 target hands"
