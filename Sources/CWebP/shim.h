// The libwebp shim: animated WebP through its animation encoder (libwebpmux). No state lives here.
#ifndef WATERFALL_CWEBP_SHIM_H
#define WATERFALL_CWEBP_SHIM_H

#include <webp/encode.h>
#include <webp/mux.h>

#endif
