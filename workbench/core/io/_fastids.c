/*
 * _fastids: ids read and looked up at C speed, outside the GIL. Optional: where
 * it was not built, numpy and pandas do the same work more slowly.
 *
 * Scanner — clean TREC runs and qrels read in one pass, for
 * workbench.core.io.fast_trec (through workbench.core.trec_scan); without it
 * the numpy reader does the job. It accepts a strict subset of what that
 * reader accepts and gives exactly the same columns for it:
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
 * With delimiter="," (or another byte) the text is delimited instead: fields
 * separated by exactly that byte, none empty, quoted or padded (see
 * parse_delimited_line); the caller reads the header line itself.
 *
 * A line longer than max_line bytes (0: any length) is not accepted.
 *
 * Scanner(kinds, size_hint=0, threads=1, delimiter="", max_line=0).feed(chunk) takes any chunks of the
 * file in order (a line may be split between two). With threads=2 a chunk of
 * a megabyte or more is read by two threads (see scan_region); the columns
 * are the same to the byte as with one. finish() returns
 *   (rows, {field: (codes bytearray of int32, [unique str in text order])},
 *          {field: bytearray of float64})
 * The growing columns are bytearrays, so numpy wraps them without a copy.
 * finish({field: [str, ...]}) adds a fourth item: {field: bytearray of int32},
 * each given value's code in that field (-1 when the file does not hold it),
 * found in the scan's own tables before they are freed (see finish_ids).
 *
 * positions(haystack, needles) — each needle's index in the haystack: see
 * _fastids_positions.c.
 */
#include "_fastids.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

/* Ask for the pages of a big buffer not yet written to come as huge pages
 * (Linux, where transparent huge pages are given on request): one page fault
 * per 2 MB instead of per 4 KB. On a virtual machine a fault costs a few
 * microseconds, and a 2M-line run writes some 300 MB of tables and columns. */
static void advise_huge(void *p, size_t n)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t huge = (uintptr_t)2 << 20;
    uintptr_t from = ((uintptr_t)p + huge - 1) & ~(huge - 1), to = ((uintptr_t)p + n) & ~(huge - 1);
    if (to > from)
        madvise((void *)from, to - from, MADV_HUGEPAGE); /* a refusal changes nothing */
#else
    (void)p;
    (void)n;
#endif
}

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
#define TEXT_SLICE 65536 /* ids made Python text between two chances for other threads */

static c_locale_t c_numeric; /* strtod in any process locale (Qt sets the user's) */

/* ---- interned ids ---------------------------------------------------- */

/* Lines are parsed in batches: first every field of BATCH lines, then each id
 * column's values looked up in its hash table, LOOKAHEAD values ahead of the
 * one being looked up prefetched, so that the table's cache misses overlap
 * (a run of millions of distinct passage ids misses on nearly every look). */
#define BATCH 4096

/* The arena holds one record per distinct id, [int32 code][uint32 length]
 * [bytes], at offsets below 2**32; a hash table slot holds the top 32 bits of
 * the id's hash and its record's offset (0 = empty: the arena starts with 8
 * unused bytes), so one look reads one slot and one record. The slot's place
 * in the table comes from those same 32 bits, so the table grows without
 * reading the arena again (a run of millions of distinct ids would miss the
 * cache on every record).
 *
 * Both grow to what the rows so far project for the whole file (the scanner
 * knows the file's size): a column of distinct passage ids is sized once or
 * twice instead of doubling some twenty times. */
typedef struct {
    char *arena;
    size_t arena_len, arena_cap;
    uint32_t *records; /* code -> record offset, for the text order at the end */
    size_t n_entries, records_cap;
    uint64_t *slots;
    size_t slots_mask;
    /* rows looked up so far, and the rows the file is expected to hold */
    size_t rows_done, rows_expected;
} IdColumn;

/* An id field's values are split between PARTS tables by one bit of their
 * hash, so that two threads can code the rows of one region at once, each
 * filling its own table. During the scan a row's code is its value's number in
 * its table times PARTS plus the table's number; finish() renumbers every
 * value in text order, which does not depend on how the work was shared. */
#define PARTS 2

typedef struct {
    IdColumn part[PARTS];
    PyObject *codes; /* bytearray of int32, one per row */
    /* the values of the batch (or region) being read, and their hashes */
    Token *tokens;
    uint64_t *hashes;
    /* the codes the second thread finds, merged into `codes` after: were both
     * threads to write there, rows of the two tables side by side would share
     * cache lines, which the two cores would then pass back and forth */
    int32_t *spare;
    size_t room; /* of tokens, hashes and spare */
} IdField;

static inline int part_of(uint64_t hash)
{
    return (int)(hash & 1); /* bits the table's place and tag do not use */
}

typedef struct {
    PyObject *values; /* bytearray of float64 */
} NumberColumn;

typedef struct {
    PyObject_HEAD
    char kinds[MAX_FIELDS];
    int n_fields;
    IdField ids[MAX_FIELDS];
    NumberColumn numbers[MAX_FIELDS];
    Py_ssize_t rows, rows_cap;
    char *carry; /* the unfinished last line of the chunks so far */
    size_t carry_len, carry_cap;
    int unclean;
    int seen_text; /* anything fed yet */
    int blank_tail; /* a blank line seen: only blank lines may follow */
    int finished;
    int busy; /* a feed() or finish() is running (outside the GIL) */
    int threads; /* 1, or 2: large regions are read by two threads */
    char delimiter; /* 0: fields separated by spaces and tabs (TREC); else this byte (CSV) */
    size_t max_line; /* a longer line is left to the general reader, which refuses it; 0: no limit */
    Py_ssize_t size_hint; /* the file's size in bytes, when the caller knows it */
} Scanner;

#define RECORD_HEAD 8

static inline int32_t record_code(const IdColumn *c, uint32_t at)
{
    int32_t code;
    memcpy(&code, c->arena + at, 4);
    return code;
}

static inline uint32_t record_length(const IdColumn *c, uint32_t at)
{
    uint32_t n;
    memcpy(&n, c->arena + at + 4, 4);
    return n;
}

static inline const char *record_text(const IdColumn *c, uint32_t at)
{
    return c->arena + at + RECORD_HEAD;
}

static inline uint64_t slot_value(uint64_t hash, uint32_t record)
{
    return (hash & 0xFFFFFFFF00000000ULL) | record;
}

/* Where a value with this hash (or this slot's value) starts looking. */
static inline size_t home(uint64_t hash_or_slot, size_t mask)
{
    return (size_t)(hash_or_slot >> 32) & mask;
}

/* `count` (what the rows so far hold) projected over the rows the file is
 * expected to hold, with 5% to spare; `count` itself when nothing is known. */
static size_t projected(const IdColumn *c, size_t count)
{
    if (c->rows_done < 1024 || c->rows_expected <= c->rows_done)
        return count;
    double whole = (double)count * (double)c->rows_expected / (double)c->rows_done * 1.05;
    return whole > (double)count ? (size_t)whole : count;
}

static int id_grow_slots(IdColumn *c)
{
    size_t size = c->slots ? (c->slots_mask + 1) * 2 : 1 << 12;
    /* room for the projected entries at a load of at most one half */
    size_t want = projected(c, c->n_entries + 1);
    while (size < 2 * want && size < ((size_t)1 << 32))
        size *= 2;
    uint64_t *slots = calloc(size, sizeof(uint64_t));
    if (!slots)
        return -1;
    advise_huge(slots, size * sizeof(uint64_t));
    size_t old_size = c->slots ? c->slots_mask + 1 : 0;
    for (size_t i = 0; i < old_size; i++) {
        uint64_t slot = c->slots[i];
        if (!slot)
            continue;
        size_t k = home(slot, size - 1);
        while (slots[k])
            k = (k + 1) & (size - 1);
        slots[k] = slot;
    }
    free(c->slots);
    c->slots = slots;
    c->slots_mask = size - 1;
    return 0;
}

/* A new id's record; 0 when out of memory or past 4 GB of distinct ids. */
static uint32_t id_add(IdColumn *c, const char *s, uint32_t n)
{
    if (c->n_entries == c->records_cap) {
        size_t cap = c->records_cap ? c->records_cap * 2 : 1024;
        uint32_t *records = realloc(c->records, cap * sizeof(uint32_t));
        if (!records)
            return 0;
        c->records = records;
        c->records_cap = cap;
    }
    size_t need = c->arena_len + RECORD_HEAD + n;
    if (need >= UINT32_MAX || c->n_entries >= INT32_MAX / 2)
        return 0;
    if (need > c->arena_cap) {
        size_t cap = c->arena_cap ? c->arena_cap : 1 << 16;
        while (cap < need)
            cap *= 2;
        size_t whole = projected(c, need);
        if (whole > cap)
            cap = whole < UINT32_MAX ? whole : UINT32_MAX;
        char *arena = realloc(c->arena, cap);
        if (!arena)
            return 0;
        advise_huge(arena, cap);
        c->arena = arena;
        c->arena_cap = cap;
    }
    uint32_t at = (uint32_t)c->arena_len;
    int32_t code = (int32_t)c->n_entries;
    memcpy(c->arena + at, &code, 4);
    memcpy(c->arena + at + 4, &n, 4);
    memcpy(c->arena + at + RECORD_HEAD, s, n);
    c->arena_len = need;
    c->records[c->n_entries++] = at;
    return at;
}

/* The code (order of first appearance) of an id with hash h; -1 on failure. */
static int32_t id_code(IdColumn *c, const char *s, uint32_t n, uint64_t h)
{
    if ((!c->slots || c->n_entries * 2 >= c->slots_mask + 1) && id_grow_slots(c) < 0)
        return -1;
    size_t k = home(h, c->slots_mask);
    uint64_t tag = h & 0xFFFFFFFF00000000ULL, slot;
    while ((slot = c->slots[k]) != 0) {
        uint32_t at = (uint32_t)slot;
        if ((slot & 0xFFFFFFFF00000000ULL) == tag && record_length(c, at) == n &&
            memcmp(record_text(c, at), s, n) == 0)
            return record_code(c, at);
        k = (k + 1) & c->slots_mask;
    }
    uint32_t at = id_add(c, s, n);
    if (!at)
        return -1;
    c->slots[k] = slot_value(h, at);
    return record_code(c, at);
}

/* The codes of rows [0, m) of an id field whose values fall in table `want`
 * (-1: every table), into codes[0 .. m): the value's number in its table times
 * PARTS plus the table's. `rows_before`: the rows of the file before these.
 *
 * The rows to look up pass through a ring of LOOKAHEAD: a row's table slot is
 * fetched into the cache when it enters and read when it leaves, so that the
 * cache misses of a column of millions of distinct ids overlap. A value equal
 * to the row's before it (question ids and run tags come in long stretches)
 * takes that row's code: both are in the same table, so that row has left the
 * ring already. */
static int look_up_rows(IdField *f, int want, const Token *t, const uint64_t *h,
                        int32_t *codes, size_t m, size_t rows_before)
{
    size_t ring[LOOKAHEAD];
    size_t head = 0, tail = 0; /* rows entered, rows left */
    for (size_t i = 0; i < m || tail < head; i++) {
        if (i < m) {
            int p = part_of(h[i]);
            if (want >= 0 && p != want)
                continue;
            if (i > 0 && h[i] == h[i - 1] && same_token(&t[i - 1], t[i].text, t[i].length)) {
                ring[head++ % LOOKAHEAD] = i | ((size_t)1 << (sizeof(size_t) * 8 - 1));
            } else {
                ring[head++ % LOOKAHEAD] = i;
                IdColumn *c = &f->part[p];
                if (c->slots)
                    PREFETCH(&c->slots[home(h[i], c->slots_mask)]);
            }
            if (head - tail < LOOKAHEAD)
                continue;
        }
        size_t j = ring[tail++ % LOOKAHEAD];
        size_t top = (size_t)1 << (sizeof(size_t) * 8 - 1);
        if (j & top) {
            j &= ~top;
            codes[j] = codes[j - 1];
            continue;
        }
        int p = part_of(h[j]);
        IdColumn *c = &f->part[p];
        c->rows_done = rows_before + j;
        int32_t code = id_code(c, t[j].text, t[j].length, h[j]);
        if (code < 0)
            return -1;
        codes[j] = code * PARTS + p;
    }
    return 0;
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

/* What each byte is to a TREC line, looked up once per byte: the loop over a
 * field's bytes then tests one value instead of five conditions. */
enum { BYTE_TEXT, BYTE_BLANK, BYTE_BREAK, BYTE_ODD };
static unsigned char byte_kind[256];

static void init_byte_kinds(void)
{
    for (int c = 0; c < 256; c++)
        byte_kind[c] = is_odd_byte((unsigned char)c) ? BYTE_ODD : BYTE_TEXT;
    byte_kind[' '] = byte_kind['\t'] = BYTE_BLANK;
    byte_kind['\n'] = byte_kind['\r'] = BYTE_BREAK;
}

/* The codes of the last `batch` rows' ids (their values are in the fields'
 * tokens[0 .. batch)). */
static int look_up_batch(Scanner *s, size_t batch)
{
    size_t first = (size_t)s->rows - batch;
    for (int j = 0; j < s->n_fields; j++) {
        if (s->kinds[j] != 's')
            continue;
        IdField *f = &s->ids[j];
        int32_t *codes = (int32_t *)PyByteArray_AS_STRING(f->codes) + first;
        if (look_up_rows(f, -1, f->tokens, f->hashes, codes, batch, first) < 0)
            return -1;
    }
    return 0;
}

enum { LINE_OK, LINE_BLANK, LINE_UNCLEAN };

/* One field's text into row `row` / slot `at` of its column; 0 when not accepted. */
static int take_field(Scanner *s, int field, const char *start, size_t n, Py_ssize_t row, size_t at)
{
    char kind = s->kinds[field];
    if (kind == 's') {
        if (n > UINT32_MAX)
            return 0;
        IdField *f = &s->ids[field];
        f->tokens[at].text = start;
        f->tokens[at].length = (uint32_t)n;
        f->hashes[at] = hash_bytes(start, n);
    } else if (kind == 'f') {
        double value;
        if (!parse_number(start, n, &value))
            return 0;
        ((double *)PyByteArray_AS_STRING(s->numbers[field].values))[row] = value;
    }
    return 1;
}

/* parse_line for a delimited file (CSV, TSV): fields separated by exactly one
 * delimiter each. Only plain fields are accepted: no quotation mark (a quoted
 * field may hold the delimiter or a line break), no space or tab (the general
 * reader trims them), no empty field, no comment-like "#" first; anything else
 * is left to the general reader, which reads it the way it always has. */
static int parse_delimited_line(Scanner *s, const char **pp, const char *end, Py_ssize_t row, size_t at)
{
    const char *p = *pp, *line = p;
    const char d = s->delimiter;
    if (p < end && (*p == '\n' || (*p == '\r' && p + 1 < end && p[1] == '\n'))) {
        *pp = p + (*p == '\r' ? 2 : 1);
        return LINE_BLANK;
    }
    int fields = 0;
    for (;;) {
        const char *start = p;
        while (p < end && *p != d && *p != '\n' && *p != '\r') {
            unsigned char c = (unsigned char)*p;
            if (is_odd_byte(c) || c == '"' || c == ' ' || c == '\t')
                return LINE_UNCLEAN;
            p++;
        }
        size_t n = (size_t)(p - start);
        if (n == 0 || fields == s->n_fields || (fields == 0 && *start == '#'))
            return LINE_UNCLEAN; /* an empty field, too many fields, or a comment-like line */
        if (!take_field(s, fields, start, n, row, at))
            return LINE_UNCLEAN;
        fields++;
        if (p == end)
            break;
        if (*p == d) {
            p++;
            continue;
        }
        if (*p == '\n') {
            p++;
            break;
        }
        if (p + 1 < end && p[1] == '\n') { /* "\r\n" */
            p += 2;
            break;
        }
        return LINE_UNCLEAN; /* a lone "\r" */
    }
    *pp = p;
    if (s->max_line && (size_t)(p - line) > s->max_line)
        return LINE_UNCLEAN;
    return fields == s->n_fields ? LINE_OK : LINE_UNCLEAN; /* a field missing */
}

/* Parse the line at *pp (it ends at "\n", "\r\n" or `end`): its numbers into
 * row `row` of their columns, its ids' values and hashes into slot `at` of
 * their fields' tokens. Moves *pp past the line. LINE_BLANK for a line with no
 * field; LINE_UNCLEAN for anything the scanner does not accept. */
static int parse_line(Scanner *s, const char **pp, const char *end, Py_ssize_t row, size_t at)
{
    if (s->delimiter)
        return parse_delimited_line(s, pp, end, row, at);
    const char *p = *pp, *line = p;
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
            return LINE_UNCLEAN;
        }
        const char *start = p;
        unsigned char kind = BYTE_TEXT;
        while (p < end && (kind = byte_kind[(unsigned char)*p]) == BYTE_TEXT)
            p++;
        if (kind == BYTE_ODD)
            return LINE_UNCLEAN;
        if (fields == s->n_fields || (fields == 0 && *start == '#'))
            return LINE_UNCLEAN; /* too many fields, or a comment line */
        if (!take_field(s, fields, start, (size_t)(p - start), row, at))
            return LINE_UNCLEAN;
        fields++;
    }
    *pp = p;
    if (s->max_line && (size_t)(p - line) > s->max_line)
        return LINE_UNCLEAN;
    if (fields == 0)
        return LINE_BLANK;
    return fields == s->n_fields ? LINE_OK : LINE_UNCLEAN; /* a field missing */
}

/* Parse whole lines in [p, end): each ends with "\n" except, at the very end
 * of the file, the last one. Returns 0, or -1 when out of memory; sets
 * s->unclean on anything it does not accept. Runs without the GIL. */
static int scan_lines(Scanner *s, const char *p, const char *end)
{
    size_t batch = 0; /* lines parsed whose ids are not looked up yet */
    while (p < end) {
        if (!s->seen_text) {
            s->seen_text = 1;
            if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') {
                s->unclean = 1; /* blank or indented first line: the general path */
                return 0;
            }
        }
        if (s->rows >= s->rows_cap) { /* cannot happen: room is made before */
            s->unclean = 1;
            return 0;
        }
        int line = parse_line(s, &p, end, s->rows, batch);
        if (line == LINE_UNCLEAN) {
            s->unclean = 1;
            return 0;
        }
        if (line == LINE_BLANK) {
            s->blank_tail = 1;
            continue;
        }
        if (s->blank_tail) {
            s->unclean = 1; /* text after a blank line */
            return 0;
        }
        s->rows++;
        if (++batch == BATCH) {
            if (look_up_batch(s, batch) < 0)
                return -1;
            batch = 0;
        }
    }
    return batch ? look_up_batch(s, batch) : 0;
}

/* ---- two threads -------------------------------------------------------- */

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

/* Regions of at least this many bytes are read by two threads (when the
 * scanner was given two): each parses half of the lines, then each codes the
 * ids of one of the PARTS tables for all of them. */
#define PARALLEL_BYTES (1 << 20)

typedef struct {
    Scanner *s;
    const char *p, *end; /* this thread's lines (stage 1) */
    Py_ssize_t row;      /* the file row of its first line */
    size_t at;           /* the region slot of its first line */
    size_t lines;        /* stage 1: lines parsed */
    int part;            /* stage 2: the table this thread fills */
    size_t region_rows;  /* stage 2: rows in the region */
    int result;          /* 0; 1 when the lines need the one-thread reading; -1 out of memory */
    int stage;
    PyThread_type_lock done;
} Worker;

static void parse_half(Worker *w)
{
    const char *p = w->p;
    size_t k = 0;
    while (p < w->end) {
        if (parse_line(w->s, &p, w->end, w->row + (Py_ssize_t)k, w->at + k) != LINE_OK) {
            w->result = 1; /* a blank line or anything unclean: read again by one thread,
                              which says which */
            return;
        }
        k++;
    }
    w->lines = k;
}

static void code_part(Worker *w)
{
    Scanner *s = w->s;
    for (int j = 0; j < s->n_fields; j++) {
        if (s->kinds[j] != 's')
            continue;
        IdField *f = &s->ids[j];
        int32_t *codes = w->part == 0 ? (int32_t *)PyByteArray_AS_STRING(f->codes) + w->row : f->spare;
        if (look_up_rows(f, w->part, f->tokens, f->hashes, codes, w->region_rows, (size_t)w->row) < 0) {
            w->result = -1;
            return;
        }
    }
}

static void run_stage(Worker *w)
{
    if (w->stage == 1)
        parse_half(w);
    else
        code_part(w);
}

static void worker_thread(void *arg)
{
    Worker *w = arg;
    run_stage(w);
    PyThread_release_lock(w->done);
}

/* Run a and b at once (b in a new thread; in this one when none can start). */
static void run_both(Worker *a, Worker *b)
{
    int started = 0;
    if (b->done && PyThread_acquire_lock(b->done, WAIT_LOCK))
        started = PyThread_start_new_thread(worker_thread, b) != PYTHREAD_INVALID_THREAD_ID;
    run_stage(a);
    if (started) {
        PyThread_acquire_lock(b->done, WAIT_LOCK); /* released when b has finished */
        PyThread_release_lock(b->done);
    } else {
        if (b->done)
            PyThread_release_lock(b->done);
        run_stage(b);
    }
}

/* Room for `n` values in every id field's tokens and hashes. */
static int reserve_tokens(Scanner *s, size_t n)
{
    for (int j = 0; j < s->n_fields; j++) {
        IdField *f = &s->ids[j];
        if (s->kinds[j] != 's' || f->room >= n)
            continue;
        Token *tokens = realloc(f->tokens, n * sizeof(Token));
        if (tokens)
            f->tokens = tokens;
        uint64_t *hashes = realloc(f->hashes, n * sizeof(uint64_t));
        if (hashes)
            f->hashes = hashes;
        int32_t *spare = realloc(f->spare, n * sizeof(int32_t));
        if (spare)
            f->spare = spare;
        if (!tokens || !hashes || !spare)
            return -1;
        advise_huge(tokens, n * sizeof(Token));
        advise_huge(hashes, n * sizeof(uint64_t));
        advise_huge(spare, n * sizeof(int32_t));
        f->room = n;
    }
    return 0;
}

/* Whole lines [p, end), every one ended by "\n", read by two threads when the
 * region is large and nothing unusual came before; else by scan_lines. The
 * rows come out the same either way. Without the GIL. */
static int scan_region(Scanner *s, const char *p, const char *end);

/* Whole lines [p, end) in regions of at most MAX_REGION_BYTES (each ending at a
 * line break): the values of a region's lines are held until its ids are coded,
 * and a file of very short lines would hold some eight times its bytes. */
#define MAX_REGION_BYTES (4 << 20)

static int scan_regions(Scanner *s, const char *p, const char *end)
{
    while (end - p > MAX_REGION_BYTES && !s->unclean) {
        const char *cut = memchr(p + MAX_REGION_BYTES, '\n', (size_t)(end - p - MAX_REGION_BYTES));
        if (!cut)
            break;
        if (scan_region(s, p, cut + 1) < 0)
            return -1;
        p = cut + 1;
    }
    return s->unclean ? 0 : scan_region(s, p, end);
}

static int scan_region(Scanner *s, const char *p, const char *end)
{
    if (s->threads < 2 || end - p < PARALLEL_BYTES || s->blank_tail || s->unclean)
        return scan_lines(s, p, end);
    if (!s->seen_text) {
        s->seen_text = 1;
        if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') {
            s->unclean = 1; /* blank or indented first line: the general path */
            return 0;
        }
    }
    const char *mid = memchr(p + (end - p) / 2, '\n', (size_t)(end - (p + (end - p) / 2)));
    if (!mid || mid + 1 >= end)
        return scan_lines(s, p, end);
    mid++;
    size_t first_lines = (size_t)count_lines(p, mid - p) - 1; /* every line ends with "\n" */
    size_t lines = first_lines + (size_t)count_lines(mid, end - mid) - 1;
    if ((Py_ssize_t)lines > s->rows_cap - s->rows || reserve_tokens(s, lines) < 0)
        return scan_lines(s, p, end); /* (cannot happen: room is made before) */
    Worker a = {s, p, mid, s->rows, 0, 0, 0, lines, 0, 1, NULL};
    Worker b = {s, mid, end, s->rows + (Py_ssize_t)first_lines, first_lines, 0, 1, lines, 0, 1, NULL};
    b.done = PyThread_allocate_lock();
    run_both(&a, &b);
    if (a.result || b.result || a.lines + b.lines != lines) {
        if (b.done)
            PyThread_free_lock(b.done);
        return scan_lines(s, p, end); /* the rows so far are written again */
    }
    a.stage = b.stage = 2;
    a.row = b.row = s->rows;
    run_both(&a, &b);
    if (b.done)
        PyThread_free_lock(b.done);
    if (a.result < 0 || b.result < 0)
        return -1;
    for (int j = 0; j < s->n_fields; j++) {
        if (s->kinds[j] != 's')
            continue;
        IdField *f = &s->ids[j];
        int32_t *codes = (int32_t *)PyByteArray_AS_STRING(f->codes) + s->rows;
        for (size_t i = 0; i < lines; i++)
            if (part_of(f->hashes[i]) == 1)
                codes[i] = f->spare[i];
    }
    s->rows += (Py_ssize_t)lines;
    return 0;
}

/* Room for `lines` more rows in every column (with the GIL). */
static int reserve_rows(Scanner *s, Py_ssize_t lines)
{
    Py_ssize_t need = s->rows + lines;
    if (need <= s->rows_cap)
        return 0;
    Py_ssize_t cap = s->rows_cap ? s->rows_cap : need; /* the first room is what was asked */
    while (cap < need)
        cap += cap / 2 + 1;
    for (int j = 0; j < s->n_fields; j++) {
        PyObject *column = s->kinds[j] == 's' ? s->ids[j].codes
                           : s->kinds[j] == 'f' ? s->numbers[j].values
                                                : NULL;
        Py_ssize_t width = s->kinds[j] == 's' ? 4 : 8;
        if (column && PyByteArray_Resize(column, cap * width) < 0)
            return -1;
        if (column)
            advise_huge(PyByteArray_AS_STRING(column), (size_t)(cap * width));
        for (int k = 0; k < PARTS; k++)
            s->ids[j].part[k].rows_expected = (size_t)cap;
    }
    s->rows_cap = cap;
    return 0;
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
        IdField *f = &s->ids[j];
        for (int k = 0; k < PARTS; k++) {
            free(f->part[k].arena);
            free(f->part[k].records);
            free(f->part[k].slots);
        }
        free(f->tokens);
        free(f->hashes);
        free(f->spare);
        Py_CLEAR(f->codes);
        memset(f, 0, sizeof(*f));
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
    static char *keywords[] = {"kinds", "size_hint", "threads", "delimiter", "max_line", NULL};
    const char *kinds, *delimiter = "";
    Py_ssize_t n, size_hint = 0, delimiter_len = 0, max_line = 0;
    int threads = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "s#|nis#n", keywords, &kinds, &n, &size_hint,
                                     &threads, &delimiter, &delimiter_len, &max_line))
        return -1;
    if (delimiter_len > 1 || (delimiter_len == 1 && (is_odd_byte((unsigned char)delimiter[0]) ||
                                                     strchr(" \r\n\"#", delimiter[0])))) {
        PyErr_SetString(PyExc_ValueError, "delimiter: '' (spaces and tabs) or one ASCII byte");
        return -1;
    }
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
    s->size_hint = size_hint > 0 ? size_hint : 0;
    s->threads = threads >= 2 ? 2 : 1;
    s->delimiter = delimiter_len ? delimiter[0] : 0;
    s->max_line = max_line > 0 ? (size_t)max_line : 0;
    s->rows = s->rows_cap = 0;
    s->unclean = s->seen_text = s->blank_tail = s->finished = 0;
    for (int j = 0; j < s->n_fields; j++) {
        for (int k = 0; k < PARTS; k++)
            s->ids[j].part[k].arena_len = RECORD_HEAD; /* offset 0 marks an empty slot */
        if (kinds[j] == 's' && !(s->ids[j].codes = PyByteArray_FromStringAndSize(NULL, 0)))
            return -1;
        if (kinds[j] == 's' && reserve_tokens(s, BATCH) < 0) {
            PyErr_NoMemory();
            return -1;
        }
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
        if (s->max_line && s->carry_len + (size_t)n > s->max_line) {
            s->unclean = 1; /* a line too long to keep: the general reader refuses the file */
            PyBuffer_Release(&view);
            Py_RETURN_FALSE;
        }
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
    Py_ssize_t lines = count_lines(data, n);
    if (s->rows_cap == 0 && s->size_hint > n) {
        /* room for the whole file at the first chunk's bytes per line (at most
         * what the file could hold), instead of growing the columns step by step */
        double per_byte = (double)lines / (double)n;
        Py_ssize_t most = s->size_hint / (2 * s->n_fields) + 1;
        Py_ssize_t guess = (Py_ssize_t)(per_byte * 1.02 * (double)s->size_hint) + 16;
        if (guess > lines)
            lines = guess < most ? guess : most;
    }
    if (reserve_rows(s, lines) < 0) {
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
        failed = scan_regions(s, data, last_break + 1);
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

/* The distinct values of an id field: those of its first table, then those of
 * the second, numbered 0 .. n0 + n1. */
typedef struct {
    const IdField *field;
    size_t n0;
} SortContext;

static inline const IdColumn *entry_table(const SortContext *ctx, int32_t *i)
{
    if ((size_t)*i < ctx->n0)
        return &ctx->field->part[0];
    *i -= (int32_t)ctx->n0;
    return &ctx->field->part[1];
}

static inline const char *entry_text(const SortContext *ctx, int32_t i)
{
    const IdColumn *c = entry_table(ctx, &i);
    return record_text(c, c->records[i]);
}

static inline size_t entry_length(const SortContext *ctx, int32_t i)
{
    const IdColumn *c = entry_table(ctx, &i);
    return record_length(c, c->records[i]);
}

static int compare_from(const SortContext *ctx, int32_t a, int32_t b, size_t depth)
{
    size_t la = entry_length(ctx, a), lb = entry_length(ctx, b);
    size_t nx = la > depth ? la - depth : 0;
    size_t ny = lb > depth ? lb - depth : 0;
    size_t n = nx < ny ? nx : ny;
    int c = memcmp(entry_text(ctx, a) + depth, entry_text(ctx, b) + depth, n);
    if (c)
        return c;
    return nx < ny ? -1 : nx > ny;
}

/* Eight bytes of an entry from `depth` on, big-endian, the end padded with
 * zeros (NUL never gets here, so 0 is "the value has ended"). */
static uint64_t key_at(const SortContext *ctx, int32_t i, size_t depth)
{
    const char *text = entry_text(ctx, i);
    size_t length = entry_length(ctx, i);
    uint64_t key = 0;
    for (size_t k = 0; k < 8; k++) {
        size_t at = depth + k;
        key = key << 8 | (at < length ? (unsigned char)text[at] : 0);
    }
    return key;
}

typedef struct {
    uint64_t key; /* eight bytes from the last multiple of 8 at or below depth */
    int32_t item;
} Keyed;

/* Each item's eight bytes from `depth` on into its key. Below the first level
 * the items are no longer in the order their records lie in: each record (and
 * the offset that finds it) is fetched into the cache ahead of its turn, so
 * that the misses of a million distinct values overlap instead of each
 * waiting for memory. */
static void load_keys(const SortContext *ctx, Keyed *items, size_t n, size_t depth)
{
    for (size_t i = 0; i < n; i++) {
        if (i + 2 * LOOKAHEAD < n) {
            int32_t ahead = items[i + 2 * LOOKAHEAD].item;
            const IdColumn *c = entry_table(ctx, &ahead);
            PREFETCH(&c->records[ahead]);
        }
        if (i + LOOKAHEAD < n) {
            const char *text = entry_text(ctx, items[i + LOOKAHEAD].item);
            PREFETCH(text - RECORD_HEAD);
            PREFETCH(text + depth);
        }
        items[i].key = key_at(ctx, items[i].item, depth);
    }
}

/* One level of the MSD radix sort of n (> 1) distinct values: from `depth` on,
 * the first byte at which they differ (a shared prefix such as "FR94" moves
 * nothing), and the items distributed by that byte into buckets (bucket b:
 * items[starts[b] .. starts[b + 1]); bucket 0 holds the one value that ends
 * there). Returns that byte's depth. */
static size_t distribute(const SortContext *ctx, Keyed *items, Keyed *scratch, size_t n, size_t depth,
                         size_t starts[257])
{
    int shift;
    for (;; depth++) {
        if (depth % 8 == 0)
            load_keys(ctx, items, n, depth);
        shift = 56 - 8 * (int)(depth % 8);
        memset(starts, 0, 257 * sizeof(size_t));
        for (size_t i = 0; i < n; i++)
            starts[((items[i].key >> shift) & 0xFF) + 1]++;
        for (int b = 1; b < 257; b++)
            starts[b] += starts[b - 1];
        unsigned common = (unsigned)((items[0].key >> shift) & 0xFF);
        if (!common || starts[common + 1] - starts[common] != n)
            break;
    }
    size_t fill[256];
    memcpy(fill, starts, sizeof(fill));
    for (size_t i = 0; i < n; i++)
        scratch[fill[(items[i].key >> shift) & 0xFF]++] = items[i];
    memcpy(items, scratch, n * sizeof(Keyed));
    return depth;
}

/* The order of two items whose values agree before `depth`. `window`: where
 * the eight bytes their keys hold start (NO_WINDOW: the keys were never read).
 * Keys from the window that holds `depth` decide most pairs without reading
 * the values, which lie at random in the arena. */
#define NO_WINDOW ((size_t)-1)

static inline int compare_items(const SortContext *ctx, const Keyed *a, const Keyed *b, size_t depth,
                                size_t window)
{
    if (window != NO_WINDOW && window == depth - depth % 8) {
        if (a->key != b->key)
            return a->key < b->key ? -1 : 1;
        return compare_from(ctx, a->item, b->item, window + 8);
    }
    return compare_from(ctx, a->item, b->item, depth);
}

/* MSD radix sort by the bytes from `depth` on. Each item's next eight bytes
 * are read once per eight levels and travel with it, so a level reads the
 * items in order instead of the arena at random. Short ranges by insertion.
 * Recursion (a bucket other than the largest, at most half the items) is
 * bounded by log2 of the number of ids; the largest bucket loops. `window`:
 * see compare_items. */
static void radix_sort(const SortContext *ctx, Keyed *items, Keyed *scratch, size_t n, size_t depth,
                       size_t window)
{
    while (n > 32) {
        size_t starts[257];
        depth = distribute(ctx, items, scratch, n, depth, starts);
        window = depth - depth % 8; /* the keys now hold the bytes from there */
        /* sort the buckets but 0, looping on the largest to keep the C stack short */
        size_t largest = 1;
        for (int b = 2; b < 256; b++)
            if (starts[b + 1] - starts[b] > starts[largest + 1] - starts[largest])
                largest = (size_t)b;
        for (int b = 1; b < 256; b++) {
            if ((size_t)b != largest && starts[b + 1] - starts[b] > 1)
                radix_sort(ctx, items + starts[b], scratch, starts[b + 1] - starts[b], depth + 1, window);
        }
        n = starts[largest + 1] - starts[largest];
        items += starts[largest];
        depth++;
    }
    for (size_t i = 1; i < n; i++) {
        Keyed v = items[i];
        size_t j = i;
        while (j > 0 && compare_items(ctx, &items[j - 1], &v, depth, window) > 0) {
            items[j] = items[j - 1];
            j--;
        }
        items[j] = v;
    }
}

/* From this many distinct values (or rows to recode) on, a scanner given two
 * threads shares the work of its finish between them: the other core has
 * nothing left to do by then. */
#define PARALLEL_SORT_ITEMS (1 << 16)

/* job(first) here and job(second) in a new thread, at once; both here, one
 * after the other, when no thread can start. */
typedef struct {
    void (*job)(void *);
    void *arg;
    PyThread_type_lock done;
} Helper;

static void helper_thread(void *arg)
{
    Helper *h = arg;
    h->job(h->arg);
    PyThread_release_lock(h->done);
}

static void in_two(void (*job)(void *), void *first, void *second)
{
    Helper h = {job, second, PyThread_allocate_lock()};
    int started = 0;
    if (h.done && PyThread_acquire_lock(h.done, WAIT_LOCK))
        started = PyThread_start_new_thread(helper_thread, &h) != PYTHREAD_INVALID_THREAD_ID;
    job(first);
    if (started) {
        PyThread_acquire_lock(h.done, WAIT_LOCK); /* released when the helper has finished */
        PyThread_release_lock(h.done);
    } else {
        if (h.done)
            PyThread_release_lock(h.done);
        job(second);
    }
    if (h.done)
        PyThread_free_lock(h.done);
}

/* Buckets [from, to) of one level of the radix sort, each sorted on its own. */
typedef struct {
    const SortContext *ctx;
    Keyed *items, *scratch;
    const size_t *starts;
    int from, to;
    size_t depth, window;
} BucketRange;

static void sort_buckets(void *arg)
{
    BucketRange *r = arg;
    for (int b = r->from; b < r->to; b++) {
        size_t length = r->starts[b + 1] - r->starts[b];
        if (length > 1)
            radix_sort(r->ctx, r->items + r->starts[b], r->scratch, length, r->depth, r->window);
    }
}

/* radix_sort from `depth` with two threads: the first level at which the
 * values differ is distributed here, then each thread sorts the buckets of
 * about half of the values, with a part of the scratch space as large as its
 * half. Buckets are disjoint ranges sorted independently, so the order is the
 * one radix_sort gives. */
static void radix_sort_both(const SortContext *ctx, Keyed *items, Keyed *scratch, size_t n, size_t depth)
{
    if (n <= PARALLEL_SORT_ITEMS) {
        radix_sort(ctx, items, scratch, n, depth, NO_WINDOW);
        return;
    }
    size_t starts[257];
    depth = distribute(ctx, items, scratch, n, depth, starts);
    /* the second thread takes the buckets from the one holding the middle value
     * on (bucket 0 holds the one value that ends here: nothing to sort) */
    int split = 1;
    while (split < 255 && starts[split + 1] <= n / 2)
        split++;
    size_t window = depth - depth % 8;
    BucketRange first = {ctx, items, scratch, starts, 1, split, depth + 1, window};
    BucketRange second = {ctx, items, scratch + starts[split], starts, split, 256, depth + 1, window};
    in_two(sort_buckets, &first, &second);
}

/* ---- leading bytes as one number ---- */

/* An id field's values mostly differ in a few of their leading bytes: MS
 * MARCO's passage ids are 1-7 digits, TREC's "FR940104-0-00001" vary in ten
 * digits. Each byte is replaced by its rank among the bytes seen at its
 * position (the end of a value counting as byte 0), which turns the leading
 * bytes into one number of few bits (those two: about 24) that orders the
 * values as their text does. A least-significant-digit radix sort of those
 * numbers moves the items two or three times, where radix_sort moves them
 * once per byte (1.27M distinct passage ids: 0.05 s on two threads instead
 * of 0.11 s). Values sharing every byte the number holds (only values longer
 * than those bytes can) are then put in order by radix_sort. */

/* leading bytes looked at: enough for the ids seen in TREC collections */
#define NUMBERED_BYTES 32
/* bits of the digit each pass of the LSD sort sorts on: 2,048 counts fit the
 * first-level cache */
#define DIGIT_BITS 11

typedef struct {
    size_t depth; /* the bytes before this one make the numbers */
    int varying[NUMBERED_BYTES]; /* positions holding more than one byte */
    int n_varying;
    uint64_t place[NUMBERED_BYTES][256]; /* what byte b at position p adds */
    int bits; /* the numbers' bits */
} Numbering;

static inline unsigned char byte_at(const char *text, size_t length, int p)
{
    return (size_t)p < length ? (unsigned char)text[p] : 0;
}

/* What one half of the items holds at each leading position, and its
 * shortest value (see make_numbering). */
typedef struct {
    const SortContext *ctx;
    const Keyed *items;
    size_t n;
    unsigned char seen[NUMBERED_BYTES][256];
    size_t shortest;
} Survey;

static void survey(void *arg)
{
    Survey *v = arg;
    memset(v->seen, 0, sizeof(v->seen));
    v->shortest = (size_t)-1;
    for (size_t i = 0; i < v->n; i++) {
        const char *text = entry_text(v->ctx, v->items[i].item);
        size_t length = entry_length(v->ctx, v->items[i].item);
        size_t upto = length < NUMBERED_BYTES ? length : NUMBERED_BYTES;
        for (size_t p = 0; p < upto; p++)
            v->seen[p][(unsigned char)text[p]] = 1;
        if (length < v->shortest)
            v->shortest = length;
    }
}

/* The work of the numbering is shared by `parts` (1 or 2) threads, each
 * taking half of the items. */
static void make_numbering(const SortContext *ctx, const Keyed *items, size_t n, int parts, Numbering *nb)
{
    Survey *v = malloc(2 * sizeof(Survey));
    if (!v) {
        nb->bits = -1;
        return;
    }
    size_t half = parts > 1 ? n / 2 : n;
    v[0] = (Survey){ctx, items, half};
    v[1] = (Survey){ctx, items + half, n - half};
    if (parts > 1)
        in_two(survey, &v[0], &v[1]);
    else
        survey(&v[0]);
    unsigned char (*seen)[256] = v[0].seen;
    size_t shortest = v[0].shortest;
    if (parts > 1) {
        for (int p = 0; p < NUMBERED_BYTES; p++)
            for (int b = 0; b < 256; b++)
                seen[p][b] |= v[1].seen[p][b];
        if (v[1].shortest < shortest)
            shortest = v[1].shortest;
    }
    for (size_t p = shortest; p < NUMBERED_BYTES; p++)
        seen[p][0] = 1; /* some value has ended there */
    /* the leading positions whose counts multiply to at most 2**64 */
    uint64_t count[NUMBERED_BYTES], product = 1;
    size_t depth = 0;
    for (; depth < NUMBERED_BYTES; depth++) {
        uint64_t c = 0;
        for (int b = 0; b < 256; b++)
            c += seen[depth][b];
        if (c > 1 && product > UINT64_MAX / c)
            break;
        product *= c;
        count[depth] = c;
    }
    nb->depth = depth;
    nb->n_varying = 0;
    uint64_t weight = 1;
    for (int p = (int)depth - 1; p >= 0; p--) {
        if (count[p] < 2)
            continue;
        uint64_t rank = 0;
        for (int b = 0; b < 256; b++) {
            nb->place[p][b] = rank * weight;
            rank += seen[p][b];
        }
        weight *= count[p];
        nb->varying[nb->n_varying++] = p;
    }
    free(v);
    int bits = 0;
    for (uint64_t top = product - 1; top; top >>= 1)
        bits++;
    nb->bits = bits;
}

typedef struct {
    const SortContext *ctx;
    Keyed *items;
    size_t n;
    const Numbering *nb;
} Numbered;

static void number_items(void *arg)
{
    Numbered *w = arg;
    const Numbering *nb = w->nb;
    for (size_t i = 0; i < w->n; i++) {
        const char *text = entry_text(w->ctx, w->items[i].item);
        size_t length = entry_length(w->ctx, w->items[i].item);
        uint64_t number = 0;
        for (int k = 0; k < nb->n_varying; k++) {
            int p = nb->varying[k];
            number += nb->place[p][byte_at(text, length, p)];
        }
        w->items[i].key = number;
    }
}

/* One half of the items in one pass of the LSD sort: counted by digit, then
 * moved to where the counts of both halves put them. */
typedef struct {
    const Keyed *from;
    Keyed *to;
    size_t n;
    int shift;
    uint64_t mask;
    size_t *count; /* by digit; then where the half's next item of that digit goes */
} DigitPass;

static void count_digits(void *arg)
{
    DigitPass *d = arg;
    memset(d->count, 0, (d->mask + 1) * sizeof(size_t));
    for (size_t i = 0; i < d->n; i++)
        d->count[(d->from[i].key >> d->shift) & d->mask]++;
}

static void move_by_digit(void *arg)
{
    DigitPass *d = arg;
    for (size_t i = 0; i < d->n; i++)
        d->to[d->count[(d->from[i].key >> d->shift) & d->mask]++] = d->from[i];
}

/* Sort the items on their keys (which need `bits` bits), least significant
 * digit first, each pass shared by `parts` (1 or 2) threads: the first half
 * of the items goes before the second within each digit, so the sort is
 * stable, and its order the same for one thread or two. `scratch` as large
 * as `items`. 0 when out of memory. */
static int lsd_sort(Keyed *items, Keyed *scratch, size_t n, int bits, int parts)
{
    int passes = (bits + DIGIT_BITS - 1) / DIGIT_BITS;
    if (!passes)
        return 1;
    int width = (bits + passes - 1) / passes;
    size_t buckets = (size_t)1 << width;
    size_t *counts = malloc(2 * buckets * sizeof(size_t));
    if (!counts)
        return 0;
    size_t half = parts > 1 ? n / 2 : n;
    Keyed *from = items, *to = scratch;
    for (int pass = 0; pass < passes; pass++) {
        DigitPass d[2] = {
            {from, to, half, pass * width, buckets - 1, counts},
            {from + half, to, n - half, pass * width, buckets - 1, counts + buckets},
        };
        if (parts > 1)
            in_two(count_digits, &d[0], &d[1]);
        else
            count_digits(&d[0]);
        size_t *first = d[0].count, *second = d[1].count;
        size_t digit = (from[0].key >> d[0].shift) & d[0].mask;
        if (first[digit] + (parts > 1 ? second[digit] : 0) == n)
            continue; /* every item has this digit: nothing moves */
        size_t at = 0;
        for (size_t b = 0; b < buckets; b++) {
            size_t c0 = first[b], c1 = parts > 1 ? second[b] : 0;
            first[b] = at;
            second[b] = at + c0;
            at += c0 + c1;
        }
        if (parts > 1)
            in_two(move_by_digit, &d[0], &d[1]);
        else
            move_by_digit(&d[0]);
        Keyed *t = from;
        from = to;
        to = t;
    }
    if (from != items)
        memcpy(items, from, n * sizeof(Keyed));
    free(counts);
    return 1;
}

/* The n distinct values (items[i].item == i) in text order: by their leading
 * bytes' numbers, then each stretch of values sharing those bytes by
 * radix_sort (with two threads for a long stretch when `threads` > 1). */
static void sort_text_order(const SortContext *ctx, Keyed *items, Keyed *scratch, size_t n, int threads)
{
    int parts = threads > 1 && n >= PARALLEL_SORT_ITEMS ? 2 : 1;
    Numbering *nb = n > 32 ? malloc(sizeof(Numbering)) : NULL;
    int sorted = 0;
    if (nb) {
        make_numbering(ctx, items, n, parts, nb);
        if (nb->bits >= 0) {
            size_t half = parts > 1 ? n / 2 : n;
            Numbered w[2] = {{ctx, items, half, nb}, {ctx, items + half, n - half, nb}};
            if (parts > 1)
                in_two(number_items, &w[0], &w[1]);
            else
                number_items(&w[0]);
            sorted = lsd_sort(items, scratch, n, nb->bits, parts);
        }
    }
    if (!sorted) {
        free(nb);
        if (threads > 1)
            radix_sort_both(ctx, items, scratch, n, 0);
        else
            radix_sort(ctx, items, scratch, n, 0, NO_WINDOW);
        return;
    }
    size_t depth = nb->depth, window = depth - depth % 8;
    free(nb);
    for (size_t a = 0; a < n;) {
        size_t b = a + 1;
        while (b < n && items[b].key == items[a].key)
            b++;
        if (b - a > 1) { /* the keys then hold the eight bytes radix_sort starts in */
            load_keys(ctx, items + a, b - a, window);
            if (threads > 1)
                radix_sort_both(ctx, items + a, scratch, b - a, depth);
            else
                radix_sort(ctx, items + a, scratch, b - a, depth, window);
        }
        a = b;
    }
}

/* The code (its number in its table times PARTS plus the table's number) of a
 * value already in the field's tables, -1 when none holds it. */
static int32_t id_find(const IdField *f, const char *s, uint32_t n)
{
    uint64_t h = hash_bytes(s, n);
    int p = part_of(h);
    const IdColumn *c = &f->part[p];
    if (!c->slots)
        return -1;
    size_t k = home(h, c->slots_mask);
    uint64_t tag = h & 0xFFFFFFFF00000000ULL, slot;
    while ((slot = c->slots[k]) != 0) {
        uint32_t at = (uint32_t)slot;
        if ((slot & 0xFFFFFFFF00000000ULL) == tag && record_length(c, at) == n &&
            memcmp(record_text(c, at), s, n) == 0)
            return record_code(c, at) * PARTS + p;
        k = (k + 1) & c->slots_mask;
    }
    return -1;
}

/* The texts of a list of str for id_find: 1, 0 when a value is not a str, -1
 * out of memory. A str that is not ASCII gets no text (length UINT32_MAX): the
 * scanner reads ASCII only, so no value of the file equals it. */
static int wanted_tokens(PyObject *list, Token **out)
{
    Py_ssize_t n = PyList_GET_SIZE(list);
    Token *tokens = malloc((size_t)(n ? n : 1) * sizeof(Token));
    *out = NULL;
    if (!tokens)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *o = PyList_GET_ITEM(list, i);
        if (!PyUnicode_CheckExact(o)) {
            free(tokens);
            return 0;
        }
        if (PyUnicode_IS_COMPACT_ASCII(o) && PyUnicode_GET_LENGTH(o) < UINT32_MAX) {
            tokens[i].text = (const char *)PyUnicode_DATA(o);
            tokens[i].length = (uint32_t)PyUnicode_GET_LENGTH(o);
        } else {
            tokens[i].text = NULL;
            tokens[i].length = UINT32_MAX;
        }
    }
    *out = tokens;
    return 1;
}

/* Rows' codes, (number in its table) * PARTS + table, made text-order codes. */
typedef struct {
    int32_t *codes;
    size_t rows;
    const int32_t *rank; /* appearance code -> text-order code */
    size_t n0;           /* values in the first table */
} Recoding;

static void recode_rows(void *arg)
{
    Recoding *w = arg;
    for (size_t r = 0; r < w->rows; r++) {
        int32_t v = w->codes[r];
        w->codes[r] = w->rank[(v & 1) ? (int32_t)w->n0 + (v >> 1) : (v >> 1)];
    }
}

/* The n object slots of `array`, through its buffer (numpy's object arrays:
 * format "O"); -1 with an exception when it is anything else. */
static int object_slots(PyObject *array, size_t n, Py_buffer *view)
{
    if (PyObject_GetBuffer(array, view, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    const char *format = view->format ? view->format : "B";
    if (format[0] && strchr("@=<>!|", format[0]))
        format++;
    if (strcmp(format, "O") != 0 || view->itemsize != (Py_ssize_t)sizeof(PyObject *)
        || view->len != (Py_ssize_t)(n * sizeof(PyObject *))) {
        PyBuffer_Release(view);
        PyErr_SetString(PyExc_TypeError, "finish(array=...): array(n) must give an array of n objects");
        return -1;
    }
    return 0;
}

/* Recode one id field in text order and build its unique values. `wanted`: a
 * list of str or NULL; then `*found` becomes a bytearray of int32, each wanted
 * value's code in text order (-1: not in the file), or None when a wanted
 * value is not a str. Looking them up here, in the tables the scan built,
 * costs a look each; after the tables are gone it costs hashing every one of
 * the field's values again (the evaluation's join of a run's million passage
 * ids with the judged ones). `make_array`: NULL, or a callable giving for n
 * an object array of n items (numpy's), which then holds the unique values
 * instead of a list: a list of a million ids costs as much again to turn
 * into the array the caller needs. */
static PyObject *finish_ids(Scanner *s, IdField *f, PyObject *wanted, PyObject *make_array, PyObject **found)
{
    size_t n0 = f->part[0].n_entries, n = n0 + f->part[1].n_entries;
    Token *wanted_at = NULL;
    int32_t *wanted_codes = NULL;
    Py_ssize_t n_wanted = 0;
    if (wanted) {
        int got = wanted_tokens(wanted, &wanted_at);
        if (got < 0)
            return PyErr_NoMemory();
        if (got == 1) {
            n_wanted = PyList_GET_SIZE(wanted);
            *found = PyByteArray_FromStringAndSize(NULL, n_wanted * 4);
            if (!*found) {
                free(wanted_at);
                return NULL;
            }
            wanted_codes = (int32_t *)PyByteArray_AS_STRING(*found);
            /* the list is the caller's, made for this call: its texts stay put */
            Py_BEGIN_ALLOW_THREADS
            for (Py_ssize_t i = 0; i < n_wanted; i++)
                wanted_codes[i] = wanted_at[i].text ? id_find(f, wanted_at[i].text, wanted_at[i].length) : -1;
            Py_END_ALLOW_THREADS
            free(wanted_at);
        } else {
            Py_INCREF(Py_None);
            *found = Py_None;
        }
    }
    for (int k = 0; k < PARTS; k++) { /* the tables are done with: their memory goes before the sort's */
        free(f->part[k].slots);
        f->part[k].slots = NULL;
    }
    Keyed *keyed = malloc((n ? n : 1) * sizeof(Keyed));
    Keyed *scratch = malloc((n ? n : 1) * sizeof(Keyed));
    int32_t *order = malloc((n ? n : 1) * sizeof(int32_t));
    if (!keyed || !scratch || !order) {
        free(keyed);
        free(scratch);
        free(order);
        return PyErr_NoMemory();
    }
    SortContext ctx = {f, n0};
    int32_t *codes = (int32_t *)PyByteArray_AS_STRING(f->codes);
    Py_ssize_t rows = s->rows;
    Py_BEGIN_ALLOW_THREADS
    for (size_t i = 0; i < n; i++)
        keyed[i].item = (int32_t)i;
    sort_text_order(&ctx, keyed, scratch, n, s->threads);
    int32_t *rank = (int32_t *)scratch; /* appearance code -> text-order code */
    for (size_t i = 0; i < n; i++)
        order[i] = keyed[i].item;
    for (size_t i = 0; i < n; i++)
        rank[order[i]] = (int32_t)i;
    size_t half = s->threads > 1 && (size_t)rows >= PARALLEL_SORT_ITEMS ? (size_t)rows / 2 : (size_t)rows;
    Recoding halves[2] = {{codes, half, rank, n0}, {codes + half, (size_t)rows - half, rank, n0}};
    if (half < (size_t)rows)
        in_two(recode_rows, &halves[0], &halves[1]);
    else
        recode_rows(&halves[0]);
    for (Py_ssize_t i = 0; wanted_codes && i < n_wanted; i++) {
        int32_t v = wanted_codes[i];
        if (v >= 0)
            wanted_codes[i] = rank[(v & 1) ? (int32_t)n0 + (v >> 1) : (v >> 1)];
    }
    Py_END_ALLOW_THREADS
    free(keyed);
    free(scratch);
    /* The texts are made in text order, so that they lie in memory in the order
     * of the list and every later pass over it (comparisons, hashing) reads
     * memory in order. Their records, though, lie in the order the values first
     * appeared: each record (and the offset that finds it) is fetched into the
     * cache ahead of its turn, or nearly every value of a run whose passage ids
     * are all distinct would wait for memory (0.4 s of 1.27M ids). */
    PyObject *uniques;
    PyObject **slots = NULL;
    Py_buffer view;
    if (make_array) {
        uniques = PyObject_CallFunction(make_array, "n", (Py_ssize_t)n);
        if (uniques && object_slots(uniques, n, &view) < 0)
            Py_CLEAR(uniques);
        if (uniques)
            slots = (PyObject **)view.buf;
    } else {
        uniques = PyList_New((Py_ssize_t)n);
    }
    for (size_t i = 0; uniques && i < n; i++) {
        if (i && i % TEXT_SLICE == 0) { /* let a waiting thread (the window) run */
            Py_BEGIN_ALLOW_THREADS
            Py_END_ALLOW_THREADS
        }
        if (i + 2 * LOOKAHEAD < n) {
            int32_t ahead = order[i + 2 * LOOKAHEAD];
            const IdColumn *c = entry_table(&ctx, &ahead);
            PREFETCH(&c->records[ahead]);
        }
        if (i + LOOKAHEAD < n)
            PREFETCH(entry_text(&ctx, order[i + LOOKAHEAD]) - RECORD_HEAD);
        size_t length = entry_length(&ctx, order[i]);
        PyObject *text = PyUnicode_New((Py_ssize_t)length, 127);
        if (!text) {
            if (slots)
                PyBuffer_Release(&view);
            slots = NULL;
            Py_CLEAR(uniques);
            break;
        }
        memcpy(PyUnicode_DATA(text), entry_text(&ctx, order[i]), length);
        if (slots) {
            PyObject *before = slots[i]; /* numpy's None */
            slots[i] = text;
            Py_XDECREF(before);
        } else {
            PyList_SET_ITEM(uniques, (Py_ssize_t)i, text);
        }
    }
    if (slots)
        PyBuffer_Release(&view);
    free(order);
    if (!uniques)
        return NULL;
    if (PyByteArray_Resize(f->codes, rows * 4) < 0) {
        Py_DECREF(uniques);
        return NULL;
    }
    PyObject *pair = PyTuple_Pack(2, f->codes, uniques);
    Py_DECREF(uniques);
    return pair;
}

/* `wanted`: NULL, or a dict {field: list of str} (see finish_ids). */
static PyObject *finish_scan(Scanner *s, PyObject *wanted, PyObject *make_array)
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
    PyObject *ids = PyDict_New(), *numbers = PyDict_New(), *matched = wanted ? PyDict_New() : NULL;
    if (!ids || !numbers || (wanted && !matched))
        goto fail;
    for (int j = 0; j < s->n_fields; j++) {
        PyObject *key = PyLong_FromLong(j), *value = NULL;
        if (!key)
            goto fail;
        if (s->kinds[j] == 's') {
            PyObject *these = wanted ? PyDict_GetItemWithError(wanted, key) : NULL, *found = NULL;
            if (these && !PyList_Check(these)) {
                PyErr_SetString(PyExc_TypeError, "finish(wanted): each field's wanted values are a list");
                these = NULL;
            }
            if (!PyErr_Occurred())
                value = finish_ids(s, &s->ids[j], these, make_array, &found);
            if (value && PyDict_SetItem(ids, key, value) < 0)
                Py_CLEAR(value);
            if (value && found && PyDict_SetItem(matched, key, found) < 0)
                Py_CLEAR(value);
            Py_XDECREF(found);
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
    PyObject *result = wanted ? Py_BuildValue("(nNNN)", s->rows, ids, numbers, matched)
                              : Py_BuildValue("(nNN)", s->rows, ids, numbers);
    scanner_release(s);
    return result;
fail:
    Py_XDECREF(ids);
    Py_XDECREF(numbers);
    Py_XDECREF(matched);
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

static PyObject *scanner_finish(Scanner *s, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"wanted", "array", NULL};
    PyObject *wanted = NULL, *make_array = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O!$O:finish", keywords, &PyDict_Type, &wanted,
                                     &make_array))
        return NULL;
    if (make_array == Py_None)
        make_array = NULL;
    if (make_array && !PyCallable_Check(make_array)) {
        PyErr_SetString(PyExc_TypeError, "finish(array=...): a callable giving an array of n objects");
        return NULL;
    }
    if (claim(s) < 0)
        return NULL;
    PyObject *result = finish_scan(s, wanted, make_array);
    s->busy = 0;
    return result;
}

static PyMethodDef scanner_methods[] = {
    {"feed", (PyCFunction)scanner_feed, METH_O,
     "feed(chunk) -> bool: parse the next bytes of the file; False once it is not clean."},
    {"finish", (PyCFunction)(void (*)(void))scanner_finish, METH_VARARGS | METH_KEYWORDS,
     "finish([wanted], *, array=None) -> (rows, ids, numbers[, matched]) or None when the text was "
     "not clean. ids: {field: (bytearray of int32 codes, uniques)}, the uniques a list of str, or "
     "array(n) filled (an object array of n items); wanted: {field: [str]}; matched: {field: "
     "bytearray of int32 codes, -1 absent (None: not all str)}."},
    {NULL, NULL, 0, NULL}};

static PyTypeObject ScannerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "workbench.core._fastids.Scanner",
    .tp_basicsize = sizeof(Scanner),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Scanner(kinds): a clean TREC text read in chunks (see the module).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)scanner_init,
    .tp_dealloc = (destructor)scanner_dealloc,
    .tp_methods = scanner_methods,
};

static PyMethodDef module_methods[] = {
    {"positions", fastids_positions, METH_VARARGS,
     "positions(haystack, needles) -> bytearray of int64: each needle's index in haystack "
     "(lists of distinct str / str), -1 when absent; None when a value is not a str."},
    {"first_in_lists", fastids_first_in_lists, METH_VARARGS,
     "first_in_lists(lists, width, codes, width) -> bytearray of 0/1: each row's code first in its "
     "list's stretch of rows; None for a negative or very large code."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_fastids",
    .m_doc = "Ids read and looked up at C speed outside the GIL (see workbench.core.trec_scan).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__fastids(void)
{
    init_byte_kinds();
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
