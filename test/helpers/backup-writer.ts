// A process that writes one large backup of tasks.json into `<dir>/backups` (argv[2]), for the
// test that kills it in the middle of the copy (test/store/backups.test.ts).
import { join } from "node:path"
import { backupVersion } from "../../src/store/backups.ts"

const dir = process.argv[2]!
const tasks = Array.from({ length: 400_000 }, (_, i) => ({ id: `task-${i}`, title: `Task ${i}: a title long enough to make the copy take a while` }))
const content = JSON.stringify({ version: 1, revision: 1, tasks }) + "\n"
process.stdout.write("ready\n")
backupVersion(join(dir, "tasks.json"), join(dir, "backups"), content, 1)
