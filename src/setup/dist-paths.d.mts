export declare const DIST_FOLDER: string
export declare const DIST_ENTRY: string
export declare const DIST_STAMP: string
export declare const DIST_SOURCES: string[]
export declare function distIsFresh(root: string): boolean
export declare const DIST_MANIFEST: string
export interface DistManifest {
  /** The checkout, relative to the bundle's folder. */
  root: string
  /** The checkout's real path when the bundle was built. */
  checkout: string
  /** The version of the Bun that built it (its bytecode is for that Bun only). */
  bun: string | null
  /** The system it was built on, `${process.platform}-${process.arch}` (the build writes in some of its values). */
  platform: string
  present: string[]
  absent: string[]
  /** The id of the build, which it writes into each bundle too (absent before builds had one). */
  build?: string
  /** Per entry whose start compares only its own sources (cli.js, main.js): them, the build's files and their folders. */
  parts?: Record<string, string[]>
}
/** The flags of every Bun tsk starts on a script of the checkout at `root`: no .env, and its own bunfig. */
export declare function bunRunFlags(root: string): string[]
export declare const HOOK_PART: string
export declare const DIST_HOOK_MANIFEST: string
export declare const DIST_BUILD_FILES: string[]
export declare function distManifest(root: string, out: string): DistManifest
export declare function bundleIsFresh(out: string, part?: string): boolean
/** How bundleFreshness looks at files (node:fs by default). */
export interface DistFiles {
  /** A file's time in ms; undefined when it cannot be looked at. */
  mtime(path: string): number | undefined
  text(path: string): string
}
export declare const BUN_NO_FILE_TIME: number
export declare const BUN_FILES: DistFiles
export declare function bunManifestText(out: string, name?: string): Promise<string | undefined>
export declare function bundleFreshness(out: string, part?: string, files?: DistFiles, build?: string): false | "own" | "all"
export declare function manifestBuild(out: string): string | null
export declare function checkoutOf(out: string): string
