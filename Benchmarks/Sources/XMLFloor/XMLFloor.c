#include "XMLFloor.h"

#include <libxml/parser.h>
#include <malloc.h>
#include <string.h>

static void floor_start(void *context, const xmlChar *localname, const xmlChar *prefix,
                        const xmlChar *uri, int namespaceCount, const xmlChar **namespaces,
                        int attributeCount, int defaultedCount, const xmlChar **attributes) {
  xmlParserCtxtPtr parser = context;
  (*(long *)parser->_private)++;
}

static void floor_end(void *context, const xmlChar *localname, const xmlChar *prefix,
                      const xmlChar *uri) {}

static void floor_characters(void *context, const xmlChar *text, int length) {}

static void floor_error(void *context, const xmlError *error) {}

long tt_libxml2_sax_floor(const unsigned char *bytes, size_t count, size_t chunk) {
  xmlSAXHandler handler;
  memset(&handler, 0, sizeof handler);
  xmlSAXVersion(&handler, 2);
  handler.startElementNs = floor_start;
  handler.endElementNs = floor_end;
  handler.characters = floor_characters;
  handler.cdataBlock = floor_characters;
  handler.ignorableWhitespace = floor_characters;
  handler.serror = (xmlStructuredErrorFunc)floor_error;
  handler.startElement = NULL;
  handler.endElement = NULL;
  size_t first = count < 4 ? count : 4;
  xmlParserCtxtPtr parser =
      xmlCreatePushParserCtxt(&handler, NULL, (const char *)bytes, (int)first, NULL);
  if (parser == NULL) return -1;
  long elements = 0;
  parser->_private = &elements;
  xmlCtxtUseOptions(parser, XML_PARSE_NONET);
  size_t offset = first;
  while (offset < count) {
    size_t size = count - offset < chunk ? count - offset : chunk;
    xmlParseChunk(parser, (const char *)bytes + offset, (int)size, 0);
    offset += size;
  }
  xmlParseChunk(parser, NULL, 0, 1);
  int wellFormed = parser->wellFormed;
  if (parser->myDoc != NULL) xmlFreeDoc(parser->myDoc);
  xmlFreeParserCtxt(parser);
  return wellFormed ? elements : -1;
}

void tt_release_free_memory(void) { malloc_trim(0); }
