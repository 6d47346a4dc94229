/* platform_prepare: rewrite a user's platform file into the XML gridnoc hands to SimGrid (host state profiles
 * out, profile files inlined, extra speed profiles in), with libxml2 so comments and layout stay. */
#include "platform_prepare.h"
#include "platform_reader.h"

#include "platform_profile.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct prep {
  const platform_desc *pd;
  gn_error *err;
  xmlNode *zone; /* the outermost zone, where inline speed traces go */
} prep;

static int is(const xmlNode *n, const char *name) { return xmlStrcmp(n->name, (const xmlChar *)name) == 0; }

/* The profile platform_read recorded for id ("ELEMENT:ATTRIBUTE" or a <trace> id), or NULL. */
static const platform_profile *profile_named(const platform_desc *pd, const char *id) {
  for (int i = 0; i < pd->n_profiles; i++)
    if (strcmp(pd->profiles[i].id, id) == 0)
      return &pd->profiles[i];
  return NULL;
}

/* Append <trace id periodicity="-1">text</trace> and its <trace_connect kind element> to the outermost zone.
 * SimGrid 3.32 applies trace_connects once the whole file is parsed, so the end of the zone is a valid place
 * (its DTD allows trace and trace_connect last in a zone), and a trace may serve only one element per kind. */
static int append_trace(prep *pp, const char *trace_id, const char *kind, const char *element, const char *text) {
  xmlNode *z = pp->zone;
  xmlAddChild(z, xmlNewText((const xmlChar *)"  "));
  xmlNode *t = xmlNewChild(z, NULL, (const xmlChar *)"trace", NULL);
  xmlAddChild(z, xmlNewText((const xmlChar *)"\n  "));
  xmlNode *c = xmlNewChild(z, NULL, (const xmlChar *)"trace_connect", NULL);
  xmlAddChild(z, xmlNewText((const xmlChar *)"\n"));
  if (!t || !c)
    return gn_error_set(pp->err, GN_ENOMEM, NULL, 0, "out of memory preparing %s", pp->pd->path);
  xmlNewProp(t, (const xmlChar *)"id", (const xmlChar *)trace_id);
  xmlNewProp(t, (const xmlChar *)"periodicity", (const xmlChar *)"-1");
  xmlNodeAddContent(t, (const xmlChar *)"\n");
  xmlNodeAddContent(t, (const xmlChar *)text);
  xmlNewProp(c, (const xmlChar *)"kind", (const xmlChar *)kind);
  xmlNewProp(c, (const xmlChar *)"trace", (const xmlChar *)trace_id);
  xmlNewProp(c, (const xmlChar *)"element", (const xmlChar *)element);
  return GN_OK;
}

/* A profile file attribute becomes an inline trace per element using it (a <cluster>'s applies to each of its
 * hosts). Inline rather than an absolute path: SimGrid 3.32's surf_ifsopen opens an absolute name and then
 * reopens it under each search path, which fails, so an absolute profile path never loads; and from_file names
 * the profile by its path, so one file used twice aborts ("Refusing to define trace twice"). SimGrid reads a
 * profile file exactly as inline text with periodicity -1, so nothing else changes. */
static int inline_file_attr(prep *pp, xmlNode *n, const char *id, const char *attr, const char *kind) {
  if (!xmlHasProp(n, (const xmlChar *)attr))
    return GN_OK;
  xmlUnsetProp(n, (const xmlChar *)attr);
  char pid[300];
  snprintf(pid, sizeof pid, "%s:%s", id, attr);
  const platform_profile *pr = profile_named(pp->pd, pid);
  if (!pr)
    return GN_OK; /* an empty attribute: no profile */
  int prof = (int)(pr - pp->pd->profiles);
  for (int u = 0; u < pp->pd->n_uses; u++) {
    const platform_trace_use *use = &pp->pd->uses[u];
    if (use->profile != prof)
      continue;
    const char *element = use->host >= 0 ? pp->pd->hosts[use->host].id : pp->pd->links[use->link].id;
    char tid[300];
    snprintf(tid, sizeof tid, "gridnoc_%s_%s", element, attr);
    if (append_trace(pp, tid, kind, element, pr->text))
      return GN_ENOMEM;
  }
  return GN_OK;
}

/* <trace file=...>: the same, in place (SimGrid ignores the periodicity of a file trace). */
static void inline_trace_file(prep *pp, xmlNode *n, const char *id) {
  const platform_profile *pr = profile_named(pp->pd, id);
  if (!pr || !pr->source)
    return;
  xmlUnsetProp(n, (const xmlChar *)"file");
  xmlSetProp(n, (const xmlChar *)"periodicity", (const xmlChar *)"-1");
  xmlNodeSetContent(n, NULL);
  xmlNodeAddContent(n, (const xmlChar *)"\n");
  xmlNodeAddContent(n, (const xmlChar *)pr->text);
}

static int rewrite(prep *pp, xmlNode *first) {
  for (xmlNode *n = first, *next; n; n = next) {
    next = n->next;
    if (n->type != XML_ELEMENT_NODE)
      continue;
    char *id = (char *)xmlGetProp(n, (const xmlChar *)"id");
    const char *name = id ? id : "";
    int rc = GN_OK;
    if (is(n, "host") || is(n, "cluster")) {
      xmlUnsetProp(n, (const xmlChar *)"state_file");
      rc = inline_file_attr(pp, n, name, "speed_file", "SPEED") ||
           inline_file_attr(pp, n, name, "availability_file", "SPEED");
    } else if (is(n, "link") || is(n, "backbone")) {
      rc = inline_file_attr(pp, n, name, "bandwidth_file", "BANDWIDTH") ||
           inline_file_attr(pp, n, name, "latency_file", "LATENCY");
    } else if (is(n, "trace")) {
      inline_trace_file(pp, n, name);
    } else if (is(n, "trace_connect")) {
      char *kind = (char *)xmlGetProp(n, (const xmlChar *)"kind");
      if (!kind || strcmp(kind, "HOST_AVAIL") == 0) { /* HOST_AVAIL is SimGrid's default kind */
        xmlUnlinkNode(n);
        xmlFreeNode(n);
      }
      xmlFree(kind);
    } else {
      rc = rewrite(pp, n->children);
    }
    xmlFree(id);
    if (rc)
      return GN_ENOMEM;
  }
  return GN_OK;
}

/* What the header promises to refuse, checked on what platform_read recorded (with its lines). */
static int refuse(const platform_desc *pd, char *const *extra_speed, gn_error *err) {
  for (int u = 0; u < pd->n_uses; u++) {
    const platform_trace_use *use = &pd->uses[u];
    if (use->kind == PLATFORM_TRACE_STATE && use->link >= 0)
      return gn_error_set(err, GN_EINPUT, pd->path, use->line,
                          "link '%s': state profile '%s' is not supported (gridnoc models host failures only: "
                          "remove it, or fail the hosts behind the link)",
                          pd->links[use->link].id, pd->profiles[use->profile].id);
    if (use->kind == PLATFORM_TRACE_SPEED && use->host >= 0 && extra_speed && extra_speed[use->host])
      return gn_error_set(err, GN_EINPUT, pd->path, use->line,
                          "host '%s' already has a speed profile ('%s'): gridnoc's background load needs the "
                          "host's speed profile for itself",
                          pd->hosts[use->host].id, pd->profiles[use->profile].id);
    /* A speed or bandwidth ratio of 0 makes SimGrid abort ("The Impossible Did Happen"): refuse it here. */
    double min;
    if (use->kind == PLATFORM_TRACE_SPEED || use->kind == PLATFORM_TRACE_BANDWIDTH) {
      int rc = platform_profile_min_value(pd, &pd->profiles[use->profile], &min, err);
      if (rc)
        return rc;
      if (min <= 0)
        return gn_error_set(err, GN_EINPUT, pd->path, use->line,
                            "%s '%s': %s profile '%s' takes the value 0 (a ratio of the nominal %s must be > 0; "
                            "to switch a host off use a state profile)",
                            use->host >= 0 ? "host" : "link",
                            use->host >= 0 ? pd->hosts[use->host].id : pd->links[use->link].id,
                            use->kind == PLATFORM_TRACE_SPEED ? "speed" : "bandwidth", pd->profiles[use->profile].id,
                            use->kind == PLATFORM_TRACE_SPEED ? "speed" : "bandwidth");
    }
  }
  return GN_OK;
}

/* SimGrid 3.32's parser refuses a file without <!DOCTYPE platform SYSTEM "..."> ("Unexpected character `<' in
 * prolog") and one with a PUBLIC identifier (measured); libxml2 needs neither. The XML handed to SimGrid gets
 * the canonical declaration, whatever the file had, so a valid file without one runs. */
static int set_doctype(xmlDocPtr doc, const platform_desc *pd, gn_error *err) {
  xmlDtdPtr old = xmlGetIntSubset(doc);
  if (old) {
    xmlUnlinkNode((xmlNodePtr)old);
    xmlFreeDtd(old);
  }
  if (!xmlCreateIntSubset(doc, (const xmlChar *)"platform", NULL, (const xmlChar *)"https://simgrid.org/simgrid.dtd"))
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory preparing %s", pd->path);
  return GN_OK;
}

int platform_prepare_xml(const platform_desc *pd, char *const *extra_speed, char **xml, size_t *len, gn_error *err) {
  *xml = NULL;
  *len = 0;
  int rc = refuse(pd, extra_speed, err);
  if (rc)
    return rc;
  xmlDocPtr doc = platform_xml_read(pd->path, err);
  if (!doc)
    return err ? err->code : GN_EINPUT;
  xmlNode *root = xmlDocGetRootElement(doc);
  prep pp = {pd, err, NULL};
  for (xmlNode *n = root ? root->children : NULL; n && !pp.zone; n = n->next)
    if (n->type == XML_ELEMENT_NODE && (is(n, "zone") || is(n, "AS")))
      pp.zone = n;
  /* A platform that is one <cluster> has no <zone>: its traces go at the end of <platform> (the DTD allows
   * trace and trace_connect there; SimGrid resolves them once the file is parsed, as for a zone's). */
  for (xmlNode *n = root ? root->children : NULL; n && !pp.zone; n = n->next)
    if (n->type == XML_ELEMENT_NODE && is(n, "cluster"))
      pp.zone = root;
  if (!pp.zone) {
    xmlFreeDoc(doc);
    return gn_error_set(err, GN_EINPUT, pd->path, 0, "the platform file has no outermost <zone> (did it change?)");
  }
  rc = rewrite(&pp, root->children);
  for (int h = 0; rc == GN_OK && extra_speed && h < pd->n_hosts; h++)
    if (extra_speed[h]) {
      char tid[32];
      snprintf(tid, sizeof tid, "gridnoc_speed_%d", h);
      rc = append_trace(&pp, tid, "SPEED", pd->hosts[h].id, extra_speed[h]);
    }
  if (rc == GN_OK)
    rc = set_doctype(doc, pd, err);
  if (rc == GN_OK) {
    xmlChar *buf = NULL;
    int size = 0;
    xmlDocDumpMemory(doc, &buf, &size);
    *xml = buf ? malloc((size_t)size + 1) : NULL;
    if (*xml) {
      memcpy(*xml, buf, (size_t)size + 1);
      *len = (size_t)size;
    } else
      rc = gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory preparing %s", pd->path);
    xmlFree(buf);
  }
  xmlFreeDoc(doc);
  return rc;
}
