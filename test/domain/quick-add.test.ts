import { describe, expect, it } from "vitest"
import { describeQuickAdd, parseQuickAdd } from "../../src/domain/quick-add.ts"

const TODAY = "2026-03-10" // a Tuesday

describe("quick add", () => {
  it("reads due, tags, project and priority out of the title", () => {
    const quick = parseQuickAdd("Call mom due:fri +family @home !high", TODAY)
    expect(quick).toMatchObject({ title: "Call mom", dueDate: "2026-03-13", tags: ["family"], project: "home", priority: "high", error: null })
    expect(describeQuickAdd(quick)).toBe("due 2026-03-13 · #family · @home · !high")
  })

  it("takes tokens anywhere in the title and keeps the other words in order", () => {
    expect(parseQuickAdd("+a Pay !urgent the rent +b due:+3d", TODAY)).toMatchObject({ title: "Pay the rent", tags: ["a", "b"], priority: "urgent", dueDate: "2026-03-13" })
  })

  it("keeps a token after a backslash in the title as typed", () => {
    expect(parseQuickAdd("Vote \\+1 on \\@team \\!high \\due:fri", TODAY)).toMatchObject({ title: "Vote +1 on @team !high due:fri", tags: [], project: null, priority: null, dueDate: null })
  })

  it("leaves words that only look like tokens in the title", () => {
    expect(parseQuickAdd("Email a@b.c about C++ and 5 + 3 !important", TODAY)).toMatchObject({ title: "Email a@b.c about C++ and 5 + 3 !important", tags: [], project: null, priority: null })
  })

  it("names a due date it cannot read", () => {
    expect(parseQuickAdd("Pay due:someday", TODAY).error).toContain("'someday' is not a date")
  })
})
