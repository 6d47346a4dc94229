/* gn_xml: an XML document parsed from memory with libxml2, silently, stopping at the first error. */
#include "gn_xml.h"

#include <libxml/parser.h>
#include <libxml/xmlerror.h>

#include <limits.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  xmlParserCtxtPtr ctxt;
  gn_xml_error *first;
  int seen;
} parse_state;

/* A generic-error sink: encoding and I/O errors bypass XML_PARSE_NOERROR; the structured error is the message. */
static void xml_silent(void *ctx, const char *msg, ...) {
  (void)ctx;
  (void)msg;
}

static void keep_first_and_stop(void *data, const xmlError *e) {
  xmlParserCtxtPtr ctxt = data;
  parse_state *ps = ctxt->_private;
  if (ps->seen || e->level < XML_ERR_ERROR)
    return;
  ps->seen = 1;
  ps->first->line = e->line;
  snprintf(ps->first->msg, sizeof ps->first->msg, "%s", e->message ? e->message : "");
  ps->first->msg[strcspn(ps->first->msg, "\r\n")] = '\0';
  xmlStopParser(ctxt);
}

xmlDocPtr gn_xml_read_memory(const char *text, size_t len, const char *where, gn_xml_error *first) {
  *first = (gn_xml_error){0, ""};
  if (len > INT_MAX) {
    snprintf(first->msg, sizeof first->msg, "file too large for the XML parser (2 GiB)");
    return NULL;
  }
  xmlSetGenericErrorFunc(NULL, xml_silent);
  xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
  if (!ctxt) {
    snprintf(first->msg, sizeof first->msg, "out of memory");
    return NULL;
  }
  parse_state ps = {ctxt, first, 0};
  ctxt->_private = &ps;
  ctxt->sax->serror = (xmlStructuredErrorFunc)keep_first_and_stop;
  xmlDocPtr doc = xmlCtxtReadMemory(ctxt, text, (int)len, where, NULL,
                                    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (doc && (ps.seen || !ctxt->wellFormed)) {
    xmlFreeDoc(doc);
    doc = NULL;
  }
  xmlFreeParserCtxt(ctxt);
  return doc;
}
