#include "text_encodings.h"

#include <string.h>
#include <unicode/ucnv.h>
#include <unicode/ucsdet.h>
#include <unicode/utypes.h>

int32_t folio_detect_encodings(const char *bytes, int32_t length, char *names, int32_t *confidences, int32_t count,
                               int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  UCharsetDetector *detector = ucsdet_open(&status);
  if (U_FAILURE(status)) {
    *error = (int32_t)status;
    return -1;
  }
  ucsdet_setText(detector, bytes, length, &status);
  int32_t found = 0;
  const UCharsetMatch **matches = U_SUCCESS(status) ? ucsdet_detectAll(detector, &found, &status) : NULL;
  int32_t written = 0;
  for (int32_t index = 0; matches && U_SUCCESS(status) && index < found && written < count; index++) {
    const char *name = ucsdet_getName(matches[index], &status);
    int32_t confidence = ucsdet_getConfidence(matches[index], &status);
    if (!name || U_FAILURE(status)) break;
    char *slot = names + (size_t)written * FOLIO_ENCODING_NAME_SIZE;
    strncpy(slot, name, FOLIO_ENCODING_NAME_SIZE - 1);
    slot[FOLIO_ENCODING_NAME_SIZE - 1] = '\0';
    confidences[written++] = confidence;
  }
  ucsdet_close(detector);
  *error = (int32_t)status;
  return U_FAILURE(status) ? -1 : written;
}

int32_t folio_encoding_is_known(const char *name) {
  UErrorCode status = U_ZERO_ERROR;
  UConverter *converter = ucnv_open(name, &status);
  if (converter) ucnv_close(converter);
  return U_SUCCESS(status) ? 1 : 0;
}

int32_t folio_convert_to_utf8(const char *name, const char *bytes, int32_t length, char *output,
                              int32_t capacity, int32_t *error) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t needed = ucnv_convert("UTF-8", name, output, capacity, bytes, length, &status);
  if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return needed;
  if (U_FAILURE(status)) {
    *error = (int32_t)status;
    return -1;
  }
  *error = 0;
  return needed;
}
