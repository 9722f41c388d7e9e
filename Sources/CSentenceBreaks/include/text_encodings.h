#ifndef FOLIOTELL_TEXT_ENCODINGS_H
#define FOLIOTELL_TEXT_ENCODINGS_H
#include <stdint.h>

/* The encodings ICU's charset detector finds for `bytes`, most likely first: up to `count` names (each
   NUL-terminated in its own `FOLIO_ENCODING_NAME_SIZE` bytes of `names`, like "windows-1252", "KOI8-R")
   with their confidences from 0 to 100. Returns how many, or -1 with *error set. */
#define FOLIO_ENCODING_NAME_SIZE 32
int32_t folio_detect_encodings(const char *bytes, int32_t length, char *names, int32_t *confidences, int32_t count,
                               int32_t *error);

/* Whether ICU has a converter for the encoding named `name` (any of its aliases: "latin1", "cp1251"). */
int32_t folio_encoding_is_known(const char *name);

/* `bytes` in the encoding `name`, converted to UTF-8 into `output`. Bytes that do not map are replaced
   by U+FFFD. Returns the length it needs, which may exceed `capacity` (then call again with more room),
   or -1 with *error set. */
int32_t folio_convert_to_utf8(const char *name, const char *bytes, int32_t length, char *output,
                              int32_t capacity, int32_t *error);
#endif
