// `npm run pictures`: renders a few of the coloured snapshots (snapshots/*.html, from `npm run
// snapshots`) into PNG pictures for the README (docs/images/), with headless Chromium, and crops
// each to the screen. Chromium is not a dependency: where it is missing this says how to get it.
import { spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PNG } from "pngjs"

const ROOT = join(import.meta.dirname, "..", "..")
const PICTURES = ["list-120x40-dark", "board-120x40-dark", "monitor-120x40-dark"]

function chromium(): string | null {
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    if (spawnSync("sh", ["-c", `command -v ${name}`]).status === 0) return name
  }
  return null
}

/** The picture cut to the screen: every row and column that is not the page's white margin. */
function cropped(png: PNG): PNG {
  const white = (x: number, y: number) => {
    const i = (y * png.width + x) * 4
    return png.data[i]! > 250 && png.data[i + 1]! > 250 && png.data[i + 2]! > 250
  }
  let [left, top, right, bottom] = [png.width, png.height, -1, -1]
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      if (white(x, y)) continue
      left = Math.min(left, x)
      right = Math.max(right, x)
      top = Math.min(top, y)
      bottom = Math.max(bottom, y)
    }
  }
  const out = new PNG({ width: right - left + 1, height: bottom - top + 1 })
  PNG.bitblt(png, out, left, top, out.width, out.height, 0, 0)
  return out
}

const browser = chromium()
if (browser === null) {
  console.error("npm run pictures needs Chromium (Debian: apt-get install chromium)")
  process.exit(1)
}
const work = mkdtempSync(join(tmpdir(), "tsk-pictures-"))
try {
  for (const name of PICTURES) {
    const shot = join(work, `${name}.png`)
    const page = `file://${join(ROOT, "snapshots", `${name}.html`)}`
    const run = spawnSync(browser, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", `--user-data-dir=${join(work, "profile")}`, `--screenshot=${shot}`, "--window-size=1100,760", page], { encoding: "utf8" })
    if (run.status !== 0) throw new Error(`${browser} failed on ${name}: ${run.stderr.trim().split("\n").at(-1)}`)
    writeFileSync(join(ROOT, "docs", "images", `${name}.png`), PNG.sync.write(cropped(PNG.sync.read(readFileSync(shot)))))
    console.error(`wrote docs/images/${name}.png`)
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
