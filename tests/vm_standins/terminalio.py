"""Stand-in for terminalio."""

FONT = object()
