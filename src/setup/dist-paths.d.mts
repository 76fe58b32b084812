export declare const DIST_FOLDER: string
export declare const DIST_ENTRY: string
export declare const DIST_STAMP: string
export declare const DIST_SOURCES: string[]
export declare function distIsFresh(root: string): boolean
