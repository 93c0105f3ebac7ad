// SPDX-License-Identifier: GPL-2.0
/*
 * jsondup.c - find duplicated keys in a JSON text.
 */
#include <stdlib.h>
#include <string.h>

#include "jsondup.h"

#define MAX_DEPTH	64

struct span {
	size_t off, len;
};

struct level {
	int object;		/* an object, else an array */
	int want_key;		/* the next string is a key */
	struct span *keys;
	size_t nkeys, cap;
};

/* Past the string whose opening quote is at @i (or @len if unterminated). */
static size_t skip_string(const char *t, size_t i, size_t len)
{
	for (i++; i < len; i++) {
		if (t[i] == '\\')
			i++;
		else if (t[i] == '"')
			return i + 1;
	}
	return len;
}

/* Past the comment at @i (json-c accepts both kinds), or @i if none. */
static size_t skip_comment(const char *t, size_t i, size_t len)
{
	const char *e;

	if (i + 1 >= len || t[i] != '/')
		return i;
	if (t[i + 1] == '/') {
		e = memchr(t + i, '\n', len - i);
		return e ? (size_t)(e - t) + 1 : len;
	}
	if (t[i + 1] == '*') {
		for (i += 2; i + 1 < len; i++)
			if (t[i] == '*' && t[i + 1] == '/')
				return i + 2;
		return len;
	}
	return i;
}

/* Add key @k to @lv; 1 and *@first if it was there already, -1 on ENOMEM. */
static int add_key(const char *t, struct level *lv, struct span k, size_t *first)
{
	size_t i;

	for (i = 0; i < lv->nkeys; i++)
		if (lv->keys[i].len == k.len &&
		    !memcmp(t + lv->keys[i].off, t + k.off, k.len)) {
			*first = lv->keys[i].off;
			return 1;
		}
	if (lv->nkeys == lv->cap) {
		size_t cap = lv->cap ? 2 * lv->cap : 16;
		struct span *n = realloc(lv->keys, cap * sizeof(*n));

		if (!n)
			return -1;
		lv->keys = n;
		lv->cap = cap;
	}
	lv->keys[lv->nkeys++] = k;
	return 0;
}

int json_find_dup(const char *t, size_t len, size_t *dup, size_t *first)
{
	struct level st[MAX_DEPTH];
	int depth = 0, ret = 0;
	size_t i = 0, e;

	while (i < len && !ret) {
		struct level *lv = depth ? &st[depth - 1] : NULL;
		char ch = t[i];

		e = skip_comment(t, i, len);
		if (e != i) {
			i = e;
			continue;
		}
		switch (ch) {
		case '{':
		case '[':
			if (depth == MAX_DEPTH) {
				ret = -1;
				break;
			}
			st[depth++] = (struct level){ .object = ch == '{', .want_key = ch == '{' };
			i++;
			break;
		case '}':
		case ']':
			if (depth) {
				free(st[depth - 1].keys);
				depth--;
			}
			i++;
			break;
		case ',':
			if (lv && lv->object)
				lv->want_key = 1;
			i++;
			break;
		case ':':
			if (lv)
				lv->want_key = 0;
			i++;
			break;
		case '"':
			e = skip_string(t, i, len);
			if (lv && lv->object && lv->want_key) {
				ret = add_key(t, lv, (struct span){ i, e - i }, first);
				if (ret == 1)
					*dup = i;
			}
			i = e;
			break;
		default:
			i++;
		}
	}
	while (depth)
		free(st[--depth].keys);
	return ret;
}
