/* A small consumer of the C ABI: Sword of the Stars' first words, an RNG
 * item identified, laige's golden stream, Westwood's dice, and a status. */
#include <bitexact.h>

#include <stdio.h>

int main(void) {
    bx_sots_rng *rng = bx_sots_new(5489);
    for (int i = 0; i < 3; ++i) {
        printf("sots u32: %u\n", (unsigned)bx_sots_next_u32(rng));
    }
    bx_sots_discard(rng, 1415);

    uint8_t item[BX_SOTS_STATE_LEN];
    bx_sots_save_state(rng, item);
    bx_sots_identity id;
    bx_status st = bx_sots_identify(item, sizeof item, &id);
    if (st != BX_OK) {
        fprintf(stderr, "identify: %s\n", bx_status_message(st));
        return 1;
    }
    printf("identified: seed %u, %llu twists, left %u, %llu words drawn\n", (unsigned)id.seed,
           (unsigned long long)id.twists, (unsigned)id.left, (unsigned long long)id.words_drawn);
    bx_sots_free(rng);

    bx_laige_prng *p = bx_laige_new(0x1234567890ABCDEFull);
    printf("laige u64: 0x%016llx\n", (unsigned long long)bx_laige_next_u64(p));
    uint32_t r;
    st = bx_laige_next_range(p, 6, 6, &r);
    printf("laige next_range(6, 6): %s\n", bx_status_message(st));
    bx_laige_free(p);

    bx_westwood_rng *w = bx_westwood_new(1);
    printf("westwood ranged(1, 6):");
    for (int i = 0; i < 5; ++i) {
        int32_t die;
        if (bx_westwood_ranged(w, 1, 6, &die) == BX_OK) {
            printf(" %d", (int)die);
        }
    }
    printf("\n");
    bx_westwood_free(w);
    return 0;
}
