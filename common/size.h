/* Byte sizes as users write them: 4096, 64K, 64KiB, 1.5M, 2G (binary units). */
#ifndef RFL_SIZE_H
#define RFL_SIZE_H

#include <stddef.h>
#include <stdint.h>

/* 0 on success; -1 on a malformed value, a zero or an overflow. */
int rfl_parse_size(const char *text, uint64_t *bytes);
/* "MIN:MAX" or a single size (MIN = MAX); -1 also when MIN > MAX. */
int rfl_parse_size_range(const char *text, uint64_t *min_bytes, uint64_t *max_bytes);
/* Shortest exact-or-one-decimal form: 65536 -> "64K", 1610612736 -> "1.5G". */
const char *rfl_format_size(uint64_t bytes, char *buf, size_t len);

#endif
