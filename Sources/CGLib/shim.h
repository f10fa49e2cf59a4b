// GLib and GObject, which libchafa and the libvips shim use (linked: libchafa needs GLib anyway). Its pkg-config
// file gives the include paths libvips' headers need too, without linking libvips itself (see CVips).
#ifndef WATERFALL_CGLIB_SHIM_H
#define WATERFALL_CGLIB_SHIM_H
#include <glib-object.h>
#endif
