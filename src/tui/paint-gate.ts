// When a key's write may start: after the frame that shows its effect has been drawn. A write
// changes nothing on screen but can take tens of milliseconds of reading, serialising and fsyncing
// on the one JavaScript thread; started at the key press it would hold that frame back.

/** What the gate needs of OpenTUI's renderer: a promise that resolves when no frame is pending. */
export interface Paintable {
  idle(): Promise<void>
}

/** Waits one macrotask: React's update of the key's state (a microtask) has committed by then. */
export const nextMacrotask = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * Resolves once the renderer has drawn the state set before the call (React commits in a
 * microtask and asks for a frame; the renderer is idle again once that frame is out), or after
 * `maxWaitMs` when the renderer keeps drawing (an animation) or is gone.
 */
export function afterNextFrame(renderer: Paintable, maxWaitMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs)
    void nextMacrotask()
      .then(() => renderer.idle())
      .then(() => {
        clearTimeout(timer)
        resolve()
      })
  })
}

/** What firstContentFrame needs of OpenTUI's renderer. */
export interface FrameSource {
  root: { getChildrenCount(): number }
  on(event: "frame", listener: () => void): unknown
  off(event: "frame", listener: () => void): unknown
}

/**
 * Resolves once the renderer has drawn a frame with the app in it (React has committed its first
 * render), or after `maxWaitMs`: what the first frame does not need waits for it.
 */
export function firstContentFrame(renderer: FrameSource, maxWaitMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      renderer.off("frame", onFrame)
      resolve()
    }
    const onFrame = () => {
      if (renderer.root.getChildrenCount() > 0) done()
    }
    const timer = setTimeout(done, maxWaitMs)
    renderer.on("frame", onFrame)
  })
}
