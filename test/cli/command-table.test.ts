import { describe, expect, it } from "vitest"
import { rootCommand } from "../../src/cli/commands.ts"
import { CHANGE_COMMANDS } from "../../src/cli/change-command-names.ts"
import { changeCommands } from "../../src/cli/change-commands.ts"

describe("the command table", () => {
  it("lists every command of change.js by the name, aliases and summary its own help gives", async () => {
    const names = Object.keys(CHANGE_COMMANDS)
    expect(Object.keys(changeCommands).sort()).toEqual([...names].sort())
    for (const name of names) {
      const entry = rootCommand.subcommands!.find((command) => command.name === name)
      expect(entry, name).toBeDefined()
      const spec = await entry!.load!()
      expect(spec, name).toBe(changeCommands[name as keyof typeof changeCommands])
      expect([spec.name, spec.summary, spec.aliases]).toEqual([entry!.name, entry!.summary, entry!.aliases])
    }
  })

  it("names each command once", () => {
    const words = rootCommand.subcommands!.flatMap((command) => [command.name, ...(command.aliases ?? [])])
    expect(new Set(words).size).toBe(words.length)
  })
})
