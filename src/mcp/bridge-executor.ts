// The bridge commands as the MCP server runs them: the very BridgeCommandDefinitions the runner
// hosts, validated with their own payload schemas. Task commands run here on tasks.json (see
// task-session.ts) and os-* commands on the operating-state engine, as the CLI runs them; c64-*
// commands go through the inbox to the runner, which owns the one C64 machine (a one-shot pass
// answers them when no runner is up, as for `tsk agent send`).
import type * as z from "zod"
import type { BridgeCommandDefinition } from "../domain/command-definition.ts"
import { createBridgeRegistry } from "../bridge/command-registry.ts"
import { describePayloadIssues, type AgentSource } from "../bridge/protocol.ts"
import { createTaskBridgeCommands } from "../bridge/task-commands.ts"
import { createMemoryBridgeCommands } from "../bridge/memory-commands.ts"
import { createApprovalBridgeCommands } from "../bridge/approval-commands.ts"
import { createConflictBridgeCommands } from "../bridge/conflict-commands.ts"
import { createMemoryManager } from "../memory/memory-manager.ts"
import { sendAgentCommand } from "../bridge/send-command.ts"
import { machineBelongsToRunner, sendToRunner } from "../bridge/c64-machine-route.ts"
import { defaultRunnerServices } from "../bridge/default-services.ts"
import { createC64BridgeCommands } from "../c64/bridge-commands.ts"
import type { C64Service } from "../c64/c64-service.ts"
import { createOsBridgeCommands } from "../os/bridge-commands.ts"
import { createOsEngine } from "../os/engine.ts"
import { createSyncBridgeCommands } from "../sync/sync-bridge-commands.ts"
import { resolveOsSettings } from "../os/os-settings.ts"
import { errorKindOf, invalid, notFound, TskError } from "../domain/errors.ts"
import { createTaskSession } from "./task-session.ts"
import type { AgentIdentity } from "../domain/agent-identity.ts"

export interface BridgeExecutor {
  /** The payload schema of a bridge command, or undefined for a command this build lacks. */
  payloadOf(command: string): z.ZodType | undefined
  /** Validate and run one command; its data, or a TskError carrying the kind. */
  run(command: string, payload: unknown): Promise<unknown>
}

export interface ExecutorOptions {
  home: string
  env: NodeJS.ProcessEnv
  /** The bridge `source` of the calling agent: recorded on created tasks and notes. */
  source: () => AgentSource
  /** The holder of what this server claims (mcp-identity.ts). */
  identity: () => AgentIdentity
}

/** An MCP client's name as a bridge source: Claude Code and Codex by name, anything else custom. */
export function agentSourceOf(clientName: string | undefined): AgentSource {
  const name = (clientName ?? "").toLowerCase()
  if (name.includes("claude")) return "claude-code"
  if (name.includes("codex")) return "codex"
  return "custom"
}

/**
 * The c64-* definitions are built here only for their names and payload schemas; they run in the
 * runner, so the service behind them must never be reached from this process.
 */
const unreachableService = new Proxy({} as C64Service, {
  get() {
    throw new TskError("io", "C64 commands run in the runner, not in the MCP server")
  },
})

/** The answer of a forwarded command as data, or its error with the kind the bridge gave. */
function answerOf(response: { status: "ok" | "error"; data?: unknown; error?: string } & Record<string, unknown>): unknown {
  if (response.status === "ok") return response.data
  throw new TskError(errorKindOf(response.errorKind, "io"), response.error ?? "the runner answered with an error")
}

export function createBridgeExecutor(options: ExecutorOptions): BridgeExecutor {
  const { home, env, source } = options
  const session = createTaskSession(home, source, options.identity)
  const taskCommands = createTaskBridgeCommands(session.access)
  const osCommands = createOsBridgeCommands(createOsEngine({ root: resolveOsSettings(home).root, home, cwd: process.cwd() }))
  const c64Commands = createC64BridgeCommands(unreachableService)
  const memoryCommands = createMemoryBridgeCommands(createMemoryManager(home))
  const approvalCommands = createApprovalBridgeCommands(home, "mcp")
  const registry = createBridgeRegistry(taskCommands, [...osCommands, ...c64Commands, ...memoryCommands, ...approvalCommands, ...createSyncBridgeCommands(home), ...createConflictBridgeCommands(home)])
  const forwarded = new Set(c64Commands.map((d) => d.command))

  const validated = (definition: BridgeCommandDefinition, payload: unknown): unknown => {
    const parsed = definition.payload.safeParse(payload ?? {})
    if (!parsed.success) throw invalid(`invalid payload for '${definition.command}': ${describePayloadIssues(parsed.error)}`)
    return parsed.data
  }

  return {
    payloadOf: (command) => registry.get(command)?.payload,
    async run(command, payload) {
      const definition = registry.get(command)
      if (!definition) throw notFound(`unknown bridge command '${command}'`)
      const parsed = validated(definition, payload)
      if (forwarded.has(command)) {
        // The runner validates again; the raw payload is what an agent would have written. With the
        // sim, the runner owns the one machine (started on demand, as for the CLI).
        const runner = { home, env, printErr: (line: string) => void process.stderr.write(`${line}\n`) }
        if (await machineBelongsToRunner(runner)) return sendToRunner(runner, command, (payload ?? {}) as Record<string, unknown>)
        const { response } = await sendAgentCommand(home, { source: source(), command, payload: payload ?? {} }, { services: defaultRunnerServices(env) })
        return answerOf(response as typeof response & Record<string, unknown>)
      }
      const data = registry.isTaskCommand(command) ? await session.run(definition, parsed) : await definition.run(parsed)
      // Plain JSON, as the outbox would hold it.
      return data === undefined ? null : JSON.parse(JSON.stringify(data))
    },
  }
}
