"""``python -m adversa``: the same command as the ``adversa`` script.

`adversa serve` starts each browser's copy of the app this way, so the served app
runs under the server's own interpreter (its virtual environment), whatever
``adversa`` is first on ``PATH``.
"""

from adversa.cli import main

if __name__ == "__main__":
    main(prog_name="adversa")
