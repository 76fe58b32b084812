// Default answers at 10,000 tasks stay under 5,000 tokens (bytes / 4) on the CLI and the bridge,
// and the outbox stays under 2 MB however large the answers asked for.
import { statSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeTempHome } from "../helpers/temp-home.ts"
import { answerTo, startTestRunner, writeInboxFile } from "./bridge-helpers.ts"
import { runTsk } from "../helpers/run-tsk.ts"
import { generateTasks } from "../bench/tasks-bench.ts"
import { mutateTasks } from "../../src/store/tasks-repository.ts"
import { OUTBOX_MAX_BYTES } from "../../src/bridge/outbox.ts"

const TOKEN_BUDGET = 5_000
const tokens = (text: string) => Buffer.byteLength(text) / 4

describe("answers at 10,000 tasks", () => {
  const temp = makeTempHome("tsk-budget-")

  beforeAll(async () => {
    await mutateTasks(temp.home, () => ({ tasks: generateTasks(10_000), result: null }))
  })
  afterAll(() => temp.cleanup())

  it("keep the CLI's default answers under 5,000 tokens", () => {
    for (const args of [["list", "--json"], ["ls"], ["ready", "--json"], ["ready"], ["list", "--project", "web", "--priority", "high", "--json"]]) {
      const result = runTsk(temp.home, args)
      expect(result.code).toBe(0)
      expect([args.join(" "), tokens(result.stdout) < TOKEN_BUDGET]).toEqual([args.join(" "), true])
    }
  })

  it("keep the bridge's default answers under 5,000 tokens and the outbox under 2 MB", async () => {
    const runner = startTestRunner(temp.home)
    try {
      const defaults = [
        { id: "list", command: "list", payload: {} },
        { id: "query", command: "query", payload: { project: "web", priority: ["high", "urgent"] } },
        { id: "ready", command: "query", payload: { ready: true } },
      ]
      writeInboxFile(temp.home, defaults)
      await runner.processNow()
      for (const { id } of defaults) {
        const answer = answerTo(temp.home, id)
        expect(answer.total).toBeGreaterThan(50)
        expect([id, tokens(JSON.stringify(answer)) < TOKEN_BUDGET]).toEqual([id, true])
      }
      // 21 answers that each ask for everything: pages are cut short (and say so), the outbox stays small.
      writeInboxFile(temp.home, Array.from({ length: 21 }, (_, i) => ({ id: `all-${i}`, command: "list", payload: { all: true, limit: 0, fields: "all" } })))
      await runner.processNow()
      const last = answerTo(temp.home, "all-20")
      expect(last).toMatchObject({ status: "ok", total: 10_000, offset: 0, truncated: true })
      expect(last.nextOffset).toBe((last.data as unknown[]).length)
      expect(statSync(join(temp.home, "agent-outbox.json")).size).toBeLessThan(OUTBOX_MAX_BYTES)
    } finally {
      await runner.stop()
    }
  })
})
