// State whose latest value key handlers can read at once. A terminal delivers typed text and the
// Enter after it in one burst, before React re-renders; a handler reading render-time state would
// see the text as it was before the burst. `get()` always returns what was last set.
import { useRef, useState } from "react"

export function useLiveState<T>(initial: T | (() => T)): [T, () => T, (next: T | ((previous: T) => T)) => void] {
  const [value, setValue] = useState(initial)
  const ref = useRef(value)
  const set = (next: T | ((previous: T) => T)) => {
    ref.current = typeof next === "function" ? (next as (previous: T) => T)(ref.current) : next
    setValue(ref.current)
  }
  return [value, () => ref.current, set]
}
