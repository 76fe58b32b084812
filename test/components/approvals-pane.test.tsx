// Permission requests in the TUI with the real approvals feed on a temporary home: the header
// count and strip line, the Monitor's approvals pane, Enter for the whole request, n with a reason.
import { hostname } from "node:os"
import { afterEach, describe, expect, it } from "vitest"
import { readDecision, readRules, writeRequest, type ApprovalRequest } from "../../src/os/approval-files.ts"
import { openApprovalsFeed } from "../../src/tui/approvals-feed.ts"
import { makeHome, renderApp, type Harness } from "../tui/app-harness.tsx"

let app: Harness | null = null
let closeFeed: (() => Promise<void>) | null = null
afterEach(async () => {
  await closeFeed?.()
  await app?.destroy()
  app = null
})

function request(home: string, id: string, extra: Partial<ApprovalRequest> = {}): ApprovalRequest {
  const now = Date.now()
  const request: ApprovalRequest = {
    id,
    session: "00893aaf-19fa-41d2-8238-13269b9b3ca0",
    agent: "claude-code",
    tool: "Edit",
    summary: "/home/user/shop/src/cart.ts",
    input: { file_path: "/home/user/shop/src/cart.ts", old_string: "item.price", new_string: "item.price * item.quantity" },
    suggestions: [{ type: "setMode", mode: "acceptEdits", destination: "session" }],
    cwd: "/home/user/shop",
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + 45_000).toISOString(),
    pid: process.pid,
    host: hostname(),
    ...extra,
  }
  writeRequest(home, request)
  return request
}

async function open(): Promise<Harness> {
  const home = makeHome()
  const feed = openApprovalsFeed(home)
  closeFeed = feed.close
  app = await renderApp({ home, width: 110, height: 34, feeds: { c64: null, os: null, approvals: feed } })
  return app
}

describe("the approvals pane", () => {
  it("shows a new request in the header and under the list, the whole request on Enter, and denies with a typed reason", async () => {
    const app = await open()
    request(app.home, "a1b2c3d4e5f6")
    const frame = await app.waitForFrame((f) => f.includes("⚑ 1 to approve"))
    expect(frame).toMatch(/ASK\s+1 waiting\s+Edit: \/home\/user\/shop\/src\/cart\.ts/)
    expect(frame).toContain("y allow")
    await app.press("4")
    for (let i = 0; i < 3; i++) await app.press("TAB")
    const pane = await app.render()
    expect(pane).toMatch(/Approvals · 1 waiting/)
    expect(pane).toMatch(/› waiting\s+Edit: \/home\/user\/shop\/src\/cart\.ts/)
    const detail = await app.press("RETURN")
    expect(detail).toContain("Permission request a1b2c3d4e5f6")
    expect(detail).toContain("new_string: item.price * item.quantity")
    expect(detail).toContain("acceptEdits")
    await app.press("ESCAPE")
    await app.press("n")
    await app.type("keep the unit price")
    await app.press("RETURN")
    expect(readDecision(app.home, "a1b2c3d4e5f6")).toMatchObject({ behavior: "deny", message: "keep the unit price", by: "tui" })
    const after = await app.waitForFrame((f) => !f.includes("to approve"))
    expect(after).toMatch(/denied\s+Edit: \/home\/user\/shop\/src\/cart\.ts/)
  })

  it("lists the rule a makes and revokes it with r", async () => {
    const app = await open()
    request(app.home, "f0e1d2c3b4a5", { tool: "Bash", summary: "npm test", input: { command: "npm test" } })
    await app.waitForFrame((f) => f.includes("⚑ 1 to approve"))
    await app.press("a")
    expect(readDecision(app.home, "f0e1d2c3b4a5")).toMatchObject({ behavior: "allow", by: "tui" })
    expect(readRules(app.home).map((r) => r.tool)).toEqual(["Bash"])
    await app.press("4")
    for (let i = 0; i < 3; i++) await app.press("TAB")
    await app.waitForFrame((f) => f.includes("allow Bash in session 00893aaf"))
    await app.press("r")
    expect(readRules(app.home)).toEqual([])
  })

  it("answers only the selected row in the pane: y on a rule answers nothing", async () => {
    const app = await open()
    request(app.home, "aaaa11112222", { tool: "Bash", summary: "npm test", input: { command: "npm test" } })
    await app.waitForFrame((f) => f.includes("⚑ 1 to approve"))
    await app.press("a")
    request(app.home, "bbbb33334444")
    await app.waitForFrame((f) => f.includes("⚑ 1 to approve"))
    await app.press("4")
    for (let i = 0; i < 3; i++) await app.press("TAB")
    await app.press("j")
    await app.press("y")
    expect(readDecision(app.home, "bbbb33334444")).toBeNull()
    await app.press("k")
    await app.press("y")
    expect(readDecision(app.home, "bbbb33334444")).toMatchObject({ behavior: "allow", by: "tui" })
  })
})
