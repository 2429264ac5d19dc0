"""The game screen's "who plays" lines: one line per seat, whatever the width.

An engine's text form (``alphabeta depth=20 time=2 lmr=on``) is longer than the
room beside the board at 120 columns, and wrapped it left ``time=2`` alone on a
line that looked like a seat of its own. Each line is therefore shortened to
the widget's width at the time it is drawn: first written compactly
(``α-β d20 2s lmr=on``, `compact`), then dropping whole settings from the end
(``α-β d20 2s …``) so what is left still reads as settings; the full text is in
the tooltip. At 80 columns the compact form is what keeps the depth and the time
in view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.markup import escape
from textual.widget import Widget

from adversa.match.seats import OutsideSeat, short_spec
from adversa.search.config import EngineConfig

ELLIPSIS = "…"
SHORT_ALGORITHMS = {"alphabeta": "α-β", "expectiminimax": "expectimm"}
"""Algorithm names written shorter in the compact form (the others are short already)."""
SHORT_SETTINGS = {"depth": "d{}", "time": "{}s", "iterations": "{} it", "nodes": "{} nodes"}
"""Settings written without their ``key=`` in the compact form: depth, time, playouts."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One line: the seat's name, who plays it, and whether it is to move."""

    name: str
    player: str
    to_move: bool


def engine_text(engine: EngineConfig | OutsideSeat, *, clocked: bool) -> str:
    """An engine as its seat's line shows it: under a game clock its own ``time=`` is
    not what it plays with (the clock gives each move its time, which the search panel
    shows), so the line says ``· clock`` instead. An outside engine shows its spec without
    the folders of its paths."""
    if isinstance(engine, OutsideSeat):
        return short_spec(engine.spec)
    if not clocked:
        return engine.text
    return f"{engine.without('time').text} · clock"


def fit_words(text: str, room: int) -> str:
    """``text`` if it fits in ``room`` cells, else its leading words and `ELLIPSIS`.

    Words are dropped whole (an engine setting cut to ``tim…`` says nothing);
    only a first word that alone is too long is cut inside.
    """
    if len(text) <= room:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        shortened = " ".join(words) + " " + ELLIPSIS
        if len(shortened) <= room:
            return shortened
    return text[: max(0, room - 1)] + ELLIPSIS


def compact(text: str) -> str:
    """An engine's text written shorter, every setting kept: ``alphabeta depth=6
    time=2`` → ``α-β d6 2s``. Text that is not an engine's (``You``) is unchanged."""
    words = text.split(" ")
    words[0] = SHORT_ALGORITHMS.get(words[0], words[0])
    for index, word in enumerate(words[1:], start=1):
        key, equals, value = word.partition("=")
        if equals and key in SHORT_SETTINGS:
            words[index] = SHORT_SETTINGS[key].format(value)
    return " ".join(words)


def fit_player(text: str, room: int) -> str:
    """``text`` whole if it fits in ``room`` cells, else compact, else compact with
    settings dropped from the end (`fit_words`)."""
    if len(text) <= room:
        return text
    return fit_words(compact(text), room)


class PlayersHeader(Widget):
    """The seats and their players, the one to move marked, each on one line."""

    DEFAULT_CSS = """
    PlayersHeader {
        height: auto;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seats: tuple[Seat, ...] = ()

    def show(self, seats: Sequence[Seat]) -> None:
        """Redraw for ``seats``; a layout pass only when the number of lines changes
        (this is called at every search start, when a layout pass is expensive)."""
        seats = tuple(seats)
        if seats == self.seats:
            return
        layout = len(seats) != len(self.seats)
        self.seats = seats
        self.tooltip = "\n".join(f"{seat.name}: {seat.player}" for seat in seats) or None
        self.refresh(layout=layout)

    def render(self) -> str:
        width = self.size.width
        lines = []
        for seat in self.seats:
            mark = "[$accent]▶[/]" if seat.to_move else " "
            room = width - len(f"▶ {seat.name}: ") if width else len(seat.player)
            player = fit_player(seat.player, room)
            lines.append(f"{mark} [b]{escape(seat.name)}[/]: {escape(player)}")
        return "\n".join(lines)

    def on_resize(self) -> None:
        self.refresh()  # the room for each line changed
