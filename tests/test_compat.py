"""Documents written by released versions keep reading, with their meaning.

``tests/compat/<version>/`` holds documents a released version wrote, each
beside what that version said it holds (``NAME.meaning.json``). They are
never regenerated: see ``tests/compat/make_0_1_0.py`` and
``tests/compat/make_0_2_0.py``.
"""

from __future__ import annotations

import json
import sys
import typing
from pathlib import Path
from typing import Any

import attrs
import pytest

from phase10 import (
    PRESETS,
    Action,
    FormatError,
    GameRecord,
    GameState,
    Hit,
    PlayerView,
    Rules,
    Step,
    _json,
    final_state,
    from_dict,
    from_json,
    legal_actions,
    replay,
    to_dict,
    to_json,
    view,
)
from phase10._codec import Codec
from phase10._fields import Table
from phase10._json import MIGRATIONS, SCHEMA_VERSION, Migration

HERE = Path(__file__).parent / "compat"
sys.path.insert(0, str(HERE))
from make_0_1_0 import describe  # noqa: E402

DOCUMENTS = sorted(
    path for path in HERE.glob("*/*.json") if not path.name.endswith(".meaning.json")
)


def kind_of(path: Path) -> str:
    """The kind of document, from the first word of its file name."""
    return path.name.split("-", 1)[0]


def read(path: Path, text: str) -> Any:
    """The object the document describes, read by today's code, and the object
    whose meaning was written beside it (a record's final state)."""
    kind = kind_of(path)
    if kind == "rules":
        return from_json(text, Rules)
    if kind == "move":
        return from_json(text, Action)
    if kind == "state":
        return from_json(text, GameState)
    if kind == "view":
        return from_json(text, PlayerView)
    if kind == "record":
        return GameRecord.from_json(text)
    raise AssertionError(f"a document of no known kind: {path.name}")


def meaning_of(path: Path, value: Any) -> Any:
    """What the meaning beside the document describes: a record's final
    state, else the object itself."""
    if isinstance(value, GameRecord) and path.name != "record-moves-only.json":
        return final_state(value)
    return value


def assert_same_meaning(old: Any, new: Any, where: str = "") -> None:
    """Every field the old version wrote has the same value now; fields added
    since (with their defaults) are allowed."""
    if isinstance(old, dict):
        assert isinstance(new, dict), f"{where}: {new!r} is not a record"
        for key, value in old.items():
            assert key in new, f"{where}.{key}: missing now"
            assert_same_meaning(value, new[key], f"{where}.{key}")
    elif isinstance(old, list):
        assert isinstance(new, list), f"{where}: {new!r} is not a list"
        assert len(old) == len(new), f"{where}: {len(old)} items then, {len(new)} now"
        for index, (a, b) in enumerate(zip(old, new, strict=True)):
            assert_same_meaning(a, b, f"{where}[{index}]")
    else:
        assert old == new, f"{where}: {old!r} then, {new!r} now"


def test_the_released_documents_are_there() -> None:
    """Every kind of document of 0.1.0 is kept: rules of each preset, states at
    each step, views of every seat, each move and whole records."""
    names = {path.name for path in DOCUMENTS if path.parent.name == "0.1.0"}
    for wanted in (
        "rules-official.json",
        "rules-custom.json",
        "state-draw.json",
        "state-play.json",
        "state-hand-over.json",
        "state-game-over.json",
        "state-tiebreak.json",
        "view-spectator.json",
        "move-lay.json",
        "move-next-hand.json",
        "record-official-4.json",
    ):
        assert wanted in names
    for path in DOCUMENTS:
        assert path.with_name(path.stem + ".meaning.json").exists()


def documents_of(version: str, kind: str) -> dict[str, Any]:
    """The documents of a release of one kind, by file name, read by today's
    code."""
    return {
        path.name: read(path, path.read_text(encoding="utf-8"))
        for path in DOCUMENTS
        if path.parent.name == version and kind_of(path) == kind
    }


KINDS_OF_0_2_0 = frozenset(
    {
        "Draw",
        "LayPhase",
        "Hit",
        "Discard",
        "Skip",
        "NextHand",
        "ChoosePhase",
        "DrawSaved",
        "Save",
        "SwapWild",
    }
)
"""The kinds of move 0.2.0 had, as it released them: a kind added since is
not in its documents, and need not be."""


def test_the_0_2_0_documents_hold_every_kind_the_release_promised() -> None:
    """0.2.0 wrote the rules of every preset, states at each step (CHOOSE
    included) and with save piles face up and face down, views of every seat
    and a spectator under each edition, each of the ten kinds of move and
    whole records of a classic, a Masters and a house-rules game."""
    rules = documents_of("0.2.0", "rules")
    assert {f"rules-{name}.json" for name in PRESETS} <= set(rules)
    for name, preset in PRESETS.items():
        assert rules[f"rules-{name}.json"] == preset
    states = list(documents_of("0.2.0", "state").values())
    assert {state.step for state in states} == set(Step)
    saved = [s for s in states if any(p.saved for p in s.players)]
    assert {s.rules.saved_cards_hidden for s in saved} == {False, True}
    views = documents_of("0.2.0", "view")
    for state_name, state in documents_of("0.2.0", "state").items():
        if not any(name.startswith(state_name[:-5] + "-") for name in views):
            continue
        seats = {seen.seat for name, seen in views.items() if state_name[:-5] in name}
        assert seats == {*range(len(state.players)), None}, state_name
    editions = {seen.rules.phase_choice for seen in views.values()}
    assert editions == {rules.phase_choice for rules in PRESETS.values()}
    moves = documents_of("0.2.0", "move").values()
    released = {kind.__name__ for kind in typing.get_args(Action)} & KINDS_OF_0_2_0
    assert released == KINDS_OF_0_2_0  # none gone since
    assert {type(move).__name__ for move in moves} == KINDS_OF_0_2_0
    records = documents_of("0.2.0", "record")
    for wanted in ("classic", "masters", "house-rules"):
        assert any(name.startswith(f"record-{wanted}-") for name in records)
    played = {type(a).__name__ for record in records.values() for a in record.actions}
    assert played == KINDS_OF_0_2_0


def test_the_custom_rules_of_0_2_0_have_every_option_away_from_its_default() -> None:
    """Between them the custom rule sets of 0.2.0 set every option of Rules
    away from its default, so that a reader that lost an option's value is
    caught; each sets all but the one pair that cannot go together
    (everyone_advances needs the phases in order). A new option of Rules is
    not in them: it reads as its default, and the next release's documents
    set it."""
    since_0_2 = [
        field.name
        for field in attrs.fields(Rules)
        if field.metadata.get("since", "0.1") in ("0.1", "0.2")
    ]
    written = json.loads((HERE / "0.2.0" / "rules-custom.meaning.json").read_text())
    assert set(since_0_2) == set(written) - {"__class__"}
    customs = {
        name: rules
        for name, rules in documents_of("0.2.0", "rules").items()
        if name.startswith("rules-custom")
    }
    assert len(customs) == 2
    away = {
        name: {
            field
            for field in since_0_2
            if getattr(rules, field) != getattr(Rules(), field)
        }
        for name, rules in customs.items()
    }
    assert set().union(*away.values()) == set(since_0_2)
    for name, fields_away in away.items():
        assert set(since_0_2) - fields_away <= {"everyone_advances", "phase_choice"}
        assert len(set(since_0_2) - fields_away) == 1, name


def test_a_released_view_is_what_its_state_shows_that_seat_now() -> None:
    """A view 0.2.0 wrote beside its state is, read back, the view today's
    code gives of that state for that seat: nothing shown then is hidden now
    or the other way (face-down save piles included)."""
    states = documents_of("0.2.0", "state")
    views = documents_of("0.2.0", "view")
    assert views
    for name, seen in views.items():
        label = name.removesuffix(".json").removeprefix("view-").rsplit("-seat-")[0]
        state = states[f"state-{label.removesuffix('-spectator')}.json"]
        assert view(state, seen.seat) == seen, name


@pytest.mark.parametrize(
    "path", DOCUMENTS, ids=lambda path: path.parent.name + "/" + path.name
)
def test_a_released_document_reads_with_its_meaning(path: Path) -> None:
    """A document written by a released version reads with today's code and
    means what it meant: the same hands, table, scores, turn and step; a
    record replays to the same end."""
    text = path.read_text(encoding="utf-8")
    value = read(path, text)
    old = json.loads(path.with_name(path.stem + ".meaning.json").read_text("utf-8"))
    assert_same_meaning(old, describe(meaning_of(path, value)))


@pytest.mark.parametrize(
    "path", DOCUMENTS, ids=lambda path: path.parent.name + "/" + path.name
)
def test_a_released_document_written_again_keeps_its_meaning(path: Path) -> None:
    """Read, written by today's code and read again, a released document still
    means the same; a state read from it plays on."""
    value = read(path, path.read_text(encoding="utf-8"))
    again_text = value.to_json() if isinstance(value, GameRecord) else to_json(value)
    again = read(path, again_text)
    assert again == value
    if isinstance(value, GameState):
        assert isinstance(legal_actions(value), tuple)
    if isinstance(value, GameRecord):
        assert replay(again)[-1] == final_state(value)


# --- keys added since, and versions to come --------------------------------------

RELEASED = HERE / "0.1.0"


def released(name: str) -> dict[str, Any]:
    """A released document as JSON data."""
    data: dict[str, Any] = json.loads((RELEASED / name).read_text("utf-8"))
    return data


@pytest.mark.parametrize("key", [f.name for f in attrs.fields(Rules)])
def test_a_rules_document_without_a_key_reads_that_key_as_its_default(
    key: str,
) -> None:
    """A rules document written before an option existed reads that option
    as its default, as every new option of Rules has one (an option added
    since the release is missing from the document already)."""
    data = released("rules-custom.json")
    data.pop(key, None)  # options added since 0.1.0 are missing already
    read_back = from_dict(data, Rules)
    default = getattr(Rules(), key)
    assert getattr(read_back, key) == default
    for other in attrs.fields(Rules):
        if other.name != key:
            assert getattr(read_back, other.name) == getattr(
                from_dict(released("rules-custom.json"), Rules), other.name
            )


def test_keys_with_defaults_may_be_missing_but_others_may_not() -> None:
    """A state, a move or a record without a defaulted key reads with the
    default; without a key that has no default, or with an unknown key, it is
    refused as before."""
    state = released("state-laid.json")
    del state["tiebreak"]
    assert from_dict(state, GameState).tiebreak is False
    hit = released("move-hit.json")
    del hit["end"]
    assert from_dict(hit, Hit).end is None
    record = released("record-moves-only.json")
    del record["dealer"]
    assert GameRecord.from_dict(record).dealer == 0
    player = released("state-laid.json")
    del player["players"][0]["skips_pending"]
    assert from_dict(player, GameState).players[0].skips_pending == 0
    for name, key, kind in (
        ("state-laid.json", "players", GameState),
        ("move-hit.json", "card", Hit),
    ):
        spoiled = released(name)
        del spoiled[key]
        with pytest.raises(FormatError, match=f"missing key '{key}'"):
            from_dict(spoiled, kind)
    unknown = released("rules-official.json") | {"wilds_are_skips": True}
    with pytest.raises(FormatError, match="unknown key 'wilds_are_skips'"):
        from_dict(unknown, Rules)


def test_a_record_with_a_new_defaulted_field_reads_documents_without_it() -> None:
    """The codec of a record class that gained a field with a default reads
    the documents written before, through the same machinery as every
    document: what adding an option to Rules does to old saves."""

    @attrs.frozen
    class Before:
        hand_size: int
        naturals: str

    @attrs.frozen
    class After:
        hand_size: int
        naturals: str
        wrap_runs: bool = False
        extra: tuple[int, ...] = attrs.field(factory=tuple)

    written = Codec(Before).write(Before(10, "per group"))
    table = Table(Rules(), 0, 100)
    assert Codec(After).read(written, "", table) == After(10, "per group")
    with pytest.raises(FormatError, match="unknown key 'wrap_runs'"):
        Codec(Before).read(written | {"wrap_runs": True}, "", table)


def test_every_version_before_this_one_has_its_migration() -> None:
    """Each document version before the current one has the step that takes
    its documents to the next, so the oldest still reads."""
    assert set(MIGRATIONS) == set(range(1, SCHEMA_VERSION))


def test_migrations_run_in_order_on_the_released_documents(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Were the format to change twice, the released documents would be taken
    through each step in turn and read with their meaning; a document newer
    than the library is refused."""
    calls: list[tuple[int, str]] = []

    def rename(version: int, old: str, new: str) -> Migration:
        def step(kind: str, body: dict[str, Any]) -> dict[str, Any]:
            calls.append((version, kind))
            rules = body if kind == "rules" else body.get("rules")
            if isinstance(rules, dict) and old in rules:
                moved = {new if key == old else key: v for key, v in rules.items()}
                return moved if kind == "rules" else body | {"rules": moved}
            return body

        return step

    # Version 2 spelt "hand_size" as "cards_dealt"; version 3 went back.
    monkeypatch.setattr(_json, "SCHEMA_VERSION", 3)
    monkeypatch.setitem(MIGRATIONS, 1, rename(1, "hand_size", "cards_dealt"))
    monkeypatch.setitem(MIGRATIONS, 2, rename(2, "cards_dealt", "hand_size"))
    for path in DOCUMENTS:
        calls.clear()
        value = read(path, path.read_text(encoding="utf-8"))
        old = json.loads(path.with_name(path.stem + ".meaning.json").read_text())
        assert_same_meaning(old, describe(meaning_of(path, value)))
        assert [version for version, _ in calls] == [1, 2]
        assert {kind for _, kind in calls} == {kind_of(path).replace("move", "action")}
    newer = released("rules-official.json") | {"version": 4}
    with pytest.raises(FormatError, match=r"newer phase10 \(document version 4\)"):
        from_dict(newer, Rules)


@pytest.mark.rule("R42")
def test_a_house_rule_is_written_only_when_it_is_on() -> None:
    """Rules without a house rule are written without its key, as a release
    before it wrote them; with it on, the key is written and reads back."""
    assert "wrap_runs" not in to_dict(Rules())
    assert json.loads(to_json(Rules())) == released("rules-official.json")
    on = Rules(wrap_runs=True)
    assert to_dict(on)["wrap_runs"] is True
    assert from_dict(to_dict(on), Rules) == on
    assert from_json(to_json(on), Rules) == on
