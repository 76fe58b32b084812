// The one interface every C64 backend implements (sim, ultimate, vice). Operations and the
// scheduler only talk to this.
export type BackendName = "sim" | "ultimate" | "vice"

export interface BackendStatus {
  backend: BackendName
  ok: boolean
  /** One line for people: what answered (or why not). */
  detail: string
}

export interface C64Backend {
  readonly name: BackendName
  /** Read `length` bytes from `address` (0..0xFFFF, address + length <= 0x10000). */
  read(address: number, length: number): Promise<Uint8Array>
  write(address: number, bytes: Uint8Array): Promise<void>
  reset(): Promise<void>
  /** Load a PRG (2-byte little-endian load address + data) and run it. */
  runPrg(prg: Uint8Array): Promise<void>
  status(): Promise<BackendStatus>
  close(): Promise<void>
  /**
   * Stop and restart the machine's CPU, for backends whose reads take several requests (the
   * Ultimate): a dump between the two is one moment. Calls nest; only the outermost pair acts.
   */
  pause?(): Promise<void>
  resume?(): Promise<void>
}
