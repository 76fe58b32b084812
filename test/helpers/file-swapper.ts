// A separate process that keeps replacing a file by rename with one of two contents, at random
// moments, until killed. Usage: bun file-swapper.ts <target> <contentA> <contentB>
import { copyFileSync, renameSync } from "node:fs"

const [target, a, b] = process.argv.slice(2)
const pause = new Int32Array(new SharedArrayBuffer(4))
for (let n = 0; ; n++) {
  const temp = `${target}.swap-tmp`
  copyFileSync(n % 2 === 0 ? a! : b!, temp)
  renameSync(temp, target!)
  Atomics.wait(pause, 0, 0, Math.random() * 15)
}
