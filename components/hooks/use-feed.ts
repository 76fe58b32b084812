// Read a monitor feed (C64 tasks, agent operating state) with React's external-store hook.
import { useSyncExternalStore } from "react"
import type { Feed } from "../../src/tui/monitor-feeds.ts"

const noSubscribe = () => () => {}

export function useFeed<T>(feed: Feed<T> | null, fallback: T): T {
  return useSyncExternalStore(feed ? feed.subscribe : noSubscribe, feed ? feed.get : () => fallback)
}
