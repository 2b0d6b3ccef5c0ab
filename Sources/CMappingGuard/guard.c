/* The SIGBUS guard of CMappingGuard.h: a fixed table of ranges read by the
 * handler without locks (C11 atomics), and the handler that maps zero pages
 * over the rest of a range whose file shrank. */
#include "CMappingGuard.h"
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <pthread.h>

#define GEO_GUARD_SLOTS 4096

struct geo_guard_slot {
    atomic_int state;          /* 0 free, 1 being filled or emptied, 2 guarding */
    atomic_uintptr_t base;
    atomic_size_t length;
    atomic_int damaged;
};

static struct geo_guard_slot slots[GEO_GUARD_SLOTS];
static atomic_ulong faults;
static struct sigaction previous;
static pthread_once_t installed = PTHREAD_ONCE_INIT;

/* Hands a fault that is not ours to whoever had SIGBUS before, or to the default action. */
static void pass_on(int sig, siginfo_t *info, void *context) {
    if (previous.sa_flags & SA_SIGINFO) {
        if (previous.sa_sigaction) { previous.sa_sigaction(sig, info, context); return; }
    } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN && previous.sa_handler) {
        previous.sa_handler(sig);
        return;
    }
    /* The default action: with it restored, a fault raises SIGBUS again when the instruction is
     * retried; a signal sent by kill is raised again here. */
    signal(SIGBUS, SIG_DFL);
    if (info == NULL || info->si_code <= 0) raise(SIGBUS);
}

static void on_sigbus(int sig, siginfo_t *info, void *context) {
    uintptr_t address = info ? (uintptr_t)info->si_addr : 0;
    if (info && info->si_code > 0 && address) {
        for (int i = 0; i < GEO_GUARD_SLOTS; i++) {
            if (atomic_load_explicit(&slots[i].state, memory_order_acquire) != 2) continue;
            uintptr_t base = atomic_load_explicit(&slots[i].base, memory_order_relaxed);
            size_t length = atomic_load_explicit(&slots[i].length, memory_order_relaxed);
            if (address < base || address - base >= length) continue;
            uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
            uintptr_t from = address & ~(page - 1);
            if (from < base) from = base;
            void *zeros = mmap((void *)from, base + length - from, PROT_READ,
                               MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
            if (zeros == MAP_FAILED) break;
            atomic_store_explicit(&slots[i].damaged, 1, memory_order_release);
            atomic_fetch_add_explicit(&faults, 1, memory_order_relaxed);
            return;  /* the read is retried and now finds zeros */
        }
    }
    pass_on(sig, info, context);
}

static void install_once(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_sigbus;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &previous);
}

void geo_guard_install(void) { pthread_once(&installed, install_once); }

int geo_guard_register(void *base, size_t length) {
    geo_guard_install();
    for (int i = 0; i < GEO_GUARD_SLOTS; i++) {
        int expected = 0;
        if (!atomic_compare_exchange_strong(&slots[i].state, &expected, 1)) continue;
        atomic_store_explicit(&slots[i].base, (uintptr_t)base, memory_order_relaxed);
        atomic_store_explicit(&slots[i].length, length, memory_order_relaxed);
        atomic_store_explicit(&slots[i].damaged, 0, memory_order_relaxed);
        atomic_store_explicit(&slots[i].state, 2, memory_order_release);
        return i;
    }
    return -1;
}

void geo_guard_unregister(int slot) {
    if (slot < 0 || slot >= GEO_GUARD_SLOTS) return;
    atomic_store_explicit(&slots[slot].state, 1, memory_order_release);
    atomic_store_explicit(&slots[slot].base, 0, memory_order_relaxed);
    atomic_store_explicit(&slots[slot].length, 0, memory_order_relaxed);
    atomic_store_explicit(&slots[slot].state, 0, memory_order_release);
}

int geo_guard_damaged(int slot) {
    if (slot < 0 || slot >= GEO_GUARD_SLOTS) return 0;
    return atomic_load_explicit(&slots[slot].damaged, memory_order_acquire);
}

unsigned long geo_guard_faults(void) { return atomic_load_explicit(&faults, memory_order_relaxed); }
