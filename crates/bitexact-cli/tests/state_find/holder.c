/* A stand-in for a running game: copies each state file named on the
 * command line into its own heap block, 13 bytes in (an odd address), with
 * other heap data around it, prints each state's address, then waits for
 * stdin to close so the test can read its memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) return 2;
        unsigned char buf[4096];
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        char *noise = malloc(3000 + 17 * i);
        memset(noise, 0x5a + i, 3000 + 17 * i);
        unsigned char *block = malloc(n + 64);
        memset(block, 0, n + 64);
        memcpy(block + 13, buf, n);
        printf("%p\n", (void *)(block + 13));
        (void)noise;
    }
    fflush(stdout);
    while (getchar() != EOF) {
    }
    return 0;
}
