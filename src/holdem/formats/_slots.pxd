# The fields of the plain slots dataclasses a hand's lines become (holdem.formats.parsing's Seat, Act and Post),
# written and read in place by the compiled readers and the replay: an object's ``__init__`` is a Python frame,
# and each attribute's lookup goes through its type.  Inline functions only, so no module
# holdem.formats._slots exists at run time.

from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF

cdef extern from "Python.h":
    ctypedef struct PyMemberDef:
        Py_ssize_t offset
    ctypedef struct PyMemberDescrObject:
        PyMemberDef *d_member


ctypedef struct Slots:  # where the fields of a Seat, an Act and a Post are kept in their objects, in order
    Py_ssize_t seat[4]
    Py_ssize_t act[4]
    Py_ssize_t post[5]


cdef inline int find_slots(Slots *slots) except -1:
    """Fill ``slots`` (each module that uses them, once)."""
    from holdem.formats.parsing import Act, Post, Seat
    slot_offsets(Seat, slots.seat, 4)
    slot_offsets(Act, slots.act, 4)
    slot_offsets(Post, slots.post, 5)
    return 0


cdef inline int slot_offsets(type cls, Py_ssize_t *offsets, Py_ssize_t size) except -1:
    """Where each of the ``size`` fields of ``cls``, a slots dataclass, is kept in its objects, in the fields'
    order, into ``offsets``."""
    import dataclasses, types
    cdef tuple fields = dataclasses.fields(cls)
    cdef Py_ssize_t index
    if len(fields) != size or tuple(cls.__slots__) != tuple([field.name for field in fields]):
        raise TypeError(f"{cls.__name__} has {len(fields)} fields, not {size} slots")
    for index in range(size):
        descriptor = cls.__dict__[fields[index].name]
        if type(descriptor) is not types.MemberDescriptorType or cls.__new__ is not object.__new__:
            raise TypeError(f"{cls.__name__}.{fields[index].name} is not a slot of a plain class")
        offsets[index] = (<PyMemberDescrObject *>descriptor).d_member.offset
    return 0


cdef inline void put(made, Py_ssize_t offset, value):
    """Write ``value`` in the slot at ``offset`` of ``made``, an object just made (its slots empty)."""
    Py_INCREF(value)
    (<PyObject **>((<char *><PyObject *>made) + offset))[0] = <PyObject *>value


cdef inline object field(item, type cls, const Py_ssize_t *offsets, Py_ssize_t index):
    """The field ``index`` of ``item``: read in place from an object of ``cls`` (whose slots are at ``offsets``),
    from its attribute otherwise (an object of a subclass, or a field deleted)."""
    cdef PyObject *value
    if type(item) is cls:
        value = (<PyObject **>((<char *><PyObject *>item) + offsets[index]))[0]
        if value is not NULL:
            return <object>value
    return getattr(item, cls.__slots__[index])
