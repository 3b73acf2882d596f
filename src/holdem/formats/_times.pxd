# What the compiled readers of site histories call of holdem.formats._times without a Python call.

cdef object time_at(str text, Py_ssize_t start, Py_ssize_t end)
