// The priority, project and tags pickers over the selected task(s).
import { listProjects, listTags } from "../../src/domain/task-stats.ts"
import type { Priority } from "../../src/domain/task.ts"
import { PRIORITIES } from "../../src/domain/task-constants.ts"
import { useServices } from "../app-context.tsx"
import { useTaskView } from "../hooks/use-stores.ts"
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

export function TagsPicker(props: TargetProps) {
  const { controller } = useServices()
  const view = useTaskView()
  const targets = props.ids.map((id) => view.index.get(id)).filter((t) => t !== undefined)
  const options = listTags(view.tasks).map((t) => ({ value: t.name, label: `#${t.name}`, checked: targets.length > 0 && targets.every((task) => task.tags.includes(t.name)) }))
  return (
    <PickerDialog
      dialogKey={props.dialogKey}
      title="Tags"
      options={options}
      filterable
      multi
      createLabel="create tag"
      onChoose={(tag) => {
        const remove = targets.length > 0 && targets.every((task) => task.tags.includes(tag))
        void controller.context.intents.updateTasks(
          props.ids,
          (task) => ({ tags: remove ? task.tags.filter((t) => t !== tag) : task.tags.includes(tag) ? task.tags : [...task.tags, tag] }),
          remove ? `removed #${tag} from` : `added #${tag} to`,
        )
      }}
    />
  )
}
