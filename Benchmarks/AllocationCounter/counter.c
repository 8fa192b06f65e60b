// Counts heap allocations of a process, for benchmarks valgrind can't run (Swift concurrency):
//   gcc -shared -fPIC -O2 -o .build/counter.so Benchmarks/AllocationCounter/counter.c -ldl
//   LD_PRELOAD=$PWD/.build/counter.so .build/release/StoreBenchmark effects 1000
// prints "allocations: N" on standard error when the process exits.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

static atomic_long allocations;

void *malloc(size_t size) {
  static void *(*real)(size_t);
  if (!real) real = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  return real(size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  static int (*real)(void **, size_t, size_t);
  if (!real) real = (int (*)(void **, size_t, size_t))dlsym(RTLD_NEXT, "posix_memalign");
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  return real(result, alignment, size);
}

__attribute__((destructor)) static void report(void) {
  fprintf(stderr, "allocations: %ld\n", atomic_load(&allocations));
}
