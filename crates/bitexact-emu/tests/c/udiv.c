/* 64-bit division through libgcc's DLL (-shared-libgcc): __udivdi3 and
 * __divdi3 are imports of libgcc_s_dw2-1.dll, a DLL nobody here wrote. */
unsigned long long udiv(unsigned long long a, unsigned long long b) { return a / b; }
long long sdiv(long long a, long long b) { return a / b; }
int main(void) { return 0; }
