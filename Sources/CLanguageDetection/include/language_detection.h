#ifndef FOLIOTELL_LANGUAGE_DETECTION_H
#define FOLIOTELL_LANGUAGE_DETECTION_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The most likely language of `text` (valid UTF-8 plain text, `length` bytes), by CLD2 (Debian's
   libcld2, Compact Language Detector 2). Returns its code ("de", "pt", "zh-Hant"; "un" when CLD2 cannot
   tell), a static string that is never freed. Sets *percent to the share of the text CLD2 scored in that
   language (0 to 100), *reliable to 1 when CLD2 judges the answer reliable (else 0), and *scored to the
   bytes of letters it scored. Never fails: text it cannot judge is "un". */
const char *folio_language_detect(const char *text, int32_t length, int32_t *percent, int32_t *reliable,
                                  int32_t *scored);

#ifdef __cplusplus
}
#endif
#endif
