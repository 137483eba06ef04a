/*
 * _trecscan: clean TREC runs and qrels read in one pass, outside the GIL.
 *
 * An optional accelerator for workbench.core.io.fast_trec (through
 * workbench.core.trec_scan); without it the numpy reader does the same job,
 * about three times slower. It accepts a strict subset of what that reader
 * accepts and gives exactly the same columns for it:
 *
 *   - ASCII text, fields separated by spaces or tabs, lines ended by "\n" or
 *     "\r\n", exactly as many fields on every line as `kinds` has letters;
 *   - "s" fields are ids, coded in text (byte) order; "f" fields are plain
 *     decimal numbers ([+-] digits [. digits] [e[+-]digits]), converted with
 *     correct rounding; "x" fields must be there and are not kept;
 *   - blank lines only at the very end, no comment line ("#" first), the
 *     first line not indented.
 *
 * Anything else (a lone "\r", a control byte the reader would take for a line
 * break, "nan", a missing field, ...) makes the scanner give up: feed()
 * returns False and finish() None, and the caller takes the numpy reader,
 * which takes the general path in turn for anything it does not read the
 * same way. So this code never has to explain a problem; it only has to be
 * exact on the files it accepts (tests compare it with the numpy reader).
 *
 * Scanner(kinds).feed(chunk) takes any chunks of the file in order (a line
 * may be split between two); finish() returns
 *   (rows, {field: (codes bytearray of int32, [unique str in text order])},
 *          {field: bytearray of float64})
 * The growing columns are bytearrays, so numpy wraps them without a copy.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(_WIN32)
#include <locale.h>
typedef _locale_t c_locale_t;
static c_locale_t make_c_locale(void) { return _create_locale(LC_NUMERIC, "C"); }
static double strtod_c(const char *s, char **end, c_locale_t loc) { return _strtod_l(s, end, loc); }
#else
#if defined(__APPLE__)
#include <xlocale.h>
#endif
#include <locale.h>
typedef locale_t c_locale_t;
static c_locale_t make_c_locale(void) { return newlocale(LC_NUMERIC_MASK, "C", (locale_t)0); }
static double strtod_c(const char *s, char **end, c_locale_t loc) { return strtod_l(s, end, loc); }
#endif

#define MAX_FIELDS 16
#define MAX_NUMBER 64 /* longer number fields are left to the numpy reader */

static c_locale_t c_numeric; /* strtod in any process locale (Qt sets the user's) */

/* ---- interned ids ---------------------------------------------------- */

typedef struct {
    size_t offset; /* into the arena */
    uint32_t length;
} Entry;

typedef struct {
    char *arena;
    size_t arena_len, arena_cap;
    Entry *entries;
    size_t n_entries, entries_cap;
    int32_t *slots; /* open addressing: entry index + 1, 0 = empty */
    size_t slots_mask;
    PyObject *codes; /* bytearray of int32, one per row */
    /* the previous row's value (its place in the arena), so that runs of one
     * value (question ids, run tags) skip the table */
    int32_t last_code; /* -1: none yet */
    size_t last_offset;
    uint32_t last_len;
} IdColumn;

typedef struct {
    PyObject *values; /* bytearray of float64 */
} NumberColumn;

typedef struct {
    PyObject_HEAD
    char kinds[MAX_FIELDS];
    int n_fields;
    IdColumn ids[MAX_FIELDS];
    NumberColumn numbers[MAX_FIELDS];
    Py_ssize_t rows, rows_cap;
    char *carry; /* the unfinished last line of the chunks so far */
    size_t carry_len, carry_cap;
    int unclean;
    int seen_text; /* anything fed yet */
    int blank_tail; /* a blank line seen: only blank lines may follow */
    int finished;
    int busy; /* a feed() or finish() is running (outside the GIL) */
} Scanner;

static uint64_t hash_bytes(const char *s, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL ^ (uint64_t)n;
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, s, 8);
        h = (h ^ w) * 0x9E3779B97F4A7C15ULL;
        h ^= h >> 29;
        s += 8;
        n -= 8;
    }
    uint64_t w = 0;
    memcpy(&w, s, n);
    h = (h ^ w) * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 32;
    return h;
}

static int id_grow_slots(IdColumn *c)
{
    size_t size = c->slots ? (c->slots_mask + 1) * 2 : 1024;
    int32_t *slots = calloc(size, sizeof(int32_t));
    if (!slots)
        return -1;
    for (size_t i = 0; i < c->n_entries; i++) {
        Entry *e = &c->entries[i];
        size_t at = (size_t)hash_bytes(c->arena + e->offset, e->length) & (size - 1);
        while (slots[at])
            at = (at + 1) & (size - 1);
        slots[at] = (int32_t)(i + 1);
    }
    free(c->slots);
    c->slots = slots;
    c->slots_mask = size - 1;
    return 0;
}

/* The code of an id (order of first appearance), -1 when out of memory. */
static int32_t id_code(IdColumn *c, const char *s, uint32_t n)
{
    if (c->last_code >= 0 && n == c->last_len && memcmp(s, c->arena + c->last_offset, n) == 0)
        return c->last_code;
    if (!c->slots || c->n_entries * 2 >= c->slots_mask + 1) {
        if (c->n_entries >= INT32_MAX / 2 || id_grow_slots(c) < 0)
            return -1;
    }
    size_t at = (size_t)hash_bytes(s, n) & c->slots_mask;
    int32_t slot;
    while ((slot = c->slots[at]) != 0) {
        Entry *e = &c->entries[slot - 1];
        if (e->length == n && memcmp(c->arena + e->offset, s, n) == 0) {
            c->last_code = slot - 1;
            c->last_offset = e->offset;
            c->last_len = n;
            return slot - 1;
        }
        at = (at + 1) & c->slots_mask;
    }
    if (c->n_entries == c->entries_cap) {
        size_t cap = c->entries_cap ? c->entries_cap * 2 : 1024;
        Entry *entries = realloc(c->entries, cap * sizeof(Entry));
        if (!entries)
            return -1;
        c->entries = entries;
        c->entries_cap = cap;
    }
    if (c->arena_len + n > c->arena_cap) {
        size_t cap = c->arena_cap ? c->arena_cap : 1 << 16;
        while (cap < c->arena_len + n)
            cap *= 2;
        char *arena = realloc(c->arena, cap);
        if (!arena)
            return -1;
        c->arena = arena;
        c->arena_cap = cap;
    }
    memcpy(c->arena + c->arena_len, s, n);
    Entry *e = &c->entries[c->n_entries];
    e->offset = c->arena_len;
    e->length = n;
    c->arena_len += n;
    int32_t code = (int32_t)c->n_entries++;
    c->slots[at] = code + 1;
    c->last_code = code;
    c->last_offset = e->offset;
    c->last_len = n;
    return code;
}

/* ---- numbers ----------------------------------------------------------- */

static const double POWERS_OF_TEN[] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* A plain decimal number; 0 when the text is anything else. */
static int parse_number(const char *s, size_t n, double *out)
{
    if (n == 0 || n >= MAX_NUMBER)
        return 0;
    size_t i = 0;
    int negative = 0;
    if (s[i] == '+' || s[i] == '-')
        negative = s[i++] == '-';
    uint64_t mantissa = 0;
    int digits = 0;      /* significant digits kept in mantissa */
    int dropped = 0;     /* digits that did not fit in it */
    int scale = 0;       /* power of ten of the mantissa's last digit */
    int any_digit = 0;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
        any_digit = 1;
        if (mantissa == 0 && s[i] == '0')
            continue;
        if (digits < 19) {
            mantissa = mantissa * 10 + (uint64_t)(s[i] - '0');
            digits++;
        } else {
            dropped = 1;
            scale++;
        }
    }
    if (i < n && s[i] == '.') {
        i++;
        for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
            any_digit = 1;
            if (mantissa == 0 && s[i] == '0') {
                scale--;
                continue;
            }
            if (digits < 19) {
                mantissa = mantissa * 10 + (uint64_t)(s[i] - '0');
                digits++;
                scale--;
            } else {
                dropped = 1;
            }
        }
    }
    if (!any_digit)
        return 0;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        int exp_negative = 0;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            exp_negative = s[i++] == '-';
        if (i == n)
            return 0;
        int exponent = 0;
        for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
            if (exponent < 100000)
                exponent = exponent * 10 + (s[i] - '0');
        }
        if (i != n)
            return 0;
        scale += exp_negative ? -exponent : exponent;
    }
    if (i != n)
        return 0;
    if (mantissa == 0) {
        *out = negative ? -0.0 : 0.0;
        return 1;
    }
    /* exact: an integer below 2**53 times or divided by an exact power of ten
     * is one correctly rounded operation (Clinger's fast path) */
    if (!dropped && mantissa <= (1ULL << 53) && scale >= -22 && scale <= 22) {
        double value = (double)mantissa;
        value = scale < 0 ? value / POWERS_OF_TEN[-scale] : value * POWERS_OF_TEN[scale];
        *out = negative ? -value : value;
        return 1;
    }
    char text[MAX_NUMBER];
    memcpy(text, s, n);
    text[n] = '\0';
    char *end;
    *out = strtod_c(text, &end, c_numeric); /* correctly rounded, like Python's float() */
    return end == text + n;
}

/* ---- lines --------------------------------------------------------------- */

static int is_odd_byte(unsigned char c)
{
    /* bytes Python's splitlines() breaks at, or that numpy's reader takes for
     * a separator or the end of a string; and anything not ASCII */
    return c >= 0x80 || c == 0x00 || c == 0x0b || c == 0x0c || (c >= 0x1c && c <= 0x1f);
}

/* Parse whole lines in [p, end): each ends with "\n" except, at the very end
 * of the file, the last one. Returns 0, or -1 when out of memory; sets
 * s->unclean on anything it does not accept. Runs without the GIL. */
static int scan_lines(Scanner *s, const char *p, const char *end)
{
    while (p < end) {
        if (!s->seen_text) {
            s->seen_text = 1;
            if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') {
                s->unclean = 1; /* blank or indented first line: the general path */
                return 0;
            }
        }
        int fields = 0;
        for (;;) {
            while (p < end && (*p == ' ' || *p == '\t'))
                p++;
            if (p == end)
                break;
            if (*p == '\n') {
                p++;
                break;
            }
            if (*p == '\r') {
                if (p + 1 < end && p[1] == '\n') {
                    p += 2;
                    break;
                }
                s->unclean = 1;
                return 0;
            }
            const char *start = p;
            while (p < end && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') {
                if (is_odd_byte((unsigned char)*p)) {
                    s->unclean = 1;
                    return 0;
                }
                p++;
            }
            if (fields == s->n_fields || (fields == 0 && *start == '#')) {
                s->unclean = 1; /* too many fields, or a comment line */
                return 0;
            }
            size_t n = (size_t)(p - start);
            char kind = s->kinds[fields];
            if (kind == 's') {
                if (n > UINT32_MAX) {
                    s->unclean = 1;
                    return 0;
                }
                int32_t code = id_code(&s->ids[fields], start, (uint32_t)n);
                if (code < 0)
                    return -1;
                ((int32_t *)PyByteArray_AS_STRING(s->ids[fields].codes))[s->rows] = code;
            } else if (kind == 'f') {
                double value;
                if (!parse_number(start, n, &value)) {
                    s->unclean = 1;
                    return 0;
                }
                ((double *)PyByteArray_AS_STRING(s->numbers[fields].values))[s->rows] = value;
            }
            fields++;
        }
        if (fields == 0) {
            s->blank_tail = 1;
            continue;
        }
        if (s->blank_tail || fields != s->n_fields) {
            s->unclean = 1; /* text after a blank line, or a field missing */
            return 0;
        }
        s->rows++;
        if (s->rows > s->rows_cap) { /* cannot happen: room is made before */
            s->unclean = 1;
            return 0;
        }
    }
    return 0;
}

/* Room for `lines` more rows in every column (with the GIL). */
static int reserve_rows(Scanner *s, Py_ssize_t lines)
{
    Py_ssize_t need = s->rows + lines;
    if (need <= s->rows_cap)
        return 0;
    Py_ssize_t cap = s->rows_cap ? s->rows_cap : 1 << 14;
    while (cap < need)
        cap += cap / 2 + 1;
    for (int j = 0; j < s->n_fields; j++) {
        PyObject *column = s->kinds[j] == 's' ? s->ids[j].codes
                           : s->kinds[j] == 'f' ? s->numbers[j].values
                                                : NULL;
        Py_ssize_t width = s->kinds[j] == 's' ? 4 : 8;
        if (column && PyByteArray_Resize(column, cap * width) < 0)
            return -1;
    }
    s->rows_cap = cap;
    return 0;
}

static Py_ssize_t count_lines(const char *p, Py_ssize_t n)
{
    Py_ssize_t lines = 1;
    const char *end = p + n;
    while (p < end && (p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
        lines++;
        p++;
    }
    return lines;
}

static int carry_append(Scanner *s, const char *p, size_t n)
{
    if (s->carry_len + n > s->carry_cap) {
        size_t cap = s->carry_cap ? s->carry_cap : 4096;
        while (cap < s->carry_len + n)
            cap *= 2;
        char *carry = realloc(s->carry, cap);
        if (!carry) {
            PyErr_NoMemory();
            return -1;
        }
        s->carry = carry;
        s->carry_cap = cap;
    }
    memcpy(s->carry + s->carry_len, p, n);
    s->carry_len += n;
    return 0;
}

/* ---- the Python type ------------------------------------------------------ */

static void scanner_release(Scanner *s)
{
    for (int j = 0; j < MAX_FIELDS; j++) {
        IdColumn *c = &s->ids[j];
        free(c->arena);
        free(c->entries);
        free(c->slots);
        Py_CLEAR(c->codes);
        memset(c, 0, sizeof(*c));
        Py_CLEAR(s->numbers[j].values);
    }
    free(s->carry);
    s->carry = NULL;
    s->carry_len = s->carry_cap = 0;
}

static void scanner_dealloc(Scanner *s)
{
    scanner_release(s);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int scanner_init(Scanner *s, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"kinds", NULL};
    const char *kinds;
    Py_ssize_t n;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "s#", keywords, &kinds, &n))
        return -1;
    if (n < 1 || n > MAX_FIELDS || strspn(kinds, "sfx") != (size_t)n) {
        PyErr_SetString(PyExc_ValueError, "kinds: 1 to 16 letters, each s, f or x");
        return -1;
    }
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the scanner is in use by another thread");
        return -1;
    }
    scanner_release(s);
    memset(s->kinds, 0, sizeof(s->kinds));
    memcpy(s->kinds, kinds, (size_t)n);
    s->n_fields = (int)n;
    s->rows = s->rows_cap = 0;
    s->unclean = s->seen_text = s->blank_tail = s->finished = 0;
    for (int j = 0; j < s->n_fields; j++) {
        s->ids[j].last_code = -1;
        if (kinds[j] == 's' && !(s->ids[j].codes = PyByteArray_FromStringAndSize(NULL, 0)))
            return -1;
        if (kinds[j] == 'f' && !(s->numbers[j].values = PyByteArray_FromStringAndSize(NULL, 0)))
            return -1;
    }
    return 0;
}

static PyObject *feed_chunk(Scanner *s, PyObject *arg)
{
    if (s->finished) {
        PyErr_SetString(PyExc_RuntimeError, "feed() after finish()");
        return NULL;
    }
    if (s->unclean)
        Py_RETURN_FALSE;
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0)
        return NULL;
    const char *data = view.buf;
    Py_ssize_t n = view.len;
    const char *last_break = n ? memchr(data, '\n', (size_t)n) : NULL;
    if (!last_break) { /* no line ends here: all of it belongs to the carry */
        int failed = carry_append(s, data, (size_t)n);
        PyBuffer_Release(&view);
        if (failed)
            return NULL;
        Py_RETURN_TRUE;
    }
    const char *first_break = last_break;
    /* the last "\n" of the chunk */
    for (const char *q = data + n - 1; q >= first_break; q--) {
        if (*q == '\n') {
            last_break = q;
            break;
        }
    }
    if (reserve_rows(s, count_lines(data, n)) < 0) {
        PyBuffer_Release(&view);
        return NULL;
    }
    int failed = 0;
    if (s->carry_len) { /* finish the line the previous chunk began */
        if (carry_append(s, data, (size_t)(first_break - data + 1)) < 0) {
            PyBuffer_Release(&view);
            return NULL;
        }
        Py_BEGIN_ALLOW_THREADS
        failed = scan_lines(s, s->carry, s->carry + s->carry_len);
        Py_END_ALLOW_THREADS
        s->carry_len = 0;
        data = first_break + 1;
    }
    if (!failed && !s->unclean) {
        Py_BEGIN_ALLOW_THREADS
        failed = scan_lines(s, data, last_break + 1);
        Py_END_ALLOW_THREADS
    }
    if (!failed && !s->unclean && last_break + 1 < (const char *)view.buf + n)
        failed = carry_append(s, last_break + 1, (size_t)((const char *)view.buf + n - last_break - 1));
    PyBuffer_Release(&view);
    if (failed) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        return NULL;
    }
    return PyBool_FromLong(!s->unclean);
}

/* ---- text order ------------------------------------------------------------- */

typedef struct {
    const char *arena;
    const Entry *entries;
} SortContext;

static int byte_at(const SortContext *ctx, int32_t i, size_t depth)
{
    const Entry *e = &ctx->entries[i];
    /* the end of a value sorts before any byte (NUL never gets here) */
    return depth < e->length ? (unsigned char)ctx->arena[e->offset + depth] : 0;
}

static int compare_from(const SortContext *ctx, int32_t a, int32_t b, size_t depth)
{
    const Entry *x = &ctx->entries[a], *y = &ctx->entries[b];
    size_t nx = x->length > depth ? x->length - depth : 0;
    size_t ny = y->length > depth ? y->length - depth : 0;
    size_t n = nx < ny ? nx : ny;
    int c = memcmp(ctx->arena + x->offset + depth, ctx->arena + y->offset + depth, n);
    if (c)
        return c;
    return nx < ny ? -1 : nx > ny;
}

/* MSD radix sort of entry indices by their bytes from `depth` on; short
 * ranges by insertion. Recursion depth is bounded by the longest value,
 * whose bytes are walked once per level. */
static void radix_sort(const SortContext *ctx, int32_t *items, int32_t *scratch, size_t n, size_t depth)
{
    while (n > 32) {
        size_t starts[257] = {0}; /* bucket b holds items[starts[b] .. starts[b + 1]) */
        for (size_t i = 0; i < n; i++)
            starts[byte_at(ctx, items[i], depth) + 1]++;
        for (int b = 1; b < 257; b++)
            starts[b] += starts[b - 1];
        size_t fill[256];
        memcpy(fill, starts, sizeof(fill));
        for (size_t i = 0; i < n; i++)
            scratch[fill[byte_at(ctx, items[i], depth)]++] = items[i];
        memcpy(items, scratch, n * sizeof(int32_t));
        /* bucket 0 holds the one value that ends here; sort the others,
         * looping on the largest to keep the C stack short */
        size_t largest = 1;
        for (int b = 2; b < 256; b++)
            if (starts[b + 1] - starts[b] > starts[largest + 1] - starts[largest])
                largest = (size_t)b;
        for (int b = 1; b < 256; b++) {
            if ((size_t)b != largest && starts[b + 1] - starts[b] > 1)
                radix_sort(ctx, items + starts[b], scratch, starts[b + 1] - starts[b], depth + 1);
        }
        n = starts[largest + 1] - starts[largest];
        items += starts[largest];
        depth++;
    }
    for (size_t i = 1; i < n; i++) {
        int32_t v = items[i];
        size_t j = i;
        while (j > 0 && compare_from(ctx, items[j - 1], v, depth) > 0) {
            items[j] = items[j - 1];
            j--;
        }
        items[j] = v;
    }
}

/* Recode one id column in text order and build its unique values. */
static PyObject *finish_ids(Scanner *s, IdColumn *c)
{
    size_t n = c->n_entries;
    int32_t *order = malloc((n ? n : 1) * sizeof(int32_t));
    int32_t *scratch = malloc((n ? n : 1) * sizeof(int32_t));
    if (!order || !scratch) {
        free(order);
        free(scratch);
        return PyErr_NoMemory();
    }
    for (size_t i = 0; i < n; i++)
        order[i] = (int32_t)i;
    SortContext ctx = {c->arena, c->entries};
    int32_t *codes = (int32_t *)PyByteArray_AS_STRING(c->codes);
    Py_ssize_t rows = s->rows;
    Py_BEGIN_ALLOW_THREADS
    radix_sort(&ctx, order, scratch, n, 0);
    for (size_t i = 0; i < n; i++) /* scratch: appearance code -> text-order code */
        scratch[order[i]] = (int32_t)i;
    for (Py_ssize_t r = 0; r < rows; r++)
        codes[r] = scratch[codes[r]];
    Py_END_ALLOW_THREADS
    free(scratch);
    PyObject *uniques = PyList_New((Py_ssize_t)n);
    if (!uniques) {
        free(order);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        const Entry *e = &c->entries[order[i]];
        PyObject *text = PyUnicode_New((Py_ssize_t)e->length, 127);
        if (!text) {
            free(order);
            Py_DECREF(uniques);
            return NULL;
        }
        memcpy(PyUnicode_DATA(text), c->arena + e->offset, e->length);
        PyList_SET_ITEM(uniques, (Py_ssize_t)i, text);
    }
    free(order);
    if (PyByteArray_Resize(c->codes, rows * 4) < 0) {
        Py_DECREF(uniques);
        return NULL;
    }
    PyObject *pair = PyTuple_Pack(2, c->codes, uniques);
    Py_DECREF(uniques);
    return pair;
}

static PyObject *finish_scan(Scanner *s)
{
    if (s->finished) {
        PyErr_SetString(PyExc_RuntimeError, "finish() called twice");
        return NULL;
    }
    s->finished = 1;
    if (!s->unclean && s->carry_len) { /* the last line, without its line break */
        if (reserve_rows(s, 1) < 0)
            return NULL;
        int failed;
        Py_BEGIN_ALLOW_THREADS
        failed = scan_lines(s, s->carry, s->carry + s->carry_len);
        Py_END_ALLOW_THREADS
        s->carry_len = 0;
        if (failed)
            return PyErr_NoMemory();
    }
    if (s->unclean || s->rows == 0) {
        scanner_release(s);
        Py_RETURN_NONE;
    }
    PyObject *ids = PyDict_New(), *numbers = PyDict_New();
    if (!ids || !numbers)
        goto fail;
    for (int j = 0; j < s->n_fields; j++) {
        PyObject *key = PyLong_FromLong(j), *value = NULL;
        if (!key)
            goto fail;
        if (s->kinds[j] == 's') {
            value = finish_ids(s, &s->ids[j]);
            if (value && PyDict_SetItem(ids, key, value) < 0)
                Py_CLEAR(value);
        } else if (s->kinds[j] == 'f') {
            if (PyByteArray_Resize(s->numbers[j].values, s->rows * 8) == 0) {
                value = s->numbers[j].values;
                Py_INCREF(value);
                if (PyDict_SetItem(numbers, key, value) < 0)
                    Py_CLEAR(value);
            }
        } else {
            value = Py_None;
            Py_INCREF(value);
        }
        Py_DECREF(key);
        if (!value)
            goto fail;
        Py_DECREF(value);
    }
    PyObject *result = Py_BuildValue("(nNN)", s->rows, ids, numbers);
    scanner_release(s);
    return result;
fail:
    Py_XDECREF(ids);
    Py_XDECREF(numbers);
    scanner_release(s);
    return NULL;
}

/* One call at a time: the columns are written outside the GIL. */
static int claim(Scanner *s)
{
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the scanner is in use by another thread");
        return -1;
    }
    s->busy = 1;
    return 0;
}

static PyObject *scanner_feed(Scanner *s, PyObject *arg)
{
    if (claim(s) < 0)
        return NULL;
    PyObject *result = feed_chunk(s, arg);
    s->busy = 0;
    return result;
}

static PyObject *scanner_finish(Scanner *s, PyObject *Py_UNUSED(ignored))
{
    if (claim(s) < 0)
        return NULL;
    PyObject *result = finish_scan(s);
    s->busy = 0;
    return result;
}

static PyMethodDef scanner_methods[] = {
    {"feed", (PyCFunction)scanner_feed, METH_O,
     "feed(chunk) -> bool: parse the next bytes of the file; False once it is not clean."},
    {"finish", (PyCFunction)scanner_finish, METH_NOARGS,
     "finish() -> (rows, ids, numbers) or None when the text was not clean."},
    {NULL, NULL, 0, NULL}};

static PyTypeObject ScannerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "workbench.core._trecscan.Scanner",
    .tp_basicsize = sizeof(Scanner),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Scanner(kinds): a clean TREC text read in chunks (see the module).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)scanner_init,
    .tp_dealloc = (destructor)scanner_dealloc,
    .tp_methods = scanner_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_trecscan",
    .m_doc = "Clean TREC runs and qrels read in one pass outside the GIL (see workbench.core.trec_scan).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__trecscan(void)
{
    c_numeric = make_c_locale();
    if (!c_numeric) {
        PyErr_SetString(PyExc_ImportError, "no C numeric locale");
        return NULL;
    }
    if (PyType_Ready(&ScannerType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    Py_INCREF(&ScannerType);
    if (PyModule_AddObject(m, "Scanner", (PyObject *)&ScannerType) < 0) {
        Py_DECREF(&ScannerType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
