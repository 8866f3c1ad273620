/* Westwood: the pseudo-DES hash (Numerical Recipes' psdes) and the WWLib
 * LCG used three times in one function. */
#include "mt19937.h"
#include "lcg.h"

uint32_t ww_seed = 1;

/* westwood.psdes: 1 (the eight mix constants, as a table at -O0/-Os, as
 * immediates once gcc unrolls the four rounds). */
GAME_FN void ww_psdes(uint32_t *lword, uint32_t *irword)
{
    static const uint32_t c1[4] = {0xbaa96887u, 0x1e17d32cu, 0x03bcdc3cu, 0x0f33d1b2u};
    static const uint32_t c2[4] = {0x4b0f3b58u, 0xe874f0c3u, 0x6955c5a6u, 0x55a7ca46u};
    uint32_t i, ia, ib, iswap, itmph, itmpl;
    for (i = 0; i < 4; i++) {
        iswap = *irword;
        ia = iswap ^ c1[i];
        itmpl = ia & 0xffffu;
        itmph = ia >> 16;
        ib = itmpl * itmpl + ~(itmph * itmph);
        ia = (ib >> 16) | ((ib & 0xffffu) << 16);
        *irword = *lword ^ ((ia ^ c2[i]) + itmpl * itmph);
        *lword = iswap;
    }
}

/* wwlib.lcg: 3. */
GAME_FN void ww_scatter(void)
{
    sink32 ^= ww_lcg();
    BARRIER();
    sink32 ^= ww_lcg();
    BARRIER();
    sink32 ^= ww_lcg();
    BARRIER();
}
