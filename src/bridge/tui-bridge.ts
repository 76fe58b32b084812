// The bridge as the TUI starts it (`startTui({ env, startBridge: tuiBridgeStarter(env) })`): the
// runner with the C64 scheduler and the os engine, keeping the TUI's store current. Null when
// another process already is the runner.
import type { AppStore } from "../store/app-store.ts"
import { defaultRunnerServices } from "./default-services.ts"
import { startBridgeRunner, type BridgeRunner } from "./runner.ts"

export function tuiBridgeStarter(env: NodeJS.ProcessEnv): (options: { home: string; store: AppStore }) => Promise<BridgeRunner | null> {
  return async ({ home, store }) => {
    const runner = startBridgeRunner({ home, store, services: defaultRunnerServices(env) })
    if (runner) await runner.ready
    return runner
  }
}
