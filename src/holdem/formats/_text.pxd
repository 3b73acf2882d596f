# The text comparisons the compiled readers of site histories share (_pokerstars' lines, _histories' starts of a
# hand, the verbs and kinds of post the replay reads): inline functions only, so no module holdem.formats._text
# exists at run time.

from cpython.unicode cimport PyUnicode_DATA, PyUnicode_GET_LENGTH, PyUnicode_KIND, PyUnicode_READ
from libc.stdint cimport uint32_t, uint64_t
from libc.string cimport memcpy


cdef inline bint same_bytes(const char *first, const char *second, Py_ssize_t size) noexcept:
    """``memcmp(first, second, size) == 0``, in words read in place: the texts compared are mostly short, for
    which a call to the C library's ``memcmp`` costs more than the comparison."""
    cdef uint64_t word, other
    cdef uint32_t half, other_half
    cdef Py_ssize_t at = 0
    if size >= 8:  # eight bytes at a time; the last eight as one word, which may overlap those before
        while at + 8 < size:
            memcpy(&word, first + at, 8)
            memcpy(&other, second + at, 8)
            if word != other:
                return False
            at += 8
        memcpy(&word, first + size - 8, 8)
        memcpy(&other, second + size - 8, 8)
        return word == other
    if size >= 4:  # the first four and the last four
        memcpy(&half, first, 4)
        memcpy(&other_half, second, 4)
        if half != other_half:
            return False
        memcpy(&half, first + size - 4, 4)
        memcpy(&other_half, second + size - 4, 4)
        return half == other_half
    while at < size:
        if first[at] != second[at]:
            return False
        at += 1
    return True


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
        return same_bytes(data + at * kind, <const char *>word_data, size * kind)
    for index in range(size):
        if PyUnicode_READ(kind, data, at + index) != PyUnicode_READ(word_kind, word_data, index):
            return False
    return True


cdef inline bint span_is(str text, Py_ssize_t start, Py_ssize_t end, str word) noexcept:
    """Whether ``text[start:end]`` is ``word`` (``start`` not negative, ``end`` at most the text's length)."""
    return end - start == PyUnicode_GET_LENGTH(word) and starts_at(text, word, start, end)


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
