/* gn_xml: an XML document parsed from memory with libxml2, silently, stopping at the first error. */
#ifndef GN_XML_H
#define GN_XML_H

#include <libxml/tree.h>

#include <stddef.h>

/* libxml2's first error of a parse (the later ones are usually consequences). */
typedef struct gn_xml_error {
  long line;     /* 0 when unknown */
  char msg[512]; /* one line; "" when the parse failed without a message */
} gn_xml_error;

/* Parse text (len bytes; no network, nothing printed) named `where` in libxml2's own messages. Returns the
 * document, or NULL with *first filled. The parse stops at its first error: libxml2 goes on after a
 * well-formedness error and reports every later one with the text around it, which made a 200 KB comment of
 * hyphens (one error per "--") take 28 s; stopped there, reading is linear in the file size. */
xmlDocPtr gn_xml_read_memory(const char *text, size_t len, const char *where, gn_xml_error *first);

#endif
