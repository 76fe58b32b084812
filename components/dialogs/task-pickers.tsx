// The priority, project and tags pickers over the selected task(s).
import { listProjects, listTags } from "../../src/domain/task-stats.ts"
import type { Priority } from "../../src/domain/task.ts"
import { PRIORITIES } from "../../src/domain/task-constants.ts"
import { useServices } from "../app-context.tsx"
import { useTaskView } from "../hooks/use-stores.ts"
import { useLiveState } from "../hooks/use-live-state.ts"
import { PickerDialog } from "./picker-dialog.tsx"

interface TargetProps {
  dialogKey: number
  ids: readonly string[]
}

const NO_PROJECT = "\u0000none"

export function PriorityPicker(props: TargetProps) {
  const { ui, controller } = useServices()
  const view = useTaskView()
  const order = [...PRIORITIES].reverse()
  const first = view.index.get(props.ids[0] ?? "")
  return (
    <PickerDialog
      dialogKey={props.dialogKey}
      title="Priority"
      options={order.map((p) => ({ value: p, label: p }))}
      initialIndex={first ? order.indexOf(first.priority) : 0}
      onChoose={(value) => {
        ui.getState().popDialog()
        void controller.context.intents.updateTasks(props.ids, { priority: value as Priority }, "changed the priority of")
      }}
    />
  )
}

export function ProjectPicker(props: TargetProps) {
  const { ui, controller } = useServices()
  const view = useTaskView()
  const projects = listProjects(view.tasks).map((p) => ({ value: p.name, label: `${p.name} (${p.open} open)` }))
  return (
    <PickerDialog
      dialogKey={props.dialogKey}
      title="Project"
      options={[{ value: NO_PROJECT, label: "(no project)" }, ...projects]}
      filterable
      createLabel="create project"
      onChoose={(value) => {
        ui.getState().popDialog()
        void controller.context.intents.updateTasks(props.ids, { project: value === NO_PROJECT ? null : value }, "changed the project of")
      }}
    />
  )
}

/**
 * Tags over the selected task(s): Space checks or unchecks the highlighted tag (typing a new name
 * offers to create it), Enter applies what is checked (a tag typed into the filter is checked
 * first), Esc leaves the tags as they were.
 */
export function TagsPicker(props: TargetProps) {
  const { ui, controller } = useServices()
  const view = useTaskView()
  const targets = props.ids.map((id) => view.index.get(id)).filter((t) => t !== undefined)
  // Checked or unchecked by Space, by tag; tags not in it keep their state.
  const [draft, currentDraft, setDraft] = useLiveState<ReadonlyMap<string, boolean>>(new Map())
  const onAll = (tag: string) => targets.length > 0 && targets.every((task) => task.tags.includes(tag))
  const checked = (tag: string, changes: ReadonlyMap<string, boolean>) => changes.get(tag) ?? onAll(tag)
  const known = listTags(view.tasks).map((t) => t.name)
  const created = [...draft.keys()].filter((tag) => !known.includes(tag))
  const options = [...known, ...created].map((name) => ({ value: name, label: `#${name}`, checked: checked(name, draft) }))
  const apply = (typed: string | null) => {
    const changes = new Map(currentDraft())
    if (typed !== null) changes.set(typed, true)
    ui.getState().popDialog()
    const add = [...changes].filter(([tag, on]) => on && !onAll(tag)).map(([tag]) => tag)
    const remove = [...changes].filter(([tag, on]) => !on && targets.some((task) => task.tags.includes(tag))).map(([tag]) => tag)
    if (add.length === 0 && remove.length === 0) return
    const what = [add.length > 0 ? `added ${add.map((t) => `#${t}`).join(" ")} to` : null, remove.length > 0 ? `removed ${remove.map((t) => `#${t}`).join(" ")} from` : null].filter((x) => x !== null).join(" and ")
    void controller.context.intents.updateTasks(
      props.ids,
      (task) => ({ tags: [...task.tags.filter((t) => !remove.includes(t)), ...add.filter((t) => !task.tags.includes(t))] }),
      what,
    )
  }
  return (
    <PickerDialog
      dialogKey={props.dialogKey}
      title="Tags"
      options={options}
      filterable
      multi
      createLabel="create tag"
      onToggle={(tag) => setDraft((changes) => new Map(changes).set(tag, !checked(tag, changes)))}
      onApply={apply}
    />
  )
}
