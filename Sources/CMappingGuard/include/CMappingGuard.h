/* A file mapping survives its file shrinking under it (`cp small.geoidx
 * served.geoidx` while a server reads it). Reading a mapped page past the new
 * end of the file raises SIGBUS, which kills the process; a registered range
 * instead gets zero pages from the faulting page to its end and is marked
 * damaged, and the read goes on. The readers already survive any bytes (they
 * are fuzzed on mutated indexes); the caller checks `geo_guard_damaged` and
 * fails that answer instead of trusting it. SIGBUS outside every registered
 * range goes to the handler installed before, or kills the process as it would
 * have. Written in C because a signal handler may only do async-signal-safe
 * things: no allocation, no locks, no reference counting. */
#ifndef CMAPPINGGUARD_H
#define CMAPPINGGUARD_H
#include <stddef.h>

/* Installs the SIGBUS handler (once per process; later calls do nothing). */
void geo_guard_install(void);

/* Guards [base, base + length); returns the slot to pass to the other calls, or -1 when every
 * slot is taken (the range is then unguarded, as before). */
int geo_guard_register(void *base, size_t length);

/* Stops guarding a slot; call before unmapping the range. */
void geo_guard_unregister(int slot);

/* Whether a read in the slot's range faulted (its tail now reads as zeros). */
int geo_guard_damaged(int slot);

/* Faults taken and repaired so far in the whole process. */
unsigned long geo_guard_faults(void);

#endif
