#include "sentence_breaks.h"

#include <unicode/ubrk.h>
#include <unicode/unorm2.h>
#include <unicode/utypes.h>

void *folio_sentence_iterator_open(const char *locale, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *iterator = ubrk_open(UBRK_SENTENCE, locale, NULL, 0, &status);
  *error = (int32_t)status;
  return U_FAILURE(status) ? NULL : iterator;
}

void folio_sentence_iterator_close(void *iterator) {
  if (iterator) ubrk_close((UBreakIterator *)iterator);
}

int32_t folio_sentence_boundaries(void *iterator, const uint16_t *text, int32_t length, int32_t *boundaries,
                                  int32_t capacity, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *breaks = (UBreakIterator *)iterator;
  ubrk_setText(breaks, (const UChar *)text, length, &status);
  if (U_FAILURE(status)) {
    *error = (int32_t)status;
    return -1;
  }
  int32_t count = 0;
  for (int32_t boundary = ubrk_first(breaks); boundary != UBRK_DONE && count < capacity;
       boundary = ubrk_next(breaks)) {
    boundaries[count++] = boundary;
  }
  *error = 0;
  return count;
}

const char *folio_icu_error_name(int32_t error) { return u_errorName((UErrorCode)error); }

int32_t folio_normalize_nfc(const uint16_t *text, int32_t length, uint16_t *output, int32_t capacity,
                            int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2 *nfc = unorm2_getNFCInstance(&status);
  if (U_FAILURE(status)) {
    *error = status;
    return -1;
  }
  int32_t needed = unorm2_normalize(nfc, (const UChar *)text, length, (UChar *)output, capacity, &status);
  if (status == U_BUFFER_OVERFLOW_ERROR) return needed;
  if (U_FAILURE(status)) {
    *error = status;
    return -1;
  }
  return needed;
}
