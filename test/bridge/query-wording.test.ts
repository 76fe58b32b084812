import { describe, expect, it } from "vitest"
import { createTaskReadCommands } from "../../src/bridge/task-read-commands.ts"
import type { TaskAccess } from "../../src/bridge/task-access.ts"

const query = createTaskReadCommands({} as TaskAccess).find((c) => c.command === "query")!

describe("the query command's line (shown in the TUI's agent toast)", () => {
  it("says matches, not matchs, and one match", () => {
    expect(query.describe({} as never, [1, 2, 3, 4, 5])).toBe("queried tasks: 5 matches")
    expect(query.describe({} as never, [1])).toBe("queried tasks: 1 match")
  })
})
