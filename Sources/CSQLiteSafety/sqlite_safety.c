#include "sqlite_safety.h"

#include <sqlite3.h>
#include <time.h>

static const int settings[][2] = {
    {SQLITE_DBCONFIG_DEFENSIVE, 1},
    {SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0},
    {SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0},
};

int wf_sqlite_distrust(void *connection) {
  sqlite3 *db = connection;
  for (unsigned i = 0; i < sizeof settings / sizeof settings[0]; i++) {
    int now = -1;
    int code = sqlite3_db_config(db, settings[i][0], settings[i][1], &now);
    if (code != SQLITE_OK) return code;
    if (now != settings[i][1]) return SQLITE_ERROR;
  }
  return SQLITE_OK;
}

int wf_sqlite_distrusts(void *connection) {
  for (unsigned i = 0; i < sizeof settings / sizeof settings[0]; i++) {
    int now = -1;
    if (sqlite3_db_config((sqlite3 *)connection, settings[i][0], -1, &now) != SQLITE_OK) return 0;
    if (now != settings[i][1]) return 0;
  }
  return 1;
}

static long long monotonic_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

long long wf_sqlite_deadline_after(long long nanoseconds) { return monotonic_now() + nanoseconds; }

static int past_deadline(void *deadline) { return monotonic_now() > *(const long long *)deadline; }

void wf_sqlite_set_deadline(void *connection, const long long *deadline) {
  // Every 10,000 virtual-machine steps: a few microseconds, so the limit is kept to well under a millisecond.
  sqlite3_progress_handler(connection, deadline ? 10000 : 0, deadline ? past_deadline : 0, (void *)deadline);
}

static int raised(void *stop) { return __atomic_load_n((const int *)stop, __ATOMIC_ACQUIRE); }

void wf_sqlite_stop_when(void *connection, const int *stop) {
  sqlite3_progress_handler(connection, stop ? 10000 : 0, stop ? raised : 0, (void *)stop);
}

void wf_sqlite_raise(int *stop) { __atomic_store_n(stop, 1, __ATOMIC_RELEASE); }
