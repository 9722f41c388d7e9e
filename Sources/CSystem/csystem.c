#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

#include "csystem.h"

int folio_set_thread_name(pthread_t thread, const char *name) { return pthread_setname_np(thread, name); }
int folio_get_thread_name(pthread_t thread, char *name, size_t length) { return pthread_getname_np(thread, name, length); }

int folio_pipe_cloexec(int ends[2]) { return pipe2(ends, O_CLOEXEC); }
