// The monitor feeds currently connected (they are set once opened, after the first frame).
import { NO_FEEDS, type MonitorFeeds } from "../../src/tui/monitor-feeds.ts"
import { useServices } from "../app-context.tsx"
import { useFeed } from "./use-feed.ts"

export function useMonitorFeeds(): MonitorFeeds {
  return useFeed(useServices().feeds, NO_FEEDS)
}
