/** Colours and weights for text a surface prints; every function is the identity without colour. */
export interface TextStyle {
  bold(s: string): string
  dim(s: string): string
  red(s: string): string
  green(s: string): string
  yellow(s: string): string
  blue(s: string): string
  magenta(s: string): string
  cyan(s: string): string
}
