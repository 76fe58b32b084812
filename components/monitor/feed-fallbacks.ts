// Stable values shown while a feed is not connected (stable so React's external-store hook is calm).
import type { C64TaskSummary, OsPanelStatus } from "../../src/tui/monitor-feeds.ts"

export const NO_C64: readonly C64TaskSummary[] = []
export const NO_OS: OsPanelStatus | null = null
