/* platform_traces: the profiles of a platform file: <trace>, state_file / speed_file / bandwidth_file /
 * latency_file attributes, the profile files they name, and <trace_connect> resolved after the walk. */
#include "platform_traces.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Profile files are read whole; the cap keeps a mistaken name (a device, a huge log) from eating memory. */
#define PROFILE_FILE_MAX_BYTES (64L * 1024 * 1024)

/* Why a profile file cannot be read when errno has no word for it. */
enum { NOT_REGULAR = -1, TOO_LARGE = -2 };

/* Read a regular file into a malloc'ed string; 0, an errno value, or NOT_REGULAR / TOO_LARGE. */
static int slurp(const char *path, char **text) {
  struct stat st;
  if (stat(path, &st) != 0)
    return errno;
  if (!S_ISREG(st.st_mode))
    return S_ISDIR(st.st_mode) ? EISDIR : NOT_REGULAR;
  if (st.st_size > PROFILE_FILE_MAX_BYTES)
    return TOO_LARGE;
  FILE *f = fopen(path, "rb");
  if (!f)
    return errno;
  char *buf = malloc((size_t)st.st_size + 1);
  size_t len = buf ? fread(buf, 1, (size_t)st.st_size, f) : 0;
  int bad = !buf ? ENOMEM : ferror(f) ? EIO : 0;
  fclose(f);
  if (bad) {
    free(buf);
    return bad;
  }
  buf[len] = '\0';
  *text = buf;
  return 0;
}

/* A profile file named in the platform: looked up in the platform file's directory, then in the current
 * directory (as a user running from their own directory expects); *source is its absolute path. */
static int read_profile_file(reader *r, const xmlNode *n, const char *owner, const char *attr_name, const char *file,
                             char **text, char **source) {
  char path[PATH_MAX];
  int e;
  if (file[0] == '/') {
    snprintf(path, sizeof path, "%s", file);
    e = slurp(path, text);
  } else {
    const char *slash = strrchr(r->p->path, '/');
    snprintf(path, sizeof path, "%.*s/%s", slash ? (int)(slash - r->p->path) : 1, slash ? r->p->path : ".", file);
    e = slurp(path, text);
    if (e == ENOENT && slurp(file, text) == 0) {
      snprintf(path, sizeof path, "%s", file);
      e = 0;
    }
  }
  if (e)
    return reader_fail(r, n, "%s: %s '%s' cannot be read: %s", owner, attr_name, file,
                       e == NOT_REGULAR ? "not a regular file" : e == TOO_LARGE ? "larger than 64 MB" : strerror(e));
  char abs[PATH_MAX];
  *source = strdup(realpath(path, abs) ? abs : path);
  return *source ? GN_OK : reader_oom(r);
}

/* Append a profile; its index, or -1 (out of memory, err set). Takes text and source. */
static int add_profile(reader *r, const char *id, char *text, char *source, double periodicity, int line) {
  platform_desc *p = r->p;
  char *id_copy = strdup(id);
  if (!id_copy || reader_grow(&p->profiles, &r->profile_cap, p->n_profiles, sizeof *p->profiles)) {
    free(id_copy);
    free(text);
    free(source);
    reader_oom(r);
    return -1;
  }
  p->profiles[p->n_profiles] = (platform_profile){id_copy, text, source, periodicity, line};
  return p->n_profiles++;
}

static int add_use(reader *r, platform_trace_kind kind, int host, int link, int profile, int line) {
  platform_desc *p = r->p;
  if (reader_grow(&p->uses, &r->use_cap, p->n_uses, sizeof *p->uses))
    return reader_oom(r);
  p->uses[p->n_uses++] = (platform_trace_use){kind, host, link, profile, line};
  p->n_traces = p->n_uses;
  return GN_OK;
}

/* The profile attributes of a host, cluster or link element: each names a file, read now; a cluster's applies
 * to each of its hosts (first_host .. p->n_hosts - 1). */
typedef struct profile_attr {
  const char *name;
  platform_trace_kind kind;
} profile_attr;

static const profile_attr host_profile_attrs[] = {{"state_file", PLATFORM_TRACE_STATE},
                                                  {"speed_file", PLATFORM_TRACE_SPEED},
                                                  {"availability_file", PLATFORM_TRACE_SPEED}, /* old name */
                                                  {NULL, 0}};
static const profile_attr link_profile_attrs[] = {{"state_file", PLATFORM_TRACE_STATE},
                                                  {"bandwidth_file", PLATFORM_TRACE_BANDWIDTH},
                                                  {"latency_file", PLATFORM_TRACE_LATENCY},
                                                  {NULL, 0}};

int platform_traces_read_attrs(reader *r, const xmlNode *n, const char *what, const char *id, int first_host,
                               int link) {
  const profile_attr *attrs = link >= 0 ? link_profile_attrs : host_profile_attrs;
  for (const profile_attr *a = attrs; a->name; a++) {
    char *file = reader_attr(n, a->name);
    if (!file || !*file) {
      xmlFree(file);
      continue;
    }
    char owner[300], pid[300];
    snprintf(owner, sizeof owner, "%s '%s'", what, id);
    snprintf(pid, sizeof pid, "%s:%s", id, a->name);
    char *text = NULL, *source = NULL;
    int rc = read_profile_file(r, n, owner, a->name, file, &text, &source);
    xmlFree(file);
    if (rc)
      return rc;
    int line = (int)xmlGetLineNo(n);
    int prof = add_profile(r, pid, text, source, -1, line);
    if (prof < 0)
      return GN_ENOMEM;
    if (link >= 0)
      rc = add_use(r, a->kind, -1, link, prof, line);
    for (int h = first_host; link < 0 && rc == GN_OK && h < r->p->n_hosts; h++)
      rc = add_use(r, a->kind, h, -1, prof, line);
    if (rc)
      return rc;
  }
  return GN_OK;
}

/* <trace id periodicity [file]>text</trace>: a profile, inline or in a file. */
int platform_traces_read_trace(reader *r, const xmlNode *n) {
  char *id, *period, *file = NULL, *text = NULL, *source = NULL;
  if (reader_need(r, n, "id", &id))
    return GN_EINPUT;
  if (reader_need(r, n, "periodicity", &period)) {
    xmlFree(id);
    return GN_EINPUT;
  }
  double periodicity;
  char *end;
  errno = 0;
  periodicity = strtod(period, &end);
  int rc = GN_OK;
  if (end == period || *end || errno)
    rc = reader_fail(r, n, "trace '%s': periodicity='%s' is not a number (-1: no repetition)", id, period);
  else if (xmlHashLookup(r->traces, (const xmlChar *)id))
    rc = reader_fail(r, n, "trace '%s' is declared twice", id);
  if (rc == GN_OK) {
    file = reader_attr(n, "file");
    char owner[300];
    snprintf(owner, sizeof owner, "trace '%s'", id);
    if (file && *file)
      rc = read_profile_file(r, n, owner, "file", file, &text, &source);
    else {
      text = (char *)xmlNodeGetContent(n);
      if (!text || strspn(text, " \t\r\n") == strlen(text))
        rc = reader_fail(r, n, "trace '%s' has neither a file attribute nor any text", id);
    }
  }
  if (rc == GN_OK) {
    int prof = add_profile(r, id, text, source, periodicity, (int)xmlGetLineNo(n));
    text = source = NULL;
    if (prof < 0)
      rc = GN_ENOMEM;
    else
      xmlHashAddEntry(r->traces, (const xmlChar *)r->p->profiles[prof].id, (void *)(intptr_t)(prof + 1));
  }
  free(text);
  free(source);
  xmlFree(file);
  xmlFree(period);
  xmlFree(id);
  return rc;
}

static const struct {
  const char *name;
  platform_trace_kind kind;
  int link_kind;
} connect_kinds[] = {{"HOST_AVAIL", PLATFORM_TRACE_STATE, 0},
                     {"SPEED", PLATFORM_TRACE_SPEED, 0},
                     {"LINK_AVAIL", PLATFORM_TRACE_STATE, 1},
                     {"BANDWIDTH", PLATFORM_TRACE_BANDWIDTH, 1},
                     {"LATENCY", PLATFORM_TRACE_LATENCY, 1}};

/* <trace_connect kind trace element>: the trace must already be declared (SimGrid aborts otherwise); the
 * element may come later, so it is resolved after the walk. */
int platform_traces_read_connect(reader *r, const xmlNode *n) {
  char *kind = reader_attr(n, "kind"), *trace = NULL, *element = NULL;
  int rc = GN_OK, k = kind ? -1 : 0; /* SimGrid's default kind is HOST_AVAIL */
  for (int i = 0; kind && i < (int)(sizeof connect_kinds / sizeof *connect_kinds); i++)
    if (strcmp(kind, connect_kinds[i].name) == 0)
      k = i;
  if (k < 0)
    rc = reader_fail(r, n, "<trace_connect> kind='%s' is unknown (HOST_AVAIL, SPEED, LINK_AVAIL, BANDWIDTH or LATENCY)",
                     kind);
  else if (reader_need(r, n, "trace", &trace) || reader_need(r, n, "element", &element))
    rc = GN_EINPUT;
  intptr_t prof = rc ? 0 : (intptr_t)xmlHashLookup(r->traces, (const xmlChar *)trace);
  if (rc == GN_OK && !prof)
    rc = reader_fail(r, n,
                     "<trace_connect> trace '%s' is not declared (a <trace> must come before the <trace_connect> "
                     "that uses it)",
                     trace);
  if (rc == GN_OK && reader_grow(&r->connects, &r->connect_cap, r->n_connects, sizeof *r->connects))
    rc = reader_oom(r);
  if (rc == GN_OK) {
    r->connects[r->n_connects++] =
        (pending_connect){strdup(element), connect_kinds[k].kind, connect_kinds[k].link_kind, connect_kinds[k].name,
                          (int)prof - 1, (int)xmlGetLineNo(n)};
  }
  xmlFree(kind);
  xmlFree(trace);
  xmlFree(element);
  return rc;
}

/* After the walk: attach each <trace_connect> to its element. */
int platform_traces_resolve(reader *r) {
  platform_desc *p = r->p;
  for (int i = 0; i < r->n_connects; i++) {
    const pending_connect *c = &r->connects[i];
    if (!c->element)
      return reader_oom(r);
    /* SimGrid 3.32 keeps one element per trace and kind, silently dropping the others. */
    for (int j = 0; j < i; j++)
      if (r->connects[j].profile == c->profile && strcmp(r->connects[j].kind_name, c->kind_name) == 0)
        return gn_error_set(r->err, GN_EINPUT, p->path, c->line,
                            "<trace_connect> trace '%s' is already connected with kind=\"%s\" (line %d): SimGrid "
                            "connects a trace to one element per kind, declare one <trace> per element",
                            p->profiles[c->profile].id, c->kind_name, r->connects[j].line);
    intptr_t host = (intptr_t)xmlHashLookup(r->hosts, (const xmlChar *)c->element);
    intptr_t link = (intptr_t)xmlHashLookup(r->links, (const xmlChar *)c->element);
    int link_index = link && (link - 1) % 3 == 0 ? (int)((link - 1) / 3) : -1;
    if (c->link_kind && link_index < 0 && host)
      return gn_error_set(r->err, GN_EINPUT, p->path, c->line,
                          "<trace_connect> kind=\"%s\" needs a link, but '%s' is a host", c->kind_name, c->element);
    if (!c->link_kind && !host && link_index >= 0)
      return gn_error_set(r->err, GN_EINPUT, p->path, c->line,
                          "<trace_connect> kind=\"%s\" needs a host, but '%s' is a link", c->kind_name, c->element);
    if (c->link_kind && link_index < 0 && r->has_cluster)
      continue; /* maybe a <cluster>'s own link, which gridnoc does not list */
    if ((c->link_kind && link_index < 0) || (!c->link_kind && !host))
      return gn_error_set(r->err, GN_EINPUT, p->path, c->line, "<trace_connect> element '%s' is not a %s of the platform",
                          c->element, c->link_kind ? "link" : "host");
    if (add_use(r, c->kind, c->link_kind ? -1 : (int)host - 1, c->link_kind ? link_index : -1, c->profile, c->line))
      return GN_ENOMEM;
  }
  return GN_OK;
}
