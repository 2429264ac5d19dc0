"""The app's screens: start (choose a game and players), game, help, dialogs."""
