/* Functions for bitexact-emu's command-line tests: each calling
 * convention, an import, a loop that never returns, a memory fault, a
 * global written, a status-word read. */
#include <windows.h>
#include <math.h>

int __cdecl add_cdecl(int a, int b) { return a + b; }
int __stdcall add_stdcall(int a, int b) { return a + b; }
int __fastcall add_fastcall(int a, int b, int c) { return a * 100 + b * 10 + c; }

/* this in ECX, the rest on the stack, callee pops (MSVC's member call). */
__attribute__((thiscall)) int member(int *self, int k) { return *self + k; }

long long wide(unsigned x) { return (long long)x * 0x100000001LL; }

DWORD ticks_plus(DWORD k) { return GetTickCount() + k; }

volatile int spin_flag = 1;
void spin(void) { while (spin_flag) { } }

int fault(void) { return *(volatile int *)0x10; }

float last_scaled;
void scale_into_global(float x) { last_scaled = x * 3.0f; }

int less(double a, double b) { return a < b; }

/* A stdcall import (Sleep pops its 4 bytes) and a double-returning one
 * (msvcrt's _hypot, in ST(0); mingw links its own log, not msvcrt's). */
int sleepy(int k) { Sleep(5); return k + 1; }
double __cdecl _hypot(double, double); /* not declared under -std=c11 */
double hyp(double x) { return _hypot(x, 1.0) * 2.0; }

/* fsin with a segment prefix (3E D9 FE) is the same instruction as fsin:
 * both must run on the host's x87. */
double ds_sin(double x) { double r; __asm__(".byte 0x3e, 0xd9, 0xfe" : "=t"(r) : "0"(x)); return r; }
double plain_sin(double x) { double r; __asm__("fsin" : "=t"(r) : "0"(x)); return r; }

/* Two buffers, or a pointer and a buffer: batch --carry by name. */
int gl[2] = {100, 200};
void add_into(const int *a, int *b) { b[0] += a[0]; b[1] += a[1]; }

int main(void) { return 0; }
