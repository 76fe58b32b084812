// Generated from mini-kernal.asm by `bun src/c64/machine/build-programs.ts`; edit the source, not this.
import type { MiniKernalImage } from "./mini-kernal.ts"

export const MINI_KERNAL_IMAGE: MiniKernalImage = {
  idleAddress: 0xe0c1,
  segments: [
    {
      address: 0xe000,
      hex:
        "78d8a2ff9aa92f8500a9378501a900a8990200990002990003c8d0f4a91b8d11" +
        "d0a9c88d16d0a9158d18d0a9008d15d08d1ad0a9ff8d19d0a90e8d20d0a9068d" +
        "21d0a97f8d0ddc8d0dddad0ddca9258d04dca9408d05dca9818d0ddca9118d0e" +
        "dca93f8d02dda9978d00dda9318d1403a9ea8d1503a9fc8d1603a9e08d1703a9" +
        "fb8d1803a9e08d1903a200a9209d00049d00059d00069de806a90e9d00d89d00" +
        "d99d00da9de8dae8d0e1a21abdc4e09d2e04ca10f7a205bddfe09d7804ca10f7" +
        "584cc1e02a2a2a2a2014130b2013090d150c0114050420033634202a2a2a2a12" +
        "050104192e488a489848babd04012910d0036c14036c16036c1803404c81eae6" +
        "a2d006e6a1d002e6a0a5a0c94fd014a5a1c91ad00ea5a2c901d008a90085a085" +
        "a185a260",
    },
    {
      address: 0xea31,
      hex:
        "20ffe0ad0ddc4c81ea",
    },
    {
      address: 0xea81,
      hex:
        "68a868aa6840",
    },
    {
      address: 0xffea,
      hex:
        "4cffe0",
    },
    {
      address: 0xfffa,
      hex:
        "f8e000e0e5e0",
    },
  ],
}
