// The libchafa shim: chafa's API is not variadic, so this only gathers the header. No state lives here.
#ifndef WATERFALL_CCHAFA_SHIM_H
#define WATERFALL_CCHAFA_SHIM_H

#include <chafa.h>

#endif
