/* cmd_platform: `gridnoc platform KIND ...` writes a SimGrid platform; one table line per kind of platform. */
#include "cli.h"
#include "commands.h"
#include "gn_file.h"
#include "gn_kv.h"
#include "grid_job.h"
#include "noc_platform.h"
#include "cmd_platform_describe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct platform_kind {
  const char *name;
  const char *summary; /* one line, shown by `gridnoc platform --help` */
  int (*main)(int argc, char **argv); /* argv[0] = the kind's name; returns the exit status */
} platform_kind;

static int platform_noc(int argc, char **argv);

/* Adding a kind of platform = a handler + one line here. */
static const platform_kind platform_kinds[] = {
    {"noc", "a many-core mesh chip with XY routing and core ports: --chip PRESET|WxH [--broken X:Y,...] [-o FILE]",
     platform_noc},
    {"grid", "a data grid of clusters behind switches: --preset patent [--clusters K] [--nodes P] [--shape cascade|star]",
     grid_platform_command},
    {"describe", "what gridnoc sees in a SimGrid platform file: FILE.xml [--route HOST_A HOST_B]",
     platform_describe_command},
    {NULL, NULL, NULL},
};

static void usage(void) {
  printf("usage: gridnoc platform KIND [options]\nWrites a SimGrid platform XML (stdout, or -o FILE).\n\nkinds:\n");
  for (const platform_kind *k = platform_kinds; k->name; k++)
    printf("  %-8s %s\n", k->name, k->summary);
}

static int write_output(const char *path, const char *data, size_t len, gn_error *err) {
  if (!path || strcmp(path, "-") == 0)
    return fwrite(data, 1, len, stdout) == len ? GN_OK : gn_error_set(err, GN_EFAIL, NULL, 0, "writing stdout failed");
  return gn_file_write_atomic(path, data, len, err);
}

static int platform_noc(int argc, char **argv) {
  const char *chip_spec = NULL, *broken = "", *out = NULL, *ports = "on";
  double spread = 0, port_bw = 0, port_lat = 0;
  uint64_t seed = 1;
  gn_error err = {0};
  cli_seen seen = {0};
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      printf("usage: gridnoc platform noc --chip PRESET|WxH [--broken X:Y,...] [--speed-spread S --seed N] "
             "[--ports on|off] [--port-bw B/s] [--port-latency s] [-o FILE]\nPresets:\n");
      for (int p = 0; noc_presets[p]; p++)
        printf("  %-11s %s\n", noc_presets[p]->name, noc_presets[p]->summary);
      return 0;
    }
    static const char *const known[] = {"--chip",  "--broken",  "-o",           "--speed-spread", "--seed",
                                        "--ports", "--port-bw", "--port-latency", "--help",       NULL};
    int is_known = 0;
    for (int k = 0; known[k]; k++)
      is_known |= strcmp(argv[i], known[k]) == 0;
    if (!is_known)
      return cli_unknown_option("platform noc", argv[i], known);
    if (i + 1 >= argc)
      return cli_usage_error("platform noc", "%s needs a value", argv[i]);
    const char *v = argv[++i];
    if (cli_option_once(&seen, argv[i - 1], argv[i - 1], v, &err))
      return cli_usage_error("platform noc", "%s", err.msg);
    if (strcmp(argv[i - 1], "--chip") == 0)
      chip_spec = v;
    else if (strcmp(argv[i - 1], "--broken") == 0)
      broken = v;
    else if (strcmp(argv[i - 1], "-o") == 0)
      out = v;
    else if (strcmp(argv[i - 1], "--speed-spread") == 0) {
      if (cli_parse_double("--speed-spread", v, 0, 0.99, &spread, &err))
        return cli_report(&err);
    } else if (strcmp(argv[i - 1], "--seed") == 0) {
      if (cli_parse_seed("--seed", v, &seed, &err))
        return cli_report(&err);
    } else if (strcmp(argv[i - 1], "--ports") == 0) {
      if (strcmp(v, "on") && strcmp(v, "off"))
        return cli_usage_error("platform noc", "--ports must be on or off, got '%s'", v);
      ports = v;
    } else if (strcmp(argv[i - 1], "--port-bw") == 0 || strcmp(argv[i - 1], "--port-latency") == 0) {
      if (cli_parse_double(argv[i - 1], v, 0, 1e300, argv[i - 1][7] == 'b' ? &port_bw : &port_lat, &err))
        return cli_report(&err);
    } else
      return cli_usage_error("platform noc", "unknown option '%s'", argv[i - 1]);
  }
  if (!chip_spec)
    return cli_usage_error("platform noc", "--chip is required (a preset or WxH)");
  noc_chip *chip = NULL;
  char *xml = NULL;
  size_t len = 0;
  int rc = noc_chip_from_spec(chip_spec, &chip, &err);
  if (rc == GN_OK)
    rc = noc_chip_set_broken_list(chip, broken, &err);
  if (rc == GN_OK && spread > 0)
    rc = noc_chip_spread_speeds(chip, spread, seed, &err);
  if (rc == GN_OK) {
    chip->ports = strcmp(ports, "off") != 0;
    if (port_bw > 0)
      chip->port_bw_Bps = port_bw;
    chip->port_lat_s = port_lat;
    rc = noc_platform_xml(chip, &xml, &len, &err);
  }
  if (rc == GN_OK)
    rc = write_output(out, xml, len, &err);
  free(xml);
  noc_chip_free(chip);
  return rc ? cli_report(&err) : 0;
}

int cmd_platform(int argc, char **argv) {
  if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
    usage();
    return argc < 2 ? cli_usage_error("platform", "a kind is needed (the list above)") : 0;
  }
  for (const platform_kind *k = platform_kinds; k->name; k++)
    if (strcmp(k->name, argv[1]) == 0)
      return k->main(argc - 1, argv + 1);
  const char *names[16];
  int n = 0;
  for (const platform_kind *k = platform_kinds; k->name && n < 16; k++)
    names[n++] = k->name;
  const char *close = gn_closest(argv[1], names, n);
  if (close)
    return cli_usage_error("platform", "unknown kind '%s' (did you mean '%s'?)", argv[1], close);
  return cli_usage_error("platform", "unknown kind '%s' (see gridnoc platform --help)", argv[1]);
}
