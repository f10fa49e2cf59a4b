// A file removed when the process is interrupted (SIGINT, SIGTERM, SIGHUP): an import's half-written output.
#ifndef WATERFALL_REMOVAL_ON_SIGNAL_H
#define WATERFALL_REMOVAL_ON_SIGNAL_H

/// From now until ``wf_keep_file_on_quit_signals``, SIGINT, SIGTERM and SIGHUP unlink `path` and, when it was
/// there, write `message` to standard error, then end the process as the signal does; one ignored at the call
/// stays ignored. Installed with sigaction before this returns, so a signal straight after is never lost (a
/// dispatch source registers later, and the signal, ignored meanwhile, was gone). Both strings are copied.
/// Returns 0, or -1 when out of memory.
int wf_remove_file_on_quit_signals(const char *path, const char *message);

/// The signals' actions as they were before; the file is no longer removed.
void wf_keep_file_on_quit_signals(void);

#endif
