/* bx_recover driven from the command line, for tests/c_abi.rs to compare
 * with `bitexact recover ... --json` on a table of cases:
 *
 *   recover_driver ENGINE TAP VALUES FIRST END THREADS MAX_HITS MAX_OFFSET
 *
 * ENGINE is a bx_engine number, TAP "-" for NULL (the raw word), END 0 for
 * the engine's whole space. Prints the status, then the result, then one
 * line per hit. */
#include "bitexact.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 9) {
        fprintf(stderr, "usage: %s ENGINE TAP VALUES FIRST END THREADS MAX_HITS MAX_OFFSET\n", argv[0]);
        return 2;
    }
    bx_recover_options o;
    memset(&o, 0, sizeof o);
    bx_engine engine = (bx_engine)strtoul(argv[1], NULL, 10);
    const char *tap = strcmp(argv[2], "-") == 0 ? NULL : argv[2];
    o.search.seed_first = strtoull(argv[4], NULL, 10);
    o.search.seed_end = strtoull(argv[5], NULL, 10);
    o.search.threads = (uint32_t)strtoul(argv[6], NULL, 10);
    o.max_hits = strtoull(argv[7], NULL, 10);
    o.max_offset = strtoull(argv[8], NULL, 10);
    size_t cap = (size_t)o.max_hits;
    bx_hit *hits = (bx_hit *)calloc(cap, sizeof *hits);
    if (hits == NULL) {
        return 2;
    }
    bx_recover_result r;
    memset(&r, 0, sizeof r);
    bx_status st = bx_recover(engine, tap, argv[3], &o, hits, cap, &r);
    printf("status %d\n", (int)st);
    printf("count %zu complete %d end %u stopped_at %llu searched %llu\n", r.count, (int)r.complete,
           (unsigned)r.end, (unsigned long long)r.stopped_at, (unsigned long long)r.searched);
    for (size_t i = 0; i < r.count; ++i) {
        printf("hit %llu %llu\n", (unsigned long long)hits[i].seed, (unsigned long long)hits[i].offset);
    }
    free(hits);
    return 0;
}
