import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { TskError } from "../../src/domain/errors.ts"
import type { OsEngine } from "../../src/os/engine.ts"
import { makeOsFixture, snapshotRoot, walkToConstruct, type OsFixture } from "./os-helpers.ts"

let fx: OsFixture
beforeAll(async () => {
  fx = makeOsFixture()
  await walkToConstruct(fx.engine)
})
afterAll(() => fx.cleanup())

type Call = (engine: OsEngine) => Promise<unknown>
const bad = (value: unknown) => value as never

const CASES: Array<[string, Call, RegExp]> = [
  ["analyze without a goal", (e) => e.analyze(bad({})), /^os-analyze: goal: /],
  ["analyze with a blank goal", (e) => e.analyze({ goal: "   " }), /^os-analyze: goal: must not be empty$/],
  ["plan with a domain that escapes its folder", (e) => e.plan({ dom: "../etc", goal: "g", tasks: [{ title: "t" }] }), /^os-plan: dom: must be 1-64 letters/],
  ["plan without tasks", (e) => e.plan({ dom: "core", goal: "g", tasks: [] }), /^os-plan: tasks: a plan needs at least one task$/],
  ["plan with a task without a title", (e) => e.plan(bad({ dom: "core", goal: "g", tasks: [{ id: "x" }] })), /^os-plan: tasks\[0\]\.title: /],
  ["plan with a task id containing a slash", (e) => e.plan({ dom: "core", goal: "g", tasks: [{ id: "a/b", title: "t" }] }), /^os-plan: tasks\[0\]\.id: must be 1-64/],
  ["plan with tasks that are not an array", (e) => e.plan(bad({ dom: "core", goal: "g", tasks: "lexer" })), /^os-plan: tasks: /],
  ["complete without an output", (e) => e.complete(bad({ taskId: "lexer" })), /^os-complete: output: /],
  ["complete with an output missing loc and type", (e) => e.complete(bad({ taskId: "lexer", output: { id: "a", dom: "core" } })), /^os-complete: output\.loc: .*; output\.type: /],
  ["complete with dep that is not a list", (e) => e.complete(bad({ taskId: "lexer", output: { id: "a", dom: "core", loc: "a.ts", type: "code", dep: "b" } })), /^os-complete: output\.dep: /],
  ["complete with an artifact id with '..'", (e) => e.complete({ taskId: "lexer", output: { id: "a..b", dom: "core", loc: "a.ts", type: "code" } }), /^os-complete: output\.id: must not contain '\.\.'$/],
  ["fail without an error", (e) => e.fail(bad({ taskId: "lexer" })), /^os-fail: error: /],
  ["issue without a message", (e) => e.issue(bad({ artifactId: "lexer" })), /^os-issue: message: /],
  ["issue with an id containing spaces", (e) => e.issue({ issueId: "my issue", message: "m" }), /^os-issue: issueId: must be 1-64/],
  ["resolve without an issue id", (e) => e.resolve(bad({})), /^os-resolve: issueId: /],
  ["log with a limit of 0", (e) => e.log({ limit: 0 }), /^os-log: limit: /],
  ["log with a text limit", (e) => e.log(bad({ limit: "ten" })), /^os-log: limit: /],
  ["check with a text repair flag", (e) => e.check(bad({ repair: "yes" })), /^os-check: repair: /],
]

describe("bad input to every command", () => {
  it.each(CASES)("refuses %s with an invalid error and writes nothing", async (_name, call, message) => {
    const before = snapshotRoot(fx.root)
    const error = await call(fx.engine).then(() => null, (e: unknown) => e)
    expect(error).toBeInstanceOf(TskError)
    expect((error as TskError).kind).toBe("invalid")
    expect((error as TskError).message).toMatch(message)
    expect(snapshotRoot(fx.root)).toEqual(before)
  })
})
