// The cgif shim: animated GIFs from indexed frames (libvips' own GIF writer). No state lives here.
#ifndef WATERFALL_CCGIF_SHIM_H
#define WATERFALL_CCGIF_SHIM_H

#include <cgif.h>

#endif
