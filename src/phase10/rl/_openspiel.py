"""Phase 10 as an OpenSpiel game, ``"python_phase10"``.

Chance deals every card: each card of a deal, and each card drawn from the
draw pile, is a chance node whose outcomes are the faces left (with their
counts as weights), so the draw pile's order and its reshuffles are chance
events. Player moves are numbered by :class:`phase10.encoding.Encoding`;
the next hand is dealt without a player's move. A game that reaches
``max_moves`` player moves ends with every return 0.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import numpy as np
import pyspiel

from .._actions import Draw
from .._cards import FACES, SKIP, Card, format_cards
from .._determinize import determinize, with_draw_pile
from .._events import CardDiscarded, CardDrawn, SkipPlayed
from .._flow import dealt_cards, new_game
from .._moves import apply_with_events
from .._moves.next_hand import next_hand
from .._rules import PRESETS, Rules
from .._state import GameState, Pile, Step
from .._view import view
from ..encoding import Encoding
from ._aec import MAX_MOVES
from ._common import picture
from ._game import writer_for

__all__ = ["GAME_NAME", "register"]

GAME_NAME = "python_phase10"

_DISCARDED, _TAKEN = 0, 1
"""The two planes of :attr:`Phase10State.recall`."""

_DEFAULTS: dict[str, Any] = {"players": 2, "max_moves": MAX_MOVES, "rules": "official"}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Phase 10",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class Phase10Game(pyspiel.Game):
    """The OpenSpiel game; parameters ``players`` (2-6), ``max_moves`` and
    ``rules`` (a name from :data:`phase10.PRESETS`)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        settings = {**_DEFAULTS, **(params or {})}
        players = int(settings["players"])
        self.rules: Rules = PRESETS[str(settings["rules"])]
        self.max_moves = int(settings["max_moves"])
        self.encoding = Encoding(players, self.rules)
        deal = self.rules.hand_size * players + 1
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=len(FACES),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            # Player moves, a draw after each, and a deal per hand (a hand
            # takes at least one move; the game ends after max_moves hands).
            max_game_length=2 * self.max_moves + (self.max_moves + 1) * deal,
        )
        super().__init__(_GAME_TYPE, info, params or {})

    def new_initial_state(self) -> Phase10State:
        """The game before the first card is dealt."""
        return Phase10State(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Any = None
    ) -> Phase10Observer:
        """An observer: the encoding's vector, or each seat's record of play
        for perfect recall."""
        return Phase10Observer(
            self.encoding,
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            params,
        )


_PLAYING = (Step.DRAW, Step.PLAY, Step.CHOOSE)


class Phase10State(pyspiel.State):
    """A game in progress: the engine's state, and the deal or draw under way."""

    def __init__(self, game: Phase10Game) -> None:
        super().__init__(game)
        self.encoding = game.encoding
        self.rules = game.rules
        self.max_moves = game.max_moves
        self.game: GameState | None = None
        self.moves = 0
        self.hands = 0
        self.dealt: list[Card] = []
        self.drawing = False
        # What each seat has seen, then (last) what a spectator has.
        self.logs: list[list[str]] = [[] for _ in range(self.encoding.players + 1)]
        # What the table saw each seat do this hand, by face: discarded, and
        # taken from the discard pile (see Phase10Observer).
        self.recall = np.zeros((2, self.encoding.players, len(FACES)), np.float32)
        self._legal: dict[int, Any] = {}

    # --- whose turn ---------------------------------------------------------

    def _dealing(self) -> bool:
        game = self.game
        return game is None or game.step is Step.HAND_OVER

    def _over(self) -> bool:
        game = self.game
        if game is not None and game.step is Step.GAME_OVER:
            return True
        return self.moves >= self.max_moves or self.hands > self.max_moves

    def current_player(self) -> int:
        """The seat to move, CHANCE while dealing or drawing, or TERMINAL."""
        if self._over():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.drawing or self._dealing():
            return int(pyspiel.PlayerId.CHANCE)
        return self._game().current

    def is_terminal(self) -> bool:
        """Whether the game has been won, or stopped at the move limit."""
        return self._over()

    def returns(self) -> list[float]:
        """+1 for the winner, -1/(players-1) for each other seat; 0 for all
        in an unfinished game."""
        n = self.encoding.players
        game = self.game
        if game is None or game.winner is None or game.step is not Step.GAME_OVER:
            return [0.0] * n
        return [1.0 if seat == game.winner else -1.0 / (n - 1) for seat in range(n)]

    # --- chance ---------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The faces that may come next, weighted by how many are left."""
        left = self._chance_cards()
        total = sum(left.values())
        return [(card.index, count / total) for card, count in sorted(left.items())]

    def _chance_cards(self) -> Counter[Card]:
        if self.drawing:
            return Counter(self._game().draw_pile)
        left = self._to_deal()
        left.subtract(self.dealt)
        return +left

    def _to_deal(self) -> Counter[Card]:
        """The cards a deal is made from: the deck, less the players' save
        piles, which stay out of the deal (the Masters Edition, R46)."""
        if self.game is None:
            return Counter(self.rules.deck)
        return Counter(dealt_cards(self.game))

    def _deal_size(self) -> int:
        game = self.game
        contenders = self.encoding.players if game is None else len(game.contenders)
        return self.rules.hand_size * contenders + 1

    # --- moves ----------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return sorted(self._legal)

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            self._apply_chance(FACES[action])
            return
        move = self._legal[action]
        if move == Draw(Pile.DRAW):
            self.drawing = True
            return
        self._play(move)

    def _apply_chance(self, card: Card) -> None:
        if self.drawing:
            pile = list(self._game().draw_pile)
            pile.remove(card)
            self.drawing = False
            self.game = with_draw_pile(self._game(), [card, *pile])
            self._play(Draw(Pile.DRAW))
            return
        self.dealt.append(card)
        if len(self.dealt) < self._deal_size():
            return
        rest = self._to_deal()
        rest.subtract(self.dealt)
        order = [*self.dealt, *sorted(rest.elements())]
        self.dealt = []
        self.hands += 1
        if self.game is None:
            self.game = new_game(self.encoding.players, self.rules, seed=0, deck=order)
        else:
            self.game = next_hand(self.game, deck=order)
        game = self.game
        self.recall.fill(0)
        top = format_cards(game.discard_pile[:1])
        for seat, log in enumerate(self.logs):
            mine = game.players[seat].hand if seat < len(game.players) else ()
            log.append(f"hand {game.hand_number} dealt: {format_cards(mine)} | {top}")
        self._refresh()

    def _play(self, move: Any) -> None:
        game, events = apply_with_events(self._game(), move)
        self.game = game
        self.moves += 1
        names = [player.name for player in game.players]
        seats: list[int | None] = [*range(len(names)), None]
        for seat, log in zip(seats, self.logs, strict=True):
            log.extend(event.seen_by(seat).describe(names) for event in events)
        for event in events:
            if isinstance(event, CardDiscarded):
                self.recall[_DISCARDED, event.player, event.card.index] += 1
            elif isinstance(event, SkipPlayed):
                self.recall[_DISCARDED, event.player, SKIP.index] += 1
            elif (
                isinstance(event, CardDrawn)
                and event.source is Pile.DISCARD
                and event.card is not None
            ):
                self.recall[_TAKEN, event.player, event.card.index] += 1
        self._refresh()

    def _refresh(self) -> None:
        game = self.game
        playing = game is not None and game.step in _PLAYING
        self._legal = self.encoding.legal(self._game()) if playing else {}

    # --- search -------------------------------------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state that seat ``player_id`` cannot tell from this one.

        The cards the seat cannot see (the other hands but their known
        cards, the draw pile, the discard pile below its top) are dealt
        again at random by :func:`phase10.determinize` from the seat's view
        alone; ``probability_sampler()`` (a number in [0, 1), such as
        ``pyspiel.UniformProbabilitySampler``) seeds the deal. The seat's
        own record of play is kept, so its information state is the same;
        each other seat's becomes the public record and the hand it now
        holds. This is what OpenSpiel's information-set MCTS
        (``ISMCTSBot``) asks for at each simulation.
        """
        if self.game is None or self._dealing() or self.dealt:
            raise pyspiel.SpielError(
                "a state can be resampled between deals, not while a hand is dealt"
            )
        seed = int(float(probability_sampler()) * 2**53)
        game = determinize(view(self.game, player_id), random.Random(seed))
        clone = self.clone()
        clone.game = game
        public = self.logs[-1]
        for seat in range(self.encoding.players):
            if seat != player_id:
                held = format_cards(game.players[seat].hand)
                clone.logs[seat] = [*public, f"seat {seat} holds {held}"]
        clone._refresh()
        return clone

    def _game(self) -> GameState:
        if self.game is None:
            raise pyspiel.SpielError("the first hand is still being dealt")
        return self.game

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            what = "draw" if self.drawing else "deal"
            return f"{what} {FACES[action]}"
        move = self._legal.get(action)
        return move.notation if move is not None else self.encoding.describe(action)

    def __str__(self) -> str:
        if self.game is None:
            return f"dealing the first hand: {len(self.dealt)} cards dealt"
        hands = " / ".join(format_cards(p.hand) for p in self.game.players)
        return f"{picture(view(self.game, None))}\n  hands: {hands}"


class Phase10Observer:
    """What a seat observes: the encoding's vector of its view (and its text),
    or, for perfect recall, its record of every deal and event it saw.

    The information-state tensor is the observation vector followed by what
    the seat has seen each player do this hand, by face: for each player,
    counted from the seat (as the encoding counts them), the cards of each
    of the 50 faces it discarded, then those it took from the discard pile.
    The view shows only the top of the discard pile and the cards taken
    that are still in hand; the rest is remembered here. The string is the
    whole record, in order.
    """

    def __init__(self, encoding: Encoding, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        private = iig_obs_type.private_info
        if (
            private == pyspiel.PrivateInfoType.ALL_PLAYERS
            or not iig_obs_type.public_info
        ):
            raise ValueError(
                "phase10 observes a seat's own view (its private cards and the "
                "public table), or the public table alone"
            )
        self.encoding = encoding
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        size = encoding.observation_size
        if self.perfect_recall:
            size += 2 * encoding.players * len(FACES)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self._writer = writer_for(encoding)
        self._arrays = [
            (*self._writer.new_array(), self._writer.memory())
            for _ in range(encoding.players)
        ]

    def _view(self, state: Phase10State, player: int) -> Any:
        seen = view(state.game, player) if state.game is not None else None
        if seen is not None and not self.private:
            seen = attrs.evolve(seen, hand=())
        return seen

    def set_from(self, state: Phase10State, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s observation of ``state``."""
        size = self.encoding.observation_size
        if self.private and state.game is not None:
            # The seat's own view: written from the state into an array
            # kept for the seat (equal to the encoding of the view).
            array, slots, memory = self._arrays[player]
            self._writer.write(array, slots, memory, state.game, player)
            self.tensor[:size] = array
            if self.perfect_recall:
                self._recall(state, player)
            return
        self.tensor.fill(0)
        seen = self._view(state, player)
        if seen is None:
            return
        self.tensor[:size] = self.encoding.observe(seen)
        if self.perfect_recall:
            self._recall(state, seen.current if seen.seat is None else seen.seat)

    def _recall(self, state: Phase10State, me: int) -> None:
        """The record of play after the observation, counted from ``me``."""
        n = self.encoding.players
        order = [(me + offset) % n for offset in range(n)]
        self.tensor[self.encoding.observation_size :] = state.recall[
            :, order, :
        ].ravel()

    def string_from(self, state: Phase10State, player: int) -> str:
        """``player``'s observation (or record of play) as text."""
        if self.perfect_recall:
            return "\n".join(state.logs[player if self.private else -1])
        seen = self._view(state, player)
        if seen is None:
            return f"seat {player}: the first hand is being dealt"
        return f"seat {player}\n{picture(seen)}"


def register() -> None:
    """Register ``"python_phase10"`` with OpenSpiel, once."""
    if GAME_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, Phase10Game)
