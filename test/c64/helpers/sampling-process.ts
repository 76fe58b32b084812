// Run as a separate process by the resume test: starts a background read on the given home and
// keeps sampling until it is killed. Prints the task id once the task is registered.
import { createC64Service } from "../../../src/c64/c64-service.ts"
import { createFakeBackend } from "./fake-backend.ts"

const [home, everyMs, count] = process.argv.slice(2)
if (!home || !everyMs || !count) {
  console.error("usage: sampling-process.ts <home> <everyMs> <count>")
  process.exit(2)
}
const service = await createC64Service({ home, backend: createFakeBackend() })
const task = await service.start("read", { address: "$0400", length: 16 }, { everyMs: Number(everyMs), count: Number(count) })
console.log(task.id)
