// Output that reaches its reader whole. Bun writes to a pipe asynchronously and process.exit drops
// whatever is still queued (a piped `tsk list --json` was cut at 64 KiB with exit code 0), so the
// entry point awaits flushOutput() before it exits. A reader that went away (`| head`) ends the
// output quietly: the rest is dropped and the command keeps its exit code.
const pending = new Set<Promise<void>>()
const watched = new Set<NodeJS.WriteStream>()

function write(stream: NodeJS.WriteStream, text: string): void {
  if (!watched.has(stream)) {
    watched.add(stream)
    stream.on("error", () => {})
  }
  // The callback runs once this chunk is handed to the OS, or with an error when the reader is gone.
  const done = new Promise<void>((resolve) => stream.write(text, () => resolve()))
  pending.add(done)
  void done.then(() => pending.delete(done))
}

export function writeStdout(text: string): void {
  write(process.stdout, text)
}

export function writeStderr(text: string): void {
  write(process.stderr, text)
}

/** Resolves once everything written through this module has reached the OS (or its reader is gone). */
export async function flushOutput(): Promise<void> {
  await Promise.all(pending)
}
