/* MSVC's x87 helpers called as MSVC-built code calls them (the operand in
 * ST(0), through the IAT), in an image that imports dll_two first: the
 * helpers' models must go to the helpers whatever a --dll resolves. The
 * import library comes from msvcr90.def (dlltool); no MSVCR90.dll is
 * needed: --crt x87 models them. */
__declspec(dllimport) int twice(int);
double call_sqrt(double x) { double r; __asm__ volatile("fldl %1\n\tcall *__imp___CIsqrt\n\tfstpl %0" : "=m"(r) : "m"(x)); return r; }
double call_log(double x) { double r; __asm__ volatile("fldl %1\n\tcall *__imp___CIlog\n\tfstpl %0" : "=m"(r) : "m"(x)); return r; }
int use_twice(int x) { return twice(x); }
int main(void) { return 0; }
