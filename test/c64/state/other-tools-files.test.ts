import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { mkdir, readFile, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { makeServiceFixture, untilFinished, type ServiceFixture } from "../helpers/service-fixture.ts"
import { TskError } from "../../../src/domain/errors.ts"

let fx: ServiceFixture
beforeEach(async () => {
  fx = await makeServiceFixture()
})
afterEach(() => fx.cleanup())

// What c64bridge's own MCP server writes: ISO timestamps with milliseconds, nextRunAt, a
// result.json without summary, no samples.jsonl.
const foreignRead = {
  id: "0007_saved",
  name: "saved",
  type: "background",
  operation: "read",
  args: { address: "$0400", length: 2 },
  intervalMs: 25,
  maxIterations: 3,
  iterations: 2,
  status: "stopped",
  startedAt: "2025-03-08T10:00:00.000Z",
  updatedAt: "2025-03-08T10:00:01.000Z",
  stoppedAt: "2025-03-08T10:00:01.000Z",
  lastError: null,
  nextRunAt: null,
  folder: "tasks/background/0007_saved",
}

const specForeground = {
  id: "0001_extract_sprites",
  name: "extract_sprites",
  type: "foreground",
  operation: "extract_sprites_from_ram",
  args: { persistArtifacts: true },
  status: "completed",
  startedAt: "2025-10-27T11-42-03Z",
  updatedAt: "2025-10-27T11-42-05Z",
  stoppedAt: "2025-10-27T11-42-05Z",
  lastError: null,
  folder: "tasks/0001_extract_sprites",
}

async function writeForeignState(): Promise<void> {
  await writeFile(join(fx.home, "tasks.json"), JSON.stringify({ tasks: [specForeground, foreignRead] }, null, 2))
  const bg = join(fx.home, foreignRead.folder)
  await mkdir(bg, { recursive: true })
  await writeFile(join(bg, "task.json"), JSON.stringify({ ...foreignRead, resultPath: `${foreignRead.folder}/result.json` }))
  await writeFile(join(bg, "result.json"), JSON.stringify({ id: "0007_saved", type: "task", name: "read", created: "2025-03-08T10:00:00.000Z", status: "stopped", iterations: 2 }))
  await writeFile(join(bg, "log.txt"), "[2025-03-08T10:00:00.000Z] iteration=1\n[2025-03-08T10:00:01.000Z] iteration=2\n")
  const fg = join(fx.home, specForeground.folder)
  await mkdir(fg, { recursive: true })
  await writeFile(join(fg, "result.json"), JSON.stringify({
    id: "0001_extract_sprites", type: "task", name: "extract_sprites_from_ram", created: "2025-10-27T11-42-03Z",
    completed: "2025-10-27T11-42-05Z", status: "completed", summary: { spriteCount: 8, spriteAddresses: ["0x2000", "0x2080"] },
    artifacts: { spritesDir: "artifacts/sprites/" },
  }))
}

describe("files written by other c64bridge tools", () => {
  it("list and show without error: ISO timestamps, extra fields, no samples, no task.json", async () => {
    await writeForeignState()
    expect((await fx.service.list()).map((t) => t.id)).toEqual(["0001_extract_sprites", "0007_saved"])
    const saved = await fx.service.show("0007_saved")
    expect(saved.task).toMatchObject({ iterations: 2, nextRunAt: null, startedAt: "2025-03-08T10:00:00.000Z" })
    expect(saved.samples).toEqual([])
    expect(saved.result).toMatchObject({ status: "stopped", iterations: 2 })
    expect(saved.log).toHaveLength(2)
    const sprites = await fx.service.show("1")
    expect(sprites.taskFile).toBeNull()
    expect(sprites.result!.summary).toMatchObject({ spriteCount: 8 })
  })

  it("continue their counter and keep their entries byte for byte", async () => {
    await writeForeignState()
    const { task } = await fx.service.run("read", { address: 0, length: 1 })
    expect(task.id).toBe("0008_read")
    const { tasks } = JSON.parse(await readFile(join(fx.home, "tasks.json"), "utf8"))
    expect(tasks.slice(0, 2)).toEqual([specForeground, foreignRead])
  })

  it("resume a task another tool left running, from its iteration count", async () => {
    await writeFile(join(fx.home, "tasks.json"), JSON.stringify({ tasks: [{ ...foreignRead, status: "running", stoppedAt: null, maxIterations: 4 }] }))
    await mkdir(join(fx.home, foreignRead.folder), { recursive: true })
    const done = untilFinished(fx.service, "0007_saved")
    expect((await fx.service.resumeRunning()).map((t) => t.iterations)).toEqual([2])
    await done
    const shown = await fx.service.show("0007_saved")
    expect(shown.task).toMatchObject({ status: "completed", iterations: 4 })
    expect(shown.samples.map((s) => s.i)).toEqual([3, 4])
  })

  it("resume c64bridge's read_memory tasks as reads", async () => {
    await writeFile(join(fx.home, "tasks.json"), JSON.stringify({
      tasks: [{ ...foreignRead, operation: "read_memory", args: { address: "$0400", length: "1" }, status: "running", stoppedAt: null, maxIterations: 3 }],
    }))
    const done = untilFinished(fx.service, "0007_saved")
    await fx.service.resumeRunning()
    expect((await done).type).toBe("completed")
    expect((await fx.service.show("0007_saved")).task).toMatchObject({ operation: "read_memory", iterations: 3 })
  })

  it("refuse to write over a registry that does not parse, naming the file and field", async () => {
    const broken = JSON.stringify({ tasks: [{ ...foreignRead, status: "paused" }] })
    await writeFile(join(fx.home, "tasks.json"), broken)
    const error = await fx.service.run("read", { address: 0, length: 1 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TskError)
    expect((error as TskError).kind).toBe("corrupt")
    expect((error as TskError).message).toMatch(/tasks\.json is invalid: tasks\[0\]\.status/)
    expect(await readFile(join(fx.home, "tasks.json"), "utf8")).toBe(broken)
  })

  it("still show a task whose own files are unreadable, saying which", async () => {
    await writeForeignState()
    await writeFile(join(fx.home, foreignRead.folder, "result.json"), "{ not json")
    const shown = await fx.service.show("0007_saved")
    expect(shown.result).toBeNull()
    expect(shown.taskFile).toMatchObject({ id: "0007_saved" })
    expect(shown.problems).toEqual([expect.stringMatching(/^tasks\/background\/0007_saved\/result\.json is not valid JSON/)])
  })

  it("resume the other tasks when one of them cannot be read", async () => {
    const hostile = { ...foreignRead, id: "0008_bad", folder: "../../etc", status: "running", stoppedAt: null }
    const fine = { ...foreignRead, id: "0009_fine", folder: "tasks/background/0009_fine", status: "running", stoppedAt: null, maxIterations: 3 }
    await writeFile(join(fx.home, "tasks.json"), JSON.stringify({ tasks: [hostile, fine] }))
    await mkdir(join(fx.home, fine.folder), { recursive: true })
    const errors: string[] = []
    fx.service.onEvent((e) => e.type === "error" && errors.push(`${e.task.id}: ${e.error}`))
    const done = untilFinished(fx.service, "0009_fine")
    expect((await fx.service.resumeRunning()).map((t) => t.id)).toEqual(["0009_fine"])
    expect((await done).type).toBe("completed")
    expect(errors).toEqual([expect.stringMatching(/^0008_bad: cannot resume: task folder '\.\.\/\.\.\/etc' points outside/)])
  })

  it("read nothing from a folder that points outside the home, and say so", async () => {
    await writeFile(join(fx.home, "tasks.json"), JSON.stringify({ tasks: [{ ...foreignRead, folder: "../../etc" }] }))
    const shown = await fx.service.show("0007_saved")
    expect(shown).toMatchObject({ taskFile: null, result: null, samples: [], log: [] })
    expect(shown.problems).toHaveLength(4)
    expect(shown.problems.every((p) => /task folder '\.\.\/\.\.\/etc' points outside the C64 task home/.test(p))).toBe(true)
  })
})
