"""`python -m cfmj VERB ...`: one JSON object on stdout (see CLI.md).

Exit 0 when the question was answered (a losing hand is an answer), 2 for malformed input with
{"error": "..."}; never a traceback. `--batch` reads one JSON request per line on stdin.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from .card import virtual_card
from .check import check
from .errors import InputError
from .ruleset import RuleSet

EXIT_OK = 0
EXIT_MALFORMED = 2
MAX_REQUEST_CHARS = 10_000


class _Parser(argparse.ArgumentParser):
    """argparse that reports problems as InputError instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise InputError(f"{message[0].upper()}{message[1:]}. Try: {self.prog} --help")


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--house-rules", default=None, metavar="1,2,3",
                        help="house rules in play (any of 1, 2, 3)")
    parser.add_argument("--base", default=None, help="base value: 25 (default) or 20")
    parser.add_argument("--skill-level", default=None, help="skill level 0-5 (default 0)")
    parser.add_argument("--batch", action="store_true",
                        help="read one JSON request per line on stdin, answer one per line")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m cfmj", description="Card Free Mah Jongg rules engine.")
    verbs = parser.add_subparsers(dest="verb", parser_class=_Parser)
    check_parser = verbs.add_parser("check", help="is this 14-tile hand a winning hand?")
    check_parser.add_argument("hand", nargs="*", help='the hand, e.g. "7C 7C 7C ... [RD RD RD]"')
    check_parser.add_argument("--self-drawn", action="store_true",
                              help="the winning tile was drawn from the wall")
    _common(check_parser)
    card_parser = verbs.add_parser("card", help="count the winning arrangements per category and pattern")
    _common(card_parser)
    return parser


def answer_check(request: dict[str, Any]) -> dict[str, Any]:
    rules = RuleSet.make(house_rules=request.get("house_rules"), base=request.get("base"),
                         skill_level=request.get("skill_level"))
    self_drawn = request.get("self_drawn", False)
    if not isinstance(self_drawn, bool):
        raise InputError("'self_drawn' is true or false.")
    return check(_hand_of(request), self_drawn=self_drawn, rules=rules).as_dict()


def answer_card(request: dict[str, Any]) -> dict[str, Any]:
    card = virtual_card()
    return {"arrangements": len(card), "counts": card.counts()}


ANSWERS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "check": answer_check,
    "card": answer_card,
}
_KNOWN_KEYS = {"hand", "self_drawn", "house_rules", "base", "skill_level"}


def _hand_of(request: dict[str, Any]) -> str:
    hand = request.get("hand")
    if not isinstance(hand, str) or not hand.strip():
        raise InputError("The request needs a \"hand\": the tiles as text, such as \"1C 1C 1C ...\".")
    return hand


def _request_from_args(args: argparse.Namespace) -> dict[str, Any]:
    request: dict[str, Any] = {"house_rules": args.house_rules, "base": args.base,
                               "skill_level": args.skill_level}
    if args.verb == "check":
        request["hand"] = " ".join(args.hand)
        request["self_drawn"] = args.self_drawn
    return request


def _read_request(line: str) -> dict[str, Any]:
    if len(line) > MAX_REQUEST_CHARS:
        raise InputError("That request line is far too long.")
    try:
        request = json.loads(line)
    except json.JSONDecodeError as error:
        raise InputError(f"That line is not JSON ({error.msg}): write one object per line, such "
                         'as {"hand": "1C 1C 1C ..."}.') from None
    if not isinstance(request, dict):
        raise InputError('Each line is one JSON object, such as {"hand": "1C 1C 1C ..."}.')
    unknown = sorted(set(request) - _KNOWN_KEYS)
    if unknown:
        raise InputError(f"Unknown field '{unknown[0]}': a request may have "
                         f"{', '.join(sorted(_KNOWN_KEYS))}.")
    return request


def _emit(out: TextIO, payload: dict[str, Any]) -> None:
    out.write(json.dumps(payload) + "\n")


def _run_batch(verb: str, stdin: TextIO, out: TextIO) -> int:
    handler = ANSWERS[verb]
    for line in stdin:
        if not line.strip():
            continue
        try:
            _emit(out, handler(_read_request(line)))
        except InputError as error:
            _emit(out, {"error": str(error)})
        out.flush()
    return EXIT_OK


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None,
         stdout: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.verb is None:
            raise InputError("Say what to do: python -m cfmj check \"HAND\" (see --help).")
        if args.batch:
            return _run_batch(args.verb, stdin or sys.stdin, out)
        _emit(out, ANSWERS[args.verb](_request_from_args(args)))
        return EXIT_OK
    except InputError as error:
        _emit(out, {"error": str(error)})
        return EXIT_MALFORMED
