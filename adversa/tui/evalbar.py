"""The evaluation bar: who is better, as a bar and in words.

Two lines of fixed height — the verdict (``+80 pts (Black better)``, ``White wins in
7 plies``, ``Even``) and a bar whose left part is the first player's share — so an
update during a search is a repaint of two lines, never a layout pass. The words
and the share come from `adversa.presentation.verdict`, the same the CLI prints.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

from adversa.presentation import Verdict

LABEL = "eval    "


def fit_verdict(verdict: Verdict, width: int) -> tuple[str, str]:
    """The label and the verdict's words for a line ``width`` cells wide: the whole text,
    else without its unit, else without the label too (Pig's "+0.174 expected-score lead
    (Player 2 better)" at 80 columns). What still does not fit is cut at the end; it is
    never wrapped, which pushed the bar out of the widget's two lines."""
    candidates = [(LABEL, verdict.text)]
    if verdict.short:
        candidates += [(LABEL, verdict.short), ("", verdict.short)]
    for label, words in candidates:
        if len(label) + len(words) <= width:
            return label, words
    return candidates[-1]


class EvalBar(Widget):
    """``verdict`` on the first line; below it ``Black ███████░░░░ White``."""

    DEFAULT_CSS = """
    EvalBar { height: 2; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.verdict = Verdict("–", None)
        self.names: tuple[str, ...] = ()

    def show(self, verdict: Verdict, names: Sequence[str] = ()) -> None:
        """Draw ``verdict``; repaints only when something changed (ten snapshots a second)."""
        names = tuple(names)
        if verdict != self.verdict or names != self.names:
            self.verdict = verdict
            self.names = names
            self.refresh()

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        label, words = fit_verdict(self.verdict, self.size.width)
        text.append(label, style="dim")
        text.append(words, style="bold")
        share = self.verdict.share
        if share is None or len(self.names) != 2:
            return text
        first, second = self.names
        room = self.size.width - len(first) - len(second) - 2
        if room < 4:
            first, second = first[:1], second[:1]
            room = max(2, self.size.width - 4)
        filled = round(share * room)
        text.append(f"\n{first} ")
        text.append("█" * filled, style="bold")
        text.append("░" * (room - filled), style="dim")
        text.append(f" {second}")
        return text
