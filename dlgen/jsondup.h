/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DLGEN_JSONDUP_H
#define DLGEN_JSONDUP_H
#include <stddef.h>

/* A stretch of the text: a key with its quotes. */
struct json_span {
	size_t off, len;
};

/*
 * Whether @key may appear more than once in the object reached through
 * the keys @path[0..@n-1] from the top level (@n = 0: the top-level
 * object; a path through an array is never offered). @ctx is the caller's.
 */
typedef int (*json_may_repeat_fn)(void *ctx, const char *text,
				  const struct json_span *path, int n,
				  struct json_span key);

/* A repeat that may be: number @n is appended to the key closing at @at. */
struct json_rename {
	size_t at;		/* offset of the key's closing quote */
	unsigned int n;
};

struct json_renames {
	struct json_rename *r;	/* in text order */
	size_t n, cap;
};

/*
 * The first key that appears twice in one object of the JSON text @text
 * (@len bytes, already accepted by json-c, which keeps the last of two
 * equal keys without a word) and that @may_repeat (NULL: none) does not
 * allow. Keys compare as written, escapes and all. Repeats that are
 * allowed are numbered, as rt-app's workgen does, into @ren (may be NULL
 * only with @may_repeat NULL): the second "run" becomes "run1", or the
 * smallest "runN" that no key of the object uses. Returns 1 and the
 * offsets of the second key and of the first, 0 when no key repeats
 * against the rule, -1 when the text nests deeper than 64 or memory runs
 * out. The caller frees @ren->r.
 */
int json_find_dup(const char *text, size_t len, json_may_repeat_fn may_repeat,
		  void *ctx, struct json_renames *ren, size_t *dup, size_t *first);

#endif
