// CLD2's API is C++ (a namespace, an enum, overloads): this is the one C function the Swift side calls.
// Debian's compact_lang_det.h uses FILE without including <cstdio>, so it comes first.
#include <cstdio>

#include <cld2/public/compact_lang_det.h>

#include "language_detection.h"

extern "C" const char *folio_language_detect(const char *text, int32_t length, int32_t *percent,
                                             int32_t *reliable, int32_t *scored) {
  CLD2::Language languages[3];
  int percents[3] = {0, 0, 0};
  int textBytes = 0;
  bool isReliable = false;
  // The summary form (not the "Ext" one) answers only with real languages, never with a script such as
  // "xx-Qaai"; is_plain_text skips CLD2's HTML tag and entity handling, which would eat "<" in prose.
  CLD2::Language language = CLD2::DetectLanguageSummary(text, length, true, languages, percents, &textBytes,
                                                        &isReliable);
  *percent = percents[0];
  *reliable = isReliable ? 1 : 0;
  *scored = textBytes;
  return CLD2::LanguageCode(language);
}
