#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

#include "csystem.h"

int folio_set_thread_name(pthread_t thread, const char *name) { return pthread_setname_np(thread, name); }
int folio_get_thread_name(pthread_t thread, char *name, size_t length) { return pthread_getname_np(thread, name, length); }

int folio_pipe_cloexec(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

#include <malloc.h>

int folio_trim_heap(void) { return malloc_trim(0); }

int folio_use_one_heap_arena(void) { return mallopt(M_ARENA_MAX, 1); }

size_t folio_heap_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}
