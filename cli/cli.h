/* cli: small helpers shared by the command handlers (errors to stderr, numeric option parsing, typos). */
#ifndef CLI_H
#define CLI_H

#include "gn_error.h"
#include "gn_kv.h"
#include "gn_text.h" /* gn_closest, for did-you-mean messages */

#include <stdint.h>

/* Print "gridnoc: <msg>" to stderr and return the exit status for err->code (1 or 2). */
int cli_report(const gn_error *err);
/* Print "gridnoc CMD: <formatted>" to stderr and return 2 (bad usage). */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A one-line note on stderr, "gridnoc: ...", its control characters (from a file name) shown as '?'. */
void cli_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "gridnoc CMD: unknown option 'X' (did you mean 'Y'?)" with the closest of the NULL-terminated `known`;
 * returns 2. */
int cli_unknown_option(const char *cmd, const char *opt, const char *const *known);
/* The same message as an error value (GN_EINPUT), for parsers that return one. */
int cli_unknown_option_error(const char *cmd, const char *opt, const char *const *known, gn_error *err);
extern char **cli_split_argv; /* the split argv (cli_split_option_values), reachable until exit */
/* Every command takes "--opt=value" as "--opt value": rewrite argv once, before dispatch (0, or -1 out of
 * memory). The value of --sbatch (itself "--time=... --mem=...") is left whole. */
int cli_split_option_values(int *argc, char ***argv);
/* Unknown subcommand: names the closest known one. */
void cli_unknown_command(const char *name);

/* Options given twice. A command passes every option that takes a value through cli_option_once as it reads it;
 * the second of one option (its aliases count as the same: -n and --stages) is refused with one line naming both
 * occurrences, where the last one used to win without a word. `id` says which option it is (a parameter's key, or
 * the option's main spelling; copied), `opt` and `value` how it was written (both must live as long as `seen`). The options that repeat on purpose, each adding one item (--cfg, report's
 * --where), are listed once in cli.c and always pass. Flags without a value may repeat: once or twice means the
 * same. */
#define CLI_SEEN_MAX 128
typedef struct cli_seen {
  char id[CLI_SEEN_MAX][64];
  const char *opt[CLI_SEEN_MAX], *value[CLI_SEEN_MAX];
  int n;
} cli_seen;
int cli_option_once(cli_seen *seen, const char *id, const char *opt, const char *value, gn_error *err);

/* Strict numeric parsing of an option value: whole string, in range. 0 ok, GN_EINPUT with a message. */
int cli_parse_int(const char *opt, const char *text, long min, long max, long *out, gn_error *err);
int cli_parse_double(const char *opt, const char *text, double min, double max, double *out, gn_error *err);
int cli_parse_seed(const char *opt, const char *text, uint64_t *out, gn_error *err);

/* A command's output files (NULL entries skipped), checked before anything runs or is written: each as
 * gn_file_check_output does, and no two the same. A command with several outputs calls this first, and
 * cli_remove_outputs on the ones already written if a later one fails, so it writes all or none. */
int cli_check_outputs(const char *const *paths, int n, gn_error *err);
void cli_remove_outputs(const char *const *paths, int n);

/* The options of a kind's parameters, derived from its table (experiment_param.h): every command that runs a kind
 * reads them there, never from a list of its own. */
struct experiment_param;
/* Their spellings in --help order (each row's option, then its alias), then the command's own options `local`
 * (NULL-terminated, may be NULL), into known (NULL-terminated; at most max - 1 names). The derived names live
 * until exit. */
void cli_known_options(const struct experiment_param *params, const char *const *local, const char **known, int max);
/* One --help line per parameter option, "  OPTION<pad to width> help [default]" ("required" when none). */
void cli_print_param_options(const struct experiment_param *params, int width);

/* Print a CSV header line (seed, parameter keys, metric keys) and the matching row to stdout, with the same
 * quoting as result files (csv_add_field), so a command's --csv row can be compared with a sweep's. The
 * parameters come in the order of the kind's table `order` (NULL-key terminated), whatever the order of the
 * options on the command line; any not in the table follow in their own order. */
void cli_print_csv_row(const struct experiment_param *order, const gn_kvlist *params, const gn_kvlist *metrics,
                       uint64_t seed);

#endif
