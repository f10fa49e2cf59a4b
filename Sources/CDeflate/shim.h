// The libdeflate shim: only gathers the header (a compressor is a plain heap object). No state lives here.
#ifndef WATERFALL_CDEFLATE_SHIM_H
#define WATERFALL_CDEFLATE_SHIM_H

#include <libdeflate.h>

#endif
