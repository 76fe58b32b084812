// A page of a list as a command's result. The bridge puts the items in `data` (an array, as the
// ancestor's agents read it) and the paging beside it in the response (`total`, `offset`,
// `nextOffset`); other surfaces (MCP) read the same object. A page whose JSON would be larger than
// MAX_PAGE_BYTES is cut short, and says so (`truncated`, with nextOffset continuing it), so one
// answer never floods the outbox.
export const MAX_PAGE_BYTES = 256 * 1024

export class PagedAnswer {
  constructor(
    readonly items: unknown[],
    readonly total: number,
    readonly offset: number,
    readonly nextOffset: number | null,
  ) {}
}

export interface PageInfo {
  total: number
  offset: number
  nextOffset: number | null
  truncated?: true
}

/** The result as plain JSON `data`, plus the paging of a PagedAnswer (cut to MAX_PAGE_BYTES). */
export function splitAnswer(result: unknown, maxBytes = MAX_PAGE_BYTES): { data: unknown; page?: PageInfo } {
  if (!(result instanceof PagedAnswer)) return { data: result === undefined ? undefined : JSON.parse(JSON.stringify(result)) }
  const items: unknown[] = []
  let bytes = 2
  for (const item of result.items) {
    const text = JSON.stringify(item)
    const size = Buffer.byteLength(text) + 1
    if (bytes + size > maxBytes && items.length > 0) {
      const nextOffset = result.offset + items.length
      return { data: items, page: { total: result.total, offset: result.offset, nextOffset, truncated: true } }
    }
    bytes += size
    items.push(JSON.parse(text))
  }
  return { data: items, page: { total: result.total, offset: result.offset, nextOffset: result.nextOffset } }
}
