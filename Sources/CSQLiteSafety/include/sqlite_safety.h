#ifndef WATERFALL_SQLITE_SAFETY_H
#define WATERFALL_SQLITE_SAFETY_H

/// A SQLite file is untrusted input. `wf_sqlite_distrust` sets a connection (a `sqlite3 *`, passed untyped so
/// that Swift need not share GRDB's module for the type) to treat it so: defensive mode (no writable schema, no
/// shadow-table writes), the schema not trusted (a view, trigger, generated column or index runs no function that
/// is not innocuous), no extension loading. sqlite3_db_config is variadic, which Swift cannot call: hence C.
/// Returns 0, or SQLite's error code for the first setting refused.
int wf_sqlite_distrust(void *connection);

/// 1 when `connection` has every setting of `wf_sqlite_distrust` in effect, else 0.
int wf_sqlite_distrusts(void *connection);

/// Stops the statements `connection` runs (SQLITE_INTERRUPT) once the monotonic clock passes `*deadline`
/// (nanoseconds, see `wf_sqlite_deadline_after`); `deadline` NULL takes the limit away. `*deadline` must outlive
/// the statements run meanwhile. A view's SQL may never end (a recursive CTE): reading it once is bounded.
void wf_sqlite_set_deadline(void *connection, const long long *deadline);

/// The monotonic clock `nanoseconds` from now.
long long wf_sqlite_deadline_after(long long nanoseconds);

/// Stops the statements `connection` runs (SQLITE_INTERRUPT) once `*stop` is raised (`wf_sqlite_raise`, from any
/// thread); `stop` NULL lets them run. Unlike sqlite3_interrupt it stops only what runs while it is set, never
/// the next statement on the connection (a page load after a search typed over).
void wf_sqlite_stop_when(void *connection, const int *stop);

/// Raises `*stop` for `wf_sqlite_stop_when`, atomically.
void wf_sqlite_raise(int *stop);

#endif
