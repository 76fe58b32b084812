// The demo agent's C64 work on the simulated machine, sent through the inbox as `c64-*` commands
// like any agent's: background reads of the screen, the sprite registers and the moving pattern
// (that one with a count, so it completes while you watch), and one sprite extraction.
import type { DemoStep } from "./demo-script.ts"

export const C64_AGENT_STEPS: readonly DemoStep[] = [
  {
    atMs: 2000,
    what: "an agent watches the C64 screen (title, frame counter, marquee)",
    run: (ctx) => ctx.send("c64-start", { operation: "read", args: { address: "$0400", length: 256 }, every: "1s", name: "watch_screen" }),
  },
  {
    atMs: 3300,
    what: "the agent watches the sprite positions",
    run: (ctx) => ctx.send("c64-start", { operation: "read", args: { address: "$D000", length: 17 }, every: "500ms", name: "sprite_positions" }),
  },
  {
    atMs: 5200,
    what: "the agent samples the moving pattern 20 times",
    run: (ctx) => ctx.send("c64-start", { operation: "read", args: { address: "$04C8", length: 320 }, every: "1s", count: 20, name: "pattern" }),
  },
  {
    atMs: 10500,
    what: "the agent extracts the sprite shapes from RAM",
    run: (ctx) => ctx.send("c64-run", { operation: "extract_sprites_from_ram" }),
  },
]
