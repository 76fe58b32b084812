import { describe, expect, it } from "vitest"
import { parseCommandArgs } from "../../src/cli/parse-args.ts"

const options = {
  priority: { type: "string" as const, short: "p" },
  all: { type: "boolean" as const, short: "a" },
  tag: { type: "string" as const, multiple: true },
}

describe("command-line options", () => {
  it("reads long, short, inline and boolean options around positionals", () => {
    expect(parseCommandArgs(["Fix", "-p", "high", "bug", "--all", "--tag=a", "--tag", "b"], options)).toEqual({
      positionals: ["Fix", "bug"],
      options: { priority: "high", all: true, tag: ["a", "b"] },
    })
  })

  it("takes everything after -- as positionals, and a negative number as a value", () => {
    expect(parseCommandArgs(["--", "--all", "-p"], options).positionals).toEqual(["--all", "-p"])
    expect(parseCommandArgs(["-p", "-3"], options).options.priority).toBe("-3")
  })

  it("rejects unknown options, missing values and values on flags", () => {
    expect(() => parseCommandArgs(["--colour", "red"], options)).toThrow("Unknown option '--colour'")
    expect(() => parseCommandArgs(["-x"], options)).toThrow("Unknown option '-x'")
    expect(() => parseCommandArgs(["-p"], options)).toThrow("Option '-p <value>' argument missing")
    expect(() => parseCommandArgs(["--priority", "--all"], options)).toThrow("argument missing")
    expect(() => parseCommandArgs(["--all=yes"], options)).toThrow("does not take a value")
  })
})
