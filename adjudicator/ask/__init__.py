"""Questions in a player's words: which game, which names, which records, which verdict.

`answer.ask` is the entry point (the `ask` command); `game_detection.detect` also serves
`rule`, `search` and `card` when the user does not name the game.
"""
