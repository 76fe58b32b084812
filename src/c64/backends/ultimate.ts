// The Ultimate 64 / Commodore 64 Ultimate REST API. Reads are chunked to 4096 bytes (the device
// answers larger ones slowly or not at all); small writes go in the query string, larger ones as
// a binary body. Every request has a timeout, and an `X-Password` header when one is configured.
// A read that needs several requests pauses the machine around them, as the REST documentation
// advises for consistent dumps; pauses nest, so an operation that pauses around several reads
// (sprite extraction) makes one pause and one resume.
import type { BackendStatus, C64Backend } from "../backend.ts"
import { TskError } from "../../domain/errors.ts"
import { backendError, describeNetworkError } from "./backend-errors.ts"

export const ULTIMATE_CHUNK = 4096
/** Writes up to this size fit in `?data=<hex>`; larger ones are POSTed as a body. */
export const ULTIMATE_QUERY_WRITE_MAX = 128
export const DEFAULT_TIMEOUT_MS = 5000

export interface UltimateOptions {
  /** Base URL such as `http://192.168.1.64`. */
  url: string
  password?: string | null
  timeoutMs?: number
}

export interface UltimateBackend extends C64Backend {
  readonly name: "ultimate"
  pause(): Promise<void>
  resume(): Promise<void>
}

const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, "0")

export function createUltimateBackend(options: UltimateOptions): UltimateBackend {
  const base = parseBaseUrl(options.url)
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const label = `ultimate at ${base.host}`

  async function request(method: string, path: string, body?: Uint8Array): Promise<Response> {
    const headers: Record<string, string> = {}
    if (options.password) headers["X-Password"] = options.password
    if (body) headers["Content-Type"] = "application/octet-stream"
    let response: Response
    try {
      response = await fetch(new URL(path, base), { method, headers, body, signal: AbortSignal.timeout(timeoutMs) })
    } catch (error) {
      const name = (error as Error | undefined)?.name
      if (name === "TimeoutError" || name === "AbortError") throw backendError(label, `no answer within ${timeoutMs} ms (${method} ${path.split("?")[0]})`)
      throw backendError(label, `cannot connect: ${describeNetworkError(error)}`)
    }
    if (!response.ok) {
      const hint = response.status === 403 || response.status === 401 ? " (wrong or missing password: set c64.ultimatePassword)" : ""
      const text = (await response.text().catch(() => "")).slice(0, 200).trim()
      throw backendError(label, `${method} ${path.split("?")[0]} answered ${response.status}${hint}${text ? `: ${text}` : ""}`)
    }
    return response
  }

  async function readChunk(address: number, length: number): Promise<Uint8Array> {
    const response = await request("GET", `/v1/machine:readmem?address=${hex4(address)}&length=${length}`)
    const bytes = new Uint8Array(await response.arrayBuffer())
    if (bytes.length !== length) throw backendError(label, `readmem at $${hex4(address)} returned ${bytes.length} bytes, not ${length}`)
    return bytes
  }

  /**
   * A command (write, reset, pause, resume, run) answers `{"errors": []}`: anything else, a body
   * that is not JSON or names errors, is a failure however the status reads, as a short read is.
   */
  async function command(method: string, path: string, body?: Uint8Array): Promise<void> {
    const response = await request(method, path, body)
    const text = await response.text().catch(() => "")
    const what = `${method} ${path.split("?")[0]}`
    let answer: unknown
    try {
      answer = JSON.parse(text)
    } catch {
      answer = undefined
    }
    if (answer === null || typeof answer !== "object" || Array.isArray(answer)) {
      const shown = text.slice(0, 60).replace(/\s+/g, " ").trim()
      throw backendError(label, `${what} answered ${response.status} with a body that is not the JSON the REST API sends${shown ? ` ("${shown}")` : " (empty)"}; nothing is known to have happened`)
    }
    const errors = (answer as { errors?: unknown }).errors
    if (Array.isArray(errors) && errors.length > 0) throw backendError(label, `${what} failed: ${errors.map(String).join("; ").slice(0, 200)}`)
  }

  const put = (path: string) => command("PUT", path)

  let pauseDepth = 0
  async function pause(): Promise<void> {
    pauseDepth++
    if (pauseDepth > 1) return
    try {
      await put("/v1/machine:pause")
    } catch (error) {
      pauseDepth--
      throw error
    }
  }
  async function resume(): Promise<void> {
    if (pauseDepth === 0) return
    pauseDepth--
    if (pauseDepth === 0) await put("/v1/machine:resume")
  }

  return {
    name: "ultimate",
    async read(address, length) {
      if (length <= ULTIMATE_CHUNK) return readChunk(address, length)
      const out = new Uint8Array(length)
      await pause()
      try {
        for (let offset = 0; offset < length; offset += ULTIMATE_CHUNK) {
          out.set(await readChunk(address + offset, Math.min(ULTIMATE_CHUNK, length - offset)), offset)
        }
      } finally {
        await resume()
      }
      return out
    },
    async write(address, bytes) {
      if (bytes.length <= ULTIMATE_QUERY_WRITE_MAX) {
        await put(`/v1/machine:writemem?address=${hex4(address)}&data=${Buffer.from(bytes).toString("hex").toUpperCase()}`)
        return
      }
      for (let offset = 0; offset < bytes.length; offset += ULTIMATE_CHUNK) {
        await command("POST", `/v1/machine:writemem?address=${hex4(address + offset)}`, bytes.subarray(offset, offset + ULTIMATE_CHUNK))
      }
    },
    reset: () => put("/v1/machine:reset"),
    pause,
    resume,
    async runPrg(prg) {
      await command("POST", "/v1/runners:run_prg", prg)
    },
    async status(): Promise<BackendStatus> {
      try {
        const response = await request("GET", "/v1/version")
        const info = (await response.json().catch(() => ({}))) as { version?: unknown }
        const version = typeof info.version === "string" ? ` (REST API ${info.version})` : ""
        return { backend: "ultimate", ok: true, detail: `${label} answered${version}` }
      } catch (error) {
        return { backend: "ultimate", ok: false, detail: error instanceof Error ? error.message : String(error) }
      }
    },
    async close() {},
  }
}

function parseBaseUrl(url: string): URL {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new TskError("invalid", `'${url}' is not a URL: set c64.ultimateUrl to e.g. http://192.168.1.64`)
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new TskError("invalid", `the Ultimate URL must start with http:// or https:// (got ${parsed.protocol})`)
  }
  return parsed
}
