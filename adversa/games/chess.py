"""Chess, with python-chess's rules: adversa writes no move generator of its own.

White (player 0) moves first. Every rule — castling, en passant, promotion, check,
checkmate and stalemate — comes from python-chess (``chess.Board``), the library the
field uses and whose generator is checked against the published perft counts.

State
    `ChessState` (`adversa.games.chess_state`) wraps a python-chess board nobody
    changes, with its polyglot key, the keys of the positions since the last
    irreversible move (threefold repetition is a property of the path) and the clocks.

Draws end the game at once, each named in `Chess.outcome`: stalemate, threefold
repetition, the fifty-move rule (a hundred plies without a capture or a pawn move,
unless the last of them mates) and insufficient material (python-chess's test: no
mate is possible by any sequence of moves). An engine treats a claimable draw as a
draw, so adversa does not wait for a claim.

Notation
    Moves are shown in SAN (``Nf3``, ``exd5``, ``O-O``, ``e8=Q+``) and accepted in SAN
    or UCI (``g1f3``, ``e7e8q``). Positions are FEN; ``startpos`` is the initial one.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import partial
from typing import ClassVar

import chess
import chess.polyglot

from adversa.games.base import (
    CAPTURE_PENDING,
    FINISHED,
    SETTLED,
    AmbiguousMoveError,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Outcome,
    illegal_move_message,
)
from adversa.games.chess_captures import (
    PIECE_VALUES,
    PendingCaptures,
    is_checked,
    may_capture,
    worthwhile_captures_by_victim,
    worthwhile_evasion_captures,
)
from adversa.games.chess_checks import checking_moves
from adversa.games.chess_eval import capture_gain, chess_evaluator, game_phase
from adversa.games.chess_keys import TURN_KEY, ep_key, next_terms, side_terms
from adversa.games.chess_memo import ChildFacts, facts_of, remember_child
from adversa.games.chess_movegen import (
    MoveList,
    has_legal_move,
    legal_move_list,
    passed,
    played,
)
from adversa.games.chess_state import (
    FIFTY_MOVE_PLIES,
    INSUFFICIENT,
    THREEFOLD,
    ChessState,
    draw_by_rule,
    make_state,
    new_state,
)
from adversa.games.pgn import PGN_FORMAT
from adversa.games.registry import GameEntry

WHITE_PLAYER, BLACK_PLAYER = 0, 1

FORCING_CHECK_REPLIES = 2
"""A check that leaves at most this many legal replies is extended (`Chess.in_check`)."""

CHECKMATE = "checkmate"
STALEMATE = "stalemate"


def _play(state: ChessState, move: chess.Move) -> ChildFacts:
    """``move`` played from ``state``: the new board, its key and evaluation sums,
    whether the move zeroes the fifty-move clock, whether it was irreversible, and
    whether the material left is insufficient.

    The board is the one another move already led to where it can be (`PositionFacts`):
    a position reached by several moves, or from several positions (an ending's king
    walks), needs one. The key decides the board but for its clocks (the state's own:
    `ChessState`), the promoted pieces (compared), a castling right (fixed by the key
    only once cleaned) and an en passant square no pawn can take: a move that leaves
    either of the last two, or from a position with castling rights, is played, its
    board not kept."""
    before = state.position
    origin, target = move.from_square, move.to_square
    pawns = before.pawns
    ep_before = ep_key(before) if before.ep_square is not None else 0
    if before.castling_rights or (pawns >> origin & 1 and target - origin in (16, -16)):
        board, irreversible = played(before, move)
        key, mg, eg = next_terms(state, move, side_terms(before, board, ep_before))
        zeroing = not board.halfmove_clock  # `played` sets it to 0 exactly then
        facts = facts_of(key)
    else:
        # No castling right to lose, no en passant square to leave: `played`'s answers
        # read from the board before the move.
        key, mg, eg = next_terms(state, move, TURN_KEY ^ ep_before)
        zeroing = bool(pawns >> origin & 1 or before.occupied >> target & 1)
        irreversible = zeroing or (ep_before != 0 and before.has_legal_en_passant())
        promoted = before.promoted
        if promoted or move.promotion:
            promoted = promoted & ~(1 << origin | 1 << target) | (
                1 << target if promoted >> origin & 1 or move.promotion else 0)
        facts = facts_of(key)
        found = facts.board
        if found is None or found.promoted != promoted:
            found = facts.board = played(before, move)[0]
        board = found
    # A pawn, rook or queen on the board is enough to mate: python-chess's test, quicker.
    insufficient = (not board.pawns | board.rooks | board.queens
                    and board.is_insufficient_material())
    # Only a capture or a promotion changes the pieces that make the phase.
    phase = (game_phase(board) if move.promotion or before.occupied >> target & 1
             else state.phase)
    return board, key, mg, eg, phase, zeroing, irreversible, insufficient, facts


def _checked(state: ChessState) -> bool:
    """Whether the side to move is in check, kept in the position's facts
    (`chess_memo`): a node asks it up to seven times (its status, whether it has a move,
    its moves, quiescence, the check extension, the null move, its captures), and
    python-chess answers from scratch each time."""
    facts = state.facts
    checked = facts.checked
    if checked is None:
        checked = facts.checked = is_checked(state.position)
    return checked


def _moves(state: ChessState) -> MoveList:
    """The legal moves of a position no draw rule has ended, kept in its facts."""
    facts = state.facts
    moves = facts.moves
    if moves is None:
        moves = facts.moves = legal_move_list(state.position, _checked(state))
    return moves


def _status(state: ChessState) -> int:
    """`Chess.leaf_status` of a position no draw rule has ended: it depends on the board
    alone, so the position's facts keep it."""
    checked = _checked(state)
    known = state.facts.moves
    if known is None and checked:  # few moves, and a search in check asks for them next
        known = _moves(state)
    if not (bool(known) if known is not None else has_legal_move(state.position, checked)):
        return FINISHED
    return CAPTURE_PENDING if checked or may_capture(state.position) else SETTLED


class Chess(Game[ChessState, chess.Move]):
    """Chess under python-chess's rules, draws declared as soon as a rule allows one."""

    name: ClassVar[str] = "chess"
    mate_distances: ClassVar[bool] = True
    interned_moves: ClassVar[bool] = True  # chess_movegen's shared moves
    title: ClassVar[str] = "Chess"
    description: ClassVar[str] = (
        "The lectures' running example: FIDE chess (rules by python-chess), moves in SAN "
        "or UCI, positions in FEN."
    )

    def player_name(self, player: int) -> str:
        return ("White", "Black")[player]

    def initial_state(self) -> ChessState:
        return make_state(chess.Board())

    def to_move(self, state: ChessState) -> int:
        return WHITE_PLAYER if state.position.turn else BLACK_PLAYER

    def legal_moves(self, state: ChessState) -> list[chess.Move]:
        """python-chess's order of the legal moves; empty once a draw rule has ended the game."""
        if state.draw:
            return []
        known = state.facts.moves  # read inline: asked at every node of the search
        return list(known if known is not None else _moves(state))

    def result(self, state: ChessState, move: chess.Move) -> ChessState:
        """The position after ``move``, its board remembered by the position and the move
        (`chess_memo`) and shared whatever the clocks (`ChessState.position`); the
        clocks and the history are this path's."""
        # Kept by the position, not by the clocks: in Fine #70, 40,148 of a 100,000-node
        # search's moves are distinct with them, 25,780 without.
        code = move.from_square | move.to_square << 6 | (move.promotion or 0) << 12
        position = state.facts
        found = position.children.get(code)
        if found is None:
            found = remember_child(position, code, _play(state, move))
        board, key, mg, eg, phase, zeroing, irreversible, insufficient, facts = found
        clock = 0 if zeroing else state.clock + 1  # `make_state`, inline
        fullmove = state.fullmove + board.turn  # White to move: Black has just moved
        if clock >= FIFTY_MOVE_PLIES:  # rare: `draw_by_rule` in full
            draw = draw_by_rule(board, clock, key, (), insufficient)
        else:
            draw = INSUFFICIENT if insufficient else ""
        if irreversible:
            return new_state(board, key, (), clock, fullmove, mg, eg, phase, facts, draw)
        history = (*state.history, state.key)
        return new_state(board, key, history, clock, fullmove, mg, eg, phase, facts,
                         THREEFOLD if history.count(key) >= 2 else draw)

    def is_terminal(self, state: ChessState) -> bool:
        return self.leaf_status(state) == FINISHED

    def leaf_status(self, state: ChessState) -> int:
        """Finished; or a check, or possibly a capture or a promotion, to play out
        (quiescence goes on); or settled.

        "Possibly": the mover attacks an enemy piece, or has a pawn about to promote
        (`may_capture`), but whether any such capture is worth searching is left to
        quiescence, which asks only if standing pat does not already settle the node
        (`PendingCaptures`). If none is, quiescence's value is the static one, as a
        settled position's would be; only the count of quiescence nodes differs.
        """
        # A check at the horizon is not a position to judge statically: quiescence searches
        # its evasions (`quiescence_moves`), so a fork or a mate behind it is seen. This is
        # the check extension at the horizon, where the search's depth is spent.
        if state.draw:
            return FINISHED
        facts = state.facts  # the position's, shared (chess_memo)
        status = facts.status
        if status is None:
            status = facts.status = _status(state)
        return status

    def _worthwhile_captures(self, state: ChessState) -> list[chess.Move]:
        """Promotions and the captures that do not plainly lose material, MVV-LVA first
        (remembered by position: `chess_memo`).

        A capture by a piece worth more than its victim onto a square the opponent
        attacks loses at least the difference to the recapture (a cheap stand-in for a
        static exchange evaluation), so quiescence leaves it out: most of the captures a
        middle-game position offers are of that kind, and searching them is what made
        quiescence the bulk of the tree.
        """
        facts = state.facts
        found = facts.captures
        if found is None:
            board = state.position
            kept = (worthwhile_evasion_captures(board) if _checked(state)
                    else worthwhile_captures_by_victim(board))
            pawns = board.pawns & board.occupied_co[board.turn] & (
                chess.BB_RANK_7 if board.turn else chess.BB_RANK_2)
            # Promotions by a push: python-chess is asked only where a square ahead of a
            # pawn about to promote is empty (a blocked pawn, as in the Lucena position
            # with its king in front, would cost a call a node for nothing).
            if (pawns << 8 if board.turn else pawns >> 8) & ~board.occupied:
                kept += [move for move in board.generate_legal_moves(pawns, ~board.occupied)
                         if move.promotion]
            found = facts.captures = tuple(self.order_captures(state, kept))
        return list(found)

    def is_quiet(self, state: ChessState) -> bool:
        """No worthwhile capture or promotion, and not in check unless mated (exact,
        unlike `leaf_status`'s quick test)."""
        if state.draw:
            return True
        if _checked(state):
            return not has_legal_move(state.position, True)
        return not self._worthwhile_captures(state)

    def utility(self, state: ChessState) -> tuple[float, ...]:
        if not state.draw and state.position.is_checkmate():
            return (-1.0, 1.0) if state.position.turn else (1.0, -1.0)
        return (0.0, 0.0)

    def outcome(self, state: ChessState) -> Outcome | None:
        if state.draw:
            return Outcome(None, state.draw, (0.0, 0.0))
        board = state.position
        if any(board.generate_legal_moves()):
            return None
        if board.is_check():
            winner = BLACK_PLAYER if board.turn else WHITE_PLAYER
            return Outcome(winner, CHECKMATE, self.utility(state))
        return Outcome(None, STALEMATE, (0.0, 0.0))

    # ---- search helpers -----------------------------------------------------

    def transposition_key(self, state: ChessState) -> Hashable:
        """The polyglot key alone, though two paths to a board with different earlier
        positions can differ in threefold: a deliberate departure from `Game`'s contract.

        Pairing the key with the history (as checkers does) keeps the table exact but
        makes every reversible move's position path-dependent, so an ending lost its
        transpositions: Fine #70 reached depth 12 in 60,000 nodes that way, 25 keyed on
        the board. Chess engines accept the same trade (the "graph history
        interaction"): a stored value may miss, or wrongly include, a repetition draw
        that only one path to the position allows. Draws are still declared exactly on
        the path being searched (`ChessState.draw`), and the game itself is unaffected.
        """
        return state.key

    def null_move(self, state: ChessState) -> ChessState | None:
        """The turn passed (python-chess's null move), except in check and when the mover
        has only pawns and a king (where zugzwang is common); the repetition history is
        not carried across a pass, so no line through it counts as a repetition."""
        board = state.position
        own = board.occupied_co[board.turn]
        if not own & ~(board.pawns | board.kings) or _checked(state):
            return None
        after = passed(board)  # its clocks follow the shared board's; the state's are set
        key, clock = state.key ^ TURN_KEY ^ ep_key(board), state.clock + 1
        return new_state(after, key, (), clock, state.fullmove + (not board.turn), state.mg,
                         state.eg, state.phase, facts_of(key),
                         draw_by_rule(after, clock, key, (), after.is_insufficient_material()))

    def forward_prunable(self, state: ChessState) -> bool:
        """Not in check, and the mover has a piece besides pawns and king: in pawn
        endings zugzwang is common, so futility pruning, like the null move, keeps out."""
        board = state.position
        # The material first: in a pawn ending it answers without the check's call.
        return (not state.draw
                and bool(board.occupied_co[board.turn] & ~(board.pawns | board.kings))
                and not _checked(state))

    def forcing_moves(self, state: ChessState,
                      moves: Sequence[chess.Move]) -> list[chess.Move]:
        """Captures and promotions (`split_forcing`), then the quiet moves that give
        check (`checking_moves`): quiescence would search the check's evasions."""
        captures, quiet = self.split_forcing(state, moves)
        return captures + checking_moves(state.position, quiet)

    def is_capture(self, state: ChessState, move: chess.Move) -> bool:
        """Captures and promotions: the moves quiescence searches and ordering puts first."""
        board = state.position
        return bool(move.promotion or board.occupied_co[not board.turn] >> move.to_square & 1
                    or (move.to_square == board.ep_square
                        and board.pawns >> move.from_square & 1))

    def split_forcing(self, state: ChessState,
                      moves: Sequence[chess.Move]) -> tuple[list[chess.Move], list[chess.Move]]:
        """Captures and promotions (MVV-LVA first), then the quiet moves: one pass with a
        bitboard test of each target square, not a python-chess call a move; none where
        the position's remembered status is settled (`may_capture` found no capture or
        promotion: in Fine #70, two thirds of the positions ordered)."""
        if state.facts.status == SETTLED:
            return [], list(moves)
        board = state.position
        enemy = board.occupied_co[not board.turn]
        en_passant = board.ep_square
        pawns = board.pawns
        captures: list[chess.Move] = []
        quiet: list[chess.Move] = []
        for move in moves:
            target = move.to_square
            if (enemy >> target & 1 or move.promotion
                    or (target == en_passant and pawns >> move.from_square & 1)):
                captures.append(move)
            else:
                quiet.append(move)
        return self.order_captures(state, captures), quiet

    def quiescence_moves(self, state: ChessState) -> tuple[Sequence[chess.Move], bool]:
        """In check, every evasion and no standing pat (the check may be mate); else the
        worthwhile captures and promotions (`_worthwhile_captures`), MVV-LVA first, found
        only when quiescence reads them (`PendingCaptures`: it stands pat first)."""
        if state.draw:
            return [], False
        if _checked(state):
            return self.order_captures(state, self.legal_moves(state)), False
        return PendingCaptures(partial(self._worthwhile_captures, state)), True

    def capture_gain(self, state: ChessState, move: chess.Move) -> float:
        """The victim's material, a promotion's gain and a margin (`chess_eval.capture_gain`)."""
        return capture_gain(state.position, move)

    def in_check(self, state: ChessState) -> bool:
        """In check with at most `FORCING_CHECK_REPLIES` legal replies: the checks the
        check extension searches a ply deeper.

        A check that leaves the king a choice of squares forces little, and in a rook
        ending there is one at nearly every node: extending them all cost the Lucena
        position three plies of depth at 250,000 nodes (13 against 16 without the
        extension). Extending checks with up to three replies still cost it two (with
        futility pruning, depth 16 unfinished at 600,000 nodes: its perpetual checks,
        each extended, reach the threefold draw there); up to two reached depth 17 in
        203,000 nodes (with null moves then reduced by 2) and keep the mates by checks:
        Win at Chess, 100 of the first 150 solved at 5,000 nodes a position (101 with
        three replies, 96 with one, 88 extending none).
        """
        # Asked at every node of the main search: the position's facts are read inline. The
        # replies are listed in full: the search asks for them next (`chess_memo`).
        if state.draw:
            return False
        checked = state.facts.checked
        if checked is None:
            checked = _checked(state)
        return checked and len(_moves(state)) <= FORCING_CHECK_REPLIES

    def order_captures(self, state: ChessState,
                       captures: Sequence[chess.Move]) -> list[chess.Move]:
        """MVV-LVA: the most valuable victim first, by the least valuable attacker."""
        if len(captures) < 2:  # nothing to sort (most nodes of an ending): no key asked
            return list(captures)
        board = state.position
        piece_type_at = board.piece_type_at
        en_passant = board.ep_square

        def score(move: chess.Move) -> int:
            victim = piece_type_at(move.to_square) or (
                chess.PAWN if move.to_square == en_passant else 0)  # 0: a quiet evasion
            attacker = piece_type_at(move.from_square) or chess.PAWN
            gain = PIECE_VALUES[victim] * 16 - PIECE_VALUES[attacker] // 100
            if move.promotion:
                gain += PIECE_VALUES[move.promotion] * 16
            return -gain

        return sorted(captures, key=score)

    def perft(self, state: ChessState, depth: int) -> int:
        """Leaves ``depth`` plies below ``state``, by push/pop on one scratch board.

        python-chess's own perft walk (the last ply bulk-counted) with the search's move
        lister (`legal_move_list`, python-chess's moves in its order), plus a table of the
        counts of positions two or more plies from the horizon, keyed by python-chess's
        transposition key (pieces, side, castling, a capturable en passant square: all
        that decides the moves): a position reached by another move order is counted
        once. Draw rules are not applied, as in every perft.
        """
        if depth == 0:
            return 1
        if state.draw:
            return 0
        board = state.position.copy(stack=False)
        push, pop = board.push, board.pop
        position_key = board._transposition_key
        known: dict[tuple[Hashable, int], int] = {}

        def leaves(depth: int) -> int:
            if depth == 1:
                return len(legal_move_list(board))
            key = (position_key(), depth)
            total = known.get(key)
            if total is not None:
                return total
            total = 0
            for move in legal_move_list(board):
                push(move)
                total += leaves(depth - 1)
                pop()
            known[key] = total
            return total

        return leaves(depth)

    # ---- notation -----------------------------------------------------------

    def format_move(self, state: ChessState, move: chess.Move) -> str:
        return state.position.san(move)

    def parse_move(self, state: ChessState, text: str) -> chess.Move:
        word = text.strip()
        board = state.position
        legal = self.legal_moves(state)
        if not legal:
            raise IllegalMoveError(illegal_move_message(text, []))
        try:
            move = board.parse_san(word)
        except chess.AmbiguousMoveError:
            raise AmbiguousMoveError(
                f"move {text!r} is ambiguous here; add the file or rank it leaves from "
                "(e.g. Nbd2) or give it in UCI (b1d2)"
            ) from None
        except (chess.IllegalMoveError, chess.InvalidMoveError) as san_error:
            try:
                move = chess.Move.from_uci(word.lower())
            except chess.InvalidMoveError:
                if isinstance(san_error, chess.IllegalMoveError):
                    raise IllegalMoveError(
                        illegal_move_message(text, self.format_moves(state, legal))
                    ) from None
                raise InvalidMoveError(
                    f"move {text!r} is not chess notation; expected SAN (e4, Nf3, O-O, "
                    "exd8=Q) or UCI (e2e4, e7e8q)"
                ) from None
            if move not in legal:
                raise IllegalMoveError(
                    illegal_move_message(text, self.format_moves(state, legal))
                ) from None
        return move

    def format_position(self, state: ChessState) -> str:
        return state.fen

    def parse_position(self, text: str) -> ChessState:
        words = text.strip()
        if words.lower() == "startpos":
            return self.initial_state()
        try:
            board = chess.Board(words)
        except ValueError as error:
            raise InvalidPositionError(
                f"position {text!r} is not a FEN ({error}); expected e.g. "
                "'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'"
            ) from None
        status = board.status()
        if status != chess.STATUS_VALID:
            problems = ", ".join(
                flag.name.lower().replace("_", " ")
                for flag in chess.Status if flag and flag in status and flag.name
            )
            raise InvalidPositionError(
                f"position {text!r} is not a legal chess position: {problems}"
            )
        return make_state(board)

    def render(self, state: ChessState) -> str:
        """The board from White's side, the FEN and who is to move or how it ended."""
        lines = [str(state.position), state.fen]
        outcome = self.outcome(state)
        if outcome is None:
            lines.append(f"{self.player_name(self.to_move(state))} to move")
        elif outcome.winner is None:
            lines.append(f"draw: {outcome.reason}")
        else:
            lines.append(f"{self.player_name(outcome.winner)} wins: {outcome.reason}")
        return "\n".join(lines)


# --------------------------------------------------------------------------- registration

ENTRY = GameEntry(
    rules=Chess,
    engines=("alphabeta depth=64 time=2 nullmove=on lmr=on lmrfrom=1 futility=on",),
    evaluator=chess_evaluator,
    unsolvable="chess is far too big to solve; use alphabeta",
    record=PGN_FORMAT,
    max_plies=600,
)
