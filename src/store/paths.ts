import { join } from "node:path"

// node:os is loaded only when no home is set: every command reads these, and loading it costs start-up.
const homedir = () => process.getBuiltinModule("node:os").homedir()

/** Where tsk keeps its own state: `TSK_HOME`, or `~/.tsk`. */
export function tskHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.TSK_HOME && env.TSK_HOME.length > 0 ? env.TSK_HOME : join(homedir(), ".tsk")
}

/** Where the c64bridge task state lives: `C64BRIDGE_HOME`, or `~/.c64bridge`. */
export function c64BridgeHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.C64BRIDGE_HOME && env.C64BRIDGE_HOME.length > 0 ? env.C64BRIDGE_HOME : join(homedir(), ".c64bridge")
}

export function homePaths(home: string) {
  return {
    home,
    config: join(home, "config.json"),
    tasks: join(home, "tasks.json"),
    /** The changes since tasks.json was last written in full (see tasks-journal.ts). */
    journal: join(home, "tasks.journal"),
    backups: join(home, "backups"),
    inbox: join(home, "agent-inbox.json"),
    inboxDir: join(home, "agent-inbox.d"),
    outbox: join(home, "agent-outbox.json"),
    runner: join(home, "runner.json"),
    os: join(home, "os"),
    locks: join(home, "locks"),
  }
}

export type HomePaths = ReturnType<typeof homePaths>
