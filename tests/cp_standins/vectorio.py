"""Stand-in for vectorio: the Rectangle the screen's marks use (kalaha.view.MARKS).

The real one is a C struct of about 60 bytes with no pixel buffer (it is drawn from its
numbers); this keeps the same numbers as attributes.
"""


class Rectangle:
    def __init__(self, *, pixel_shader, width, height, x=0, y=0, color_index=0):
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.x = x
        self.y = y
        self.color_index = color_index
        self.hidden = False
