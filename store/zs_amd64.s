#include "textflag.h"

// func zsEncodeAVX512(vals, bm, s *byte, n int) int
//
// Zero suppression of the n bytes at s (see encodeZS), 64 bytes at a
// time: the bitmap of the nonzero bytes (VPTESTMB) goes to bm, (n+7)/8
// bytes, and the nonzero bytes, in order, to vals (VPCOMPRESSB); it
// returns how many there are. Nothing is written past either part, and
// nothing is read past s[n-1] (the last block's load is masked).
// Needs AVX512BW, AVX512VBMI2, BMI2 and POPCNT (zsHaveAVX512).
TEXT ·zsEncodeAVX512(SB), NOSPLIT, $0-40
	MOVQ vals+0(FP), DI
	MOVQ bm+8(FP), BX
	MOVQ s+16(FP), SI
	MOVQ n+24(FP), CX
	XORQ R8, R8

loop:
	CMPQ CX, $64
	JLT  tail
	VMOVDQU8    (SI), Z0
	VPTESTMB    Z0, Z0, K1
	KMOVQ       K1, AX
	MOVQ        AX, (BX)
	VPCOMPRESSB Z0, K1, (DI)
	POPCNTQ     AX, AX
	ADDQ        AX, DI
	ADDQ        AX, R8
	ADDQ        $64, SI
	ADDQ        $8, BX
	SUBQ        $64, CX
	JMP         loop

tail:
	TESTQ CX, CX
	JZ    done
	MOVQ  $-1, AX
	BZHIQ CX, AX, AX // the CX low bits: the bytes left
	KMOVQ AX, K2
	VMOVDQU8.Z  (SI), K2, Z0
	VPTESTMB    Z0, Z0, K1
	KMOVQ       K1, AX
	MOVQ  CX, DX
	ADDQ  $7, DX
	SHRQ  $3, DX     // the bitmap bytes left
	MOVQ  $-1, R9
	BZHIQ DX, R9, R9
	KMOVQ R9, K3
	VMOVQ AX, X1
	VMOVDQU8    X1, K3, (BX)
	VPCOMPRESSB Z0, K1, (DI)
	POPCNTQ     AX, AX
	ADDQ        AX, R8

done:
	VZEROUPPER
	MOVQ R8, ret+32(FP)
	RET
