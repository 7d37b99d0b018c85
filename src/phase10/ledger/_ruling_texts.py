"""The rulings in words: the text :data:`~phase10.ledger.RULINGS` is read
from, one block a ruling, kept apart from the record and its lookup."""

from __future__ import annotations

from typing import Final

__all__ = ["TABLE"]

# One ruling a block: "clause option | keywords", the question, the answer.
TABLE: Final = """
R2 deck | deck, cards, 108, size of the deck, how many cards, kinds of cards
How many cards are in the deck, and of what kinds?
108: two of each number 1-12 in each of the four colours (96), eight Wilds and four
Skips. A custom rule set may play another deck.
R3 max_players | players, people, two, six, how many people, seats
How many players can play?
From two to six.
R19 hand_size | deal, dealt, dealing, ten cards, hand size, starter card
How many cards does each player get, and how is the deal made?
Ten each, dealt one at a time from the dealer's left; the next card is turned up to
start the discard pile and the rest is the draw pile.
R18 - | dealer, who deals, first player, who goes first, starts, next dealer
Who deals, and who plays first?
The deal moves one seat to the left each hand, and the player on the dealer's left
plays first; play then goes on to the left.
R22 wild_from_discard | wild, joker, discard, discard pile, take, pick up, throw away
May a Wild be discarded, and may the next player take it from the discard pile?
Yes to both: any card may be discarded, and a Wild on top of the discard pile may be
drawn like any other card.
R27 - | starter, first card, turned up, turned over, flipped, first turn
What if the card turned up to start the discard pile is a Skip?
The first player loses their first turn. That Skip does not count against the Skip
limit.
R22 wild_from_discard | starter, first card, turned up, turned over, flipped, joker
What if the card turned up to start the discard pile is a Wild?
It is an ordinary top discard: the first player may take it.
R23 - | skip, discard pile, take, pick up, draw a skip
May a Skip be taken from the discard pile?
Never: a Skip on top of the discard pile cannot be drawn; draw from the draw pile.
R25 on_empty_draw_pile | draw pile, empty, no cards left, reshuffle, shuffle, deck
What happens when the draw pile runs out?
Every discard but the top one is shuffled into a new draw pile. Only if nothing lies
under the top discard does the hand end, with no winner.
R26 - | skip, myself, yourself, target, two players, two player game
Can I skip myself, and whom may a Skip target?
Never yourself: a Skip names another player, who loses their next turn. With two
players, the one who played the Skip plays again.
R28 skip_limit | skip, skip limit, twice, again, same player, in a row, round
Can the same player be skipped twice in a row?
Not within a round: after a Skip against a player, nobody may skip them again until
play has gone once round the table.
R29 - | skip, nobody, no target, nobody to skip, everyone skipped, waste
May I discard a Skip when nobody can be skipped?
Yes: it is discarded against nobody, and no turn is lost.
R33 - | go out, last card, skip, finish, discard a skip, end on a skip
Can I go out by discarding a Skip?
Yes: a Skip is a discard like any other, so a last card that is a Skip goes out.
R33 go_out_by_hit | go out, hit, last card, play on, no discard, empty hand, finish
Can I go out by hitting with my last card, without a discard?
Yes: the hand ends the moment a hand is empty, by a discard, a hit or laying the
phase; no discard is needed after it.
R15 - | lay, whole phase, part, half, piece, someone else's turn, out of turn
Can I lay down part of my phase now and the rest later, or on another turn?
No: a phase goes down whole, at one time, on your own turn after you draw, and
only once a hand.
R14 - | extra cards, more cards, extra group, bigger, longer run, additional
May I lay more cards than the phase needs when I put it down?
Yes, if the extra cards fit a group of it (four 7s for a set of three, a longer
run); but never an extra group.
R31 hit_on_lay_turn | hit, same turn, right away, immediately, straight away, play on
May I hit on the same turn I lay down my phase?
Yes: once your phase is down you may hit straight away, in that same turn.
R11 naturals | natural, all wilds, only wilds, entirely, jokers, group, phase
Can a group of a phase be made entirely of Wilds?
No: each group of a phase needs at least one natural card, one that is not a Wild;
the rest may be Wilds.
R10 - | wild, colour, color, joker, stand for, any colour, any number
What colour is a Wild, and what may it stand for?
Any colour and any number: a Wild fits in any group, and a group may hold several.
R13 swap_wilds | wild, laid, change, move, keep, stand for, joker, later
Once laid, can a Wild change or move to stand for something else?
No: a laid Wild keeps what it stood for until the hand ends; it is not moved, and
it is not replaced.
R6 wrap_runs | run, length, longest run, long, 13, zero, same number, twice
How long can a run be, and can a Wild stand for 0 or 13?
A run uses the numbers 1 to 12, each at most once, without going round from 12 to 1:
so at most 12 cards, and a Wild is never 0 or 13.
R42 wrap_runs | wrap, wrap around, round, 12 to 1, corner, circle, 11 12 1 2
Do runs wrap round from 12 to 1?
Not in the official game: 12 is the top of a run and 1 the bottom. Some tables play
it as a house rule (wrap_runs).
R32 - | run, hit, middle, end, which end, low end, high end, inside, between
Can I hit a card into the middle of a run, and who chooses the end for a Wild?
Only at the ends: one below the lowest card or one above the highest. The player
hitting a Wild says which end it goes on; unsaid, the high end.
R5 - | set, colours, colors, mixed, same number, two sets, same colour
Must a set be of one colour, and may two sets share a number?
Neither matters: a set is cards of one number in any colours, and the two sets of a
phase may use the same number.
R30 - | hit, before, lay, phase, another player, someone else, play on, add to, fit
Can I hit before I lay down my phase, or on other players' groups?
Only once your own phase is down this hand, on your turn; then you may hit any group
on the table, yours or another player's, with a card that fits it.
R34 points | points, score, worth, penalty, count, left in hand, how much, value
How many points does each card left in hand count?
5 for each card 1-9, 10 for each 10-12, 15 for a Skip and 25 for a Wild; the player
who went out scores nothing, and cards on the table never count.
R35 everyone_advances | advance, next phase, move on, who advances, went out, repeat
Who moves on to the next phase after a hand?
Everyone who laid down their phase this hand, whoever went out; the others try the
same phase again.
R37 everyone_advances | end, game over, win, winner, last phase, finish, complete
When does the game end, and who wins?
At the end of the hand in which someone completes the last phase; if only one
player did, they win.
R38 - | tie, tied, both, two players, same hand, lowest score, draw
What if two players finish the last phase in the same hand?
The lower total score wins. If the totals tie too, the tied players alone play a
tie-break hand on the last phase, and the first of them to go out wins.
R39 everyone_advances | ten hands, variation, everyone advances, lowest total
How does the ten-hand variation play?
Only as a variation (everyone_advances): everyone advances every hand, the game
lasts ten hands and the lowest total wins. The official game does not play it.
R40 phases | shorter game, fewer phases, first five, even phases, variation, quick
Can we play a shorter game with fewer phases?
Yes, as a variation: only the first few phases, or only the even ones; every other
rule stays the same.
R24 - | take back, same card, straight back, just drew, picked up, put back
May I take the top discard and discard that same card again?
Yes: nothing forbids drawing a card from the discard pile and discarding it again.
R13 - | wilds alone, all wilds, float, floating, group of wilds, which number
If a group of Wilds alone is laid, what does it stand for?
Nothing yet, where the natural-card rule allows such a group: the first natural card
hit on it fixes its number or colour (on a run, at the end the hitter names).
R33 - | keep a card, go_out_by_hit, refused, must keep, off
When going out by a hit is not allowed, what must I keep?
A card to discard: a lay or hit that would empty your hand is refused. The official
game allows going out by a hit.
R31 - | extra cards, part of the lay, hit_on_lay_turn, extra, same turn
Are extra cards laid with my phase counted as hits?
No: they are part of laying the phase, so a rule against hitting on the lay-down
turn never bars them.
R38 - | tie-break, tie break, tied players, who starts, extra hand, playoff
Who plays in a tie-break hand, and who starts it?
Only the tied players; the deal moves on as usual, the first tied player left of the
dealer starts, its points are added, and nobody advances.
R26 - | skip, last card, go out, lost turn, next hand, lapse
If I go out by playing a Skip, does its target lose a turn in the next hand?
No: you go out, and the turn the target was to lose lapses with the hand.
R33 - | never ends, stuck, endless, forever, nothing fits, no way out
What if a hand can never end?
Custom decks or phases can leave every player down with nothing that fits; the game
plays on, and a program that must stop ends it by its own move limit.
R22 - | starter, wild_from_discard, off, first card, turned up, barred
With Wilds barred from the discard pile, may a Wild that starts it be taken?
No: with wild_from_discard off no Wild is drawn from the discard pile, not even the
starter. In the official game it may be taken.
R25 - | nothing under, top discard, only card, alone, last card, draw pile
What if the draw pile is empty and the top discard is the only card?
The hand ends with no winner. Under a valid rule set this never happens: the rules
refuse a deck too small to keep cards in the draw and discard piles (R17).
R2 - | masters, masters edition, masters deck, 106, two skips, edition
What deck does the Masters Edition use?
106 cards: the same 96 number cards and eight Wilds, but only two Skips. The
classic game plays 108 cards with four Skips.
R16 phase_choice | in order, out of order, next phase, skip a phase, order
Must the phases be completed in order?
Yes: only your current phase may be laid, and a phase laid with extra cards counts
for that phase alone.
R44 phase_choice | which phase, choose, pick, any order, masters, edition
May I choose which phase to attempt this hand?
Not in the classic game: each player goes through the phases in order, one a
hand. The Masters Edition lets each player choose (phase_choice).
R44 - | one phase left, last phase, choice, masters, only one
In the Masters Edition, what if I have only one phase left?
You attempt it: with one phase left there is no choice to make.
R44 - | tie, tie-break, masters, which phase, finishers
In the Masters Edition, which phase does a tie-break hand use?
The last phase of the list, with no choice; ties are otherwise settled as in the
classic game.
R46 saves_per_hand | save, keep, masters, how many, per hand, instead of discard
How many cards may I save in a hand?
None in the classic game; the Masters Edition lets a player save one card a hand in
place of a discard.
R46 most_saved | save pile, saved cards, how many, at once, full, hold
How many saved cards may my save pile hold?
At most two at once; when the pile is full no more cards may be saved.
R48 saved_cards_hidden | see, face up, face down, hidden, secret, look, others
Can other players see my saved cards?
Yes: saved cards lie face up, and every player sees every save pile.
R48 saved_cards_score | saved cards, score, points, count, end of hand, penalty
Do saved cards count against me when a hand ends?
No: saved cards are not in the hand, so they score no points.
R46 go_out_by_save | save, last card, go out, finish
May I save my last card to go out?
No: the last card cannot be saved; go out by discarding it, laying it or hitting
with it.
R46 save_skips | save, skip, keep a skip, save a skip
May I save a Skip?
Yes: a Skip may be saved like any other card.
R47 draw_saved_same_hand | draw, saved card, same hand, take back, use, save pile
May I draw back a card I saved earlier in this same hand?
No: a card saved in a hand is for a later hand; only cards saved before it may be
drawn.
R45 - | declare, declared, declaration, how long, last, variant, masters
How long does a declared phase last?
The turn it is declared in: if the phase is not laid, the next turn starts with none
declared.
R26 skip_next_only | skip, choose, target, next player, whom, pick
Do I choose whom to skip, or must it be the next player?
You choose any other player, within the Skip limit.
R13 swap_wilds | swap, exchange, take back, laid wild, replace, trade, natural card
May I take a laid Wild back by putting down the card it stands for?
No: a laid Wild stays on the table until the hand ends; swapping it out is a house
rule (swap_wilds), off in the official game.
R21 - | turn, draw first, end turn, order of a turn, must discard, every turn
Must I draw first, and discard to end every turn?
Yes: a turn starts with one card drawn from either pile and ends with one card
discarded; laying and hitting come between.
R12 - | skip, phase, set, run, group, part, in a phase, hit a skip
Can a Skip be used in a phase or hit onto a group?
No: a Skip is never part of a group, neither laid nor hit.
"""
