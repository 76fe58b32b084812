// Whether a process still runs: the one test every lock, runner role, session and task owner
// uses to tell a dead holder from a live one.
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}
