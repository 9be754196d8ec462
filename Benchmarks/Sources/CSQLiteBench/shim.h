// The system SQLite, for the benchmarks' raw prepared-SELECT anchor.
#include <sqlite3.h>
