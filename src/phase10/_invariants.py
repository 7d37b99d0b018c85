"""What every state that play reaches has in common, checked in one place (R41).

:func:`check_state` and :func:`check_view` refuse a state or a view that no
game reaches: a seat that is not at the table, a card too many, a player in
the hand holding no cards, a winner who has not completed the last phase.
Reading a saved game (:func:`~phase10.from_json`) runs the same checks, and
so can anyone who loads a game saved some other way.

Two kinds of check make them:

- what one field may hold, alone (``_fields.FIELD_RULES``: ``current`` is
  a seat at this table), and that it is of its type;
- how the fields agree (:func:`agree_state`, :func:`agree_view`): the cards
  add up to the deck, a hand's points exist exactly once it is over, ...

The JSON reader checks each field as it reads it, then calls the second
kind. Every message starts with the path of the field at fault, as a JSON
document of the state spells it (``players[2].hand``).
"""

from __future__ import annotations

import itertools
import operator
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Final

from ._cards import FACES, Card
from ._edition_checks import (
    InvalidState,
    check_editions,
    check_saved_view,
)
from ._edition_checks import fail as _fail
from ._edition_checks import (
    in_play as _in_play,
)
from ._edition_checks import place as _place
from ._errors import FormatError, PhaseNotMet, UsageError, shown
from ._fields import (
    Rule,
    Table,
    field_rule,
    field_types,
    item_type,
    optional_type,
    plain_rule,
)
from ._groups import GroupShape, judge_group
from ._json import at
from ._memo import Memo, memo
from ._rules import NaturalRule, Rules
from ._state import GameState, Meld, PlayerState, Step
from ._view import PlayerView, PublicPlayer

__all__ = [
    "InvalidState",
    "agree_state",
    "agree_view",
    "check_state",
    "check_view",
    "table_of",
]


def table_of(rules: Rules, count: int, where: str) -> Table:
    """The table of ``count`` players, refused unless ``rules`` seat that many."""
    if count > rules.max_players:
        raise _fail(
            where, f"has {count} items, more than the {rules.max_players} possible"
        )
    if count < rules.min_players:
        raise _fail(
            where,
            f"these rules are for {rules.min_players} to {rules.max_players} "
            f"players, not {count}",
        )
    return Table(rules, count, len(rules.deck))


# --- checking records built in Python ---------------------------------------------


def _instance(cls: type) -> Rule:
    def check(value: object, where: str, table: Table) -> object:
        if not isinstance(value, cls):
            raise _fail(where, f"expected a {cls.__name__}, not {shown(value)}")
        return value

    return check


def _optional(inner: Rule) -> Rule:
    def check(value: object, where: str, table: Table) -> object:
        return None if value is None else inner(value, where, table)

    return check


def _tuple_of(inner: Rule) -> Rule:
    def check(value: object, where: str, table: Table) -> object:
        if not isinstance(value, tuple):
            raise _fail(where, f"expected a tuple, not {shown(value)}")
        for index, item in enumerate(value):
            inner(item, f"{where}[{index}]", table)
        return value

    return check


_RECORDS: Final[tuple[type, ...]] = (
    GameState,
    PlayerState,
    Meld,
    PlayerView,
    PublicPlayer,
)
"""The records checked field by field. Any other value is checked by its
type alone: a :class:`~phase10.Rules` record checks itself when it is made,
and a card is a card."""


def _tuple_of_instances(cls: type) -> Rule:
    """The check of a tuple of ``cls``: the cards of a hand, of a pile."""

    def check(value: object, where: str, table: Table) -> object:
        if not isinstance(value, tuple):
            raise _fail(where, f"expected a tuple, not {shown(value)}")
        for index, item in enumerate(value):
            if not isinstance(item, cls):
                raise _fail(
                    f"{where}[{index}]", f"expected a {cls.__name__}, not {shown(item)}"
                )
        return value

    return check


def _python_check(hint: Any) -> Rule:
    """The check of a value of type ``hint`` in a record built in Python."""
    plain = plain_rule(hint)
    if plain is not None:
        return plain
    inner, item = optional_type(hint), item_type(hint)
    if inner is not None:
        return _optional(_python_check(inner))
    if item is not None:
        if item in _RECORDS or plain_rule(item) is not None:
            return _tuple_of(_python_check(item))
        return _tuple_of_instances(item)  # cards: checked inline, for speed
    if hint in _RECORDS:
        return _record_check(hint)
    if isinstance(hint, type):
        return _instance(hint)
    raise TypeError(f"no check for fields of type {hint}")  # a new field's type


def _record_check(cls: type) -> Rule:
    def check(value: object, where: str, table: Table) -> object:
        _check_record(cls, value, where, table)
        return value

    return check


_RECORD_CHECKS: Final[dict[type, tuple[tuple[str, Rule], ...]]] = {
    cls: tuple(
        (field, field_rule(cls, field, hint) or _python_check(hint))
        for field, hint in field_types(cls)
    )
    for cls in _RECORDS
}
"""The check of each field of each record, by record."""


def _check_record(cls: type, value: object, where: str, table: Table) -> None:
    if not isinstance(value, cls):
        raise _fail(where, f"expected a {cls.__name__}, not {shown(value)}")
    prefix = f"{where}." if where else ""
    for field, check in _RECORD_CHECKS[cls]:
        check(getattr(value, field), prefix + field, table)


def _check_fields(cls: type, game: GameState | PlayerView) -> None:
    """Each field of ``game`` holds a value of its type that its rule allows."""
    rules, players = game.rules, game.players
    try:
        if not isinstance(rules, Rules):
            raise _fail("rules", f"expected a Rules record, not {shown(rules)}")
        if not isinstance(players, tuple):
            raise _fail("players", f"expected a tuple, not {shown(players)}")
        _check_record(cls, game, "", table_of(rules, len(players), "players"))
    except InvalidState:
        raise
    except FormatError as error:  # a rule of one field, worded for JSON and Python
        raise InvalidState(str(error)) from None


def check_state(state: GameState) -> None:
    """Refuse ``state`` unless a game played by its rules could reach it.

    Raises :class:`~phase10.InvalidState` (a :class:`~phase10.FormatError`)
    naming the field at fault and why: a value of the wrong type, a seat
    that is not at the table, cards that do not add up to the rules' deck,
    a group on the table that is not a valid group, a turn that is not
    possible (a player in the hand holding no cards, a winner while the game
    goes on, ...). Every state the engine's moves make passes, and so does
    every state :func:`~phase10.from_json` reads, which runs the same checks.

    >>> import attrs
    >>> from phase10 import new_game
    >>> game = new_game(["Ann", "Bob"], seed=1)
    >>> check_state(game)
    >>> try:
    ...     check_state(attrs.evolve(game, current=2))
    ... except InvalidState as error:
    ...     print(error)
    current: there is no seat 2 (seats are 0 to 1)

    .. versionadded:: 0.1
    """
    if not isinstance(state, GameState):
        raise UsageError(f"check_state takes a GameState, not {shown(state)}")
    _check_fields(GameState, state)
    agree_state(state)


def check_view(seen: PlayerView) -> None:
    """Refuse ``seen`` unless it is a view of a state a game could reach.

    The counterpart of :func:`check_state` for a :class:`~phase10.PlayerView`: it
    checks everything a view shows (hand sizes, the table, the turn, the
    cards shown against the rules' deck), and raises
    :class:`~phase10.InvalidState` naming the field at fault and why.

    .. versionadded:: 0.1
    """
    if not isinstance(seen, PlayerView):
        raise UsageError(f"check_view takes a PlayerView, not {shown(seen)}")
    _check_fields(PlayerView, seen)
    agree_view(seen)


# --- how the fields agree ----------------------------------------------------------


def agree_state(state: GameState, where: str = "") -> None:
    """Refuse a state that no game reaches, though each field is valid alone."""
    players_at = at(where, "players")
    for number, player in enumerate(state.players):
        _check_known(player.known, player.hand, f"{players_at}[{number}].known")
    _check_play(state, where)
    sizes = [len(player.hand) for player in state.players]
    _check_turn(state, where, sizes, "hand", len(state.draw_pile))
    check_editions(state, where, [len(player.saved) for player in state.players])
    found = _faces(
        state.draw_pile,
        state.discard_pile,
        *(player.hand for player in state.players),
        *(player.saved for player in state.players),
        *(meld.cards for meld in state.table),
    )
    wanted = _deck_faces(state.rules.deck)[0]
    if found != wanted:
        raise _fail(
            where,
            "the hands, piles and table do not hold exactly the rules' deck: "
            + _missing_or_extra(Counter(found), Counter(wanted)),
        )


def agree_view(seen: PlayerView, where: str = "") -> None:
    """Refuse a view of no state a game reaches, though each field is valid alone."""
    players, mine = seen.players, seen.seat
    players_at = at(where, "players")
    for number, player in enumerate(players):
        known_at = f"{players_at}[{number}].known"
        if number == mine:
            _check_known(player.known, seen.hand, known_at)
        elif len(player.known) > player.hand_size:
            raise _fail(
                known_at,
                f"has {len(player.known)} items, more than the "
                f"{player.hand_size} possible",
            )
    if mine is None and seen.hand:
        raise _fail(at(where, "hand"), "a spectator (seat null) holds no hand")
    if mine is not None and len(seen.hand) != players[mine].hand_size:
        raise _fail(
            at(where, "hand"),
            f"holds {len(seen.hand)} cards, but seat {mine} has "
            f"{players[mine].hand_size}",
        )
    _check_play(seen, where)
    if (seen.discard_top is None) != (seen.discard_size == 0):
        raise _fail(
            at(where, "discard_top"),
            "there is a top discard exactly when the discard pile is not empty",
        )
    sizes = [player.hand_size for player in players]
    _check_turn(seen, where, sizes, "hand_size", seen.draw_size)
    check_saved_view(seen, where)
    check_editions(seen, where, [player.saved_size for player in players])
    _check_view_cards(seen, where)


def _check_view_cards(seen: PlayerView, where: str) -> None:
    """The cards a view counts add up to the deck, and those it shows are in it."""
    deck_size = len(seen.rules.deck)
    on_table = sum(len(meld.cards) for meld in seen.table)
    in_hands = sum(player.hand_size + player.saved_size for player in seen.players)
    total = in_hands + seen.discard_size + seen.draw_size + on_table
    if total != deck_size:
        raise _fail(
            where,
            f"the hands, piles and table hold {total} cards, but the rules' deck "
            f"has {deck_size}",
        )
    top = () if seen.discard_top is None else (seen.discard_top,)
    visible = Counter(
        map(
            _face,
            itertools.chain(
                seen.hand,
                top,
                *(
                    p.known
                    for number, p in enumerate(seen.players)
                    if number != seen.seat
                ),
                *(
                    p.saved
                    for number, p in enumerate(seen.players)
                    if number != seen.seat
                ),
                seen.saved,
                *(meld.cards for meld in seen.table),
            ),
        )
    )
    in_deck = _deck_faces(seen.rules.deck)[1]
    extra = Counter(
        {
            face: count - in_deck[face]
            for face, count in visible.items()
            if count > in_deck[face]
        }
    )
    if extra:
        raise _fail(
            where,
            "the cards shown are not all in the rules' deck: "
            + _missing_or_extra(extra, Counter()),
        )


def _check_known(known: tuple[Card, ...], hand: tuple[Card, ...], where: str) -> None:
    # A few cards each: counting in the tuples beats building Counters.
    if any(known.count(card) > hand.count(card) for card in known):
        raise _fail(where, "lists a card that is not in the hand")


_face: Final = operator.attrgetter("index")


def _faces(*piles: Iterable[Card]) -> list[int]:
    """The faces of the cards of ``piles``, as sorted indices.

    Two piles hold the same cards exactly when these lists are equal. Sorting
    indices rather than counting cards keeps the work in C: the deck is
    checked at every state read."""
    return sorted(map(_face, itertools.chain(*piles)))


_DECKS: Final[Memo[int, tuple[tuple[Card, ...], list[int], Counter[int]]]] = memo(
    "_invariants.decks", 64
)


def _deck_faces(deck: tuple[Card, ...]) -> tuple[list[int], Counter[int]]:
    """The faces of ``deck`` as :func:`_faces` lists them, and counted.

    Remembered for the last few decks, by identity: a game's rules keep
    one deck, and hashing its cards would cost more than counting them."""
    entry = _DECKS.get(id(deck))
    if entry is None or entry[0] is not deck:
        faces = _faces(deck)
        entry = _DECKS.keep(id(deck), (deck, faces, Counter(faces)))
    return entry[1], entry[2]


def _missing_or_extra(found: Counter[int], wanted: Counter[int]) -> str:
    extra = found - wanted
    missing = wanted - found
    parts = [f"{count} {FACES[face]} too many" for face, count in sorted(extra.items())]
    parts += [
        f"{count} {FACES[face]} missing" for face, count in sorted(missing.items())
    ]
    return ", ".join(parts[:6]) + (", ..." if len(parts) > 6 else "")


def _check_play(game: GameState | PlayerView, where: str) -> None:
    """The table holds valid groups (R5-R13); the seats playing the hand and
    the hand's points are one per seat."""
    seats = len(game.players)
    _check_table(game.table, at(where, "table"), game.rules)
    points_at = at(where, "hand_points")
    if game.hand_points is not None and len(game.hand_points) != seats:
        raise _fail(
            points_at,
            f"expected one number per seat ({seats}), not {len(game.hand_points)}",
        )
    contenders = game.contenders
    contenders_at = at(where, "contenders")
    for index, number in enumerate(contenders):
        if not 0 <= number < seats:
            raise _fail(
                f"{contenders_at}[{index}]",
                f"there is no seat {shown(number)} (seats are 0 to {seats - 1})",
            )
    if not contenders:
        raise _fail(contenders_at, "at least one seat plays each hand")
    if any(a >= b for a, b in itertools.pairwise(contenders)):
        raise _fail(
            contenders_at, "the seats must be listed once each, in increasing order"
        )


def _check_table(table: tuple[Meld, ...], where: str, rules: Rules) -> None:
    need_natural = rules.naturals is NaturalRule.PER_GROUP
    for index, meld in enumerate(table):
        place = f"{where}[{index}]"
        try:
            shape = judge_group(
                meld.kind,
                meld.cards,
                1,
                need_natural=need_natural,
                wrap=rules.wrap_runs,
            )
        except PhaseNotMet as error:
            raise _fail(place, f"not a {meld.kind.value} group: {error}") from error
        if shape != meld.shape:
            raise _fail(
                place,
                f"the cards stand for {_shape_text(shape)}, not "
                f"{_shape_text(meld.shape)}",
            )
    if rules.naturals is NaturalRule.PER_PHASE:
        for owner in sorted({meld.owner for meld in table}):
            if all(card.is_wild for m in table if m.owner == owner for card in m.cards):
                raise _fail(
                    where, f"seat {owner}'s groups need at least one natural card"
                )


def _shape_text(shape: GroupShape) -> str:
    color = None if shape.color is None else shape.color.value
    return f"number={shape.number}, color={color}, low={shape.low}"


def _check_turn(
    game: GameState | PlayerView,
    where: str,
    hand_sizes: Sequence[int],
    hand_key: str,
    draw_size: int,
) -> None:
    """Refuse a turn, an end of hand or an end of game that play never makes.

    ``hand_sizes`` are the number of cards each seat holds, ``hand_key``
    the field they come from (``"hand"`` or ``"hand_size"``) and
    ``draw_size`` the number of cards in the draw pile. Every check
    here holds in every state that play reaches (the engine's moves are in
    ``_transitions.py``), so a state that fails one was made by hand or
    tampered with.
    """
    draw_key = "draw_pile" if hand_key == "hand" else "draw_size"
    _check_game_end(game, where, draw_size, draw_key)
    _check_hand_end(game, where, hand_sizes, hand_key)
    _check_tiebreak(game, where)
    _check_players(game, where, hand_sizes, hand_key)


def _check_game_end(
    game: GameState | PlayerView, where: str, draw_size: int, draw_key: str
) -> None:
    """The turn is a contender's and starts with cards to draw (``draw_size``
    of them, in the field ``draw_key``: a state's ``draw_pile``, a view's
    ``draw_size``), groups belong to players who laid down, and a game has a
    winner, who completed the last phase, exactly when it is over."""
    players = game.players
    current = game.current
    in_play = _in_play(game)
    if in_play and game.step is not Step.CHOOSE and players[current].skips_pending:
        raise _fail(
            at(where, "players"),
            "the player whose turn it is cannot still owe a turn to a Skip",
        )
    if (game.winner is None) == (game.step is Step.GAME_OVER):
        raise _fail(at(where, "winner"), "a game has a winner exactly when it is over")
    if in_play and current not in game.contenders:
        raise _fail(at(where, "current"), "the current seat is not playing this hand")
    if game.step is Step.DRAW and draw_size == 0:
        raise _fail(at(where, draw_key), "a turn never starts with no draw pile")
    for index, meld in enumerate(game.table):
        if not players[meld.owner].laid_down:
            raise _fail(
                f"{at(where, 'table')}[{index}]",
                f"seat {meld.owner} owns a group but has not laid down",
            )
    all_phases = len(game.rules.phases)
    if game.winner is not None and players[game.winner].completed != all_phases:
        raise _fail(
            at(where, "winner"),
            f"seat {game.winner} won, but has completed "
            f"{players[game.winner].completed} of the {all_phases} phases; "
            "a winner has always completed the last one",
        )


def _check_hand_end(
    game: GameState | PlayerView,
    where: str,
    hand_sizes: Sequence[int],
    hand_key: str,
) -> None:
    """A hand's results exist exactly once it is over; laying down this turn
    needs a turn under way and a phase down."""
    step = game.step
    in_play = _in_play(game)
    if in_play and game.hand_points is not None:
        raise _fail(
            at(where, "hand_points"),
            f"expected null while a hand is being played (step {step.value!r}): "
            "a hand's points are known only once it is over",
        )
    if not in_play and game.hand_points is None:
        raise _fail(
            at(where, "hand_points"),
            f"expected each seat's points for the hand that has just ended "
            f"(step {step.value!r}), not null",
        )
    out = game.went_out
    if in_play and out is not None:
        raise _fail(
            at(where, "went_out"),
            f"expected null while a hand is being played (step {step.value!r}): "
            "nobody has gone out yet",
        )
    if out is not None and hand_sizes[out]:
        raise _fail(
            _place(where, out, hand_key),
            f"seat {out} went out, so holds no cards, not {hand_sizes[out]}",
        )
    if game.laid_this_turn:
        if step is Step.DRAW:
            raise _fail(
                at(where, "laid_this_turn"),
                "expected false at the start of a turn (step 'draw'): "
                "nobody has laid down yet this turn",
            )
        if step is Step.PLAY and not game.players[game.current].laid_down:
            raise _fail(
                at(where, "laid_this_turn"),
                f"is true, but seat {game.current}, whose turn it is, has not "
                "laid down",
            )


def _check_tiebreak(game: GameState | PlayerView, where: str) -> None:
    """Only a tie-break hand, never the first, is played by some seats (R38)."""
    contenders = game.contenders
    if game.tiebreak:
        if len(contenders) < 2:
            raise _fail(
                at(where, "contenders"),
                "a tie-break is between at least two tied seats, "
                f"not {len(contenders)}",
            )
        if game.hand_number == 1 and game.step is not Step.HAND_OVER:
            raise _fail(
                at(where, "tiebreak"),
                "is true, but the first hand is never a tie-break hand",
            )
        all_phases = len(game.rules.phases)
        for seat in contenders:
            if game.players[seat].completed != all_phases:
                raise _fail(
                    _place(where, seat, "completed"),
                    f"seat {seat} plays the tie-break, but has completed "
                    f"{game.players[seat].completed} of the {all_phases} phases: "
                    "only players tied on the last phase play it (R38)",
                )
    elif len(contenders) != len(game.players):
        raise _fail(
            at(where, "contenders"),
            "expected every seat: only a tie-break hand (tiebreak true) "
            "is played by some seats alone",
        )
    elif game.step is Step.HAND_OVER:
        _check_no_finalist(game, where)


def _check_no_finalist(game: GameState | PlayerView, where: str) -> None:
    """Once a hand is over with neither a winner nor a tie-break to come,
    nobody has finished the game: no player completed the last phase (R37),
    and under ``everyone_advances`` the last hand is still to come (R39)."""
    rules = game.rules
    all_phases = len(rules.phases)
    if rules.everyone_advances:
        if game.hand_number >= all_phases:
            raise _fail(
                at(where, "hand_number"),
                f"hand {game.hand_number} of {all_phases} is over, so the game "
                "would have ended or gone to a tie-break (R39)",
            )
        return
    players: Sequence[PlayerState | PublicPlayer] = game.players
    for seat, player in enumerate(players):
        if player.completed == all_phases:
            raise _fail(
                _place(where, seat, "completed"),
                f"seat {seat} has completed all {all_phases} phases, so the game "
                "would have ended or gone to a tie-break (R37, R38)",
            )


def _check_players(
    game: GameState | PlayerView,
    where: str,
    hand_sizes: Sequence[int],
    hand_key: str,
) -> None:
    """Each seat, holding ``hand_sizes[seat]`` cards, is as play leaves a player."""
    rules, contenders, table = game.rules, game.contenders, game.table
    in_play = _in_play(game)
    drawn = game.current if game.step is Step.PLAY else None
    owners = {meld.owner for meld in table}
    all_phases = len(rules.phases)
    players: Sequence[PlayerState | PublicPlayer] = game.players
    hands_scored = game.hand_number - (1 if in_play else 0)
    prices = rules.points
    counted = rules.hand_size + 1 + (rules.most_saved if rules.saved_cards_score else 0)
    points_a_hand = counted * max(prices.low, prices.high, prices.skip, prices.wild)
    for number, player in enumerate(players):
        held = hand_sizes[number]
        most = rules.hand_size + (1 if number == drawn else 0)
        if held > most:
            raise _fail(
                _place(where, number, hand_key),
                f"holds {held} cards, more than the {most} possible "
                f"(hand_size {rules.hand_size}, one more only for the player "
                "whose turn it is once they have drawn)",
            )
        playing = number in contenders
        if in_play and playing and not held:
            raise _fail(
                _place(where, number, hand_key),
                f"seat {number} is playing this hand but holds no cards: a hand "
                "ends as soon as a player's last card is played",
            )
        if in_play and not playing and held:
            raise _fail(
                _place(where, number, hand_key),
                f"seat {number} is not playing this tie-break hand (not in "
                f"contenders), so holds no cards, not {held}",
            )
        if player.laid_down and number not in owners:
            raise _fail(
                _place(where, number, "laid_down"),
                f"is true, but the table holds no group of seat {number}",
            )
        most_points = hands_scored * points_a_hand
        if player.score > most_points:
            raise _fail(
                _place(where, number, "score"),
                f"is {player.score}, more than {hands_scored} hands can give "
                f"({points_a_hand} points at most a hand under these rules)",
            )
        slot = player.skipped_in_slot
        if slot is not None and slot > game.turn_slot:
            raise _fail(
                _place(where, number, "skipped_in_slot"),
                f"is {slot}, later than the current turn slot ({game.turn_slot})",
            )
        if in_play and not game.tiebreak and player.completed == all_phases:
            raise _fail(
                _place(where, number, "completed"),
                f"seat {number} has completed all {all_phases} phases, so the "
                "game would have ended (or gone to a tie-break) before this hand",
            )
