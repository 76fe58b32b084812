// The links of a merged task list made sound: each parent and blocker link is taken in turn (those
// the base already had first, then the rest by task id and value) and kept only when its target
// exists, it closes no cycle and it nests no task below MAX_DEPTH; the others are dropped and
// reported. Each side's list was sound on its own; only their combination can break a rule, and
// keeping the base's links first drops what the merge newly combined.
import type { Task } from "./task.ts"
import { MAX_DEPTH } from "./task-constants.ts"

export interface DroppedLink {
  taskId: string
  field: "blockedBy" | "parentId"
  value: string
  reason: "cycle" | "depth" | "missing"
}

interface Link {
  taskId: string
  field: "blockedBy" | "parentId"
  value: string
  stable: boolean
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

function compareLinks(a: Link, b: Link): number {
  if (a.stable !== b.stable) return a.stable ? -1 : 1
  return compareText(a.taskId, b.taskId) || compareText(a.field, b.field) || compareText(a.value, b.value)
}

class LinkGraph {
  readonly parentOf = new Map<string, string>()
  readonly children = new Map<string, string[]>()
  readonly blockers = new Map<string, string[]>()

  depth(id: string): number {
    let depth = 1
    for (let current = this.parentOf.get(id); current !== undefined; current = this.parentOf.get(current)) depth++
    return depth
  }

  height(id: string): number {
    let height = 1
    for (const kid of this.children.get(id) ?? []) height = Math.max(height, 1 + this.height(kid))
    return height
  }

  /** Is `ancestor` the task `id` or above it? */
  isAtOrAbove(ancestor: string, id: string): boolean {
    for (let current: string | undefined = id; current !== undefined; current = this.parentOf.get(current)) {
      if (current === ancestor) return true
    }
    return false
  }

  /** Does `from` wait, through accepted blockers, on `target`? */
  waitsOn(from: string, target: string): boolean {
    const stack = [from]
    const seen = new Set<string>()
    while (stack.length > 0) {
      const current = stack.pop()!
      if (current === target) return true
      if (seen.has(current)) continue
      seen.add(current)
      for (const next of this.blockers.get(current) ?? []) stack.push(next)
    }
    return false
  }

  /** Why `link` cannot be added, or null when it is added. */
  add(link: Link): DroppedLink["reason"] | null {
    const { taskId, value } = link
    if (link.field === "parentId") {
      if (this.isAtOrAbove(taskId, value)) return "cycle"
      if (this.depth(value) + this.height(taskId) > MAX_DEPTH) return "depth"
      this.parentOf.set(taskId, value)
      const kids = this.children.get(value)
      if (kids) kids.push(taskId)
      else this.children.set(value, [taskId])
      return null
    }
    if (this.waitsOn(value, taskId)) return "cycle"
    const list = this.blockers.get(taskId)
    if (list) list.push(value)
    else this.blockers.set(taskId, [value])
    return null
  }
}

/** `tasks` with every link that breaks a rule removed, and what was removed, in a fixed order. */
export function settleLinks(tasks: readonly Task[], base: ReadonlyMap<string, Task>): { tasks: Task[]; dropped: DroppedLink[] } {
  const ids = new Set(tasks.map((task) => task.id))
  const links: Link[] = []
  const dropped: DroppedLink[] = []
  for (const task of tasks) {
    const was = base.get(task.id)
    const candidates: Omit<Link, "stable">[] = []
    if (task.parentId !== null) candidates.push({ taskId: task.id, field: "parentId", value: task.parentId })
    for (const value of new Set(task.blockedBy)) candidates.push({ taskId: task.id, field: "blockedBy", value })
    for (const link of candidates) {
      if (!ids.has(link.value)) dropped.push({ ...link, reason: "missing" })
      else {
        const stable = link.field === "parentId" ? was?.parentId === link.value : was?.blockedBy.includes(link.value) === true
        links.push({ ...link, stable })
      }
    }
  }
  links.sort(compareLinks)
  const graph = new LinkGraph()
  for (const link of links) {
    const reason = graph.add(link)
    if (reason !== null) dropped.push({ taskId: link.taskId, field: link.field, value: link.value, reason })
  }
  if (dropped.length === 0 && tasks.every((task) => new Set(task.blockedBy).size === task.blockedBy.length)) return { tasks: [...tasks], dropped }
  dropped.sort((a, b) => compareText(a.taskId, b.taskId) || compareText(a.field, b.field) || compareText(a.value, b.value))
  const out = tasks.map((task) => {
    const parentId = task.parentId !== null && graph.parentOf.get(task.id) === task.parentId ? task.parentId : null
    const kept = graph.blockers.get(task.id) ?? []
    const blockedBy = [...new Set(task.blockedBy)].filter((id) => kept.includes(id))
    if (parentId === task.parentId && blockedBy.length === task.blockedBy.length) return task
    return { ...task, parentId, blockedBy }
  })
  return { tasks: out, dropped }
}
