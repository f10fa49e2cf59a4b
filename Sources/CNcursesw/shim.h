// The curses shim. SwiftPM drops the -D flags of ncursesw's pkg-config file, so the wide character API is
// switched on here, before curses is included. Macros that do not import into Swift become small inline functions
// with a wf_ prefix. No state lives here: each Swift module that imports this header gets its own copy of these
// static inline functions (signal state is in the CTerminalSignals target).
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
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// MARK: attributes and colours

static inline attr_t wf_a_normal(void) { return A_NORMAL; }
static inline attr_t wf_a_bold(void) { return A_BOLD; }
static inline attr_t wf_a_dim(void) { return A_DIM; }
static inline attr_t wf_a_reverse(void) { return A_REVERSE; }
static inline int wf_color_pairs(void) { return COLOR_PAIRS; }
static inline int wf_colors(void) { return COLORS; }
// curses' globals are mutable C state; Swift 6 sees them through these functions only, from the main loop.
static inline WINDOW *wf_stdscr(void) { return stdscr; }

// MARK: terminal descriptions

// From <term.h>, which is not included because its capability macros (lines, columns, …) would clash with names.
extern int setupterm(const char *term, int file_descriptor, int *error);

/// Whether this machine has a terminal description for `term`. setupterm with a place for the error reports
/// instead of printing and exiting, and writes nothing to the terminal.
static inline int wf_terminal_description_exists(const char *term) {
  int error = 0;
  return setupterm(term, STDOUT_FILENO, &error) == OK;
}

// MARK: geometry and text

static inline void wf_getmaxyx(WINDOW *window, int *rows, int *columns) {
  int y, x;
  getmaxyx(window, y, x);
  *rows = y;
  *columns = x;
}

/// The most characters one curses cell holds: a spacing character and the combining ones after it.
static inline int wf_cell_characters_max(void) { return CCHARW_MAX; }

/// Puts one grapheme cluster (`count` wide characters: a spacing one, then combining ones) with attributes and
/// colour pair at row, column. The pair is passed as an extended pair (through setcchar's `opts`), so pairs above
/// 32767 work.
static inline int wf_put_cluster(int row, int column, const wchar_t *characters, int count, attr_t attributes,
                                 int pair) {
  wchar_t text[CCHARW_MAX + 1];
  int length = count < CCHARW_MAX ? count : CCHARW_MAX;
  for (int i = 0; i < length; i++) text[i] = characters[i];
  text[length] = 0;
  cchar_t cell;
  if (setcchar(&cell, text, attributes, 0, &pair) != OK) return ERR;
  return mvadd_wch(row, column, &cell);
}

#endif
