// The list screen's rows, built as they are asked for: the tree is walked in display order only as
// far as the furthest row read (the first frame at 10,000 tasks reads about 40), while the count
// comes from a walk that neither sorts nor builds rows. A list is read by index, by task id and by
// range; a list built from an array (a patched one) is complete from the start.
import type { Task } from "../domain/task.ts"

export interface TaskRow {
  task: Task
  depth: number
  hasChildren: boolean
  expanded: boolean
}

/** Subtasks deeper than this are not shown (it also ends a walk in a malformed tree). */
export const MAX_DEPTH = 8

export interface RowSource {
  children: ReadonlyMap<string | null, readonly Task[]>
  roots: readonly Task[]
  collapsed: ReadonlySet<string>
  /** Every task shows (no filter, search or facet leaves one out). */
  everything: boolean
  isIncluded(task: Task): boolean
  /** The tasks of one sibling group that show, in display order. */
  shown(siblings: readonly Task[]): readonly Task[]
  /** Whether the task has a row (it shows, and so do its ancestors, none of them collapsed). */
  hasRow(taskId: string): boolean
}

interface Level {
  tasks: readonly Task[]
  next: number
  depth: number
}

export class RowList {
  private readonly rows: TaskRow[]
  private readonly stack: Level[]
  private count: number | null
  private readonly source: RowSource | null

  private constructor(source: RowSource | null, rows: TaskRow[]) {
    this.source = source
    this.rows = rows
    this.stack = source ? [{ tasks: source.shown(source.roots), next: 0, depth: 0 }] : []
    this.count = source ? null : rows.length
  }

  static lazy(source: RowSource): RowList {
    return new RowList(source, [])
  }

  static of(rows: TaskRow[]): RowList {
    return new RowList(null, rows)
  }

  /** How many rows the list has (counted without building them). */
  get length(): number {
    if (this.count === null) this.count = this.stack.length === 0 ? this.rows.length : this.countRows()
    return this.count
  }

  /** How many rows are built so far. */
  get built(): number {
    return this.rows.length
  }

  /** Whether every row is built. */
  get complete(): boolean {
    return this.stack.length === 0 || this.rows.length === this.count
  }

  at(index: number): TaskRow | undefined {
    if (index < 0) return undefined
    this.fill(index)
    return this.rows[index]
  }

  /** Rows `from` up to (not including) `to`. */
  slice(from: number, to: number = this.length): TaskRow[] {
    if (to > from) this.fill(to - 1)
    return this.rows.slice(Math.max(0, from), to)
  }

  /** The row index of the task, or -1 when it does not show. */
  indexOf(taskId: string): number {
    for (let i = 0; i < this.rows.length; i++) if (this.rows[i]!.task.id === taskId) return i
    if (this.source !== null && !this.source.hasRow(taskId)) return -1
    while (this.stack.length > 0) {
      const at = this.rows.length
      this.fill(at)
      if (this.rows.length > at && this.rows[at]!.task.id === taskId) return at
    }
    return -1
  }

  /** Every row (builds them all). */
  toArray(): TaskRow[] {
    this.fill(Number.POSITIVE_INFINITY)
    return this.rows
  }

  /** Builds rows until row `index` exists or the tree is walked to its end. */
  private fill(index: number): void {
    const source = this.source
    if (source === null) return
    while (this.rows.length <= index && this.stack.length > 0) {
      const level = this.stack[this.stack.length - 1]!
      if (level.next >= level.tasks.length) {
        this.stack.pop()
        continue
      }
      const task = level.tasks[level.next++]!
      const kids = source.children.get(task.id)
      const hasChildren = kids !== undefined && (source.everything || kids.some(source.isIncluded))
      const expanded = hasChildren && !source.collapsed.has(task.id)
      this.rows.push({ task, depth: level.depth, hasChildren, expanded })
      if (expanded && level.depth < MAX_DEPTH) this.stack.push({ tasks: source.shown(kids), next: 0, depth: level.depth + 1 })
    }
  }

  /** The number of rows the walk would build: the same walk without sorting or building rows. */
  private countRows(): number {
    const source = this.source!
    const { children, collapsed, everything, isIncluded } = source
    const countIn = (siblings: readonly Task[], depth: number): number => {
      let n = 0
      for (const task of siblings) {
        if (!everything && !isIncluded(task)) continue
        n++
        const kids = children.get(task.id)
        if (kids !== undefined && depth < MAX_DEPTH && !collapsed.has(task.id)) n += countIn(kids, depth + 1)
      }
      return n
    }
    return countIn(source.roots, 0)
  }
}
