#ifndef THREE20_CSQLITE3_SHIM_H
#define THREE20_CSQLITE3_SHIM_H
#include <sqlite3.h>
#endif
