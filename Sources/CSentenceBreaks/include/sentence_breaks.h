#ifndef FOLIOTELL_SENTENCE_BREAKS_H
#define FOLIOTELL_SENTENCE_BREAKS_H
#include <stdint.h>
/* Included here, and not only found in the umbrella folder: build folders kept between builds (the package
   build's) keep a module cache that does not notice a header added to the folder, only a change to one it
   has seen. */
#include "text_encodings.h"

/* An ICU sentence break iterator for one locale (for example "en@ss=standard", whose keyword keeps ICU
   from breaking after common abbreviations). Opening one is costly; reuse it for every paragraph.
   Returns NULL with *error set to ICU's error code. Free with folio_sentence_iterator_close. */
void *folio_sentence_iterator_open(const char *locale, int32_t *error);
void folio_sentence_iterator_close(void *iterator);

/* Writes the sentence boundaries of `text` (UTF-16, `length` units): UTF-16 offsets starting with 0 and
   ending with `length`. Returns how many, or -1 with *error set. */
int32_t folio_sentence_boundaries(void *iterator, const uint16_t *text, int32_t length, int32_t *boundaries,
                                  int32_t capacity, int32_t *error);

/* Unicode normalization form C (canonical composition) of `text` (UTF-16, `length` units) into
   `output`. Returns the length it needs, which may exceed `capacity` (then call again with more room), or
   -1 with *error set. */
int32_t folio_normalize_nfc(const uint16_t *text, int32_t length, uint16_t *output, int32_t capacity,
                            int32_t *error);

/* ICU's name for an error code, like "U_MEMORY_ALLOCATION_ERROR". */
const char *folio_icu_error_name(int32_t error);
#endif
