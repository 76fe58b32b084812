// OpenTUI's text attributes (TextAttributes in @opentui/core 0.5.8), as plain numbers: the modules
// that build lines of text import these, so the first screen (first-screen.ts) can be drawn before
// OpenTUI loads. test/components/first-screen.test.ts checks they are OpenTUI's.
export const TextAttributes = {
  NONE: 0,
  BOLD: 1 << 0,
  DIM: 1 << 1,
  ITALIC: 1 << 2,
  UNDERLINE: 1 << 3,
  BLINK: 1 << 4,
  INVERSE: 1 << 5,
  HIDDEN: 1 << 6,
  STRIKETHROUGH: 1 << 7,
} as const
