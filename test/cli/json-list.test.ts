import { describe, expect, it } from "vitest"
import { JsonList } from "../../src/cli/json-list.ts"
import { runCli } from "../../src/cli/run-cli.ts"
import type { CommandSpec } from "../../src/cli/command.ts"
import { taskJson, taskJsonText, viewAround, viewOf } from "../../src/cli/task-format.ts"
import { generateTasks } from "../bench/tasks-bench.ts"

describe("JSON of long lists", () => {
  it("writes a task's JSON text exactly as JSON.stringify of its taskJson", () => {
    const tasks = generateTasks(60)
    tasks[3] = { ...tasks[3]!, blockedBy: [tasks[4]!.id], title: 'Quotes " and \\ and \u0001 and ✓' }
    const view = viewOf(tasks)
    for (const task of tasks) expect(taskJsonText(task, view)).toBe(JSON.stringify(taskJson(task, view)))
  })

  it("gives one task the same JSON from the view around it as from the view of the whole list", () => {
    const tasks = generateTasks(40)
    tasks[5] = { ...tasks[5]!, blockedBy: [tasks[6]!.id, tasks[10]!.id, "gone"] }
    tasks[6] = { ...tasks[6]!, status: "todo" }
    tasks[10] = { ...tasks[10]!, status: "done" }
    const whole = viewOf(tasks)
    expect(tasks.some((t) => (whole.children.get(t.id) ?? []).length > 0)).toBe(true)
    for (const task of tasks) expect(taskJson(task, viewAround(tasks, task))).toEqual(taskJson(task, whole))
    expect(taskJson(tasks[5]!, viewAround(tasks, tasks[5]!)).blocked).toBe(true)
  })

  it("joins its pieces into one JSON array however small the pieces are", () => {
    const list = new JsonList([1, 2, 3, 4, 5], (n) => JSON.stringify({ n }))
    const pieces = [...list.pieces(8)]
    expect(pieces.length).toBeGreaterThan(2)
    expect(JSON.parse(pieces.join(""))).toEqual([1, 2, 3, 4, 5].map((n) => ({ n })))
  })

  it("is an empty array when there are no items", () => {
    expect([...new JsonList([], String).pieces()].join("")).toBe("[]")
  })

  it("is printed compact through a pipe and indented at a terminal", async () => {
    const root: CommandSpec = { name: "tsk", summary: "", usage: "tsk", run: async () => ({ data: new JsonList(["a", "b"], (s) => JSON.stringify({ s })), text: "" }) }
    const printed = async (stdoutIsTTY: boolean) => {
      let out = ""
      expect(await runCli(root, ["--json"], {}, { stdout: (t) => void (out += t), stderr: () => {}, stdoutIsTTY })).toBe(0)
      return out
    }
    expect(await printed(false)).toBe('[{"s":"a"},{"s":"b"}]\n')
    expect(await printed(true)).toBe(JSON.stringify([{ s: "a" }, { s: "b" }], null, 2) + "\n")
  })
})
