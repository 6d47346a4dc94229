/* mapper_file: the "mapper" that reads the partition from a file (partition_io format) instead of computing
 * one, so a hand-made cut — a deliberately bad one, for teaching — runs through the same evaluation and
 * pipeline simulation as a computed one: `gridnoc map|pipeline GRAPH --partition FILE` (= -m file
 * --mapper-options path=FILE). It cannot re-map to another stage count (a pipeline after core failures). */
#include "mapper.h"
#include "partition_io.h"

#include "gn_file.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static const char *const file_options[] = {"path", NULL};

static int file_run(const taskgraph *g, const mapper_params *params, partition *out, gn_error *err) {
  char path[4096];
  int rc = mapper_options_check("file", params->options, file_options, err);
  if (!rc)
    rc = mapper_option_text("file", params->options, "path", "", path, sizeof path, err);
  if (!rc && !path[0])
    rc = gn_error_set(err, GN_EINPUT, NULL, 0, "mapper file: needs the partition file (--partition FILE, or the "
                                               "mapper option path=FILE)");
  partition *p = NULL;
  if (!rc)
    rc = partition_read_file(g, path, &p, err);
  if (!rc && p->n_stages != params->n_stages)
    rc = gn_error_set(err, GN_EINPUT, path, 0,
                      "has %d stages but %d are wanted (a given partition cannot be re-cut: leave -n out, or no "
                      "failures that re-map)", p->n_stages, params->n_stages);
  if (!rc)
    memcpy(out->stage, p->stage, (size_t)g->n_tasks * sizeof *out->stage);
  partition_free(p);
  return rc;
}

const mapper mapper_file = {"file", "the partition read from a file (--partition FILE): evaluate a hand-made cut",
                            file_run, NULL, file_options};

int mapper_file_stages(const char *path, int *n_stages, gn_error *err) {
  FILE *f = gn_file_open_input(path, 0, err); /* a FIFO or a device is refused, never waited on */
  if (!f)
    return GN_EINPUT;
  char line[512];
  long lineno = 0;
  int rc = GN_EINPUT;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    char *hash = strchr(line, '#');
    if (hash)
      *hash = '\0';
    if (strspn(line, " \t\r\n") == strlen(line))
      continue;
    rc = sscanf(line, " stages %d", n_stages) == 1 && *n_stages >= 1
             ? GN_OK
             : gn_error_set(err, GN_EINPUT, path, lineno, "the first record must be 'stages N'");
    break;
  }
  if (rc && lineno == 0)
    gn_error_set(err, GN_EINPUT, path, 0, "empty partition file");
  fclose(f);
  return rc;
}
