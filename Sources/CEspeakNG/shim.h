#ifndef FOLIOTELL_CESPEAKNG_SHIM_H
#define FOLIOTELL_CESPEAKNG_SHIM_H
#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
#endif
