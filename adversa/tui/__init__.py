"""The Textual app. It reaches the search only through the engine runner."""
