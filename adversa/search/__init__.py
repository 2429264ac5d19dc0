"""Adversarial search, generic over the Game protocol, instrumented through one
statistics interface (`stats`). Enter through `engine.run_search`."""
