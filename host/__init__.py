"""Host-only code: the desktop simulator, the web page's front end, the command line and the tests'
frame reading. Never copied to the device; kalaha/ and hw/ never import it."""
