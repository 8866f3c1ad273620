/* An image for bitexact-emu's DLL tests: imports from dll_one by name, by
 * ordinal and through a forwarder, and from dll_two. */
__declspec(dllimport) int triple(int);
__declspec(dllimport) int hidden_add(int, int);
__declspec(dllimport) int fwd_twice(int);
__declspec(dllimport) unsigned ticks2(void);
__declspec(dllimport) int attach_mark(void);
int all(int x) { return triple(x) + hidden_add(x, 1000) + fwd_twice(x) * 100; }
unsigned ticks(void) { return ticks2(); }
int mark(void) { return attach_mark(); }
int main(void) { return 0; }
