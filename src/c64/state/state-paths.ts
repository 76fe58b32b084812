// Where the c64bridge state lives. `C64_TASK_STATE_FILE` names the registry file explicitly and,
// as in c64bridge itself, its folder becomes the home that task folders are relative to.
import { dirname, join, resolve, sep } from "node:path"
import { c64BridgeHome } from "../../store/paths.ts"
import { TskError } from "../../domain/errors.ts"
import type { C64TaskType } from "./task-schema.ts"

export interface C64StatePaths {
  home: string
  registry: string
}

export function resolveC64StatePaths(env: NodeJS.ProcessEnv = process.env): C64StatePaths {
  const explicit = env.C64_TASK_STATE_FILE
  if (explicit && explicit.length > 0) {
    const registry = resolve(explicit)
    return { home: dirname(registry), registry }
  }
  const home = resolve(c64BridgeHome(env))
  return { home, registry: join(home, "tasks.json") }
}

/** `tasks/<id>` or `tasks/background/<id>`, relative to the home, as the registry's `folder`. */
export function taskFolderFor(type: C64TaskType, id: string): string {
  return type === "background" ? `tasks/background/${id}` : `tasks/${id}`
}

/**
 * The absolute folder of an entry. Entries can come from other tools, so a folder that points
 * outside the home (`../..`, an absolute path) is refused rather than read or written.
 */
export function absoluteTaskFolder(home: string, folder: string): string {
  const root = resolve(home)
  const full = resolve(root, folder)
  if (!full.startsWith(root + sep)) {
    throw new TskError("corrupt", `task folder '${folder}' points outside the C64 task home`)
  }
  return full
}
