"""Stored "Is this discard safe?" puzzles made before the question showed your own discards get
them: each is matched to its library entry (the same hand, tile, wall and opponents) and takes the
entry's "yours", so a puzzle still served shows every tile its answer reads. Its content hash
follows its question, unless a puzzle made since from the same entry already holds that hash (both
are then kept: attempts point at each). Puzzles whose entry is not found are left as they are:
grading never needed "yours"."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.db import migrations


def _hash(kind: str, question: dict[str, Any]) -> str:
    text = kind + "\n" + json.dumps(question, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _key(hand: str, tile: str, wall: int, opponents: list[dict[str, Any]]) -> str:
    shown = [[o["seat"], list(o["exposures"]), list(o["discards"])] for o in opponents]
    return json.dumps([hand, tile, wall, shown])


def fill_yours(apps: Any, schema_editor: Any) -> None:
    from cfmj.engine.drills.safe_library import library

    Puzzle = apps.get_model("practice", "Puzzle")
    entries = {
        _key(e["table"]["hand"], e["tile"], e["table"]["wall"], e["table"]["opponents"]): e for e in library()
    }
    for puzzle in Puzzle.objects.filter(kind="safe_discard").iterator():
        question = puzzle.question
        if "yours" in question:
            continue
        entry = entries.get(_key(question["hand"], question["tile"], question["wall"], question["opponents"]))
        if entry is None:
            continue
        yours = entry["table"]["yours"]
        question = {
            **question,
            "yours": {
                "seat": yours["seat"],
                "exposures": list(yours["exposures"]),
                "discards": list(yours["discards"]),
            },
        }
        digest = _hash("safe_discard", question)
        taken = Puzzle.objects.filter(content_hash=digest).exclude(pk=puzzle.pk).exists()
        puzzle.question = question
        if not taken:
            puzzle.content_hash = digest
        puzzle.save(update_fields=["question", "content_hash"])


class Migration(migrations.Migration):
    dependencies = [("practice", "0008_kind_safe_discard")]

    operations = [migrations.RunPython(fill_yours, migrations.RunPython.noop)]
