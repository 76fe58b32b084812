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

/**
 * join(folder, name), the same string, without node:path for a folder path that join would leave
 * as it is (no `.` or `..` part, no doubled or trailing slash): every command's start asks, and
 * a bundle loads node:path only when it is first used (see build-dist.ts).
 */
function inFolder(folder: string): (name: string) => string {
  const plain = folder.length > 0 && !/(^|\/)\.{1,2}(\/|$)|\/\/|\/$/.test(folder)
  return plain ? (name) => `${folder}/${name}` : (name) => join(folder, name)
}

/** `.<name of file><suffix>` in the folder of `file`: a cache tsk keeps about that file. */
export function hiddenBeside(file: string, suffix: string): string {
  const cut = file.lastIndexOf("/") + 1
  return `${file.slice(0, cut)}.${file.slice(cut)}${suffix}`
}

export function homePaths(home: string) {
  const at = inFolder(home)
  return {
    home,
    config: at("config.json"),
    tasks: at("tasks.json"),
    /** The changes since tasks.json was last written in full (see tasks-journal.ts). */
    journal: at("tasks.journal"),
    backups: at("backups"),
    inbox: at("agent-inbox.json"),
    inboxDir: at("agent-inbox.d"),
    outbox: at("agent-outbox.json"),
    runner: at("runner.json"),
    os: at("os"),
    locks: at("locks"),
    /** The local zone's offset, kept for the CLI's dates (see local-today.ts). */
    localZone: at(".local-zone.json"),
  }
}

export type HomePaths = ReturnType<typeof homePaths>

/**
 * A store operation works out its home's paths once, at its entry, and passes them down (every
 * helper takes them): given a home, its paths; given paths already worked out, the same object.
 */
export function pathsOf(home: string | HomePaths): HomePaths {
  return typeof home === "string" ? homePaths(home) : home
}
