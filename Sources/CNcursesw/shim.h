// The one C header of Waterfall. SwiftPM drops the -D flags of ncursesw's pkg-config file, so the wide
// character API is switched on here, before curses is included. Macros that do not import into Swift become
// small inline functions with a wf_ prefix.
#ifndef WATERFALL_CNCURSESW_SHIM_H
#define WATERFALL_CNCURSESW_SHIM_H

#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1
#endif
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 600
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#define NCURSES_WIDECHAR 1

#include <locale.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// MARK: attributes and colours

static inline attr_t wf_a_normal(void) { return A_NORMAL; }
static inline attr_t wf_a_bold(void) { return A_BOLD; }
static inline attr_t wf_a_dim(void) { return A_DIM; }
static inline attr_t wf_a_reverse(void) { return A_REVERSE; }
static inline attr_t wf_a_underline(void) { return A_UNDERLINE; }
static inline int wf_color_pairs(void) { return COLOR_PAIRS; }
// curses' globals are mutable C state; Swift 6 sees them through these functions only, from the main loop.
static inline WINDOW *wf_stdscr(void) { return stdscr; }

// MARK: keys

static inline int wf_key_resize(void) { return KEY_RESIZE; }
static inline int wf_key_mouse(void) { return KEY_MOUSE; }
static inline int wf_err(void) { return ERR; }

// MARK: mouse masks (their values differ between ncurses ABIs, so never hard-code them)

static inline mmask_t wf_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t wf_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t wf_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t wf_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t wf_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t wf_button5_pressed(void) {
#ifdef BUTTON5_PRESSED
  return BUTTON5_PRESSED;
#else
  return 0;
#endif
}
static inline mmask_t wf_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }

// MARK: geometry and text

static inline void wf_getmaxyx(WINDOW *window, int *rows, int *columns) {
  int y, x;
  getmaxyx(window, y, x);
  *rows = y;
  *columns = x;
}

static inline int wf_wcwidth(wchar_t character) { return wcwidth(character); }

/// Puts one character of `width` cells with attributes and colour pair at row, column.
static inline int wf_put_char(int row, int column, wchar_t character, attr_t attributes, short pair) {
  wchar_t text[2] = {character, 0};
  cchar_t cell;
  if (setcchar(&cell, text, attributes, pair, NULL) != OK) return ERR;
  return mvadd_wch(row, column, &cell);
}

// MARK: signals
//
// Swift emits the inline functions of this header but not its file-scope variables, so the state the signal
// handlers share lives in function-local statics.

static inline volatile sig_atomic_t *wf_pending_quit_signal(void) {
  static volatile sig_atomic_t pending = 0;
  return &pending;
}

// Quit signals only set a flag; the main loop sees it on its next tick (input waits at most 50 ms) and shuts
// curses down in order.
static inline void wf_on_quit_signal(int signal_number) { *wf_pending_quit_signal() = signal_number; }

static inline void wf_install_quit_handlers(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = wf_on_quit_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, NULL);
  sigaction(SIGTERM, &action, NULL);
  sigaction(SIGHUP, &action, NULL);
}

static inline int wf_take_quit_signal(void) {
  int signal_number = *wf_pending_quit_signal();
  *wf_pending_quit_signal() = 0;
  return signal_number;
}

struct wf_crash_state {
  struct termios saved_termios;
  int have_saved_termios;
  struct sigaction previous_actions[32];
};

static inline struct wf_crash_state *wf_crash_state(void) {
  static struct wf_crash_state state;
  return &state;
}

static inline void wf_restore_saved_termios(void) {
  struct wf_crash_state *state = wf_crash_state();
  if (state->have_saved_termios) tcsetattr(STDIN_FILENO, TCSANOW, &state->saved_termios);
}

// A crash cannot go through curses, so the handler writes the restoring escape sequences itself (write and
// tcsetattr are async-signal-safe). Then, for a real fault, it puts back the handler that was there before (the
// Swift runtime's backtracer) and returns: the faulting instruction runs again and the backtracer reports on a
// sane terminal. A crash signal sent with kill or raise has no instruction to rerun, so it dies of it at once.
static inline void wf_on_crash_signal(int signal_number, siginfo_t *info, void *context) {
  (void)context;
  static const char reset[] =
      "\033[?1000l\033[?1002l\033[?1003l\033[?1006l\033[?1015l" // mouse reporting off
      "\033[0m\033[?25h"                                          // plain attributes, cursor shown
      "\033[?1049l\r\n";                                          // back to the main screen
  ssize_t ignored = write(STDOUT_FILENO, reset, sizeof reset - 1);
  (void)ignored;
  wf_restore_saved_termios();
  int sent_by_process = info == NULL || info->si_code <= 0;
  if (!sent_by_process && signal_number > 0 && signal_number < 32) {
    sigaction(signal_number, &wf_crash_state()->previous_actions[signal_number], NULL);
    return;
  }
  signal(signal_number, SIG_DFL);
  raise(signal_number);
}

/// Remembers the terminal's modes as they are now (call before initscr) and installs the crash handler for
/// SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE and SIGABRT.
static inline void wf_install_crash_handler(void) {
  struct wf_crash_state *state = wf_crash_state();
  if (tcgetattr(STDIN_FILENO, &state->saved_termios) == 0) state->have_saved_termios = 1;
  static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT};
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = wf_on_crash_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_SIGINFO | SA_NODEFER;
  for (unsigned i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
    int signal_number = crash_signals[i];
    sigaction(signal_number, &action, &state->previous_actions[signal_number]);
  }
}

#endif
