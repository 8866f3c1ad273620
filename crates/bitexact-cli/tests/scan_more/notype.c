/* With notype.s: functions whose symbols have no type must still be
 * functions, named, each holding its own site. */
#include <stdint.h>

uint32_t asm_called(uint32_t);
uint32_t asm_ptr(uint32_t);
volatile uint32_t sink;
uint32_t (*volatile fp)(uint32_t) = asm_ptr;

int main(int argc, char **argv)
{
    (void)argv;
    sink = asm_called((uint32_t)argc) + fp((uint32_t)argc);
    return 0;
}
