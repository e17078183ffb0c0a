"""Text and pictures for people: a game as shown on pages and sheets, its History in words, charts as SVG,
scored games and events as tables for the terminal, money in words.

May import: scorekeeper.rules. Never Flask, the store, serving or the web."""
