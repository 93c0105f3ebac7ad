/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DLGEN_JSONDUP_H
#define DLGEN_JSONDUP_H
#include <stddef.h>

/*
 * The first key that appears twice in one object of the JSON text @text
 * (@len bytes, already accepted by json-c, which keeps the last of two
 * equal keys without a word). Keys compare as written, escapes and all.
 * Returns 1 and the offsets of the second key and of the first, 0 when no
 * key repeats, -1 when the text nests deeper than 64 or memory runs out.
 */
int json_find_dup(const char *text, size_t len, size_t *dup, size_t *first);

#endif
