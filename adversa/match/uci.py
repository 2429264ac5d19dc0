"""A seat played by any UCI chess engine (``uci:stockfish skill=3``), through python-chess.

python-chess's ``chess.engine`` speaks the protocol (the handshake, ``position … moves``,
``go``, the info lines, ``bestmove``); this module adapts it to adversa's outside-engine
seat shape (`adversa.match.seats`' ``OutsideEngine``): `open_engine` starts the program,
`UciEngine.choose_move` sends the game so far (from its start, so the engine knows the
repetitions) and streams each info line to ``on_info`` as text.

Options after the command line: ``skill=N`` sets Stockfish's ``Skill Level`` (0–20),
``elo=N`` sets ``UCI_LimitStrength`` and ``UCI_Elo``; any other ``KEY=VALUE`` is passed
as the UCI option of that name (``Threads=1``, ``Hash=16``).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Mapping, Sequence

import chess
import chess.engine

from adversa.games.base import AdversaError, Game, M, S
from adversa.match.seats import OutsideEngineError, find_program

UCI_INSTALL_HINT = "install it (Debian/Ubuntu: apt install stockfish) or give its full path"
"""Where Debian installs game engines: outside root's usual PATH, so looked in too."""

DEFAULT_SECONDS = 1.0
"""The time a move gets when the seat is given none (UCI engines have no default)."""

START_TIMEOUT = 10.0
"""Seconds the program has to answer the handshake before it is called unresponsive."""


def uci_options(options: Mapping[str, str]) -> dict[str, str | int | bool]:
    """adversa's seat options as UCI options (``skill``, ``elo``, or names passed as is)."""
    configured: dict[str, str | int | bool] = {}
    for key, value in options.items():
        if key.lower() in ("skill", "elo"):
            try:
                number = int(value)
            except ValueError:
                raise OutsideEngineError(
                    f"option {key}={value!r}: expected a whole number") from None
            if key.lower() == "skill":
                configured["Skill Level"] = number
            else:
                configured["UCI_LimitStrength"] = True
                configured["UCI_Elo"] = number
        else:
            configured[key] = value
    return configured


INFO_PV_PLIES = 8
"""Plies of an outside engine's PV in its info line: with depth, score and counts it then
fits the panel's two PV lines; a strong engine's 20-ply PV was cut off mid-move."""


def info_text(board: chess.Board, info: chess.engine.InfoDict) -> str:
    """One short info line for people: ``depth 12 score +0.35 nodes 1.2M nps 850k pv 1. e4
    e5 2. Nf3`` (the PV in SAN, its first `INFO_PV_PLIES`; a mate as ``mate in 3``)."""
    depth = info.get("depth")
    parts = [] if depth is None else [f"depth {depth}"]
    score = info.get("score")
    if score is not None:
        relative = score.relative
        mate = relative.mate()
        centipawns = relative.score()
        if mate is not None:
            parts.append(f"score mate in {mate}" if mate > 0 else f"score mated in {-mate}")
        elif centipawns is not None:
            parts.append(f"score {centipawns / 100:+.2f}")
    counts = {"nodes": info.get("nodes"), "nps": info.get("nps")}
    parts += [f"{key} {short_count(value)}" for key, value in counts.items() if value is not None]
    pv = info.get("pv")
    if pv:
        parts.append("pv " + board.variation_san(pv[:INFO_PV_PLIES]))
    return " ".join(parts)


def short_count(count: int) -> str:
    """``850``, ``12k``, ``1.2M``: an engine's counts to two or three digits."""
    for size, suffix in ((1_000_000_000, "G"), (1_000_000, "M"), (1_000, "k")):
        if count >= size:
            scaled = count / size
            return f"{scaled:.1f}{suffix}" if scaled < 10 else f"{scaled:.0f}{suffix}"
    return str(count)


class UciEngine:
    """One running UCI program in a seat (the ``OutsideEngine`` shape)."""

    def __init__(self, command_line: str, options: Mapping[str, str]) -> None:
        argv = program_argv(command_line)
        program = shlex.split(command_line)[0]  # program_argv refused an empty line
        try:
            self.engine = chess.engine.SimpleEngine.popen_uci(argv, timeout=START_TIMEOUT)
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError, OSError,
                TimeoutError) as error:
            raise OutsideEngineError(
                f"UCI engine {program!r} did not start as a UCI engine: {error or 'no answer'}"
            ) from None
        try:
            self.engine.configure(uci_options(options))
        except chess.engine.EngineError as error:
            self.close()
            raise OutsideEngineError(f"UCI engine {program!r} refused an option: {error}") \
                from None
        name = self.engine.id.get("name", program)
        settings = " ".join(f"{key}={value}" for key, value in options.items())
        self.label = f"{name} (uci:{command_line}{' ' + settings if settings else ''})"

    def choose_move(self, game: Game[S, M], start: S, moves: Sequence[M], state: S,
                    seconds: float | None,
                    on_info: Callable[[str], None] | None = None) -> M:
        """The engine's move in ``state``: the game from ``start`` is sent with its moves,
        thinking for ``seconds`` (`DEFAULT_SECONDS` when None).

        Positions and moves cross over in the game's own notation (FEN, SAN; `check`
        refused a game whose positions are not FEN), so the seat needs nothing of the
        game but the protocol; the answer comes back through `Game.parse_move`, which
        takes UCI, and a move it refuses is the engine's illegal move."""
        board = chess.Board(game.format_position(start))
        position = start
        for move in moves:
            board.push_san(game.format_move(position, move))
            position = game.result(position, move)
        limit = chess.engine.Limit(time=DEFAULT_SECONDS if seconds is None else seconds)
        try:
            with self.engine.analysis(board, limit) as analysis:
                for info in analysis:
                    if on_info is not None:
                        line = info_text(board, info)
                        if line:
                            on_info(line)
                best = analysis.wait().move
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as error:
            raise OutsideEngineError(f"{self.label} failed: {error}") from None
        if best is None or best not in board.legal_moves:
            raise OutsideEngineError(f"{self.label} answered an illegal move: {best}")
        try:
            return game.parse_move(state, best.uci())
        except AdversaError as error:
            raise OutsideEngineError(f"{self.label} answered {best}: {error}") from None

    def close(self) -> None:
        """Quit the program (a program that already died is not an error here)."""
        try:
            self.engine.quit()
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError):
            self.engine.close()


def program_argv(command_line: str) -> list[str]:
    """The command line with its program found (on PATH or in the game folders)."""
    words = shlex.split(command_line)
    if not words:
        raise OutsideEngineError("uci: needs a program, e.g. uci:stockfish skill=3")
    return [find_program(words[0], UCI_INSTALL_HINT), *words[1:]]


def check(command_line: str, game: Game[S, M], options: Mapping[str, str]) -> None:
    """Refuse, before any game starts, a game that is not chess (UCI is a chess protocol,
    its positions FEN) or a program that is not there."""
    try:
        chess.Board(game.format_position(game.initial_state()))
    except ValueError:
        raise OutsideEngineError(f"uci: engines play chess, not {game.name}") from None
    program_argv(command_line)


def open_engine(command_line: str, game: Game[S, M],
                options: Mapping[str, str]) -> UciEngine:
    """Start a UCI program for ``game`` (`check`ed first)."""
    check(command_line, game, options)
    return UciEngine(command_line, options)
