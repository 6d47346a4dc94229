/* sdf3: the SDF3 reader's entry: the file parsed once with libxml2 (its first error kept as one line), then read
 * (sdf3_xml.c) and analysed (sdf3_analysis.c) into a task graph. */
#include "sdf3_priv.h"

#include "gn_file.h"
#include "gn_num.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

void sdf3_options_default(sdf3_options *opt) { opt->token_bytes = 1; }

/* The parser's first error (the later ones are usually consequences), kept by a structured error handler so
 * nothing is printed. */
typedef struct {
  int seen;
  long line;
  char msg[512];
} xml_first_error;

/* A generic-error sink for libxml2 (its messages are taken from the structured errors instead). */
static void xml_silent(void *ctx, const char *msg, ...) {
  (void)ctx;
  (void)msg;
}

static void keep_first_error(void *data, const xmlError *e) {
  xmlParserCtxtPtr ctxt = data;
  xml_first_error *first = ctxt->_private;
  if (first->seen || e->level < XML_ERR_ERROR)
    return;
  first->seen = 1;
  first->line = e->line;
  snprintf(first->msg, sizeof first->msg, "%s", e->message ? e->message : "malformed XML");
  first->msg[strcspn(first->msg, "\r\n")] = '\0';
}

int sdf3_parse(const char *text, size_t len, const char *where, const sdf3_options *opt, taskgraph **out,
               gn_error *err) {
  sdf3_options defaults;
  if (!opt) {
    sdf3_options_default(&defaults);
    opt = &defaults;
  }
  *out = NULL;
  if (!where)
    where = "(sdf3)";
  if (!isfinite(opt->token_bytes) || opt->token_bytes < 0)
    return gn_error_set(err, GN_EINPUT, where, 0, "token_bytes %g is not a finite non-negative number",
                        opt->token_bytes);
  if (len == 0)
    return gn_error_set(err, GN_EINPUT, where, 1, "empty file: expected an SDF3 XML document");
  if (len > 0x7fffffff)
    return gn_error_set(err, GN_EINPUT, where, 0, "file too large for the XML parser (2 GiB)");
  /* libxml2 prints encoding and I/O errors through its generic handler whatever the parse options: a library
   * never prints, the first structured error below is the one message. */
  xmlSetGenericErrorFunc(NULL, xml_silent);
  xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
  if (!ctxt)
    return gn_error_set(err, GN_ENOMEM, where, 0, "out of memory");
  xml_first_error first = {0, 0, ""};
  ctxt->_private = &first;
  ctxt->sax->serror = (xmlStructuredErrorFunc)keep_first_error;
  xmlDocPtr doc = xmlCtxtReadMemory(ctxt, text, (int)len, where, NULL,
                                    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (!doc || first.seen) {
    xmlFreeDoc(doc);
    xmlFreeParserCtxt(ctxt);
    if (!first.seen)
      return gn_error_set(err, GN_EINPUT, where, 1, "XML error: not a well-formed document");
    return gn_error_set(err, GN_EINPUT, where, first.line > 0 ? first.line : 1, "XML error: %s", first.msg);
  }
  sdf_graph s = {where, err, NULL, 0, NULL, 0, NULL};
  const xmlNode *root = xmlDocGetRootElement(doc);
  int rc = root ? sdf3_read_structure(&s, root) : gn_error_set(err, GN_EINPUT, where, 1, "no root element");
  if (rc == GN_OK)
    rc = sdf3_repetition_vector(&s);
  if (rc == GN_OK) {
    const xmlNode *sdf = sdf3_child(sdf3_child(root, "applicationGraph"), "sdf");
    char *graph_name = (char *)xmlGetProp(sdf, (const xmlChar *)"name");
    rc = sdf3_build_dag(&s, opt, graph_name, out);
    xmlFree(graph_name);
  }
  sdf3_free_graph(&s);
  xmlFreeDoc(doc);
  xmlFreeParserCtxt(ctxt);
  return rc;
}

int sdf3_read_file(const char *path, const sdf3_options *opt, taskgraph **out, gn_error *err) {
  char *text;
  size_t len;
  *out = NULL;
  int rc = gn_file_read_all(path, 0, &text, &len, err);
  if (rc)
    return rc;
  rc = sdf3_parse(text, len, path, opt, out, err);
  free(text);
  return rc;
}
