// The zlib shim: only gathers the header (compress2 and compressBound are plain functions). No state lives here.
#ifndef WATERFALL_CZLIB_SHIM_H
#define WATERFALL_CZLIB_SHIM_H

#include <zlib.h>

#endif
