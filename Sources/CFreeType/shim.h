// The FreeType shim: gathers the headers a tape's pictures draw glyphs with. No state lives here.
#ifndef WATERFALL_CFREETYPE_SHIM_H
#define WATERFALL_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_BITMAP_H

#endif
