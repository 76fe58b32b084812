// Turns key presses into actions through the keymap table, and owns what lives as long as the TUI:
// the undo history, the tracked writes, the toasts and the quit request.
import type { AppStore } from "../store/app-store.ts"
import { activeScopes } from "./active-scopes.ts"
import { c64KeyActions } from "./c64-key-actions.ts"
import { watchC64Toasts } from "./c64-toasts.ts"
import { findBinding, KEYMAP, SCOPE_TITLES, type ActionId, type KeyBinding } from "./keymap.ts"
import { isEditorAltKey, keyToken, splitEscapePrefix, type KeyLike } from "./key-token.ts"
import { createValueFeed, NO_FEEDS, type Feed, type MonitorFeeds } from "./monitor-feeds.ts"
import { createMouseActions, type MouseActions } from "./mouse-actions.ts"
import { navigationActions, type ActionHandler } from "./navigation-actions.ts"
import { osActions } from "./os-actions.ts"
import { memoryActions } from "./memory-actions.ts"
import { approvalActions } from "./approval-keys.ts"
import { watchApprovals } from "./approval-toasts.ts"
import { watchOsToasts } from "./os-toasts.ts"
import { PendingWrites } from "./pending-writes.ts"
import { taskActions } from "./task-actions.ts"
import { createTaskIntents } from "./task-intents.ts"
import { createToaster, type Toaster, type ToasterOptions } from "./toaster.ts"
import type { TuiContext } from "./tui-context.ts"
import type { UiStore } from "./ui-store.ts"
import { UndoHistory } from "./undo-history.ts"
import { viewActions } from "./view-actions.ts"

export const DIALOG_KEYS = ["close", "submit", "next", "prev", "up", "down", "left", "right", "yes", "pageDown", "pageUp", "search"] as const
export type DialogKey = (typeof DIALOG_KEYS)[number]
/** A dialog's answers to the dialog keys; returning false lets the key through to its text field. */
export type DialogKeyHandlers = Partial<Record<DialogKey, () => boolean | void>>

export interface TuiControllerOptions {
  store: AppStore
  ui: UiStore
  feeds?: Feed<MonitorFeeds>
  now?: () => Date
  toaster?: ToasterOptions
  /** Resolves once the frame showing a change is drawn: a change's write waits for it (paint-gate.ts). */
  afterPaint?: () => Promise<void>
}

export interface TuiController {
  context: TuiContext
  history: UndoHistory
  writes: PendingWrites
  toaster: Toaster
  /** Handle a key press; true when it was used (the caller then stops it reaching text fields). */
  handleKey(key: KeyLike, typing: boolean): boolean
  /** What clicks and the wheel do (when ui.mouse is on). */
  mouse: MouseActions
  /** Run an action as its key would (the command palette); refused where its key would not work. */
  runAction(action: ActionId): void
  registerDialogKeys(dialogKey: number, handlers: () => DialogKeyHandlers): () => void
  readonly quitRequested: Promise<void>
  dispose(): void
}

export const READ_ONLY_MESSAGE = "Read-only: a data file is damaged. Quit and run tsk doctor --repair"

export function createTuiController(options: TuiControllerOptions): TuiController {
  const { store, ui } = options
  const history = new UndoHistory()
  const writes = new PendingWrites()
  const toaster = createToaster(ui, options.toaster)
  const intents = createTaskIntents({ store, ui, history, writes, toaster, afterPaint: options.afterPaint })
  let resolveQuit: () => void = () => {}
  const quitRequested = new Promise<void>((resolve) => (resolveQuit = resolve))
  const context: TuiContext = {
    store,
    ui,
    intents,
    toaster,
    feeds: options.feeds ?? createValueFeed(NO_FEEDS),
    now: options.now ?? (() => new Date()),
    requestQuit: () => resolveQuit(),
  }
  const stopOsToasts = watchOsToasts(context.feeds, toaster)
  const stopC64Toasts = watchC64Toasts(context.feeds, toaster)
  const stopApprovals = watchApprovals(context.feeds, ui, toaster)
  const dialogHandlers = new Map<number, () => DialogKeyHandlers>()

  const dialogAction = (key: DialogKey): ActionHandler => () => {
    const top = ui.getState().dialogs.at(-1)
    if (!top) return false
    const handler = dialogHandlers.get(top.key)?.()[key]
    if (handler) return handler()
    if (key === "close") return ui.getState().popDialog()
    return false
  }

  const run = (binding: KeyBinding | null): boolean => {
    if (!binding) return false
    if (binding.mutates && store.getState().loadError) {
      toaster.show("error", READ_ONLY_MESSAGE)
      return true
    }
    return handlers[binding.action as ActionId](context) !== false
  }

  const handlers = {
    ...navigationActions,
    ...taskActions,
    ...viewActions,
    ...osActions,
    ...memoryActions,
    ...approvalActions,
    ...c64KeyActions,
    "dialog.close": dialogAction("close"),
    "dialog.submit": dialogAction("submit"),
    "dialog.next": dialogAction("next"),
    "dialog.prev": dialogAction("prev"),
    "dialog.up": dialogAction("up"),
    "dialog.down": dialogAction("down"),
    "dialog.left": dialogAction("left"),
    "dialog.right": dialogAction("right"),
    "dialog.yes": dialogAction("yes"),
    "dialog.pageDown": dialogAction("pageDown"),
    "dialog.pageUp": dialogAction("pageUp"),
    "dialog.search": dialogAction("search"),
  } satisfies Record<ActionId, ActionHandler>

  return {
    context,
    mouse: createMouseActions(context),
    history,
    writes,
    toaster,
    quitRequested,
    handleKey(key, typing) {
      const token = keyToken(key)
      const binding = findBinding(token, activeScopes(ui.getState()), typing)
      if (!binding) {
        // A lone Esc followed quickly by a key reaches us as Alt+key (ESC prefix); no binding uses
        // Alt, so it is the two presses it was: Esc, then the key. A text field keeps the Alt keys
        // it edits with (word moves and deletes).
        const split = typing && isEditorAltKey(key) ? null : splitEscapePrefix(key)
        if (!split) return false
        run(findBinding("escape", activeScopes(ui.getState()), false))
        run(findBinding(keyToken(split), activeScopes(ui.getState()), false))
        return true
      }
      return run(binding)
    },
    runAction(action) {
      const binding = KEYMAP.find((b) => b.action === action)
      if (!binding) return
      if (!activeScopes(ui.getState()).includes(binding.scope)) {
        toaster.show("info", `${binding.label} works in ${SCOPE_TITLES[binding.scope]}, not here`)
        return
      }
      run(binding)
    },
    registerDialogKeys(dialogKey, get) {
      dialogHandlers.set(dialogKey, get)
      return () => {
        if (dialogHandlers.get(dialogKey) === get) dialogHandlers.delete(dialogKey)
      }
    },
    dispose() {
      stopOsToasts()
      stopC64Toasts()
      stopApprovals()
      toaster.dispose()
    },
  }
}
