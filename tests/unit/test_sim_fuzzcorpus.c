/* Replays every fuzz corpus file (seeds and the regressions fuzzing found) through its reader's contract. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fuzz_targets.h"
#include "gn_file.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Runs target over tests/fixtures/fuzz/<name>/; a broken contract aborts inside the target. Each corpus must
 * hold both accepted and rejected inputs, so a reader that rejects (or accepts) everything is caught. */
static void replay(const fuzz_target *t) {
  char dir[512];
  snprintf(dir, sizeof dir, "%s/fuzz/%s", GN_FIXTURES, t->name);
  DIR *d = opendir(dir);
  assert_non_null(d);
  int accepted = 0, rejected = 0;
  struct dirent *ent;
  while ((ent = readdir(d))) {
    if (ent->d_name[0] == '.')
      continue;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, ent->d_name);
    char *data;
    size_t len;
    gn_error err;
    assert_int_equal(gn_file_read_all(path, 0, &data, &len, &err), 0);
    if (t->run((const uint8_t *)data, len) == 0)
      accepted++;
    else
      rejected++;
    free(data);
  }
  closedir(d);
  print_message("%s: %d accepted, %d rejected\n", t->name, accepted, rejected);
  assert_true(accepted > 0);
  assert_true(rejected > 0);
}

static void replay_stg(void **state) { replay(&fuzz_targets[0]); }
static void replay_sdf3(void **state) { replay(&fuzz_targets[1]); }
static void replay_fta(void **state) { replay(&fuzz_targets[2]); }
static void replay_partition(void **state) { replay(&fuzz_targets[3]); }
static void replay_scenario(void **state) { replay(&fuzz_targets[4]); }
static void replay_platform(void **state) { replay(&fuzz_targets[5]); }

int main(void) {
  assert_string_equal(fuzz_targets[0].name, "stg");
  assert_string_equal(fuzz_targets[4].name, "scenario");
  assert_string_equal(fuzz_targets[5].name, "platform");
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(replay_stg),       cmocka_unit_test(replay_sdf3),     cmocka_unit_test(replay_fta),
      cmocka_unit_test(replay_partition), cmocka_unit_test(replay_scenario), cmocka_unit_test(replay_platform),
  };
  return cmocka_run_group_tests_name("fuzz corpus replay", tests, NULL, NULL);
}
