# The fields of the slots dataclasses of holdem.formats.parsing that a hand's lines become (ParsedHand, Seat,
# Act and Post) and its record (SiteHand), written and read in place by the compiled readers and the replay: an
# object's ``__init__`` is a Python frame, and each attribute's lookup goes through its type.  Inline functions
# only, so no module holdem.formats._slots exists at run time.

from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF, Py_XDECREF

cdef extern from "Python.h":
    ctypedef struct PyMemberDef:
        Py_ssize_t offset
    ctypedef struct PyMemberDescrObject:
        PyMemberDef *d_member


cdef enum:  # a ParsedHand's fields, in order (the names below, checked against the class by find_slots)
    P_SITE, P_HAND_ID, P_LINE, P_GAME, P_STRUCTURE, P_FAST_FOLD, P_TOURNAMENT, P_TABLE, P_MAX_SEATS, P_STARTED,
    P_CURRENCY, P_SMALL_BLIND, P_BIG_BLIND, P_SMALL_BET, P_BIG_BET, P_BUTTON, P_SEATS, P_HERO, P_HOLES, P_POSTS,
    P_STREETS, P_BOARDS, P_RETURNED, P_RETURNS_IN_COLLECTED, P_RETURNS_IN_TOTAL_POT, P_SHOWN, P_MUCKED,
    P_COLLECTED, P_TOTAL_POT, P_RAKE, P_RAKE_PRINTED, P_JACKPOT, P_CASH_OUTS, P_CASH_OUT_FEES, P_BOUNTIES, P_RULES,
    P_FIELDS  # how many
cdef enum:
    SITE_HAND_FIELDS = 23  # a SiteHand's, written in order (the names below, checked by find_slots)


ctypedef struct Slots:  # where the fields of a ParsedHand, a SiteHand, a Seat, an Act and a Post are kept
    Py_ssize_t hand[P_FIELDS]
    Py_ssize_t record[SITE_HAND_FIELDS]
    Py_ssize_t seat[4]
    Py_ssize_t act[4]
    Py_ssize_t post[5]


cdef inline int find_slots(Slots *slots) except -1:
    """Fill ``slots`` (each module that uses them, once)."""
    from holdem.formats.parsing import Act, ParsedHand, Post, Seat, SiteHand
    names = (
        "site hand_id line game structure fast_fold tournament table max_seats started currency small_blind "
        "big_blind small_bet big_bet button seats hero holes posts streets boards returned returns_in_collected "
        "returns_in_total_pot shown mucked collected total_pot rake rake_printed jackpot cash_outs cash_out_fees "
        "bounties rules"
    ).split()
    slot_offsets(ParsedHand, slots.hand, P_FIELDS, tuple(names))
    names = (
        "site hand_id table started tournament currency unit players seats button hero hand net rake jackpot game "
        "fast_fold max_seats cash_outs cash_out_fees bounties source line"
    ).split()
    slot_offsets(SiteHand, slots.record, SITE_HAND_FIELDS, tuple(names))
    slot_offsets(Seat, slots.seat, 4, None)
    slot_offsets(Act, slots.act, 4, None)
    slot_offsets(Post, slots.post, 5, None)
    return 0


cdef inline int slot_offsets(type cls, Py_ssize_t *offsets, Py_ssize_t size, tuple names) except -1:
    """Where each of the ``size`` fields of ``cls``, a slots dataclass, is kept in its objects, in the fields'
    order, into ``offsets`` (the fields' names ``names``, unless ``None``)."""
    import dataclasses, types
    cdef tuple fields = tuple([field.name for field in dataclasses.fields(cls)])
    cdef Py_ssize_t index
    if len(fields) != size or (names is not None and fields != names):
        raise ImportError(f"holdem.formats was built for another {cls.__name__}: rebuild it")
    for index in range(size):
        descriptor = cls.__dict__.get(fields[index])
        if type(descriptor) is not types.MemberDescriptorType or cls.__new__ is not object.__new__:
            raise ImportError(f"{cls.__name__}.{fields[index]} is not a slot of a plain class")
        offsets[index] = (<PyMemberDescrObject *>descriptor).d_member.offset
    return 0


cdef inline void put(made, Py_ssize_t offset, value):
    """Write ``value`` in the slot at ``offset`` of ``made``, an object just made (its slots empty)."""
    Py_INCREF(value)
    (<PyObject **>((<char *><PyObject *>made) + offset))[0] = <PyObject *>value


cdef inline void replace(item, Py_ssize_t offset, value):
    """Write ``value`` in the slot at ``offset`` of ``item``, in place of what it holds."""
    cdef PyObject **place = <PyObject **>((<char *><PyObject *>item) + offset)
    cdef PyObject *old = place[0]
    Py_INCREF(value)
    place[0] = <PyObject *>value
    Py_XDECREF(old)


cdef inline object held(item, const Py_ssize_t *offsets, Py_ssize_t index):
    """The field ``index`` of ``item``, a dataclass's object whose slots are at ``offsets`` (an AttributeError
    when the field was deleted, as Python's)."""
    cdef PyObject *value = (<PyObject **>((<char *><PyObject *>item) + offsets[index]))[0]
    if value is NULL:
        import dataclasses
        return getattr(item, dataclasses.fields(item)[index].name)
    return <object>value


cdef inline object field(item, type cls, const Py_ssize_t *offsets, Py_ssize_t index):
    """The field ``index`` of ``item``: read in place from an object of ``cls`` (whose slots are at ``offsets``),
    from its attribute otherwise (an object of a subclass, or a field deleted)."""
    cdef PyObject *value
    if type(item) is cls:
        value = (<PyObject **>((<char *><PyObject *>item) + offsets[index]))[0]
        if value is not NULL:
            return <object>value
    return getattr(item, cls.__slots__[index])
