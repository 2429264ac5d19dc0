"""adversa: play games against adversarial search in the terminal, and watch it think."""

__version__ = "0.1.0"
