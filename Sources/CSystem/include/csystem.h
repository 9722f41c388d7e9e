#ifndef FOLIOTELL_CSYSTEM_H
#define FOLIOTELL_CSYSTEM_H
// The Linux descriptors the box's event loop is made of, from the kernel's own headers.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <signal.h>
#include <time.h>
#include <errno.h>
#include <pthread.h>

// errno is a macro in C; reading it through a function keeps it exact right after a call.
static inline int folio_errno(void) { return errno; }

// Names a thread (15 bytes shown by top -H) and makes a close-on-exec pipe: both are GNU extensions that
// Swift's Glibc module does not declare.
int folio_set_thread_name(pthread_t thread, const char *name);
int folio_get_thread_name(pthread_t thread, char *name, size_t length);
int folio_pipe_cloexec(int ends[2]);

// Hands the heap's free pages back to the kernel (malloc_trim), so resident memory shows what is held.
int folio_trim_heap(void);
// One malloc arena for the whole process (mallopt M_ARENA_MAX 1).
int folio_use_one_heap_arena(void);
// Bytes of the C heap in use (allocated, not free), mmapped blocks included (mallinfo2).
size_t folio_heap_in_use(void);
#endif
