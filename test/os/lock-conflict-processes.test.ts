import { spawn } from "node:child_process"
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { BUN } from "../helpers/run-tsk.ts"
import { makeOsFixture, readAllLogLines, readJson, readState, type OsFixture } from "./os-helpers.ts"

const WORKER = join(import.meta.dirname, "fixtures", "race-worker.ts")

interface Outcome {
  name: string
  ok: boolean
  kind?: string | null
  message?: string
}

function runWorker(root: string, barrier: string, name: string, op: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(BUN, [WORKER, root, barrier, name, op], { stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk) => (stdout += chunk))
    child.stderr.on("data", (chunk) => (stderr += chunk))
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`worker ${name} exited ${code}: ${stderr}`))
      else resolve(JSON.parse(stdout) as Outcome)
    })
  })
}

async function race(fx: OsFixture, op: string): Promise<{ winner: Outcome; loser: Outcome }> {
  const barrier = join(fx.home, "barrier")
  mkdirSync(barrier)
  const outcomes = await Promise.all([runWorker(fx.root, barrier, "a", op), runWorker(fx.root, barrier, "b", op)])
  const winners = outcomes.filter((outcome) => outcome.ok)
  expect(winners).toHaveLength(1)
  return { winner: winners[0]!, loser: outcomes.find((outcome) => !outcome.ok)! }
}

let fx: OsFixture
afterEach(() => fx.cleanup())

describe("the optimistic lock between two real processes", () => {
  it("lets one of two concurrent analyze calls win and blocks the other with BLK_CON and an E line", async () => {
    fx = makeOsFixture()
    await fx.engine.status()
    const { winner, loser } = await race(fx, "analyze")
    expect(loser.kind).toBe("conflict")
    expect(loser.message).toMatch(/state\.json changed since it was read/)
    const state = readState(fx)
    expect(state).toMatchObject({ ph: "A", st: "BLK_CON" })
    const lines = readAllLogLines(fx)
    expect(lines.filter((line) => line.msg.startsWith("analyze:")).map((line) => line.msg)).toEqual([`analyze: goal of ${winner.name}`])
    expect(lines.at(-1)).toMatchObject({ L: "E", msg: expect.stringMatching(/^BLK_CON: analyze/) })
    expect(lines.map((line) => line.id)).toEqual(lines.map((_, index) => index + 1))
  })

  it("keeps only the winner's issue when two processes record issues at once", async () => {
    fx = makeOsFixture()
    await fx.engine.status()
    const { winner, loser } = await race(fx, "issue")
    expect(loser.message).toMatch(/known_issues\.json changed since it was read/)
    const ledger = readJson<{ issues: Array<{ id: string }> }>(fx, "known_issues.json")
    expect(ledger.issues.map((issue) => issue.id)).toEqual([`ISS-${winner.name}`])
    expect(readState(fx)).toMatchObject({ st: "BLK_CON", iss: { [`ISS-${winner.name}`]: { art: null, msg: `issue of ${winner.name}` } } })
  })
})
