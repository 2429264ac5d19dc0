"""Engine against engine: matches (`arena`), ratings and stopping rules (`elo`),
where games start (`openings`) and side-by-side analysis (`compare`).

Built on `adversa.search` and `adversa.games`; the CLI and the app use it, and it
uses neither."""
