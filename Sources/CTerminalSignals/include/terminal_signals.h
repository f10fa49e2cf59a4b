// Signal and crash handling for the viewer's terminal session. This is a compiled C target, not a header of
// inline functions: the state the handlers share is defined once, in terminal_signals.c, so every Swift module
// that calls these functions reads and writes the same variables.
#ifndef WATERFALL_TERMINAL_SIGNALS_H
#define WATERFALL_TERMINAL_SIGNALS_H

/// Installs the quit handlers (SIGINT, SIGTERM, SIGHUP, SIGQUIT), the resize handler (SIGWINCH) and the suspend
/// handler (SIGTSTP, Ctrl-Z). Each handler records its signal and writes a byte to a pipe, so a loop that polls
/// ``wf_signal_wake_fd`` wakes at once.
/// Returns 0, or -1 when the pipe cannot be made.
int wf_install_signal_handlers(void);

/// The read end of the wake-up pipe (-1 before installation). Poll it beside standard input.
int wf_signal_wake_fd(void);

/// Empties the wake-up pipe.
void wf_drain_signal_wake_fd(void);

/// The quit signal received since the last call, or 0.
int wf_take_quit_signal(void);

/// Whether SIGWINCH arrived since the last call.
int wf_take_resize_signal(void);

/// Whether SIGTSTP (Ctrl-Z) arrived since the last call: the loop puts the terminal back, then calls
/// ``wf_stop_until_continued``.
int wf_take_suspend_signal(void);

/// Stops the process as SIGTSTP's default action would, and returns once it is continued (SIGCONT, `fg`), with
/// the suspend handler installed again.
void wf_stop_until_continued(void);

/// Remembers the terminal's modes as they are now (call before curses starts) and installs the crash handler for
/// SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE and SIGABRT, which restores the terminal before the process dies.
void wf_install_crash_handler(void);

/// Whether the viewer turned the terminal's grapheme cluster mode (2027) on, so that a crash turns it off again.
void wf_set_grapheme_clusters_turned_on(int on);

/// While the viewer holds the screen, what is written to standard error (a library's warning, the Swift runtime's
/// message before a crash) would be drawn over the frame and lost with the alternate screen: when standard error is
/// a terminal, it goes to memory instead until ``wf_release_standard_error``. Returns 0, or -1 when it cannot.
int wf_hold_standard_error(void);
/// Gives standard error back and writes what was held to it, control characters made '?', 1 MiB at most.
/// Async-signal-safe; does nothing when nothing is held. The crash handler calls it after restoring the terminal.
void wf_release_standard_error(void);
/// Puts back the terminal modes remembered by ``wf_install_crash_handler``.
void wf_restore_saved_terminal_modes(void);

/// Restores the default action of `signal_number` and raises it, so the process ends the way Unix programs end
/// for that signal (the shell sees 128 + the signal).
void wf_die_of_signal(int signal_number);

#endif
