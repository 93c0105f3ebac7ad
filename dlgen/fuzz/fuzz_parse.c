// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the task-set front end: any byte string must give
 * either a valid task set or problems on the error stream, never a crash,
 * a leak or undefined behaviour (built with ASan + UBSan).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct taskset ts;
	char *text = malloc(size + 1);
	FILE *err = fopen("/dev/null", "w");

	if (!text || !err) {
		free(text);
		if (err)
			fclose(err);
		return 0;
	}
	memcpy(text, data, size);
	text[size] = '\0';	/* the parser takes a C string, as taskset_load() gives it */
	taskset_parse("fuzz.json", text, &ts, err);
	fclose(err);
	free(text);
	return 0;
}
