#ifndef TEXTREVEAL_PREFETCH_H
#define TEXTREVEAL_PREFETCH_H

/// Asks the processor to bring the cache line holding `address` into its caches, for a read
/// soon. A hint: it reads nothing the program sees and cannot fault, whatever the address.
/// Swift has no way to say this; inlined into the caller, it is one instruction.
static inline void trp_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif
