// The processes that use a runner started on demand (an MCP server, a CLI command that sent it a C64
// command): one empty file each, `runner-clients/<pid>@<host>`, so the runner can tell whether
// anyone may still talk to it. A file whose process on this host is gone is removed when counted.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { hostname } from "node:os"
import { join } from "node:path"
import { processIsAlive } from "./process-alive.ts"

const folder = (home: string) => join(home, "runner-clients")

/** Record this process as a client of the runner of `home`. */
export function registerRunnerClient(home: string, pid: number = process.pid): void {
  mkdirSync(folder(home), { recursive: true, mode: 0o700 })
  writeFileSync(join(folder(home), `${pid}@${hostname()}`), "", { mode: 0o600 })
}

/** How many recorded clients still run (a client on another host counts as running). */
export function liveRunnerClients(home: string): number {
  let names: string[]
  try {
    names = readdirSync(folder(home))
  } catch {
    return 0
  }
  const here = hostname()
  let live = 0
  for (const name of names) {
    const [pidText, host] = name.split("@")
    const pid = Number(pidText)
    if (host !== here || (Number.isInteger(pid) && pid > 0 && processIsAlive(pid))) live++
    else rmSync(join(folder(home), name), { force: true })
  }
  return live
}
