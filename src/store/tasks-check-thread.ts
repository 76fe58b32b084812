// What runs on the worker thread tasks-read-ahead.ts starts: checks the file it is sent, answers
// when done (the answer says nothing but that: the main thread reads the stamp itself).
import { checkAndStamp } from "./tasks-check-worker.ts"

declare const self: { onmessage: ((event: { data: string }) => void) | null; postMessage(message: unknown): void }

self.onmessage = (event) => void checkAndStamp(event.data).then(() => self.postMessage("done"))
