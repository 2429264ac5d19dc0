"""How a number is written for people, in one place: the screens and tables
(the presentation layer) and the records a game session saves use the same words.

At the bottom of the house (it imports nothing of adversa), so a saved record can say
"value 2.5 for MAX" without the session reaching up into the presentation layer.
"""

from __future__ import annotations

import math

SIGNIFICANT_DIGITS = 4
MAX_DECIMALS = 3
"""Fixed-point with at most this many decimals: a value closer to 0 than 0.0005 reads ``0``
(nobody reads ``4.69e-05`` as "even", and nothing below a thousandth matters to a person)."""


def plain_number(value: float, *, signed: bool = False) -> str:
    """A number as people write it, never in scientific notation: ``3``, ``-2.5``,
    ``0.111``, ``12345``, ``∞``; ``+`` before a positive value when ``signed``.

    About four significant digits, at most three decimals, trailing zeros dropped; a
    value that rounds to zero is ``0`` without a sign.
    """
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "∞" if value > 0 else "-∞"
    if value == 0:
        return "0"
    magnitude = math.floor(math.log10(abs(value)))
    decimals = min(MAX_DECIMALS, max(0, SIGNIFICANT_DIGITS - 1 - magnitude))
    text = f"{value:.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("0", "-0"):
        return "0"
    return f"+{text}" if signed and value > 0 else text
