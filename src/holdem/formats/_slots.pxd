# The fields of the slots dataclasses of holdem.formats.parsing that a hand's lines become (ParsedHand, Seat,
# Act and Post) and its record (SiteHand), written and read in place by the compiled readers and the replay: an
# object's ``__init__`` is a Python frame, and each attribute's lookup goes through its type.  Only an object of
# the class itself is read or written in place (one of a subclass, or of any other class, through its
# attributes), and an object is not to be changed by another thread while a reader reads it.  Inline functions
# only, so no module holdem.formats._slots exists at run time.

from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF, Py_XDECREF

cdef extern from "Python.h":
    ctypedef struct PyMemberDef:
        Py_ssize_t offset
    ctypedef struct PyMemberDescrObject:
        PyMemberDef *d_member


# The fields of each class, in order: the names find_slots checks against the class, in the same order.
cdef enum:
    P_SITE, P_HAND_ID, P_LINE, P_GAME, P_STRUCTURE, P_FAST_FOLD, P_TOURNAMENT, P_TABLE, P_MAX_SEATS, P_STARTED,
    P_CURRENCY, P_SMALL_BLIND, P_BIG_BLIND, P_SMALL_BET, P_BIG_BET, P_BUTTON, P_SEATS, P_HERO, P_HOLES, P_POSTS,
    P_STREETS, P_BOARDS, P_RETURNED, P_RETURNS_IN_COLLECTED, P_RETURNS_IN_TOTAL_POT, P_SHOWN, P_MUCKED,
    P_COLLECTED, P_TOTAL_POT, P_RAKE, P_RAKE_PRINTED, P_JACKPOT, P_CASH_OUTS, P_CASH_OUT_FEES, P_BOUNTIES, P_RULES,
    P_FIELDS  # how many (a ParsedHand's)
cdef enum:
    SEAT_NUMBER, SEAT_NAME, SEAT_STACK, SEAT_BOUNTY, SEAT_FIELDS
cdef enum:
    ACT_NAME, ACT_VERB, ACT_AMOUNT, ACT_LINE, ACT_FIELDS
cdef enum:
    POST_NAME, POST_KIND, POST_LIVE, POST_DEAD, POST_LINE, POST_FIELDS
cdef enum:
    SITE_HAND_FIELDS = 23  # a SiteHand's, written all at once in order


ctypedef struct Slots:  # where the fields of a ParsedHand, a SiteHand, a Seat, an Act and a Post are kept
    Py_ssize_t hand[P_FIELDS]
    Py_ssize_t record[SITE_HAND_FIELDS]
    Py_ssize_t seat[SEAT_FIELDS]
    Py_ssize_t act[ACT_FIELDS]
    Py_ssize_t post[POST_FIELDS]


cdef inline tuple find_slots(Slots *slots):
    """Fill ``slots`` (each module that uses them, once, before anything else of the classes); return the classes
    whose slots they are, ``(ParsedHand, SiteHand, Seat, Act, Post)``: the only ones to make and fill in place."""
    from holdem.formats.parsing import Act, ParsedHand, Post, Seat, SiteHand
    slot_offsets(ParsedHand, slots.hand, P_FIELDS, (
        "site hand_id line game structure fast_fold tournament table max_seats started currency small_blind "
        "big_blind small_bet big_bet button seats hero holes posts streets boards returned returns_in_collected "
        "returns_in_total_pot shown mucked collected total_pot rake rake_printed jackpot cash_outs cash_out_fees "
        "bounties rules"
    ))
    slot_offsets(SiteHand, slots.record, SITE_HAND_FIELDS, (
        "site hand_id table started tournament currency unit players seats button hero hand net rake jackpot game "
        "fast_fold max_seats cash_outs cash_out_fees bounties source line"
    ))
    slot_offsets(Seat, slots.seat, SEAT_FIELDS, "number name stack bounty")
    slot_offsets(Act, slots.act, ACT_FIELDS, "name verb amount line")
    slot_offsets(Post, slots.post, POST_FIELDS, "name kind live dead line")
    return ParsedHand, SiteHand, Seat, Act, Post


cdef inline int slot_offsets(type cls, Py_ssize_t *offsets, Py_ssize_t size, str names) except -1:
    """Where each of the ``size`` fields of ``cls``, a slots dataclass whose fields are ``names`` (separated by
    spaces) in order, is kept in its objects, into ``offsets``."""
    import dataclasses, types
    cdef tuple fields = tuple([field.name for field in dataclasses.fields(cls)])
    cdef Py_ssize_t index
    if len(fields) != size or fields != tuple(names.split()):
        raise ImportError(f"holdem.formats was built for another {cls.__name__}: rebuild it")
    if cls.__new__ is not object.__new__:
        raise ImportError(f"{cls.__name__} is not a plain class: it has a __new__ of its own")
    for index in range(size):
        descriptor = cls.__dict__.get(fields[index])
        if type(descriptor) is not types.MemberDescriptorType:
            raise ImportError(f"{cls.__name__}.{fields[index]} is not a slot")
        offsets[index] = (<PyMemberDescrObject *>descriptor).d_member.offset
    return 0


cdef inline str field_name(type cls, Py_ssize_t index):
    """The name of the field ``index`` of the dataclass ``cls``."""
    import dataclasses
    return dataclasses.fields(cls)[index].name


cdef inline void put(made, Py_ssize_t offset, value) noexcept:
    """Write ``value`` in the slot at ``offset`` of ``made``, an object just made (its slots empty)."""
    Py_INCREF(value)
    (<PyObject **>((<char *><PyObject *>made) + offset))[0] = <PyObject *>value


cdef inline object get_field(item, type cls, const Py_ssize_t *offsets, Py_ssize_t index):
    """The field ``index`` of ``item``: read in place from an object of ``cls`` (whose slots are at ``offsets``),
    through its attribute otherwise (an object of another class, or a field deleted: an AttributeError)."""
    cdef PyObject *value
    if type(item) is cls:
        value = (<PyObject **>((<char *><PyObject *>item) + offsets[index]))[0]
        if value is not NULL:
            return <object>value
    return getattr(item, field_name(cls, index))


cdef inline int set_field(item, type cls, const Py_ssize_t *offsets, Py_ssize_t index, value) except -1:
    """Set the field ``index`` of ``item`` to ``value``: in place in an object of ``cls`` (whose slots are at
    ``offsets``), through its attribute otherwise."""
    cdef PyObject **place
    cdef PyObject *old
    if type(item) is not cls:
        setattr(item, field_name(cls, index), value)
        return 0
    place = <PyObject **>((<char *><PyObject *>item) + offsets[index])
    old = place[0]
    Py_INCREF(value)
    place[0] = <PyObject *>value
    Py_XDECREF(old)
    return 0
