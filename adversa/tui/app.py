"""Placeholder until the app lands (issue 4): keeps `make play` working."""

from __future__ import annotations


def run_app() -> None:
    print("adversa: the app is not built yet; try 'adversa --help'.")
