// The key table of docs/tui.md, made from the keymap table (src/tui/keymap.ts) in the help's order.
import { helpSections } from "../../src/tui/keymap.ts"

const cell = (text: string) => text.replace(/\|/g, "\\|")

export function tuiKeyTable(): string {
  const rows = ["| key | what it does |", "|---|---|"]
  for (const section of helpSections()) {
    rows.push(`| **${section.title}** | |`)
    for (const row of section.rows) rows.push(`| \`${cell(row.label)}\` | ${cell(row.description)} |`)
  }
  return rows.join("\n")
}
