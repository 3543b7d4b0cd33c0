// libxml2 (Debian libxml2-dev, pkg-config `libxml-2.0`) for CaptionTTML's XML parsing:
// the SAX2 interface, parser-context internals (for byte positions) and structured errors.
#ifndef CAPTIONKIT_CLIBXML2_SHIM_H
#define CAPTIONKIT_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU; its <unicode/*.h> clash with the toolchain's
// _FoundationICU module. We never use ICU converters (input is UTF-8), and the only
// struct whose layout depends on this (xmlCharEncodingHandler) is used through pointers.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/entities.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlIO.h>
#include <libxml/HTMLparser.h>

/// `xmlFree` is a global function pointer; Swift 6 rejects reading it directly.
static inline void captionkit_xmlFree(void *p) { xmlFree(p); }
#endif
