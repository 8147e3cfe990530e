"""Stand-in package for adafruit_display_text."""
