# Two functions written in assembly without `.type`: NOTYPE global
# symbols. `asm_called` is called by main directly, `asm_ptr` only through
# a pointer. (x86-64 System V: the argument in edi.)
        .text
        .globl asm_called
asm_called:
        movl    %edi, %eax
        imull   $0x343fd, %eax, %eax
        addl    $0x269ec3, %eax
        ret
        .globl asm_ptr
asm_ptr:
        movl    %edi, %eax
        imull   $0x41c64e6d, %eax, %eax
        addl    $0x3039, %eax
        ret
        .section .note.GNU-stack,"",@progbits
