/*
 * What the two sources of the _fastids extension share: a value's text as a
 * token, its hash, and the prefetching that lets cache misses overlap.
 * _fastids.c: the scanner of TREC and delimited files, and the module;
 * _fastids_positions.c: the evaluation's lookup of ids among ids.
 */
#ifndef WORKBENCH_FASTIDS_H
#define WORKBENCH_FASTIDS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* values looked up this far ahead of the one being looked up have their table
 * slots fetched into the cache already */
#define LOOKAHEAD 16

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p) __builtin_prefetch(p)
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#include <xmmintrin.h>
#define PREFETCH(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
#else
#define PREFETCH(p) ((void)(p))
#endif

typedef struct {
    const char *text;
    uint32_t length;
} Token;

static inline uint64_t hash_bytes(const char *s, size_t n)
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

static inline int same_token(const Token *a, const char *text, uint32_t length)
{
    return a->length == length && memcmp(a->text, text, length) == 0;
}

/* positions(haystack, needles): see _fastids_positions.c */
PyObject *fastids_positions(PyObject *module, PyObject *args);
/* first_in_lists(lists, width, codes, width): see _fastids_positions.c */
PyObject *fastids_first_in_lists(PyObject *module, PyObject *args);

#endif
