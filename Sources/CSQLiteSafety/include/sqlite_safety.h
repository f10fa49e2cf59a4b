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

#endif
