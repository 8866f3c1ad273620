/* A DLL for bitexact-emu's tests: exports by name (triple), by ordinal
 * only (hidden_add, @7 NONAME in dll_one.def) and a forwarder (fwd_twice =
 * dll_two.twice). */
#include <windows.h>
BOOL WINAPI DllMain(HINSTANCE h, DWORD reason, LPVOID reserved) {
    (void)h; (void)reason; (void)reserved;
    return TRUE;
}
int triple(int x) { return 3 * x; }
int hidden_add(int a, int b) { return a + b; }
