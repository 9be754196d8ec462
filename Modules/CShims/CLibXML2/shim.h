#ifndef THREE20_CLIBXML2_SHIM_H
#define THREE20_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>

/* Debian builds libxml2 with ICU, so <libxml/encoding.h> includes the system's
 * <unicode/ucnv.h>. Those headers clash with the copy of ICU inside Foundation
 * ("'UErrorCode' has different definitions in different modules") in every Swift module
 * that sees both. We never use libxml2's ICU converters, and the only declarations behind
 * this macro are two trailing pointer fields of xmlCharEncodingHandler, a struct libxml2
 * allocates and frees itself; so the ICU part is hidden from Swift. */
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#endif
