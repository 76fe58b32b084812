// The NMOS 6502 as the rest of the machine sees it. It passes Klaus Dormann's functional test and
// Tom Harte's single-step suite on all 256 opcodes, with exact cycle counts. Its parts:
// - cpu6502-state.ts: registers, flags, reset, IRQ/NMI lines, stop requests and jams;
// - cpu6502-alu.ts: the status byte and the arithmetic shared by several opcodes (ADC, SBC, ARR);
// - opcodes.ts: every opcode's mnemonic, addressing mode and cycles (the assembler reads it too);
// - cpu6502-addressing.ts and cpu6502-operations.ts: what each mode and each operation does;
// - cpu6502-run.generated.ts: the run loop, one function with one switch per mode and operation,
//   written by generate-cpu6502-run.ts from the three above (`npm run generate:6502`).
export { Cpu6502 } from "./cpu6502-run.generated.ts"
export type { CpuBus, CpuJam } from "./cpu6502-state.ts"
