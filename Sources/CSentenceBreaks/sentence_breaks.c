#include "sentence_breaks.h"

#include <unicode/ubrk.h>
#include <unicode/utypes.h>

int32_t folio_sentence_boundaries(const uint16_t *text, int32_t length, const char *locale, int32_t *boundaries,
                                  int32_t capacity, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *iterator = ubrk_open(UBRK_SENTENCE, locale, (const UChar *)text, length, &status);
  if (U_FAILURE(status)) {
    *error = (int32_t)status;
    return -1;
  }
  int32_t count = 0;
  for (int32_t boundary = ubrk_first(iterator); boundary != UBRK_DONE && count < capacity;
       boundary = ubrk_next(iterator)) {
    boundaries[count++] = boundary;
  }
  ubrk_close(iterator);
  *error = 0;
  return count;
}

const char *folio_icu_error_name(int32_t error) { return u_errorName((UErrorCode)error); }
