// The demo's temporary home: the agent bridge switched on (polling fast, so the scripted agent's
// commands show at once) and a realistic task list relative to today: projects, tags, due and
// overdue dates, subtasks, a blocked task, notes from an agent, tracked time, a recurring task.
import { addDays, localDateOf } from "../domain/local-date.ts"
import { createAppStore } from "../store/app-store.ts"
import { updateConfig } from "../store/config-store.ts"

export const DEMO_POLL_MS = 300

/** `newId`: the task ids (the snapshots pass fixed ones, so that two runs draw the same screens). */
export async function prepareDemoHome(home: string, now: Date = new Date(), newId?: () => string): Promise<void> {
  await updateConfig(home, "integrations.agent.enabled", true)
  await updateConfig(home, "integrations.agent.pollIntervalMs", DEMO_POLL_MS)
  const today = localDateOf(now)
  const day = (n: number) => addDays(today, n)
  const store = createAppStore({ home, now: () => now, ...(newId ? { newId } : {}) })
  const actions = store.getState()
  const [notes, flaky, review, roadmap, tls, deploy, , dentist, onboarding, leak] = await actions.addTasks([
    { title: "Write release notes for v2.4", priority: "high", project: "release", tags: ["docs"], dueDate: today, estimateMinutes: 60 },
    { title: "Fix flaky checkout test", priority: "urgent", project: "web", tags: ["ci", "bug"], dueDate: day(-1) },
    { title: "Review PR #482: rate limiter", priority: "medium", project: "api", tags: ["review"], dueDate: day(1) },
    { title: "Plan Q3 roadmap", priority: "medium", description: "Themes: reliability, onboarding, the agent bridge. Draft by Friday, review with the team on Monday.", dueDate: day(7) },
    { title: "Renew TLS certificate", priority: "high", project: "ops", dueDate: day(3), recurrence: { frequency: "monthly", interval: 3 } },
    { title: "Deploy v2.4", priority: "high", project: "web", tags: ["release"], dueDate: day(2) },
    { title: "Buy coffee beans", priority: "low", tags: ["personal"] },
    { title: "Book dentist appointment", tags: ["personal"] },
    { title: "Update onboarding docs", project: "docs", tags: ["docs"], dueDate: day(10) },
    { title: "Investigate memory leak in worker", priority: "high", project: "api", tags: ["bug"], externalSource: "claude-code" },
  ])
  const [collect] = await actions.addTasks([
    { title: "Collect merged PRs", parentId: notes!.id },
    { title: "Draft highlights", parentId: notes!.id },
    { title: "Interview three customers", parentId: roadmap!.id },
    { title: "List reliability work", parentId: roadmap!.id },
  ])
  await actions.addTask({ title: "Summarise interview notes", parentId: roadmap!.id })
  await actions.setStatus(collect!.id, "done")
  await actions.setStatus(dentist!.id, "done")
  await actions.setStatus(flaky!.id, "in_progress")
  await actions.setStatus(review!.id, "in_progress")
  await actions.setBlocked(deploy!.id, flaky!.id, true)
  await actions.setBlocked(deploy!.id, notes!.id, true)
  await actions.logTime(flaky!.id, 95 * 60_000)
  await actions.logTime(notes!.id, 25 * 60_000)
  await actions.addNote(leak!.id, "Heap grows ~4 MB per 1,000 jobs; suspect the retry queue keeps closures alive.", "claude-code")
  await actions.addNote(flaky!.id, "Fails 1 in 20 runs on CI only; timing around the payment iframe.", "tui")
  await actions.addNote(tls!.id, "Certificate expires in 3 days", "custom")
  await actions.updateTask(onboarding!.id, { description: "Add the tsk agent snippet and the bridge protocol to the docs." })
}
