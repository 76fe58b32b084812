// The demo's scripted agent: a list of timed steps, each sending bridge commands through the inbox
// the way a real agent does, so toasts appear and tasks change while you watch. Later parts of the
// demo (C64 background tasks, the phase panel) add their own steps to the list.
import { randomUUID } from "node:crypto"
import { dropIntoInbox } from "../bridge/inbox-claim.ts"
import { readTasks } from "../store/tasks-repository.ts"
import { C64_AGENT_STEPS } from "./c64-demo-steps.ts"
import { OS_AGENT_STEPS } from "./os-demo-steps.ts"
import { APPROVAL_AGENT_STEPS } from "./approval-demo-steps.ts"

export interface DemoContext {
  home: string
  /** Put one command into the inbox (agent-inbox.d/), as an agent would. */
  send(command: string, payload: Record<string, unknown>): Promise<void>
  /** The id of the first task with this title, for commands that name a task. */
  taskId(title: string): Promise<string>
}

export interface DemoStep {
  /** When to run, in ms after the TUI is on screen. */
  atMs: number
  what: string
  run(ctx: DemoContext): Promise<void>
}

export const TASK_AGENT_STEPS: readonly DemoStep[] = [
  {
    atMs: 1500,
    what: "an agent files a bug",
    run: (ctx) => ctx.send("create", { title: "Fix login bug on Safari", priority: "high", project: "web", tags: ["bug"] }),
  },
  {
    atMs: 4000,
    what: "the agent notes its progress on the release notes",
    run: async (ctx) => ctx.send("add-note", { taskId: await ctx.taskId("Write release notes for v2.4"), content: "Drafted the changelog from 14 merged PRs." }),
  },
  {
    atMs: 6500,
    what: "the agent starts on the bug",
    run: async (ctx) => ctx.send("update", { taskId: await ctx.taskId("Fix login bug on Safari"), status: "in_progress" }),
  },
  {
    atMs: 9000,
    what: "the agent splits off a subtask",
    run: async (ctx) => ctx.send("create-subtask", { parentId: await ctx.taskId("Fix login bug on Safari"), title: "Reproduce on Safari 17" }),
  },
  {
    atMs: 11500,
    what: "the agent finishes the subtask",
    run: async (ctx) => ctx.send("complete", { taskId: await ctx.taskId("Reproduce on Safari 17") }),
  },
  {
    atMs: 14000,
    what: "the agent plans follow-up work",
    run: (ctx) =>
      ctx.send("bulk-create", {
        tasks: [
          { title: "Add a regression test for the Safari login", priority: "medium", project: "web", tags: ["test"] },
          { title: "Document the cookie SameSite change", project: "docs", tags: ["docs"] },
        ],
      }),
  },
  {
    atMs: 17000,
    what: "the agent completes the bug",
    run: async (ctx) => ctx.send("complete", { taskId: await ctx.taskId("Fix login bug on Safari") }),
  },
  {
    atMs: 20000,
    what: "the agent checks what is still open",
    run: (ctx) => ctx.send("query", { status: ["todo", "in_progress"], priority: ["high", "urgent"] }),
  },
]

/**
 * Every step of the demo: the task agent, the operating-state walk (os-demo-steps.ts), the C64 work
 * (c64-demo-steps.ts) and a permission request to answer (approval-demo-steps.ts).
 */
export const DEMO_STEPS: readonly DemoStep[] = [...TASK_AGENT_STEPS, ...OS_AGENT_STEPS, ...C64_AGENT_STEPS, ...APPROVAL_AGENT_STEPS]

export function demoContext(home: string): DemoContext {
  let sequence = 0
  return {
    home,
    async send(command, payload) {
      const id = `demo-${Date.now()}-${++sequence}`
      const body = { id, timestamp: new Date().toISOString(), source: "claude-code", command, payload }
      await dropIntoInbox(home, `${String(sequence).padStart(4, "0")}-${randomUUID()}.json`, JSON.stringify(body))
    },
    async taskId(title) {
      const task = (await readTasks(home)).tasks.find((t) => t.title === title)
      if (!task) throw new Error(`demo: no task '${title}'`)
      return task.id
    },
  }
}

export interface DemoRunOptions {
  /** Divide every step's time (tests run the script fast). */
  speed?: number
  onError?(step: DemoStep, error: unknown): void
  onStep?(step: DemoStep): void
}

/** Schedule the steps; the returned function cancels those not yet run and waits for a running one. */
export function runDemoScript(steps: readonly DemoStep[], ctx: DemoContext, options: DemoRunOptions = {}): () => Promise<void> {
  const speed = options.speed ?? 1
  const timers: ReturnType<typeof setTimeout>[] = []
  let chain: Promise<void> = Promise.resolve()
  for (const step of [...steps].sort((a, b) => a.atMs - b.atMs)) {
    timers.push(
      setTimeout(() => {
        // Steps run one after another, so a step that names a task finds the one created before it.
        chain = chain.then(async () => {
          try {
            await step.run(ctx)
            options.onStep?.(step)
          } catch (error) {
            options.onError?.(step, error)
          }
        })
      }, step.atMs / speed),
    )
  }
  return async () => {
    for (const timer of timers) clearTimeout(timer)
    await chain
  }
}
