// This process as a lease holder: its pid, host and start time, so a lease it holds ends with it.
import { hostname } from "node:os"
import { processStartTime } from "./file-lock.ts"

export function thisProcess(): { pid: number; host: string; start?: string } {
  const start = processStartTime(process.pid)
  return { pid: process.pid, host: hostname(), ...(start ? { start } : {}) }
}
