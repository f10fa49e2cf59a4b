#define _GNU_SOURCE 1
#include "removal_on_signal.h"
#include "terminal_signals.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const int removal_signals[] = {SIGINT, SIGTERM, SIGHUP};
enum { removal_signal_count = sizeof removal_signals / sizeof removal_signals[0] };
// Set before the handlers are installed and freed only after they are gone, so the handler reads them whole.
static char *volatile removal_path = NULL;
static char *volatile removal_message = NULL;
static struct sigaction previous_actions[removal_signal_count];
static int installed = 0;

static void on_removal_signal(int signal_number) {
  int saved_errno = errno;
  if (removal_path != NULL && unlink(removal_path) == 0 && removal_message != NULL) {
    ssize_t ignored = write(STDERR_FILENO, removal_message, strlen(removal_message));
    (void)ignored;
  }
  errno = saved_errno;
  wf_die_of_signal(signal_number);
}

int wf_remove_file_on_quit_signals(const char *path, const char *message) {
  wf_keep_file_on_quit_signals();
  char *path_copy = strdup(path);
  char *message_copy = strdup(message);
  if (path_copy == NULL || message_copy == NULL) {
    free(path_copy);
    free(message_copy);
    return -1;
  }
  removal_path = path_copy;
  removal_message = message_copy;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  // Each handler runs with all three blocked: a second signal waits, and the first one's message is whole.
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < removal_signal_count; i++) sigaddset(&action.sa_mask, removal_signals[i]);
  action.sa_handler = on_removal_signal;
  sigset_t unblock;
  sigemptyset(&unblock);
  for (int i = 0; i < removal_signal_count; i++) {
    sigaction(removal_signals[i], NULL, &previous_actions[i]);
    // A signal ignored when we started (`nohup` ignores HUP) stays ignored.
    if (previous_actions[i].sa_handler == SIG_IGN) continue;
    sigaction(removal_signals[i], &action, NULL);
    sigaddset(&unblock, removal_signals[i]);
  }
  installed = 1;
  // Whoever started us may have blocked them.
  pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
  return 0;
}

void wf_keep_file_on_quit_signals(void) {
  if (installed) {
    for (int i = 0; i < removal_signal_count; i++) sigaction(removal_signals[i], &previous_actions[i], NULL);
    installed = 0;
  }
  char *path = removal_path;
  char *message = removal_message;
  removal_path = NULL;
  removal_message = NULL;
  free(path);
  free(message);
}
