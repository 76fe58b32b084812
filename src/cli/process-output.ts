// Output that reaches its reader whole. Bun writes to a pipe asynchronously and process.exit drops
// whatever is still queued (a piped `tsk list --json` was cut at 64 KiB with exit code 0), so the
// entry point awaits flushOutput() before it exits. A reader that went away (`| head`) ends the
// output quietly: the rest is dropped and the command keeps its exit code.
// Writes go through Bun.write on the raw file descriptors, not process.stdout: touching
// process.stdout loads Node's stream machinery, which cost more than listing 100 tasks.

interface Output {
  fd: number
  /** The last write queued: each write starts after the one before it, so text keeps its order. */
  tail: Promise<void>
  gone: boolean
}

const outputs = new Map<number, Output>()

function write(fd: number, text: string): void {
  let output = outputs.get(fd)
  if (!output) outputs.set(fd, (output = { fd, tail: Promise.resolve(), gone: false }))
  const target = output
  target.tail = target.tail.then(async () => {
    if (target.gone) return
    try {
      await Bun.write(fd === 1 ? Bun.stdout : Bun.stderr, text)
    } catch {
      // The reader is gone (EPIPE): nothing more can reach it.
      target.gone = true
    }
  })
}

export function writeStdout(text: string): void {
  write(1, text)
}

export function writeStderr(text: string): void {
  write(2, text)
}

/**
 * Whether stdout is a terminal, asked of the descriptor once per process: node:tty's isatty, like
 * process.stdout, loads Node's streams, and node:fs is loaded only when first used (see
 * build-dist.ts). A terminal is the character device that is not /dev/null. The answer comes
 * from Bun's thread pool: asked first thing (cli-main.ts), it starts the pool while the command
 * starts, and the reads that follow find it running (its first thread costs ~1 ms).
 */
export function stdoutIsTTY(): Promise<boolean> {
  return (asked ??= askStdout())
}
let asked: Promise<boolean> | undefined

async function askStdout(): Promise<boolean> {
  try {
    const out = await Bun.file(1).stat()
    return out.isCharacterDevice() && out.rdev !== (await Bun.file("/dev/null").stat()).rdev
  } catch {
    return false
  }
}

/** Resolves once everything written through this module has reached the OS (or its reader is gone). */
export async function flushOutput(): Promise<void> {
  await Promise.all([...outputs.values()].map((output) => output.tail))
}
