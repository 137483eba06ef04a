/*
 * positions(haystack, needles) — for each str of the list `needles`, its index
 * in the list `haystack` (distinct str), -1 when absent, as a bytearray of
 * int64; None when a value is not a str (the caller's pandas lookup then).
 * The evaluation's join of a run's million passages with the judged ones.
 */
#include "_fastids.h"

/* The bytes of a str (its UTF-8 form; ASCII text as it is held); 0 when the
 * value is not exactly a str or has no UTF-8 form (a lone surrogate). */
static int str_token(PyObject *o, Token *t)
{
    if (!PyUnicode_CheckExact(o))
        return 0;
    Py_ssize_t n;
    const char *text;
    if (PyUnicode_IS_COMPACT_ASCII(o)) {
        text = (const char *)PyUnicode_DATA(o);
        n = PyUnicode_GET_LENGTH(o);
    } else if (!(text = PyUnicode_AsUTF8AndSize(o, &n))) {
        PyErr_Clear();
        return 0;
    }
    if ((size_t)n > UINT32_MAX)
        return 0;
    t->text = text;
    t->length = (uint32_t)n;
    return 1;
}

/* The texts of a list of str: 1, or 0 when a value is not a str, -1 out of memory. */
static int list_tokens(PyObject *list, Token **out)
{
    Py_ssize_t n = PyList_GET_SIZE(list);
    Token *tokens = malloc((size_t)(n ? n : 1) * sizeof(Token));
    *out = NULL;
    if (!tokens)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!str_token(PyList_GET_ITEM(list, i), &tokens[i])) {
            free(tokens);
            return 0;
        }
    }
    *out = tokens;
    return 1;
}

/* Index each distinct needle (a table of the needles, the smaller side), then
 * walk the haystack once, its values' slots prefetched ahead. Without the GIL:
 * the texts belong to the two lists, which the caller holds. */
static int positions_of(const Token *hay, size_t nh, const Token *needles, size_t nn, int64_t *out)
{
    size_t size = 16;
    while (size < 2 * nn + 2)
        size *= 2;
    uint64_t *slots = calloc(size, sizeof(uint64_t));
    int32_t *entry_of = malloc((nn ? nn : 1) * sizeof(int32_t));   /* needle -> distinct entry */
    int32_t *first = malloc((nn ? nn : 1) * sizeof(int32_t));      /* entry -> a needle with it */
    int64_t *found = malloc((nn ? nn : 1) * sizeof(int64_t));      /* entry -> haystack index */
    if (!slots || !entry_of || !first || !found) {
        free(slots);
        free(entry_of);
        free(first);
        free(found);
        return -1;
    }
    size_t mask = size - 1, entries = 0;
    for (size_t i = 0; i < nn; i++) {
        uint64_t h = hash_bytes(needles[i].text, needles[i].length);
        uint64_t tag = h & 0xFFFFFFFF00000000ULL, slot;
        size_t k = (size_t)h & mask;
        int32_t entry = -1;
        while ((slot = slots[k]) != 0) {
            int32_t e = (int32_t)(uint32_t)slot - 1;
            if ((slot & 0xFFFFFFFF00000000ULL) == tag && same_token(&needles[first[e]], needles[i].text, needles[i].length)) {
                entry = e;
                break;
            }
            k = (k + 1) & mask;
        }
        if (entry < 0) {
            entry = (int32_t)entries++;
            first[entry] = (int32_t)i;
            found[entry] = -1;
            slots[k] = tag | (uint32_t)(entry + 1);
        }
        entry_of[i] = entry;
    }
    uint64_t hashes[2 * LOOKAHEAD];
    for (size_t i = 0; i < nh + LOOKAHEAD; i++) {
        if (i < nh) {
            uint64_t h = hash_bytes(hay[i].text, hay[i].length);
            hashes[i % (2 * LOOKAHEAD)] = h;
            PREFETCH(&slots[(size_t)h & mask]);
        }
        if (i < LOOKAHEAD)
            continue;
        size_t j = i - LOOKAHEAD;
        uint64_t h = hashes[j % (2 * LOOKAHEAD)];
        uint64_t tag = h & 0xFFFFFFFF00000000ULL, slot;
        size_t k = (size_t)h & mask;
        while ((slot = slots[k]) != 0) {
            int32_t e = (int32_t)(uint32_t)slot - 1;
            if ((slot & 0xFFFFFFFF00000000ULL) == tag && same_token(&needles[first[e]], hay[j].text, hay[j].length)) {
                found[e] = (int64_t)j; /* distinct values: one index each (the last, as pandas) */
                break;
            }
            k = (k + 1) & mask;
        }
    }
    for (size_t i = 0; i < nn; i++)
        out[i] = found[entry_of[i]];
    free(slots);
    free(entry_of);
    free(first);
    free(found);
    return 0;
}

PyObject *fastids_positions(PyObject *Py_UNUSED(module), PyObject *args)
{
    PyObject *hay, *needles;
    if (!PyArg_ParseTuple(args, "O!O!:positions", &PyList_Type, &hay, &PyList_Type, &needles))
        return NULL;
    Py_ssize_t nh = PyList_GET_SIZE(hay), nn = PyList_GET_SIZE(needles);
    if (nn >= INT32_MAX / 2) /* entries are int32 */
        Py_RETURN_NONE;
    Token *ht = NULL, *nt = NULL;
    int got = list_tokens(hay, &ht);
    if (got == 1)
        got = list_tokens(needles, &nt);
    if (got != 1) {
        free(ht);
        if (got < 0)
            return PyErr_NoMemory();
        Py_RETURN_NONE; /* not all str */
    }
    PyObject *out = PyByteArray_FromStringAndSize(NULL, nn * 8);
    if (!out) {
        free(ht);
        free(nt);
        return NULL;
    }
    int64_t *where = (int64_t *)PyByteArray_AS_STRING(out);
    int failed;
    /* the lists must not change meanwhile: the caller's own, made for this call */
    Py_INCREF(hay);
    Py_INCREF(needles);
    Py_BEGIN_ALLOW_THREADS
    failed = positions_of(ht, (size_t)nh, nt, (size_t)nn, where);
    Py_END_ALLOW_THREADS
    Py_DECREF(hay);
    Py_DECREF(needles);
    free(ht);
    free(nt);
    if (failed) {
        Py_DECREF(out);
        return PyErr_NoMemory();
    }
    return out;
}


/*
 * first_in_lists(lists, lists_width, codes, codes_width) — for rows grouped by
 * list (each list one stretch of rows), whether each row's code is its first
 * in its stretch: a bytearray of 0/1, one per row. `lists` and `codes` are
 * buffers of signed integers `width` bytes wide (4 or 8). None when a code is
 * negative or so large that a table of codes would be much larger than the
 * rows (the caller's sort then). One pass, each code stamped with the number
 * of the last stretch it was seen in: the de-duplication of a run's rankings.
 */
static inline int64_t int_at(const char *base, int width, Py_ssize_t i)
{
    if (width == 4) {
        int32_t v;
        memcpy(&v, base + 4 * i, 4);
        return v;
    }
    int64_t v;
    memcpy(&v, base + 8 * i, 8);
    return v;
}

PyObject *fastids_first_in_lists(PyObject *module, PyObject *args)
{
    (void)module;
    Py_buffer lists, codes;
    int lw, cw;
    if (!PyArg_ParseTuple(args, "y*iy*i:first_in_lists", &lists, &lw, &codes, &cw))
        return NULL;
    PyObject *out = NULL;
    Py_ssize_t n = codes.len / (cw ? cw : 1);
    if ((lw != 4 && lw != 8) || (cw != 4 && cw != 8) || lists.len != n * lw || codes.len != n * cw) {
        PyErr_SetString(PyExc_ValueError, "first_in_lists: rows of 4- or 8-byte integers, as many of each");
        goto done;
    }
    int64_t top = -1, bad = 0;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++) {
        int64_t c = int_at(codes.buf, cw, i);
        bad |= c < 0;
        if (c > top)
            top = c;
    }
    Py_END_ALLOW_THREADS
    if (bad || top >= 4 * (int64_t)n + 1024 || n >= INT32_MAX) {
        Py_INCREF(Py_None);
        out = Py_None;
        goto done;
    }
    out = PyByteArray_FromStringAndSize(NULL, n);
    int32_t *stamp = malloc((size_t)(top + 1) * sizeof(int32_t) + 1);
    if (!out || !stamp) {
        free(stamp);
        Py_CLEAR(out);
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        goto done;
    }
    char *first = PyByteArray_AS_STRING(out);
    Py_BEGIN_ALLOW_THREADS
    memset(stamp, 0xFF, (size_t)(top + 1) * sizeof(int32_t)); /* -1: never seen */
    int32_t stretch = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (i && int_at(lists.buf, lw, i) != int_at(lists.buf, lw, i - 1))
            stretch++;
        int64_t c = int_at(codes.buf, cw, i);
        first[i] = stamp[c] != stretch;
        stamp[c] = stretch;
    }
    Py_END_ALLOW_THREADS
    free(stamp);
done:
    PyBuffer_Release(&lists);
    PyBuffer_Release(&codes);
    return out;
}
