# The text comparisons the compiled readers of site histories share (_pokerstars' lines, _histories' starts of a
# hand, the verbs and kinds of post the replay reads): inline functions only, so no module holdem.formats._text
# exists at run time.

from cpython.unicode cimport PyUnicode_DATA, PyUnicode_GET_LENGTH, PyUnicode_KIND, PyUnicode_READ
from libc.string cimport memcmp


cdef inline bint starts_at(str text, str word, Py_ssize_t at, Py_ssize_t end) noexcept:
    """``text.startswith(word, at, end)``, read from the strings' buffers (``at`` not negative, ``end`` at most the
    text's length)."""
    cdef Py_ssize_t index, size = PyUnicode_GET_LENGTH(word)
    cdef unsigned int kind = PyUnicode_KIND(text), word_kind = PyUnicode_KIND(word)
    cdef const char *data = <const char *>PyUnicode_DATA(text)
    cdef void *word_data = PyUnicode_DATA(word)
    if at + size > end:
        return False
    if kind == word_kind:
        return memcmp(data + at * kind, word_data, size * kind) == 0
    for index in range(size):
        if PyUnicode_READ(kind, data, at + index) != PyUnicode_READ(word_kind, word_data, index):
            return False
    return True


cdef inline bint same_text(text, str word) except -1:
    """``text == word``: told by identity, then by the length and the characters in place (a ``str``'s ``==`` in
    compiled code compares the two in order, a call), ``text`` of another type compared by its own ``==``."""
    if text is word:
        return True
    if type(text) is not str:
        return text == word
    return PyUnicode_GET_LENGTH(text) == PyUnicode_GET_LENGTH(word) and starts_at(
        <str>text, word, 0, PyUnicode_GET_LENGTH(text)
    )
