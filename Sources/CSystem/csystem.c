// The header has everything; a C target needs one source file.
#include "csystem.h"
