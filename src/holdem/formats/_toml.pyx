# A reader for the TOML that hand-history writers produce: lines of
# ``key = value`` with bare keys, values that are integers, decimals,
# booleans, strings without escapes, and arrays of those (across lines, with
# comments and a trailing comma), comments and blank lines.  Anything else is
# left to tomllib (the caller's slow path), so for every text it reads this
# gives what tomllib gives.  Compiler directives are set in setup.py.

from decimal import Decimal

__all__ = ["read_simple_toml"]

# Integers of more digits than this go to tomllib, which bounds them.
DEF MAX_DIGITS = 18


cdef class _Reader:
    cdef str text
    cdef Py_ssize_t at, end

    cdef inline Py_UCS4 peek(self):
        return self.text[self.at] if self.at < self.end else 0

    cdef bint skip_comment(self):
        """Skip a comment up to its line's end; False for a character TOML refuses in one."""
        cdef Py_UCS4 char
        if self.peek() != u"#":
            return True
        while self.at < self.end:
            char = self.text[self.at]
            if char == u"\n" or char == u"\r":
                return True
            if (char < 0x20 and char != u"\t") or char == 0x7F:
                return False
            self.at += 1
        return True

    cdef bint skip_newline(self):
        """Skip one line break (LF or CRLF); False when there is none."""
        if self.peek() == u"\n":
            self.at += 1
            return True
        if self.peek() == u"\r" and self.at + 1 < self.end and self.text[self.at + 1] == u"\n":
            self.at += 2
            return True
        return False

    cdef void skip_blanks(self):
        while self.peek() == u" " or self.peek() == u"\t":
            self.at += 1

    cdef bint skip_array_space(self):
        """Skip blanks, comments and line breaks between array elements."""
        while True:
            self.skip_blanks()
            if not self.skip_comment():
                return False
            if not self.skip_newline():
                return True

    cdef object value(self, bint in_array):
        """The value at this point, or None for a form left to tomllib."""
        cdef Py_UCS4 char = self.peek(), quote
        cdef Py_ssize_t start = self.at
        if char == u"[":
            if in_array:
                return None
            return self.array()
        if char == u'"' or char == u"'":
            quote = char
            self.at += 1
            while self.at < self.end:
                char = self.text[self.at]
                if char == quote:
                    self.at += 1
                    return self.text[start + 1 : self.at - 1]
                if char == u"\\" or (char < 0x20 and char != u"\t") or char == 0x7F:
                    return None
                self.at += 1
            return None
        if self.text.startswith("true", self.at):
            self.at += 4
            return True if self.ends_value() else None
        if self.text.startswith("false", self.at):
            self.at += 5
            return False if self.ends_value() else None
        return self.number()

    cdef bint ends_value(self):
        """Whether the value just read ends here (a blank, a comma, a bracket, a comment, a line's end)."""
        cdef Py_UCS4 char = self.peek()
        return self.at == self.end or char in u" \t,]#\r\n"

    cdef object number(self):
        cdef Py_ssize_t start = self.at, digits_start
        cdef bint decimal = False
        if self.peek() == u"-":
            self.at += 1
        digits_start = self.at
        while u"0" <= self.peek() <= u"9":
            self.at += 1
        if self.at == digits_start or (self.text[digits_start] == u"0" and self.at - digits_start > 1):
            return None  # no digits, or a leading zero
        if self.peek() == u".":
            decimal = True
            self.at += 1
            digits_start = self.at
            while u"0" <= self.peek() <= u"9":
                self.at += 1
            if self.at == digits_start:
                return None
        if self.peek() == u"e" or self.peek() == u"E":
            return None
        if not self.ends_value():
            return None
        if decimal:
            return Decimal(self.text[start : self.at])
        if self.at - start > MAX_DIGITS:
            return None
        return int(self.text[start : self.at])

    cdef object array(self):
        cdef list items = []
        self.at += 1  # [
        while True:
            if not self.skip_array_space():
                return None
            if self.peek() == u"]":
                self.at += 1
                return items
            item = self.value(True)
            if item is None:
                return None
            items.append(item)
            if not self.skip_array_space():
                return None
            if self.peek() == u",":
                self.at += 1
            elif self.peek() == u"]":
                self.at += 1
                return items
            else:
                return None

    cdef object document(self):
        cdef dict data = {}
        cdef Py_ssize_t start
        cdef Py_UCS4 char
        while self.at < self.end:
            self.skip_blanks()
            if not self.skip_comment():
                return None
            if self.skip_newline():
                continue
            if self.at == self.end:
                break
            start = self.at
            while True:
                char = self.peek()
                if not (u"a" <= char <= u"z" or u"A" <= char <= u"Z" or u"0" <= char <= u"9" or char == u"_" or char == u"-"):
                    break
                self.at += 1
            if self.at == start:
                return None
            key = self.text[start : self.at]
            if key in data:
                return None
            self.skip_blanks()
            if self.peek() != u"=":
                return None
            self.at += 1
            self.skip_blanks()
            value = self.value(False)
            if value is None:
                return None
            data[key] = value
            self.skip_blanks()
            if not self.skip_comment():
                return None
            if not self.skip_newline() and self.at < self.end:
                return None
        return data


def read_simple_toml(str text):
    """The table of ``text`` when it is TOML of the simple form hand histories use, else ``None``.

    >>> read_simple_toml("a = 1  # one\\nb = ['x', \\"y\\",]\\n")
    {'a': 1, 'b': ['x', 'y']}
    >>> read_simple_toml("a = 1979-05-27") is None
    True
    """
    cdef _Reader reader = _Reader.__new__(_Reader)
    reader.text = text
    reader.at = 0
    reader.end = len(text)
    return reader.document()
