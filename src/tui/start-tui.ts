// Placeholder until the TUI lands: prints the open tasks and exits.
import { createAppStore } from "../store/app-store.ts"
import { tskHome } from "../store/paths.ts"

export async function startTui(options: { env: NodeJS.ProcessEnv }): Promise<number> {
  const store = createAppStore({ home: tskHome(options.env) })
  await store.getState().reload()
  for (const task of store.getState().tasks.filter((t) => t.status !== "done" && t.status !== "archived")) console.log(`${task.id.slice(0, 8)} ${task.title}`)
  return 0
}
