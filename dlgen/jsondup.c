// SPDX-License-Identifier: GPL-2.0
/*
 * jsondup.c - find duplicated keys in a JSON text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsondup.h"

#define MAX_DEPTH	64

#define span json_span

/* An allowed repeat waiting for the object's end, when every key is known. */
struct repeat {
	struct span key;
};

struct level {
	int object;		/* an object, else an array */
	int want_key;		/* the next string is a key */
	struct span parent;	/* the key this object is the value of, or len 0 */
	struct span last;	/* the last key read here */
	struct span *keys;
	size_t nkeys, cap;
	struct repeat *rep;	/* allowed repeats, in text order */
	size_t nrep, repcap;
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

/*
 * The array @a of *@cap elements of @size, grown if needed to hold @n + 1;
 * NULL (and @a untouched) when memory runs out.
 */
static void *grow(void *a, size_t *cap, size_t n, size_t size)
{
	size_t c;
	void *b;

	if (a && n < *cap)
		return a;
	c = *cap ? 2 * *cap : 16;
	b = realloc(a, c * size);
	if (b)
		*cap = c;
	return b;
}

/* The key @k (with its quotes) of @lv, or NULL. */
static struct span *find_key(const char *t, struct level *lv, struct span k)
{
	size_t i;

	for (i = 0; i < lv->nkeys; i++)
		if (lv->keys[i].len == k.len &&
		    !memcmp(t + lv->keys[i].off, t + k.off, k.len))
			return &lv->keys[i];
	return NULL;
}

/* Is "@k@n" (the key @k numbered) one of @lv's keys, or @taken's names? */
static int name_used(const char *t, struct level *lv, struct span k,
		     unsigned int n, char *const *taken, size_t ntaken)
{
	char num[16];
	size_t i, nl = (size_t)snprintf(num, sizeof(num), "%u", n);

	for (i = 0; i < lv->nkeys; i++) {
		const char *s = t + lv->keys[i].off;

		if (lv->keys[i].len == k.len + nl &&
		    !memcmp(s, t + k.off, k.len - 1) &&
		    !memcmp(s + k.len - 1, num, nl))
			return 1;
	}
	for (i = 0; i < ntaken; i++)
		if (strlen(taken[i]) == k.len - 2 + nl &&
		    !memcmp(taken[i], t + k.off + 1, k.len - 2) &&
		    !strcmp(taken[i] + k.len - 2, num))
			return 1;
	return 0;
}

/*
 * At the end of @lv: number its allowed repeats in text order, each with
 * the smallest number that makes a name no key of @lv has. -1: ENOMEM.
 */
static int number_repeats(const char *t, struct level *lv, struct json_renames *ren)
{
	char **taken = NULL;
	size_t i, ntaken = 0;
	int ret = 0;

	if (!lv->nrep)
		return 0;
	taken = calloc(lv->nrep, sizeof(*taken));
	if (!taken)
		return -1;
	for (i = 0; i < lv->nrep && !ret; i++) {
		struct span k = lv->rep[i].key;
		struct json_rename *r;
		unsigned int n = 1;

		while (name_used(t, lv, k, n, taken, ntaken))
			n++;
		r = grow(ren->r, &ren->cap, ren->n, sizeof(*r));
		taken[ntaken] = malloc(k.len + 16);
		if (!taken[ntaken] || !r) {
			free(taken[ntaken]);
			if (r)
				ren->r = r;
			ret = -1;
			break;
		}
		ren->r = r;
		snprintf(taken[ntaken++], k.len + 16, "%.*s%u", (int)(k.len - 2),
			 t + k.off + 1, n);
		ren->r[ren->n++] = (struct json_rename){ k.off + k.len - 1, n };
	}
	for (i = 0; i < ntaken; i++)
		free(taken[i]);
	free(taken);
	return ret;
}

static int by_offset(const void *a, const void *b)
{
	const struct json_rename *x = a, *y = b;

	return x->at < y->at ? -1 : x->at > y->at;
}

/*
 * Add key @k to level @d of @st; 1 and *@first if it was there already
 * and may not repeat, -1 on ENOMEM.
 */
static int add_key(const char *t, struct level *st, int d, struct span k,
		   json_may_repeat_fn may_repeat, void *ctx, size_t *first)
{
	struct level *lv = &st[d];
	struct span path[MAX_DEPTH];
	struct span *had = find_key(t, lv, k);
	int i, n = 0, through_array = 0;

	lv->last = k;
	if (had) {
		/* the keys leading here, from the top level's object down */
		for (i = 1; i <= d; i++) {
			through_array |= !st[i - 1].object;
			path[n++] = st[i].parent;
		}
		if (!may_repeat || through_array || !may_repeat(ctx, t, path, n, k)) {
			*first = had->off;
			return 1;
		}
		struct repeat *r = grow(lv->rep, &lv->repcap, lv->nrep, sizeof(*r));

		if (!r)
			return -1;
		lv->rep = r;
		lv->rep[lv->nrep++] = (struct repeat){ k };
		return 0;
	}
	had = grow(lv->keys, &lv->cap, lv->nkeys, sizeof(*had));
	if (!had)
		return -1;
	lv->keys = had;
	lv->keys[lv->nkeys++] = k;
	return 0;
}

static void level_free(struct level *lv)
{
	free(lv->keys);
	free(lv->rep);
}

int json_find_dup(const char *t, size_t len, json_may_repeat_fn may_repeat,
		  void *ctx, struct json_renames *ren, size_t *dup, size_t *first)
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
			st[depth] = (struct level){ .object = ch == '{', .want_key = ch == '{' };
			if (lv && lv->object)
				st[depth].parent = lv->last;
			depth++;
			i++;
			break;
		case '}':
		case ']':
			if (depth) {
				if (ren && number_repeats(t, lv, ren))
					ret = -1;
				level_free(lv);
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
				ret = add_key(t, st, depth - 1, (struct span){ i, e - i },
					      may_repeat, ctx, first);
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
		level_free(&st[--depth]);
	/* inner objects end first: the renames come out of text order */
	if (ren && ren->n)
		qsort(ren->r, ren->n, sizeof(*ren->r), by_offset);
	return ret;
}
