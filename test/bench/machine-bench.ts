// The simulated C64: how fast the 6502 runs flat out, and what real time (about 1 MHz) costs.
import { C64Machine } from "../../src/c64/machine/c64-machine.ts"
import { measureSpeed } from "../../src/c64/machine/measure-speed.ts"
import { round, type Figure } from "./bench-helpers.ts"

export async function benchSimMachine(): Promise<Figure[]> {
  measureSpeed(1000) // let the JIT settle
  const flatOut = measureSpeed(3000)
  const machine = new C64Machine()
  machine.start()
  await new Promise((r) => setTimeout(r, 3000))
  // The machine runs in slices and catches up when looked at: look at both ends of the window.
  machine.catchUp()
  const cpuBefore = process.cpuUsage()
  const cyclesBefore = machine.cycles
  const wallBefore = performance.now()
  await new Promise((r) => setTimeout(r, 5000))
  machine.catchUp()
  const cpu = process.cpuUsage(cpuBefore)
  const wallS = (performance.now() - wallBefore) / 1000
  const hz = (machine.cycles - cyclesBefore) / wallS
  machine.stop()
  const share = ((cpu.user + cpu.system) / 1e6 / wallS) * 100
  return [
    { name: "sim demo flat out, idle loop skipped (one core)", value: round(flatOut.mhz, 1), unit: "MHz" },
    { name: "sim in real time: emulated clock", value: round(hz / 1e6, 3), unit: "MHz", target: "≈ 0.985 MHz (PAL)", pass: Math.abs(hz - 985_248) / 985_248 < 0.02 },
    { name: "sim in real time: share of one core", value: round(share, 2), unit: "%" },
  ]
}
