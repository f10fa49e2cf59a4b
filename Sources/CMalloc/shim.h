// glibc's malloc.h, for malloc_trim, which the Glibc module does not export. No state lives here.
#ifndef WATERFALL_CMALLOC_SHIM_H
#define WATERFALL_CMALLOC_SHIM_H

#include <malloc.h>

#endif
