// The randomised sync run shared by the unit test (a few hundred operations) and
// test/sync/run-fuzz.ts (1,000 or more): three homes and one bare repository, random task changes
// on each home through the store's actions, `runSync` of a random home now and then, and at the
// end every home synced until all agree. What it returns lets the caller check that every
// acknowledged change is in the final list, was set aside as a conflict's losing value, or was
// superseded by a later change made on a home that had seen it.
import { execFileSync } from "node:child_process"
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { createAppStore, type AppStore } from "../../src/store/app-store.ts"
import { readTasks } from "../../src/store/tasks-repository.ts"
import { updateConfig } from "../../src/store/config-store.ts"
import { runSync } from "../../src/sync/sync-engine.ts"
import { readConflicts } from "../../src/store/conflicts-store.ts"
import type { Task } from "../../src/domain/task.ts"
import { seededRandom } from "../helpers/seeded-random.ts"

export interface FuzzOutcome {
  lists: Task[][]
  /** Every title set, note added and task created, with whether a later change that saw it replaced it. */
  titles: Map<string, { taskId: string; superseded: boolean }>
  notes: Map<string, { taskId: string; superseded: boolean }>
  created: Map<string, { superseded: boolean }>
  lostTitles: Set<string>
  operations: number
  syncs: number
}

export async function setUpHomes(root: string, count: number): Promise<{ homes: string[]; remote: string }> {
  const remote = join(root, "remote.git")
  execFileSync("git", ["init", "-q", "--bare", remote])
  const homes: string[] = []
  for (let i = 0; i < count; i++) {
    const home = join(root, `home-${i}`)
    mkdirSync(home)
    await updateConfig(home, "sync.remote", remote)
    homes.push(home)
  }
  return { homes, remote }
}

export async function runFuzz(root: string, operations: number, seed: number): Promise<FuzzOutcome> {
  const random = seededRandom(seed).next
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const { homes } = await setUpHomes(root, 3)
  const stores: AppStore[] = homes.map((home) => createAppStore({ home }))
  const titles = new Map<string, { taskId: string; superseded: boolean }>()
  const notes = new Map<string, { taskId: string; superseded: boolean }>()
  const created = new Map<string, { superseded: boolean }>()
  let syncs = 0
  let counter = 0

  for (let op = 0; op < operations; op++) {
    const h = Math.floor(random() * homes.length)
    const store = stores[h]!
    const tasks = (await readTasks(homes[h]!)).tasks
    const roll = random()
    const unique = () => `h${h}-${counter++}`
    if (tasks.length < 3 || roll < 0.25) {
      const title = `T ${unique()}`
      const parent = tasks.length > 0 && random() < 0.3 ? pick(tasks) : null
      let task: Task
      try {
        task = await store.getState().addTask({ title, ...(parent ? { parentId: parent.id } : {}) })
      } catch {
        continue
      }
      titles.set(title, { taskId: task.id, superseded: false })
      created.set(task.id, { superseded: false })
    } else if (roll < 0.55) {
      const task = pick(tasks)
      const title = `T ${unique()}`
      await store.getState().updateTask(task.id, { title })
      const before = titles.get(task.title)
      if (before) before.superseded = true
      titles.set(title, { taskId: task.id, superseded: false })
    } else if (roll < 0.75) {
      const task = pick(tasks)
      const content = `N ${unique()}`
      await store.getState().addNote(task.id, content, "custom")
      notes.set(content, { taskId: task.id, superseded: false })
    } else if (roll < 0.85) {
      const task = pick(tasks)
      await store.getState().setStatus(task.id, pick(["todo", "in_progress", "done"] as const))
    } else if (roll < 0.92) {
      const [a, b] = [pick(tasks), pick(tasks)]
      if (a.id !== b.id) await store.getState().setBlocked(a.id, b.id, true).catch(() => {})
    } else {
      const task = pick(tasks)
      const result = await store.getState().deleteTask(task.id)
      // Whatever this home saw of the deleted subtree is superseded by the delete.
      const gone = new Set(result.deleted.map((t) => t.id))
      for (const t of tasks) {
        if (!gone.has(t.id)) continue
        created.get(t.id) && (created.get(t.id)!.superseded = true)
        const title = titles.get(t.title)
        if (title) title.superseded = true
        for (const n of t.notes) {
          const note = notes.get(n.content)
          if (note) note.superseded = true
        }
      }
    }
    if (random() < 0.12) {
      await runSync(pick(homes))
      syncs++
    }
  }
  // Every home syncs until all agree: two rounds bring every change to every home.
  for (let round = 0; round < 2; round++) {
    for (const home of homes) {
      await runSync(home)
      syncs++
    }
  }
  const lists = await Promise.all(homes.map(async (home) => (await readTasks(home)).tasks.slice().sort((a, b) => (a.id < b.id ? -1 : 1))))
  const lostTitles = new Set<string>()
  for (const home of homes) for (const c of readConflicts(home)) if (c.field === "title" && typeof c.lost === "string") lostTitles.add(c.lost)
  return { lists, titles, notes, created, lostTitles, operations, syncs }
}

/** The acknowledged changes that are neither in the final list, nor a conflict's losing value, nor superseded. */
export function missingChanges(outcome: FuzzOutcome): string[] {
  const final = outcome.lists[0]!
  const byId = new Map(final.map((t) => [t.id, t]))
  const missing: string[] = []
  for (const [id, c] of outcome.created) if (!c.superseded && !byId.has(id)) missing.push(`task ${id}`)
  for (const [title, t] of outcome.titles) {
    if (t.superseded || outcome.lostTitles.has(title)) continue
    if (byId.get(t.taskId)?.title !== title) missing.push(`title ${title}`)
  }
  for (const [content, n] of outcome.notes) {
    if (n.superseded) continue
    if (!byId.get(n.taskId)?.notes.some((note) => note.content === content)) missing.push(`note ${content}`)
  }
  return missing
}
