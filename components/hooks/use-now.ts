// The current time, refreshed every `intervalMs` (the header clock and running timers).
import { useEffect, useState } from "react"
import { useServices } from "../app-context.tsx"

export function useNow(intervalMs = 1000): Date {
  const { now } = useServices()
  const [current, setCurrent] = useState(() => now())
  useEffect(() => {
    const timer = setInterval(() => setCurrent(now()), intervalMs)
    return () => clearInterval(timer)
  }, [now, intervalMs])
  return current
}
