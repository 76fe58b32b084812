import { describe, expect, it } from "vitest"
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { BUN, PROJECT_ROOT } from "../helpers/run-tsk.ts"
import { backupVersion, listBackups } from "../../src/store/backups.ts"
import { TEMP_NAME } from "../../src/store/durable-file.ts"

describe("backups", () => {
  it("are whole or absent: a writer killed during the copy leaves only a temp file, never a torn backup", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tsk-backups-"))
    mkdirSync(join(dir, "backups"))
    const entries = () => readdirSync(join(dir, "backups")).length
    try {
      let torn = 0
      for (let round = 0; round < 5; round++) {
        const before = entries()
        const child = Bun.spawn([BUN, join(PROJECT_ROOT, "test", "helpers", "backup-writer.ts"), dir], { stdout: "pipe", stderr: "inherit" })
        const reader = child.stdout.getReader()
        await reader.read()
        // Kill it as soon as the copy has begun (its temp file, or the backup itself before the fix, appears).
        const started = performance.now()
        while (entries() === before && performance.now() - started < 10_000) await Bun.sleep(1)
        child.kill("SIGKILL")
        await child.exited
        for (const backup of listBackups(join(dir, "tasks.json"), join(dir, "backups"))) {
          try {
            JSON.parse(readFileSync(backup, "utf8"))
          } catch {
            torn++
          }
        }
      }
      expect(torn).toBe(0)
      for (const name of readdirSync(join(dir, "backups"))) expect(name.endsWith(".bak") || TEMP_NAME.test(name), name).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("keeps the newest versions, whole", () => {
    const dir = mkdtempSync(join(tmpdir(), "tsk-backups-"))
    try {
      for (let revision = 1; revision <= 12; revision++) backupVersion(join(dir, "tasks.json"), join(dir, "backups"), `{"revision":${revision}}\n`, revision)
      const kept = listBackups(join(dir, "tasks.json"), join(dir, "backups"))
      expect(kept).toHaveLength(10)
      expect(JSON.parse(readFileSync(kept[0]!, "utf8"))).toEqual({ revision: 12 })
      expect(readdirSync(join(dir, "backups")).every((name) => name.endsWith(".bak"))).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
