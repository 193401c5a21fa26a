// trampolines.S — one trampoline per function in lazy_symbols.h. A call jumps through the function's
// slot; the slot first points at code that saves the argument registers, asks snapterm_lazy_bind for the
// real function (opening its library), stores it in the slot and jumps there. Later calls cost one
// indirect jump. Variadic functions work too: nothing is copied, only jumped through.
// Only x86-64 Linux is built this way; elsewhere the file is empty and Package.swift links the libraries.
#if defined(__x86_64__) && defined(__linux__)

#define LAZY(name)                                                  \
    .text;                                                          \
    .globl name;                                                    \
    .hidden name;                                                   \
    .type name, @function;                                          \
    .p2align 4;                                                     \
name:                                                               \
    jmp *name##_slot(%rip);                                         \
name##_unbound:                                                     \
    leaq name##_slot(%rip), %r11;                                   \
    leaq name##_name(%rip), %r10;                                   \
    jmp snapterm_lazy_enter;                                        \
    .size name, .-name;                                             \
    .data;                                                          \
    .p2align 3;                                                     \
name##_slot:                                                        \
    .quad name##_unbound;                                           \
    .section .rodata.str1.1, "aMS", @progbits, 1;                   \
name##_name:                                                        \
    .asciz #name;

#include "lazy_symbols.h"

    .text
    .p2align 4
    .type snapterm_lazy_enter, @function
// r10: the function's name, r11: its slot. The stack is as the caller left it (rsp ≡ 8 mod 16).
snapterm_lazy_enter:
    pushq %rax                  // vector register count of a variadic call
    pushq %rdi
    pushq %rsi
    pushq %rdx
    pushq %rcx
    pushq %r8
    pushq %r9                   // rsp ≡ 0 mod 16
    subq $128, %rsp
    movdqa %xmm0, 0(%rsp)
    movdqa %xmm1, 16(%rsp)
    movdqa %xmm2, 32(%rsp)
    movdqa %xmm3, 48(%rsp)
    movdqa %xmm4, 64(%rsp)
    movdqa %xmm5, 80(%rsp)
    movdqa %xmm6, 96(%rsp)
    movdqa %xmm7, 112(%rsp)
    movq %r10, %rdi
    movq %r11, %rsi
    call snapterm_lazy_bind
    movq %rax, %r11
    movdqa 0(%rsp), %xmm0
    movdqa 16(%rsp), %xmm1
    movdqa 32(%rsp), %xmm2
    movdqa 48(%rsp), %xmm3
    movdqa 64(%rsp), %xmm4
    movdqa 80(%rsp), %xmm5
    movdqa 96(%rsp), %xmm6
    movdqa 112(%rsp), %xmm7
    addq $128, %rsp
    popq %r9
    popq %r8
    popq %rcx
    popq %rdx
    popq %rsi
    popq %rdi
    popq %rax
    jmp *%r11
    .size snapterm_lazy_enter, .-snapterm_lazy_enter

#endif

    .section .note.GNU-stack, "", @progbits
