// Undo and redo as inverse operations through the store's actions, never by writing back an old
// copy of the file: other processes may have changed other tasks meanwhile, and those changes stay.
export interface UndoStep {
  /** What was done, for the toast: "marked 'Write report' done". */
  label: string
  undo(): Promise<void>
  redo(): Promise<void>
}

export const UNDO_LIMIT = 100

export class UndoHistory {
  private done: UndoStep[] = []
  private undone: UndoStep[] = []

  constructor(private readonly limit = UNDO_LIMIT) {}

  record(step: UndoStep): void {
    this.done.push(step)
    if (this.done.length > this.limit) this.done.shift()
    this.undone = []
  }

  get canUndo(): boolean {
    return this.done.length > 0
  }

  get canRedo(): boolean {
    return this.undone.length > 0
  }

  get size(): number {
    return this.done.length
  }

  /** Undo the latest step; it moves to the redo stack only if the inverse succeeded. */
  async undo(): Promise<UndoStep | null> {
    const step = this.done.pop()
    if (!step) return null
    try {
      await step.undo()
    } catch (error) {
      this.done.push(step)
      throw error
    }
    this.undone.push(step)
    return step
  }

  async redo(): Promise<UndoStep | null> {
    const step = this.undone.pop()
    if (!step) return null
    try {
      await step.redo()
    } catch (error) {
      this.undone.push(step)
      throw error
    }
    this.done.push(step)
    return step
  }
}
