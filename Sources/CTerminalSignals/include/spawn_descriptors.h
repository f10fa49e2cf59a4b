// What a child started with posix_spawn keeps of this process: only what the spawn's actions give it.
#ifndef WATERFALL_SPAWN_DESCRIPTORS_H
#define WATERFALL_SPAWN_DESCRIPTORS_H

#include <spawn.h>

/// Adds to `actions` the closing, in the child, of every descriptor from `lowest` up (glibc's
/// posix_spawn_file_actions_addclosefrom_np, which Swift's Glibc module leaves out): a child that outlives its
/// parent's use of a socket (a PostgreSQL connection, a download) must not keep it open. Returns 0 or an errno.
int wf_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

#endif
