/* A data table in an executable section whose bytes decode as a neat
 * function holding the MSVC rand() step (push rbx; imul eax, edi, 0x343fd;
 * add eax, 0x269ec3; pop rbx; ret), for bitexact's scan tests. main takes
 * its address (`lea`), so the descent is handed it as a code pointer; the
 * symbol table says it is a 16-byte object, so it is data, never a site. */
#include <stdint.h>
#include <stdio.h>

__attribute__((section(".text.tab"), aligned(16))) const uint8_t table[16] = {
    0x53, 0x69, 0xc7, 0xfd, 0x43, 0x03, 0x00, 0x05,
    0xc3, 0x9e, 0x26, 0x00, 0x5b, 0xc3, 0x00, 0x00,
};

int main(int argc, char **argv)
{
    (void)argv;
    printf("%x\n", table[argc & 15]);
    return 0;
}
