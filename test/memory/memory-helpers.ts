// Shared inputs for memory tests: a short agent session touching tasks, phases and errors.
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"

export const sessionMessages = (n: number) => [
  { role: "user", content: `Step ${n}: we decided to use the sim backend` },
  { role: "assistant", content: "", tool_calls: [{ id: `c${n}`, name: "create", arguments: { title: `Task ${n}`, priority: "high" } }] },
  { role: "tool", content: "ok", tool_payload: { tool_call_id: `c${n}`, tool_name: "create", tool_result: { id: `id${n}aaaaaaaa`, title: `Task ${n}` }, tool_error: null } },
  { role: "assistant", content: "", tool_calls: [{ id: `d${n}`, name: "show", arguments: { taskId: "zz" } }] },
  { role: "tool", content: "error: not found", tool_payload: { tool_call_id: `d${n}`, tool_name: "show", tool_result: null, tool_error: "no task matches 'zz'" } },
  { role: "assistant", content: `Done with step ${n}`, reasoning_content: "all good" },
]

export const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex")
