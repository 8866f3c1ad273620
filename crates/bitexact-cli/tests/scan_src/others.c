/* MSVC rand and the splitmix64 (laige) seeding. */
#include "mt19937.h"
#include "lcg.h"

uint32_t msvc_holdrand = 1;
uint64_t laige_state[2];

/* msvc.rand: 2. */
GAME_FN void msvc_rand_pair(void)
{
    sink32 ^= msvc_rand();
    BARRIER();
    sink32 ^= msvc_rand();
    BARRIER();
}

static inline __attribute__((always_inline)) uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* splitmix64: 1 (one site per function, two steps in it). */
GAME_FN void laige_seed(uint64_t seed)
{
    laige_state[0] = splitmix64(&seed);
    BARRIER();
    laige_state[1] = splitmix64(&seed);
    BARRIER();
}
