// The default backend: a simulated C64 inside this process, booted into the bundled demo and run
// in real time. Like a cartridge that autostarts, a reset brings the demo back; `runPrg` replaces
// it until the next reset.
import { TskError, sanitizeErrorMessage } from "../../domain/errors.ts"
import type { BackendStatus, C64Backend } from "../backend.ts"
import { C64Machine, type C64MachineOptions } from "../machine/c64-machine.ts"
import { demoPrg } from "../machine/demo/demo-program.ts"
import { hexAddress } from "../machine/memory-range.ts"
import { CYCLES_PER_FRAME } from "../machine/timing.ts"

export interface SimBackendOptions {
  /** Run in real time from creation (default true). Tests pass false and step the machine. */
  autoStart?: boolean
  /** Use the one machine shared by every backend created with `shared: true` in this process. */
  shared?: boolean
  /** Emulated cycles run at boot and after reset, so the demo has drawn (default 3 frames). */
  warmUpCycles?: number
  machine?: C64MachineOptions
}

export interface SimBackend extends C64Backend {
  readonly machine: C64Machine
}

const DEFAULT_WARM_UP_CYCLES = 3 * CYCLES_PER_FRAME
/** Long enough for the real-time runner to report a clock rate worth showing. */
const STATUS_MEASURE_MS = 150

interface SharedMachine {
  machine: C64Machine
  /** Open backends that asked to run in real time; the machine stops when the last one closes. */
  runningUsers: number
}

let sharedMachine: SharedMachine | undefined

export function createSimBackend(options: SimBackendOptions = {}): SimBackend {
  const warmUpCycles = options.warmUpCycles ?? DEFAULT_WARM_UP_CYCLES
  const autoStart = options.autoStart ?? true
  const shared = options.shared === true ? acquireShared(options, warmUpCycles) : undefined
  const machine = shared?.machine ?? bootDemo(new C64Machine(options.machine), warmUpCycles)
  if (autoStart) {
    if (shared !== undefined) shared.runningUsers++
    machine.start()
  }
  let closed = false

  // The machine runs in real time in slices; every access first runs the cycles due since the
  // last one, so what a command reads or writes is the machine as it is now.
  const ensureOpen = () => {
    if (closed) throw new TskError("io", "the sim backend is closed")
    if (machine.running) machine.catchUp()
  }

  return {
    name: "sim",
    machine,
    async read(address, length) {
      ensureOpen()
      return machine.read(address, length)
    },
    async write(address, bytes) {
      ensureOpen()
      machine.write(address, bytes)
    },
    async reset() {
      ensureOpen()
      machine.reset()
      bootDemo(machine, warmUpCycles)
    },
    async runPrg(prg) {
      ensureOpen()
      machine.runPrg(prg)
    },
    async status() {
      ensureOpen()
      return describe(machine)
    },
    async close() {
      if (closed) return
      closed = true
      if (!autoStart) return
      if (shared === undefined) machine.stop()
      else if (--shared.runningUsers === 0) machine.stop()
    },
  }
}

function acquireShared(options: SimBackendOptions, warmUpCycles: number): SharedMachine {
  sharedMachine ??= { machine: bootDemo(new C64Machine(options.machine), warmUpCycles), runningUsers: 0 }
  return sharedMachine
}

function bootDemo(machine: C64Machine, warmUpCycles: number): C64Machine {
  machine.runPrg(demoPrg())
  if (warmUpCycles > 0) machine.runCycles(warmUpCycles)
  return machine
}

async function describe(machine: C64Machine): Promise<BackendStatus> {
  const jam = machine.jam
  if (jam !== null) {
    const opcode = `$${jam.opcode.toString(16).toUpperCase().padStart(2, "0")}`
    return { backend: "sim", ok: false, detail: `sim: 6502 jammed at ${hexAddress(jam.address)} (opcode ${opcode})` }
  }
  if (machine.failure !== null) {
    return { backend: "sim", ok: false, detail: `sim: stopped after an error: ${sanitizeErrorMessage(machine.failure)}` }
  }
  if (!machine.running) {
    return { backend: "sim", ok: true, detail: `sim: 6502 paused at cycle ${machine.cycles} (stepped, not real time)` }
  }
  let speed = machine.speed()
  if (speed.hz === null) {
    await new Promise((resolve) => setTimeout(resolve, STATUS_MEASURE_MS))
    machine.catchUp()
    speed = machine.speed()
  }
  if (speed.hz === null) return { backend: "sim", ok: true, detail: "sim: 6502 running (clock rate not measured yet)" }
  const share = speed.busyShare === null ? "" : ` (${(speed.busyShare * 100).toFixed(1)}% of one core)`
  return { backend: "sim", ok: true, detail: `sim: 6502 running at ${(speed.hz / 1e6).toFixed(2)} MHz${share}` }
}
