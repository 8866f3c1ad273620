/* A DLL for bitexact-emu's tests: an export the other DLL forwards to, an
 * import of its own, and a DllMain that leaves a mark. */
#include <windows.h>
static int attached;
BOOL WINAPI DllMain(HINSTANCE h, DWORD reason, LPVOID reserved) {
    (void)h; (void)reserved;
    if (reason == DLL_PROCESS_ATTACH) attached = 41;
    return TRUE;
}
__declspec(dllexport) int twice(int x) { return 2 * x; }
__declspec(dllexport) unsigned ticks2(void) { return GetTickCount() * 2; }
__declspec(dllexport) int attach_mark(void) { return attached; }
