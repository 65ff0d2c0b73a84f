/* fast.S - an assembly unit: racehunt names it in a note and treats fast_twice as unknown */
	.text
	.globl	fast_twice
	.type	fast_twice, @function
fast_twice:
	leaq	(%rdi,%rdi), %rax
	ret
	.section	.note.GNU-stack,"",@progbits
