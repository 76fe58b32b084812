// Stops the runner a test caused (a C64 command starts one on demand), so no process outlives it.
import { readRunnerStatus } from "../../src/store/runner-role.ts"

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Stops whatever runner holds the role for `home`, and waits until its process is gone. */
export async function stopRunner(home: string): Promise<void> {
  const pid = readRunnerStatus(home).pid
  if (pid === null || !alive(pid)) return
  process.kill(pid, "SIGTERM")
  const deadline = Date.now() + 10_000
  while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  if (alive(pid)) process.kill(pid, "SIGKILL")
}
