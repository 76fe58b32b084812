// A loopback HTTP server that speaks the Ultimate 64 REST API over any C64 backend (the sim, or
// the fake memory), so the REST client is tested against real HTTP. It records each request.
import type { C64Backend } from "../../../src/c64/backend.ts"

export interface UltimateTestServer {
  url: string
  requests: Array<{ method: string; path: string; query: Record<string, string>; bodyLength: number; password: string | null }>
  paused: boolean
  /** Hold every answer this long (to test timeouts). */
  delayMs: number
  stop(): Promise<void>
}

export function startUltimateTestServer(backend: C64Backend, options: { password?: string } = {}): UltimateTestServer {
  const state: UltimateTestServer = {
    url: "",
    requests: [],
    paused: false,
    delayMs: 0,
    stop: async () => {
      server.stop(true)
    },
  }
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      const query = Object.fromEntries(url.searchParams)
      const body = req.method === "POST" ? new Uint8Array(await req.arrayBuffer()) : new Uint8Array()
      const password = req.headers.get("x-password")
      state.requests.push({ method: req.method, path: url.pathname, query, bodyLength: body.length, password })
      if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs))
      if (options.password && password !== options.password) return Response.json({ errors: ["Forbidden"] }, { status: 403 })
      const address = () => Number.parseInt(query.address ?? "", 16)
      const route = `${req.method} ${url.pathname}`
      switch (route) {
        case "GET /v1/version":
          return Response.json({ version: "0.1", errors: [] })
        case "GET /v1/machine:readmem": {
          const length = Number(query.length ?? 1)
          if (Number.isNaN(address()) || address() + length > 0x10000) return Response.json({ errors: ["Invalid address"] }, { status: 400 })
          const bytes = await backend.read(address(), length)
          return new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } })
        }
        case "PUT /v1/machine:writemem":
          await backend.write(address(), Uint8Array.from(Buffer.from(query.data ?? "", "hex")))
          return Response.json({ errors: [] })
        case "POST /v1/machine:writemem":
          await backend.write(address(), body)
          return Response.json({ errors: [] })
        case "PUT /v1/machine:reset":
          await backend.reset()
          return Response.json({ errors: [] })
        case "PUT /v1/machine:pause":
          state.paused = true
          return Response.json({ errors: [] })
        case "PUT /v1/machine:resume":
          state.paused = false
          return Response.json({ errors: [] })
        case "POST /v1/runners:run_prg":
          await backend.runPrg(body)
          return Response.json({ errors: [] })
        default:
          return Response.json({ errors: [`no route ${route}`] }, { status: 404 })
      }
    },
  })
  state.url = `http://127.0.0.1:${server.port}`
  return state
}
