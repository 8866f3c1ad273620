/* The "game": who calls what.
 *
 *   main -> turn_driver -> update_fleet -> combat_roll
 *                       -> genrand_u32
 *                       -> ai_think
 *   main -> map_setup, lobby_shuffle (-> genrand_u32), net_jitter,
 *           mt_seed_knuth, mt_seed_1998, ww_psdes, ww_scatter,
 *           msvc_rand_pair, laige_seed, the decoys
 *   every inlined draw calls mt_twist (lazily)
 *
 * No call is in tail position (gcc would make it a jmp). */
#include "mt19937.h"
#include "lcg.h"

void ww_psdes(uint32_t *lword, uint32_t *irword);
void ww_scatter(void);
void msvc_rand_pair(void);
void laige_seed(uint64_t seed);
uint32_t decoy_table_read(void);
void decoy_wide_imm(void);
void decoy_straddle(void);
void decoy_jump_over(void);

/* Mars' unit scale, built from its bits so it is read from data. */
static const union {
    uint64_t bits;
    double d;
} MARS_UNIT = {0x3df0000000100000ull};

/* mt19937.temper: 3. */
GAME_FN void combat_roll(void)
{
    DRAW();
    DRAW();
    DRAW();
}

/* mt19937.temper: 1, sots.unit_scale: 1 (the Mars unit draw). */
GAME_FN void update_fleet(void)
{
    sinkd = (double)mt_draw() * MARS_UNIT.d;
    BARRIER();
    combat_roll();
    sink32 ^= 1u;
}

/* wwlib.lcg: 2, msvc.rand: 1. */
GAME_FN void ai_think(void)
{
    sink32 ^= ww_lcg();
    BARRIER();
    sink32 ^= msvc_rand();
    BARRIER();
    sink32 ^= ww_lcg();
    BARRIER();
}

/* mt19937.temper: 1. */
GAME_FN void turn_driver(void)
{
    DRAW();
    update_fleet();
    sink32 ^= genrand_u32();
    BARRIER();
    ai_think();
    sink32 ^= 2u;
}

/* mt19937.temper: 5. */
GAME_FN void map_setup(void)
{
    DRAW();
    DRAW();
    DRAW();
    DRAW();
    DRAW();
}

/* mt19937.temper: 2 (plus a call of genrand_u32). */
GAME_FN void lobby_shuffle(void)
{
    DRAW();
    sink32 ^= genrand_u32();
    BARRIER();
    DRAW();
}

/* mt19937.temper: 1, sots.unit_scale: 1. */
GAME_FN void net_jitter(void)
{
    sinkd = (double)mt_draw() * MARS_UNIT.d;
    BARRIER();
}

/* mt19937.temper: 6, one inlined draw per case of a dense switch, which
 * gcc compiles to a jump table: the cases are reached through it only
 * (an indirect jmp), not by a direct branch. */
GAME_FN void scripted_encounter(int k)
{
    switch (k) {
    case 0: DRAW(); sink32 ^= 0x11u; break;
    case 1: DRAW(); sink32 ^= 0x2222u; break;
    case 2: DRAW(); sink32 += 0x333333u; break;
    case 3: DRAW(); sink32 -= 0x44444444u; break;
    case 4: DRAW(); sink32 ^= 0x55555555u; break;
    case 5: DRAW(); sink32 += 0x6666u; break;
    default: sink32 = 0; break;
    }
    BARRIER();
}

int main(void)
{
    uint32_t l = 1, r = 2;
    mt_seed_1998(4357u);
    mt_seed_knuth(5489u);
    laige_seed(1);
    map_setup();
    lobby_shuffle();
    net_jitter();
    turn_driver();
    ww_psdes(&l, &r);
    sink32 ^= l ^ r;
    ww_scatter();
    msvc_rand_pair();
    sink32 ^= decoy_table_read();
    decoy_wide_imm();
    decoy_straddle();
    decoy_jump_over();
    scripted_encounter((int)(sink32 & 7u));
    return (int)(sink32 & 1u);
}
