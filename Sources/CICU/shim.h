#ifndef FOLIOTELL_CICU_SHIM_H
#define FOLIOTELL_CICU_SHIM_H
/* Debian's libicu, linked through pkg-config (icu-i18n, icu-uc). Its headers are not exported to Swift:
   Foundation carries its own ICU headers, and the two definitions of UErrorCode clash in one module.
   CSentenceBreaks wraps what the box uses behind plain C types. */
#endif
