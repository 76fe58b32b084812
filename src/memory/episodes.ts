// Episodic memory: one extractive summary per compaction epoch, in `episodes.json`. Each epoch
// names the raw-log bytes it summarises (`from_offset`..`to_offset`), so the log itself is never
// rewritten: the tail after the last epoch is what a restore still reads message by message.
import * as z from "zod"
import { readJsonFile, writeJsonDurable } from "../store/durable-file.ts"

export const EpisodeSummary = z.strictObject({
  commands: z.array(z.string()),
  tasks: z.array(z.string()),
  phases: z.array(z.string()),
  issues: z.array(z.string()),
  decisions: z.array(z.string()),
  errors: z.array(z.string()),
})
export type EpisodeSummary = z.infer<typeof EpisodeSummary>

export const Episode = z.strictObject({
  epoch_id: z.number().int().min(1),
  ts: z.string(),
  from_offset: z.number().int().min(0),
  to_offset: z.number().int().min(0),
  messages: z.number().int().min(0),
  summary: EpisodeSummary,
})
export type Episode = z.infer<typeof Episode>

export const EpisodesFile = z.strictObject({
  version: z.literal(1),
  revision: z.number().int().min(0),
  epochs: z.array(Episode),
})
export type EpisodesFile = z.infer<typeof EpisodesFile>

export const EMPTY_EPISODES: EpisodesFile = { version: 1, revision: 0, epochs: [] }

/** The episodes of an agent; a missing file is no epochs yet. A bad file throws `corrupt`. */
export async function readEpisodes(path: string): Promise<EpisodesFile> {
  const loaded = await readJsonFile(path, EpisodesFile, "episodes.json")
  return loaded.status === "missing" ? EMPTY_EPISODES : loaded.value
}

export async function writeEpisodes(path: string, file: EpisodesFile): Promise<void> {
  await writeJsonDurable(path, file)
}

export const lastEpoch = (file: EpisodesFile): Episode | null => file.epochs.at(-1) ?? null
