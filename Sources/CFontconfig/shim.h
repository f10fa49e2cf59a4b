// The fontconfig shim: finds the font files a tape's family names (and fallbacks for CJK and emoji).
#ifndef WATERFALL_CFONTCONFIG_SHIM_H
#define WATERFALL_CFONTCONFIG_SHIM_H

#include <fontconfig/fontconfig.h>

#endif
