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

// errno is a macro in C; reading it through a function keeps it exact right after a call.
static inline int folio_errno(void) { return errno; }
#endif
