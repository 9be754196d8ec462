#ifndef THREE20_CCHAFA_SHIM_H
#define THREE20_CCHAFA_SHIM_H
#include <chafa.h>
#endif
