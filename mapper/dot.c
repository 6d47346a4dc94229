/* dot: Graphviz DOT writer (tasks, edges with volumes, stage colours from a partition). */
#include "dot.h"

#include "gn_file.h"

#include <stdio.h>
#include <stdlib.h>

/* ColorBrewer "Set3" (12 pastel colours, black text stays readable); stages beyond 12 reuse them. */
static const char *const stage_colour[] = {"#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462",
                                           "#b3de69", "#fccde5", "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f"};

/* Text inside a DOT string literal: quotes and backslashes escaped. */
static void put_escaped(FILE *f, const char *s) {
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      fputc('\\', f);
    fputc(*s, f);
  }
}

int dot_write(const taskgraph *g, const partition *p, char **text, size_t *len, gn_error *err) {
  *text = NULL;
  *len = 0;
  if (p && p->n_tasks != g->n_tasks)
    return gn_error_set(err, GN_EINPUT, NULL, 0, "the partition has %d tasks, the graph %d", p->n_tasks,
                        g->n_tasks);
  for (int t = 0; p && t < g->n_tasks; t++)
    if (p->stage[t] < 0 || p->stage[t] >= p->n_stages)
      return gn_error_set(err, GN_EINPUT, NULL, 0, "task %s: stage %d is outside 1..%d", g->name[t],
                          p->stage[t] + 1, p->n_stages);
  char *buf = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&buf, &size);
  if (!f)
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  fprintf(f, "digraph taskgraph {\n  rankdir=TB;\n  node [shape=box, style=\"rounded%s\"];\n", p ? ",filled" : "");
  int n_colours = (int)(sizeof stage_colour / sizeof stage_colour[0]);
  for (int t = 0; t < g->n_tasks; t++) {
    fprintf(f, "  t%d [label=\"", t);
    put_escaped(f, g->name[t]);
    fprintf(f, "\\n%.10g", g->load[t]); /* DOT's own line break between name and load */
    if (p)
      fprintf(f, " | stage %d", p->stage[t] + 1);
    fputc('"', f);
    if (p)
      fprintf(f, ", fillcolor=\"%s\"", stage_colour[p->stage[t] % n_colours]);
    fprintf(f, "];\n");
  }
  for (int e = 0; e < g->n_edges; e++) {
    fprintf(f, "  t%d -> t%d", g->edge[e].src, g->edge[e].dst);
    if (g->edge[e].volume != 0)
      fprintf(f, " [label=\"%.10g\"]", g->edge[e].volume);
    fprintf(f, ";\n");
  }
  fprintf(f, "}\n");
  if (fclose(f)) {
    free(buf);
    return gn_error_set(err, GN_ENOMEM, NULL, 0, "out of memory");
  }
  *text = buf;
  *len = size;
  return GN_OK;
}

int dot_write_file(const taskgraph *g, const partition *p, const char *path, gn_error *err) {
  char *text;
  size_t len;
  int rc = dot_write(g, p, &text, &len, err);
  if (rc)
    return rc;
  rc = gn_file_write_atomic(path, text, len, err);
  free(text);
  return rc;
}
