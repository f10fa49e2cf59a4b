#include "vips_shim.h"

#include <dlfcn.h>
#include <stdio.h>

void *wf_vips_functions[WF_VIPS_FUNCTION_COUNT];

static const char *const function_names[] = {
#define WF_VIPS_FUNCTION(name) #name,
    WF_VIPS_FUNCTIONS
#undef WF_VIPS_FUNCTION
};

const char *wf_vips_load(void) {
  static char problem[300];
  // RTLD_LOCAL: its symbols stay its own; RTLD_NOW: a missing one fails here, not in the middle of a decode.
  void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    snprintf(problem, sizeof problem, "libvips could not be loaded (%s)", dlerror());
    return problem;
  }
  for (int index = 0; index < WF_VIPS_FUNCTION_COUNT; index++) {
    wf_vips_functions[index] = dlsym(library, function_names[index]);
    if (wf_vips_functions[index] == NULL) {
      snprintf(problem, sizeof problem, "libvips lacks %s", function_names[index]);
      return problem;
    }
  }
  return NULL;
}
