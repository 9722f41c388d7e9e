#ifndef FOLIOTELL_CZLIB_SHIM_H
#define FOLIOTELL_CZLIB_SHIM_H
#include <zlib.h>
#endif
