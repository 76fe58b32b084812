import { describe, expect, it } from "vitest"
import { errorKindOf, exitCodeFor, sanitizeErrorMessage, toTskError, TskError } from "../../src/domain/errors.ts"

describe("error messages for people and agents", () => {
  it("reduces absolute paths to their last part", () => {
    expect(sanitizeErrorMessage(new Error("ENOENT: no such file, open '/home/ana/.tsk/tasks.json'"))).toBe("ENOENT: no such file, open 'tasks.json'")
    expect(sanitizeErrorMessage(new Error("/tmp/x/y/z.json is broken"))).toBe("z.json is broken")
    expect(sanitizeErrorMessage(new Error("cannot open C:\\Users\\ana\\tasks.json"))).toBe("cannot open tasks.json")
  })

  it("keeps relative paths whole", () => {
    expect(sanitizeErrorMessage(new Error("plans/core/p1.json changed"))).toBe("plans/core/p1.json changed")
    expect(sanitizeErrorMessage(new Error("see registry/api/a1.json"))).toBe("see registry/api/a1.json")
  })

  it("drops stack frames", () => {
    const error = new Error("boom")
    error.message = "boom\n    at thing (/src/x.ts:1:1)"
    expect(sanitizeErrorMessage(error)).toBe("boom")
  })

  it("maps kinds to exit codes", () => {
    expect(exitCodeFor(new TskError("not_found", "x"))).toBe(2)
    expect(exitCodeFor(new TskError("ambiguous", "x"))).toBe(3)
    expect(exitCodeFor(new TskError("invalid", "x"))).toBe(4)
    expect(exitCodeFor(new TskError("corrupt", "x"))).toBe(1)
    expect(exitCodeFor(new Error("x"))).toBe(1)
  })
})

describe("errorKindOf", () => {
  it("keeps every kind a bridge answer names", () => {
    for (const kind of ["not_found", "ambiguous", "invalid", "conflict", "io", "corrupt"] as const) expect(errorKindOf(kind, "io")).toBe(kind)
  })

  it("falls back when the answer names no kind or an unknown one", () => {
    expect(errorKindOf(undefined, "invalid")).toBe("invalid")
    expect(errorKindOf("exploded", "io")).toBe("io")
    expect(errorKindOf(2, "io")).toBe("io")
  })
})

describe("a TskError of another copy of the module (each bundle of dist/ has its own)", () => {
  it("is a TskError to every copy, keeps its kind and exit code, and subclasses stay apart", async () => {
    // A second instance of the module, as more.js carries beside cli.js.
    const copy = "../../src/domain/errors.ts?another-copy"
    const other = (await import(/* @vite-ignore */ copy)) as typeof import("../../src/domain/errors.ts")
    expect(other.TskError).not.toBe(TskError)
    const foreign = new other.TskError("not_found", "no task matches id 'x'")
    expect(foreign instanceof TskError).toBe(true)
    expect(exitCodeFor(foreign)).toBe(2)
    expect(toTskError(foreign)).toBe(foreign)
    expect(new TskError("invalid", "x") instanceof other.TskError).toBe(true)
    expect(new Error("plain") instanceof TskError).toBe(false)
    expect({ kind: "not_found", message: "look-alike" } instanceof TskError).toBe(false)
    const { LockLostError } = await import("../../src/store/lock-context.ts")
    expect(foreign instanceof LockLostError).toBe(false)
  })
})
