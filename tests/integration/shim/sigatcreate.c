/* sigatcreate: an LD_PRELOAD shim for the integration tests: the GN_SIG_AT_CREATE-th temporary file the process
 * creates with mkstemp (counting from 1) is followed by SIGTERM raised as the call returns — the moment a signal
 * sent while the file was being created is taken. A command that notes its temporaries only after mkstemp
 * returns leaves that file behind; one that holds ending signals back until it has noted it does not. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

static int created;

static int after_create(int fd) {
  const char *at = getenv("GN_SIG_AT_CREATE");
  /* gridnoc's own files only: gnuplot and the other programs it runs inherit the preload. */
  if (fd >= 0 && at && strcmp(program_invocation_short_name, "gridnoc") == 0 && ++created == atoi(at))
    raise(SIGTERM);
  return fd;
}

int mkstemp(char *tmpl);
int mkstemp64(char *tmpl);

int mkstemp(char *tmpl) {
  int (*real)(char *) = (int (*)(char *))dlsym(RTLD_NEXT, "mkstemp");
  return after_create(real(tmpl));
}

int mkstemp64(char *tmpl) {
  int (*real)(char *) = (int (*)(char *))dlsym(RTLD_NEXT, "mkstemp64");
  return after_create(real(tmpl));
}
