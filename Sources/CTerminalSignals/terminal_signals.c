#define _GNU_SOURCE 1
#include "terminal_signals.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <termios.h>
#include <unistd.h>

// One definition of everything the handlers share (see the header for why this is not a header-only target).
static volatile sig_atomic_t pending_quit_signal = 0;
static volatile sig_atomic_t pending_resize = 0;
static volatile sig_atomic_t pending_suspend = 0;
static volatile sig_atomic_t grapheme_clusters_turned_on = 0;
static int wake_pipe[2] = {-1, -1};
static struct termios saved_terminal_modes;
static int have_saved_terminal_modes = 0;
static struct sigaction previous_crash_actions[32];
static volatile int held_error_fd = -1;   // where standard error's writes go while the viewer holds the screen
static volatile int saved_error_fd = -1;  // the real standard error meanwhile

static void wake_loop(void) {
  int saved_errno = errno;
  if (wake_pipe[1] >= 0) {
    char byte = 1;
    ssize_t ignored = write(wake_pipe[1], &byte, 1);
    (void)ignored;
  }
  errno = saved_errno;
}

static void on_quit_signal(int signal_number) {
  pending_quit_signal = signal_number;
  wake_loop();
}

static void on_resize_signal(int signal_number) {
  (void)signal_number;
  pending_resize = 1;
  wake_loop();
}

static void on_suspend_signal(int signal_number) {
  (void)signal_number;
  pending_suspend = 1;
  wake_loop();
}

static void install_suspend_handler(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  action.sa_handler = on_suspend_signal;
  sigaction(SIGTSTP, &action, NULL);
}

int wf_install_signal_handlers(void) {
  if (wake_pipe[0] < 0) {
    if (pipe2(wake_pipe, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
  }
  struct sigaction action;
  memset(&action, 0, sizeof action);
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  action.sa_handler = on_quit_signal;
  static const int quit_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
  for (unsigned i = 0; i < sizeof quit_signals / sizeof quit_signals[0]; i++) {
    sigaction(quit_signals[i], &action, NULL);
  }
  action.sa_handler = on_resize_signal;
  sigaction(SIGWINCH, &action, NULL);
  // Ours before curses starts, so curses leaves Ctrl-Z to us: it does not know the mouse reporting we turned on.
  install_suspend_handler();
  // The signals may have been blocked by whoever started us; the main loop must see them.
  sigset_t unblock;
  sigemptyset(&unblock);
  for (unsigned i = 0; i < sizeof quit_signals / sizeof quit_signals[0]; i++) sigaddset(&unblock, quit_signals[i]);
  sigaddset(&unblock, SIGWINCH);
  sigaddset(&unblock, SIGTSTP);
  pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
  return 0;
}

int wf_signal_wake_fd(void) { return wake_pipe[0]; }

void wf_drain_signal_wake_fd(void) {
  if (wake_pipe[0] < 0) return;
  char buffer[64];
  while (read(wake_pipe[0], buffer, sizeof buffer) > 0) {
  }
}

int wf_take_quit_signal(void) {
  int signal_number = pending_quit_signal;
  pending_quit_signal = 0;
  return signal_number;
}

int wf_take_resize_signal(void) {
  int resized = pending_resize;
  pending_resize = 0;
  return resized;
}

int wf_take_suspend_signal(void) {
  int suspended = pending_suspend;
  pending_suspend = 0;
  return suspended;
}

void wf_stop_until_continued(void) {
  signal(SIGTSTP, SIG_DFL);
  sigset_t unblock;
  sigemptyset(&unblock);
  sigaddset(&unblock, SIGTSTP);
  pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
  // The whole job stops, as the shell expects; execution goes on here after SIGCONT.
  kill(0, SIGTSTP);
  install_suspend_handler();
}

void wf_set_grapheme_clusters_turned_on(int on) { grapheme_clusters_turned_on = on; }

void wf_restore_saved_terminal_modes(void) {
  if (have_saved_terminal_modes) tcsetattr(STDIN_FILENO, TCSANOW, &saved_terminal_modes);
}

int wf_hold_standard_error(void) {
  if (held_error_fd >= 0 || !isatty(STDERR_FILENO)) return 0;
  int held = memfd_create("waterfall-standard-error", MFD_CLOEXEC);
  if (held < 0) return -1;
  int saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
  if (saved < 0 || dup2(held, STDERR_FILENO) < 0) {
    if (saved >= 0) close(saved);
    close(held);
    return -1;
  }
  saved_error_fd = saved;
  held_error_fd = held;
  return 0;
}

static void write_all(int fd, const char *bytes, size_t count) {
  while (count > 0) {
    ssize_t written = write(fd, bytes, count);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return;
    bytes += written;
    count -= (size_t)written;
  }
}

// Only read, write, dup2 and close: async-signal-safe, as the crash handler calls it. What was held may name a
// dataset's file, so control characters (C0 but newline and tab, DEL, C1 as UTF-8) become '?' on the way out.
void wf_release_standard_error(void) {
  int held = held_error_fd;
  int saved = saved_error_fd;
  if (held < 0) return;
  held_error_fd = -1;
  saved_error_fd = -1;
  dup2(saved, STDERR_FILENO);
  close(saved);
  static const size_t limit = 1 << 20;
  char buffer[4096];
  off_t offset = 0;
  int after_c2 = 0;
  ssize_t count;
  while ((size_t)offset < limit && (count = pread(held, buffer, sizeof buffer, offset)) > 0) {
    for (ssize_t i = 0; i < count; i++) {
      unsigned char byte = (unsigned char)buffer[i];
      int c1 = after_c2 && byte >= 0x80 && byte <= 0x9f;
      if ((byte < 0x20 && byte != '\n' && byte != '\t') || byte == 0x7f || c1) buffer[i] = '?';
      if (c1 && i > 0) buffer[i - 1] = '?';
      after_c2 = byte == 0xc2;
    }
    write_all(STDERR_FILENO, buffer, (size_t)count);
    offset += count;
  }
  if (count > 0) {
    static const char cut[] = "\n(standard error held during the session: cut at 1 MiB)\n";
    write_all(STDERR_FILENO, cut, sizeof cut - 1);
  }
  close(held);
}

// A crash cannot go through curses, so the handler writes the restoring escape sequences itself (write and
// tcsetattr are async-signal-safe). Then, for a real fault, it puts back the handler that was there before (the
// Swift runtime's backtracer) and returns: the faulting instruction runs again and the backtracer reports on a
// sane terminal. A crash signal sent with kill or raise has no instruction to rerun, so it dies of it at once.
static void on_crash_signal(int signal_number, siginfo_t *info, void *context) {
  (void)context;
  static const char reset[] =
      "\033\\"                                                    // a string ended: a picture being written on its
                                                                   // own thread would swallow what follows
      "\033[?2026l"                                               // a synchronized update ended: a crash mid-frame
                                                                   // would leave the screen frozen until it times out
      "\033[?1000l\033[?1002l\033[?1003l\033[?1006l\033[?1015l"  // mouse reporting off
      "\033[?2004l"                                               // bracketed paste off
      "\033_Ga=d,d=A,q=2\033\\"                                    // kitty pictures freed (ignored elsewhere)
      "\033[0m\033[?25h"                                           // plain attributes, cursor shown
      "\033[?1049l\r\n";                                           // back to the main screen
  ssize_t ignored = write(STDOUT_FILENO, reset, sizeof reset - 1);
  // The grapheme cluster mode goes back off only where the viewer turned it on (a terminal may keep it on).
  static const char clusters_off[] = "\033[?2027l";
  if (grapheme_clusters_turned_on) ignored = write(STDOUT_FILENO, clusters_off, sizeof clusters_off - 1);
  (void)ignored;
  wf_restore_saved_terminal_modes();
  // The runtime's last words (a Swift error's message) were held: they go out on the restored terminal, and a
  // backtracer's report after them.
  wf_release_standard_error();
  int sent_by_process = info == NULL || info->si_code <= 0;
  if (!sent_by_process && signal_number > 0 && signal_number < 32) {
    sigaction(signal_number, &previous_crash_actions[signal_number], NULL);
    return;
  }
  signal(signal_number, SIG_DFL);
  raise(signal_number);
}

void wf_install_crash_handler(void) {
  if (tcgetattr(STDIN_FILENO, &saved_terminal_modes) == 0) have_saved_terminal_modes = 1;
  static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT};
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = on_crash_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_SIGINFO | SA_NODEFER;
  for (unsigned i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
    int signal_number = crash_signals[i];
    sigaction(signal_number, &action, &previous_crash_actions[signal_number]);
  }
}

void wf_die_of_signal(int signal_number) {
  signal(signal_number, SIG_DFL);
  sigset_t unblock;
  sigemptyset(&unblock);
  sigaddset(&unblock, signal_number);
  pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
  raise(signal_number);
}
