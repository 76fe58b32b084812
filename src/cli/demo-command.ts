// tsk demo: the TUI on a temporary home (TSK_HOME and C64BRIDGE_HOME point into it) with sample
// tasks, the agent bridge on, and a scripted agent sending bridge commands while you watch.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { CommandSpec } from "./command.ts"
import { sanitizeErrorMessage } from "../domain/errors.ts"
import { rerunWithNodeEnv } from "../store/tsk-process.ts"

export const demoCommand: CommandSpec = {
  name: "demo",
  summary: "Open the TUI on a temporary home with sample tasks and a scripted agent",
  usage: "tsk demo [--keep]",
  description: "Nothing in your own TSK_HOME is touched. The temporary home is removed on quit unless --keep is given.",
  options: { keep: { type: "boolean", description: "keep the temporary home and print where it is" } },
  async run(ctx, { options }) {
    // The executable run by hand without NODE_ENV runs the whole command again with it.
    const rerun = rerunWithNodeEnv(process.argv.slice(2))
    if (rerun !== undefined) process.exit(rerun)
    const home = mkdtempSync(join(tmpdir(), "tsk-demo-"))
    const keep = options.keep === true
    try {
      const env = { ...ctx.env, TSK_HOME: home, C64BRIDGE_HOME: join(home, "c64bridge") }
      const [{ prepareDemoHome }, { demoContext, runDemoScript, DEMO_STEPS }, { openTui }] = await Promise.all([
        import("../tui/demo-home.ts"),
        import("../tui/demo-script.ts"),
        import("../tui-entry.ts"),
      ])
      await prepareDemoHome(home)
      const exitCode = await openTui({
        env,
        onStarted: ({ notifyError }) =>
          runDemoScript(DEMO_STEPS, demoContext(home), {
            onError: (step, error) => notifyError(`Demo step '${step.what}' failed: ${sanitizeErrorMessage(error)}`),
          }),
      })
      return { data: { home, kept: keep }, text: keep ? `Demo home kept at ${home}` : "", exitCode }
    } finally {
      if (!keep) rmSync(home, { recursive: true, force: true })
    }
  },
}
