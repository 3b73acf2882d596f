# The memo the compiled readers of site histories share (_pokerstars' amounts and cards, _histories'
# chips of an amount): an inline function only, so no module holdem.formats._kept exists at run time.


cdef inline object kept(dict cache, key, read, Py_ssize_t most):
    """``read(key)``, kept in ``cache``, which is emptied once it holds ``most`` values.  A plain dict: two
    threads that read one key at once store the same value."""
    value = cache.get(key)
    if value is None:
        value = read(key)
        if len(cache) >= most:
            cache.clear()
        cache[key] = value
    return value
