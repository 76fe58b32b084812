// Stops the runner a test caused (a C64 command starts one on demand), so no process outlives it.
import { readRunnerStatus } from "../../src/store/runner-role.ts"
import { processIsAlive } from "../../src/store/process-alive.ts"

/** Stops whatever runner holds the role for `home`, and waits until its process is gone. */
export async function stopRunner(home: string): Promise<void> {
  const pid = readRunnerStatus(home).pid
  if (pid === null || !processIsAlive(pid)) return
  process.kill(pid, "SIGTERM")
  const deadline = Date.now() + 10_000
  while (processIsAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  if (processIsAlive(pid)) process.kill(pid, "SIGKILL")
}
