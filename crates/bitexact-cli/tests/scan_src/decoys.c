/* Decoys: the generators' constants where they are NOT sites. Every name
 * here starts with `decoy_`; none of them may hold or contain a site. */
#include "mt19937.h"

/* (a) The constants as data in .rodata, read through a pointer held in a
 * volatile global with a volatile index: no instruction addresses the
 * tables, and gcc cannot fold the reads. */
const uint32_t decoy_table[32] = {
    0x9d2c5680u, 0xefc60000u, 0x9908b0dfu, 0x80000000u, 0x7fffffffu, 0x6c078965u,
    0x00010dcdu, 0x41c64e6du, 0x00003039u, 0x000343fdu, 0x00269ec3u, 0xbaa96887u,
    0x1e17d32cu, 0x03bcdc3cu, 0x0f33d1b2u, 0x4b0f3b58u, 0xe874f0c3u, 0x6955c5a6u,
    0x55a7ca46u,
};
const uint64_t decoy_table64[8] = {
    0x9e3779b97f4a7c15ull, 0xbf58476d1ce4e5b9ull, 0x94d049bb133111ebull,
    0x3df0000000100000ull, 0x3df0000000001000ull, 0x3df0000000000000ull,
};
const uint32_t *volatile decoy_table_ptr = decoy_table;
const uint64_t *volatile decoy_table64_ptr = decoy_table64;
volatile uint32_t decoy_index;

GAME_FN uint32_t decoy_table_read(void)
{
    uint32_t a = decoy_table_ptr[decoy_index & 31u];
    uint64_t b = decoy_table64_ptr[decoy_index & 7u];
    return a ^ (uint32_t)b ^ (uint32_t)(b >> 32);
}

/* (b) 0x9d2c5680 inside a 64-bit immediate, at byte offset 2 (bytes
 * 22 11 80 56 2c 9d 22 11): neither 32-bit half is the constant. */
GAME_FN void decoy_wide_imm(void)
{
    sink64 = 0x11229d2c56801122ull;
}

/* (c) 0x9d2c5680 straddling two instructions: b8 34 12 80 56 (mov eax,
 * 0x56801234) then 2c 9d (sub al, 0x9d). */
GAME_FN void decoy_straddle(void)
{
    uint32_t v;
    __asm__ volatile("movl $0x56801234, %0\n\tsubb $0x9d, %b0" : "=a"(v) : : "cc");
    sink32 ^= v;
}

/* (d) A table in an executable section that a linear sweep decodes as
 * 16 nops, `and eax, 0x9d2c5680` (25 80 56 2c 9d), ret. Never called and
 * not a function symbol, so recursive descent never reaches it. */
__attribute__((section(".text.decoy"), used)) const unsigned char decoy_exec_table[24] = {
    0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90,
    0x90, 0x90, 0x90, 0x90, 0x25, 0x80, 0x56, 0x2c, 0x9d, 0xc3, 0xcc, 0xcc,
};

/* (e) The same five bytes inside a function, jumped over: the linear sweep
 * decodes them as `and eax, 0x9d2c5680`, recursive descent never does. */
GAME_FN void decoy_jump_over(void)
{
    __asm__ volatile("jmp 1f\n\t.byte 0x25, 0x80, 0x56, 0x2c, 0x9d\n1:" : : : "memory");
    sink32 ^= 3u;
}
