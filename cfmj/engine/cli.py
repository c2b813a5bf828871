"""`python -m cfmj VERB ...`: one JSON object on stdout (see CLI.md).

Exit 0 when the question was answered (a losing hand is an answer), 2 for malformed input with
{"error": "..."}; never a traceback. `--batch` reads one JSON request per line on stdin and
answers every line once, in order, a blank one with an error.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn, TextIO

from .card import virtual_card
from .check import check
from .errors import InputError
from .numbers import MAX_OPTION_DIGITS, option_number, shown_option
from .ruleset import RuleSet

EXIT_OK = 0
EXIT_MALFORMED = 2
MAX_REQUEST_CHARS = 10_000
# simulate's options, the same on the command line and in a --batch request
SIMULATE_DEFAULTS = {"games": "100", "seed": "1", "policies": "advice,random,advice,random", "workers": "1"}


class _Parser(argparse.ArgumentParser):
    """argparse that reports problems as InputError instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise InputError(f"{message[0].upper()}{message[1:]}. Try: {self.prog} --help")


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--house-rules", default=None, metavar="1,2,3", help="house rules in play (any of 1, 2, 3)"
    )
    parser.add_argument("--base", default=None, help="base value: 25 (default) or 20")
    parser.add_argument("--skill-level", default=None, help="skill level 0-5 (default 0)")
    parser.add_argument(
        "--batch", action="store_true", help="read one JSON request per line on stdin, answer one per line"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m cfmj", description="Card Free Mah Jongg rules engine.")
    verbs = parser.add_subparsers(dest="verb", parser_class=_Parser)
    check_parser = verbs.add_parser("check", help="is this 14-tile hand a winning hand?")
    check_parser.add_argument("hand", nargs="*", help='the hand, e.g. "7C 7C 7C ... [RD RD RD]"')
    check_parser.add_argument(
        "--self-drawn", action="store_true", help="the winning tile was drawn from the wall"
    )
    _common(check_parser)
    distance_parser = verbs.add_parser("distance", help="how many tiles a 13- or 14-tile hand still needs")
    distance_parser.add_argument("hand", nargs="*", help="the hand, exposures in brackets")
    _common(distance_parser)
    charleston_parser = verbs.add_parser("charleston", help="which three tiles to pass")
    charleston_parser.add_argument("hand", nargs="*", help="the 13 (or East's 14) tiles")
    charleston_parser.add_argument(
        "--direction", default="right", help="the pass: right, across or left (default right)"
    )
    charleston_parser.add_argument(
        "--blind", action="store_true", help="a blind pass is allowed (First Left, Last Right)"
    )
    charleston_parser.add_argument(
        "--pass",
        dest="proposed",
        default=None,
        metavar="TILES",
        help='grade this pass of three tiles, such as "2B WD N"',
    )
    _common(charleston_parser)
    discard_parser = verbs.add_parser("discard", help="which tile to discard from 14")
    discard_parser.add_argument("hand", nargs="*")
    discard_parser.add_argument("--tile", dest="proposed", default=None, help="grade discarding this tile")
    _common(discard_parser)
    call_parser = verbs.add_parser("call", help="whether to call a discard")
    call_parser.add_argument("hand", nargs="*", help="your 13 tiles, exposures in brackets")
    call_parser.add_argument("--tile", default=None, help="the discarded tile, such as 5D")
    _common(call_parser)
    danger_parser = verbs.add_parser("danger", help="how dangerous each possible discard is")
    danger_parser.add_argument("hand", nargs="*", help="your 14 tiles, exposures in brackets")
    danger_parser.add_argument(
        "--opponent",
        dest="opponents",
        action="append",
        default=None,
        metavar="EXPOSURES",
        help=(
            'one opponent\'s exposures, such as "[RD RD RD RD]" ("" for none); '
            "one per opponent, in seat order after you"
        ),
    )
    danger_parser.add_argument(
        "--seen", default="", metavar="TILES", help="the discards and other tiles you can see"
    )
    danger_parser.add_argument(
        "--wall", default=None, help="tiles left in the wall (default: the middle of the hand)"
    )
    _common(danger_parser)
    simulate_parser = verbs.add_parser("simulate", help="play bot games and report how they went")
    simulate_parser.add_argument("--games", default=SIMULATE_DEFAULTS["games"], help="how many hands to play")
    simulate_parser.add_argument("--seed", default=SIMULATE_DEFAULTS["seed"], help="the first deal's seed")
    simulate_parser.add_argument(
        "--policies", default=SIMULATE_DEFAULTS["policies"], help="four seats, each advice or random"
    )
    simulate_parser.add_argument("--workers", default=SIMULATE_DEFAULTS["workers"], help="processes to use")
    _common(simulate_parser)
    card_parser = verbs.add_parser("card", help="count the winning arrangements per category and pattern")
    _common(card_parser)
    return parser


def answer_check(request: dict[str, Any]) -> dict[str, Any]:
    rules = _rules(request)
    self_drawn = request.get("self_drawn", False)
    if not isinstance(self_drawn, bool):
        raise InputError("'self_drawn' is true or false.")
    return check(_hand_of(request), self_drawn=self_drawn, rules=rules).as_dict()


def _rules(request: dict[str, Any]) -> RuleSet:
    return RuleSet.make(
        house_rules=request.get("house_rules"),
        base=request.get("base"),
        skill_level=request.get("skill_level"),
    )


def answer_distance(request: dict[str, Any]) -> dict[str, Any]:
    from .distance import distance

    return distance(_hand_of(request), rules=_rules(request)).as_dict()


def answer_charleston(request: dict[str, Any]) -> dict[str, Any]:
    from .charleston import charleston

    direction = request.get("direction", "right")
    blind = request.get("blind", False)
    if not isinstance(direction, str) or not isinstance(blind, bool):
        raise InputError("'direction' is right, across or left; 'blind' is true or false.")
    proposed = request.get("pass")
    if proposed is not None and not isinstance(proposed, str):
        raise InputError("'pass' is the three tiles as text, such as \"2B WD N\".")
    return charleston(
        _hand_of(request),
        direction=direction.lower(),
        blind_allowed=blind,
        proposed=proposed,
        rules=_rules(request),
    ).as_dict()


def answer_discard(request: dict[str, Any]) -> dict[str, Any]:
    from .play_advice import discard

    proposed = request.get("tile")
    if proposed is not None and not isinstance(proposed, str):
        raise InputError("'tile' is one tile code, such as \"5D\".")
    return discard(_hand_of(request), proposed=proposed, rules=_rules(request)).as_dict()


def answer_call(request: dict[str, Any]) -> dict[str, Any]:
    from .play_advice import call

    tile = request.get("tile")
    if not isinstance(tile, str) or not tile.strip():
        raise InputError("Say which tile was discarded, such as --tile 5D.")
    return call(_hand_of(request), tile.strip(), rules=_rules(request)).as_dict()


def answer_danger(request: dict[str, Any]) -> dict[str, Any]:
    from .danger import danger
    from .defence import defended_discard

    opponents = request.get("opponents")
    if not isinstance(opponents, list) or not all(isinstance(o, str) for o in opponents):
        raise InputError(
            'Say each opponent\'s exposures: --opponent "[RD RD RD RD]" (or "" for none), '
            "one per opponent, in seat order after you."
        )
    seen = request.get("seen", "")
    if not isinstance(seen, str):
        raise InputError("'seen' is the tiles you can see, as text, such as \"1B 5D N\".")
    wall = request.get("wall")
    rules = _rules(request)
    result = danger(
        _hand_of(request),
        opponents,
        seen=seen,
        wall=None if wall is None else _number(wall, "wall"),
        rules=rules,
    )
    return {**result.as_dict(), "advice": defended_discard(result.hand, result, rules=rules).as_dict()}


def answer_simulate(request: dict[str, Any]) -> dict[str, Any]:
    from .studies.simulate import simulate

    numbers = {
        key: _number(request.get(key, SIMULATE_DEFAULTS[key]), key) for key in ("games", "seed", "workers")
    }
    policies = request.get("policies", SIMULATE_DEFAULTS["policies"])
    if not isinstance(policies, str):
        raise InputError(f"'policies' is four seats as text, such as \"{SIMULATE_DEFAULTS['policies']}\".")
    seats = tuple(p.strip() for p in policies.split(","))
    return simulate(
        numbers["games"],
        numbers["seed"],
        seats=seats,
        rules=_rules(request),
        workers=max(1, min(numbers["workers"], 8)),
    )


def _number(value: object, key: str) -> int:
    """An option's whole number ('wall', 'games' ...), read as every option is (numbers.option_number):
    '²', '٣' and '３' are refused, never a ValueError from int()."""
    number = option_number(value)
    if number is None:
        raise InputError(
            f"--{key} is a whole number written with the digits 0 to 9 (at most {MAX_OPTION_DIGITS} "
            f"of them), not '{shown_option(value)}'."
        )
    return number


def answer_card(request: dict[str, Any]) -> dict[str, Any]:
    _rules(request)  # the card is the same under every rule set, but a malformed option is refused
    card = virtual_card()
    return {"arrangements": len(card), "counts": card.counts()}


ANSWERS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "check": answer_check,
    "distance": answer_distance,
    "charleston": answer_charleston,
    "discard": answer_discard,
    "call": answer_call,
    "danger": answer_danger,
    "simulate": answer_simulate,
    "card": answer_card,
}
_KNOWN_KEYS = {
    "hand",
    "self_drawn",
    "house_rules",
    "base",
    "skill_level",
    "direction",
    "blind",
    "tile",
    "pass",
    "opponents",
    "seen",
    "wall",
    *SIMULATE_DEFAULTS,
}


def _hand_of(request: dict[str, Any]) -> str:
    hand = request.get("hand")
    if not isinstance(hand, str) or not hand.strip():
        raise InputError('The request needs a "hand": the tiles as text, such as "1C 1C 1C ...".')
    return hand


def _request_from_args(args: argparse.Namespace) -> dict[str, Any]:
    request: dict[str, Any] = {
        "house_rules": args.house_rules,
        "base": args.base,
        "skill_level": args.skill_level,
    }
    if args.verb == "simulate":
        request.update(games=args.games, seed=args.seed, policies=args.policies, workers=args.workers)
        return request
    if args.verb != "card":
        request["hand"] = " ".join(args.hand)
    if args.verb == "check":
        request["self_drawn"] = args.self_drawn
    if args.verb == "charleston":
        request["direction"] = args.direction
        request["blind"] = args.blind
        request["pass"] = args.proposed
    if args.verb == "discard":
        request["tile"] = args.proposed
    if args.verb == "call":
        request["tile"] = args.tile or ""
    if args.verb == "danger":
        request.update(opponents=args.opponents or [], seen=args.seen, wall=args.wall)
    return request


def _read_request(line: str) -> dict[str, Any]:
    if len(line) > MAX_REQUEST_CHARS:
        raise InputError("That request line is far too long.")
    if not line.strip():  # any whitespace: U+3000, U+00A0, U+2028, form feed, U+001F ...
        raise InputError(
            'That line is blank: write one JSON object on every line, such as {"hand": "1C 1C 1C ..."}.'
        )
    try:
        request = json.loads(line)
    except json.JSONDecodeError as error:
        raise InputError(
            f"That line is not JSON ({error.msg}): write one object per line, such "
            'as {"hand": "1C 1C 1C ..."}.'
        ) from None
    except ValueError:  # a number of more digits than int() reads (4,300)
        raise InputError(
            "That line holds a number far too long: every number in a request is a few digits."
        ) from None
    except RecursionError:  # brackets nested deeper than the JSON reader goes (about 1,000)
        raise InputError(
            "That line nests far too deeply: write one flat object per line, such as "
            '{"hand": "1C 1C 1C ..."}.'
        ) from None
    if not isinstance(request, dict):
        raise InputError('Each line is one JSON object, such as {"hand": "1C 1C 1C ..."}.')
    unknown = sorted(set(request) - _KNOWN_KEYS)
    if unknown:
        raise InputError(
            f"Unknown field '{unknown[0]}': a request may have {', '.join(sorted(_KNOWN_KEYS))}."
        )
    return request


def _emit(out: TextIO, payload: dict[str, Any]) -> None:
    out.write(json.dumps(payload) + "\n")


def _batch_lines(stdin: TextIO) -> Iterator[str]:
    r"""The batch's lines, one answer each: only \n ends a line (a \r, form feed, U+0085 or U+2028
    is part of its line, as str.splitlines() would not have it), and bytes that are not UTF-8
    read as U+FFFD, whatever the locale's error handler, to be answered like any other bad line."""
    binary = getattr(stdin, "buffer", None)
    if binary is None:  # text handed in (tests, a caller's StringIO): its lines end at \n
        yield from stdin
        return
    for raw in binary:
        yield raw.decode("utf-8", errors="replace")


def _run_batch(verb: str, stdin: TextIO, out: TextIO) -> int:
    handler = ANSWERS[verb]
    for line in _batch_lines(stdin):
        try:
            _emit(out, handler(_read_request(line)))
        except InputError as error:
            _emit(out, {"error": str(error)})
        out.flush()
    return EXIT_OK


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.verb is None:
            raise InputError('Say what to do: python -m cfmj check "HAND" (see --help).')
        if args.batch:
            return _run_batch(args.verb, stdin or sys.stdin, out)
        _emit(out, ANSWERS[args.verb](_request_from_args(args)))
        return EXIT_OK
    except InputError as error:
        _emit(out, {"error": str(error)})
        return EXIT_MALFORMED
