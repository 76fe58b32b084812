// The terminal's ioctl through bun:ffi (libc), opened once for `tsk`'s first screen: the terminal's
// size (first-paint.ts) and, on Linux, its input mode (keys-as-typed.ts). bun:ffi only here: no
// other command pays for it (~1 ms a symbol; process.stdout's size costs ~11 ms, Node's streams).

/** ioctl(fd, request, buffer): true when it succeeded. */
export type Ioctl = (fd: number, request: number, buffer: Uint16Array | Uint32Array) => boolean

let opened: Promise<Ioctl | null> | null = null

/** The ioctl, or null on a system this does not know or where libc does not open. */
export function terminalIoctl(): Promise<Ioctl | null> {
  opened ??= (async () => {
    if (process.platform !== "linux" && process.platform !== "darwin") return null
    try {
      const { dlopen, ptr } = await import("bun:ffi")
      const libc = dlopen(process.platform === "darwin" ? "libSystem.B.dylib" : "libc.so.6", { ioctl: { args: ["i32", "u64", "ptr"], returns: "i32" } })
      return (fd, request, buffer) => libc.symbols.ioctl(fd, request, ptr(buffer)) === 0
    } catch {
      return null
    }
  })()
  return opened
}
