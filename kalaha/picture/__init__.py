"""The picture: the 1 KB frame, its font, the board, menus and pages drawn into it, the view
(pixels and frame from the state), the ring's rows, the music's notes. Imports the layers below.
"""
